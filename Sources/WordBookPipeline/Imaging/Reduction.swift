/// The size a decoder that reduces as it reads (WebP, PNG) puts a picture out at.
enum Reduction {
    /// The size whose long edge is `longEdge`, the shape kept; the size itself when it is no larger.
    /// A strip that would keep less than a pixel across is refused, as `Picture.scaled(by:)` refuses it.
    static func size(width: Int, height: Int, longEdge: Int) throws -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longEdge > 0, longest > longEdge else { return (width, height) }
        let scale = Double(longEdge) / Double(longest)
        guard Double(min(width, height)) * scale >= 1 else { throw ImagingError.tooThin(width: width, height: height) }
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
