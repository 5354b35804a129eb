import CTurboJPEG
import Foundation

/// libjpeg-turbo through its TurboJPEG API, which reports errors instead of exiting.
/// Owns one decompressor and one compressor; use one codec per thread.
public final class JPEGCodec {
    private let decompressor: tjhandle
    private let compressor: tjhandle

    public init() throws {
        guard let decompressor = tjInitDecompress() else { throw ImagingError.operationFailed("start the JPEG decoder") }
        guard let compressor = tjInitCompress() else {
            tjDestroy(decompressor)
            throw ImagingError.operationFailed("start the JPEG encoder")
        }
        self.decompressor = decompressor
        self.compressor = compressor
    }

    deinit {
        tjDestroy(decompressor)
        tjDestroy(compressor)
    }

    private func lastError(_ handle: tjhandle) -> String {
        let text = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Width and height from the header, without decoding.
    public func dimensions(of jpeg: [UInt8]) throws -> (width: Int, height: Int) {
        let header = try self.header(of: jpeg)
        return (header.width, header.height)
    }

    private func header(of jpeg: [UInt8]) throws -> (width: Int, height: Int, inks: Bool) {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        let status = jpeg.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(decompressor, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colourspace)
        }
        guard status == 0 else { throw ImagingError.corrupt(format: "JPEG", reason: lastError(decompressor)) }
        let inks = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
        return (Int(width), Int(height), inks)
    }

    /// The DCT scales that reduce or keep the size (1/8 ... 1), as TurboJPEG lists them.
    private static let reductions: [(num: Int, denom: Int)] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return [(1, 1)] }
        return (0..<Int(count)).map { (num: Int(factors[$0].num), denom: Int(factors[$0].denom)) }.filter { $0.num <= $0.denom }
    }()

    /// The smallest DCT scale (1/8 ... 1) whose output still has a long edge of at least `longEdge`;
    /// full size when the image is smaller than that.
    public static func scale(forWidth width: Int, height: Int, longEdge: Int) -> (num: Int, denom: Int) {
        let long = max(width, height)
        var best = (num: 1, denom: 1)
        var bestSize = long
        for factor in reductions {
            let size = scaled(long, factor.num, factor.denom)
            if size >= longEdge && size < bestSize {
                best = factor
                bestSize = size
            }
        }
        return best
    }

    /// The DCT scale for a copy whose long edge may not exceed `maxEdge`: the largest scale that fits,
    /// when it keeps at least nine tenths of `maxEdge`, so that nothing needs resampling after (a 12-MP
    /// photo at 3/8 is 1512 px for 1600); otherwise the smallest that covers `maxEdge`, to be reduced after.
    public static func scale(forWidth width: Int, height: Int, within maxEdge: Int) -> (num: Int, denom: Int) {
        let long = max(width, height)
        let fitting = reductions
            .map { (factor: $0, size: scaled(long, $0.num, $0.denom)) }
            .filter { $0.size <= maxEdge }
            .max { $0.size < $1.size }
        if let fitting, fitting.size * 10 >= maxEdge * 9 { return fitting.factor }
        return scale(forWidth: width, height: height, longEdge: maxEdge)
    }

    /// libjpeg's TJSCALED: the output size of `dimension` at num/denom.
    public static func scaled(_ dimension: Int, _ num: Int, _ denom: Int) -> Int {
        (dimension * num + denom - 1) / denom
    }

    /// Decodes at the DCT scale that gives at least `longEdge` pixels on the long side.
    /// `maxPixels` is checked against the header before anything is allocated.
    public func decode(_ jpeg: [UInt8], longEdge: Int, maxPixels: Int) throws -> (picture: Picture, width: Int, height: Int) {
        try decode(jpeg, maxPixels: maxPixels) { Self.scale(forWidth: $0, height: $1, longEdge: longEdge) }
    }

    /// Decodes at the DCT scale `scale(forWidth:height:within:)` picks for a copy of at most `maxEdge` pixels.
    public func decode(_ jpeg: [UInt8], within maxEdge: Int, maxPixels: Int) throws -> (picture: Picture, width: Int, height: Int) {
        try decode(jpeg, maxPixels: maxPixels) { Self.scale(forWidth: $0, height: $1, within: maxEdge) }
    }

    private func decode(
        _ jpeg: [UInt8], maxPixels: Int, scale: (Int, Int) -> (num: Int, denom: Int)
    ) throws -> (picture: Picture, width: Int, height: Int) {
        let (width, height, inks) = try header(of: jpeg)
        guard width > 0, height > 0 else { throw ImagingError.corrupt(format: "JPEG", reason: "the header gives no size") }
        guard width * height <= maxPixels else {
            throw ImagingError.tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        let factor = scale(width, height)
        let outWidth = Self.scaled(width, factor.num, factor.denom)
        let outHeight = Self.scaled(height, factor.num, factor.denom)
        let picture = try Picture.unfilledRGB(width: outWidth, height: outHeight)
        if inks {
            try decodeInks(jpeg, into: picture)
            return (picture, width, height)
        }
        let status = jpeg.withUnsafeBufferPointer { buffer in
            tjDecompress2(
                decompressor, buffer.baseAddress, UInt(buffer.count), picture.mutableBytes,
                Int32(outWidth), Int32(picture.bytesPerLine), Int32(outHeight),
                Int32(TJPF_XBGR.rawValue), TJFLAG_STOPONWARNING)
        }
        guard status == 0 else { throw ImagingError.corrupt(format: "JPEG", reason: lastError(decompressor)) }
        return (picture, width, height)
    }

    /// A CMYK or YCCK JPEG (print work, a scanner's): TurboJPEG gives its inks as CMYK, and this turns
    /// them into light, with no colour management, as a viewer without a profile shows them.
    private func decodeInks(_ jpeg: [UInt8], into picture: Picture) throws {
        let (width, height) = (picture.width, picture.height)
        var inks = [UInt8](repeating: 0, count: width * height * 4)
        let status = jpeg.withUnsafeBufferPointer { buffer in
            tjDecompress2(
                decompressor, buffer.baseAddress, UInt(buffer.count), &inks,
                Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_CMYK.rawValue), TJFLAG_STOPONWARNING)
        }
        guard status == 0 else { throw ImagingError.corrupt(format: "JPEG", reason: lastError(decompressor)) }
        // Adobe's files (Photoshop's, and nearly every CMYK JPEG with them) store each ink inverted:
        // 255 is no ink.
        let inverted = Self.hasAdobeMarker(jpeg)
        let rows = picture.mutableBytes
        for y in 0..<height {
            let row = rows + y * picture.bytesPerLine
            for x in 0..<width {
                let ink = y * width * 4 + x * 4
                var (c, m, ye, k) = (Int(inks[ink]), Int(inks[ink + 1]), Int(inks[ink + 2]), Int(inks[ink + 3]))
                if !inverted { (c, m, ye, k) = (255 - c, 255 - m, 255 - ye, 255 - k) }
                // XBGR: the bytes in memory are X, B, G, R.
                row[x * 4] = 255
                row[x * 4 + 1] = UInt8(ye * k / 255)
                row[x * 4 + 2] = UInt8(m * k / 255)
                row[x * 4 + 3] = UInt8(c * k / 255)
            }
        }
    }

    /// Whether the markers before the image data hold Adobe's APP14 segment.
    static func hasAdobeMarker(_ jpeg: [UInt8]) -> Bool {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            if marker == 0xDA || marker == 0xD9 { return false }  // start of scan, end of image
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if marker == 0xEE, offset + 9 <= jpeg.count, Array(jpeg[(offset + 4)..<(offset + 9)]) == Array("Adobe".utf8) {
                return true
            }
            guard length >= 2 else { return false }
            offset += 2 + length
        }
        return false
    }

    /// Encodes a picture as a baseline JPEG with 4:2:0 chroma.
    public func encode(_ picture: Picture, quality: Int) throws -> Data {
        let colour = try picture.rgb()
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(
            compressor, colour.mutableBytes, Int32(colour.width), Int32(colour.bytesPerLine), Int32(colour.height),
            Int32(TJPF_XBGR.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else {
            throw ImagingError.operationFailed("JPEG encoding: \(lastError(compressor))")
        }
        return Data(bytes: output, count: Int(size))
    }
}
