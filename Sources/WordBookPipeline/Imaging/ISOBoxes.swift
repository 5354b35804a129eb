/// The boxes of the ISO base media file format, as HEIF files nest them.
enum ISOBoxes {
    /// The ISO base media boxes in `range` of `bytes`: each one's type and payload, stopping at the
    /// first box whose size does not fit.
    static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [(type: String, payload: Range<Int>)] {
        func number(at offset: Int, bytes count: Int) -> Int {
            (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
        }
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return [] }
        var found: [(type: String, payload: Range<Int>)] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size = number(at: offset, bytes: 4), header = 8
            if size == 1 {
                guard offset + 16 <= range.upperBound else { break }
                size = number(at: offset + 8, bytes: 8)
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset  // to the end
            }
            guard size >= header, size <= range.upperBound - offset else { break }
            found.append((String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self), (offset + header)..<(offset + size)))
            offset += size
        }
        return found
    }
}
