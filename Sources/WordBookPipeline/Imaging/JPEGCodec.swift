import Foundation
import WordBookJPEG

/// JPEG to and from a `Picture`: the DCT scale for the size wanted, the memory a file will take
/// checked before any is allocated, and the inks of a CMYK file turned into light. Use one codec per thread.
public final class JPEGCodec {
    private let turbo: TurboJPEG

    public init() throws {
        do {
            turbo = try TurboJPEG()
        } catch {
            throw ImagingError.operationFailed("start libjpeg-turbo: \(error)")
        }
    }

    /// Width and height from the header, without decoding.
    public func dimensions(of jpeg: [UInt8]) throws -> (width: Int, height: Int) {
        let header = try self.header(of: jpeg)
        return (header.width, header.height)
    }

    private func header(of jpeg: [UInt8]) throws -> TurboJPEG.Header {
        do {
            return try turbo.header(of: jpeg)
        } catch {
            throw ImagingError.corrupt(format: "JPEG", reason: "\(error)")
        }
    }

    /// Decodes into `pixels`; TurboJPEG's complaint is the file's fault.
    private func decode(
        _ jpeg: [UInt8], into pixels: UnsafeMutablePointer<UInt8>, width: Int, bytesPerLine: Int, height: Int,
        format: TurboJPEG.PixelFormat
    ) throws {
        do {
            try turbo.decode(jpeg, into: pixels, width: width, bytesPerLine: bytesPerLine, height: height, format: format)
        } catch {
            throw ImagingError.corrupt(format: "JPEG", reason: "\(error)")
        }
    }

    /// The smallest DCT scale (1/8 ... 1) whose output still has a long edge of at least `longEdge`;
    /// full size when the image is smaller than that.
    public static func scale(forWidth width: Int, height: Int, longEdge: Int) -> (num: Int, denom: Int) {
        let long = max(width, height)
        var best = (num: 1, denom: 1)
        var bestSize = long
        for factor in TurboJPEG.reductions {
            let size = TurboJPEG.scaled(long, factor.num, factor.denom)
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
        let fitting = TurboJPEG.reductions
            .map { (factor: $0, size: TurboJPEG.scaled(long, $0.num, $0.denom)) }
            .filter { $0.size <= maxEdge }
            .max { $0.size < $1.size }
        if let fitting, fitting.size * 10 >= maxEdge * 9 { return fitting.factor }
        return scale(forWidth: width, height: height, longEdge: maxEdge)
    }

    /// Decodes at the DCT scale that gives at least `longEdge` pixels on the long side.
    /// `maxPixels` and `budget` are checked against the header before anything is allocated.
    public func decode(
        _ jpeg: [UInt8], longEdge: Int, maxPixels: Int, budget: DecodeBudget = .unlimited
    ) throws -> (picture: Picture, width: Int, height: Int) {
        try decode(jpeg, maxPixels: maxPixels, budget: budget) { Self.scale(forWidth: $0, height: $1, longEdge: longEdge) }
    }

    /// Decodes at the DCT scale `scale(forWidth:height:within:)` picks for a copy of at most `maxEdge` pixels.
    public func decode(
        _ jpeg: [UInt8], within maxEdge: Int, maxPixels: Int, budget: DecodeBudget = .unlimited
    ) throws -> (picture: Picture, width: Int, height: Int) {
        try decode(jpeg, maxPixels: maxPixels, budget: budget) { Self.scale(forWidth: $0, height: $1, within: maxEdge) }
    }

    private func decode(
        _ jpeg: [UInt8], maxPixels: Int, budget: DecodeBudget, scale: (Int, Int) -> (num: Int, denom: Int)
    ) throws -> (picture: Picture, width: Int, height: Int) {
        let header = try header(of: jpeg)
        let (width, height, inks) = (header.width, header.height, header.inks)
        guard width > 0, height > 0 else { throw ImagingError.corrupt(format: "JPEG", reason: "the header gives no size") }
        guard width * height <= maxPixels else {
            throw ImagingError.tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        let factor = scale(width, height)
        let outWidth = TurboJPEG.scaled(width, factor.num, factor.denom)
        let outHeight = TurboJPEG.scaled(height, factor.num, factor.denom)
        // The picture, the inks of a CMYK file on their way to it, what libjpeg keeps of a file in
        // several scans, and the file's bytes themselves: all of it before anything is allocated.
        let pictureBytes = outWidth * outHeight * Picture.bytesPerPixel
        let working = pictureBytes * (inks ? 2 : 1) + Self.coefficientBytes(of: jpeg, width: width, height: height) + jpeg.count
        try budget.admit(bytes: working, width: width, height: height)
        let picture = try Picture.unfilledRGB(width: outWidth, height: outHeight)
        if inks {
            try decodeInks(jpeg, into: picture)
            return (picture, width, height)
        }
        try decode(jpeg, into: picture.mutableBytes, width: outWidth, bytesPerLine: picture.bytesPerLine, height: outHeight,
                   format: .xbgr)
        return (picture, width, height)
    }

    /// A CMYK or YCCK JPEG (print work, a scanner's): TurboJPEG gives its inks as CMYK, and this turns
    /// them into light, with no colour management, as a viewer without a profile shows them.
    private func decodeInks(_ jpeg: [UInt8], into picture: Picture) throws {
        let (width, height) = (picture.width, picture.height)
        var inks = [UInt8](repeating: 0, count: width * height * 4)
        try inks.withUnsafeMutableBufferPointer { buffer in
            try decode(jpeg, into: buffer.baseAddress!, width: width, bytesPerLine: width * 4, height: height, format: .cmyk)
        }
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

    /// The marker segments before the first scan's data, the start of scan included: each marker with
    /// the range of its payload. A length that runs past the end ends the list.
    static func segments(_ jpeg: [UInt8]) -> [(marker: UInt8, payload: Range<Int>)] {
        var segments: [(marker: UInt8, payload: Range<Int>)] = []
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0xD9 { break }  // end of image
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            guard length >= 2, offset + 2 + length <= jpeg.count else { break }
            segments.append((marker, (offset + 4)..<(offset + 2 + length)))
            if marker == 0xDA { break }  // start of scan: entropy-coded data follows
            offset += 2 + length
        }
        return segments
    }

    /// Whether the markers before the image data hold Adobe's APP14 segment.
    static func hasAdobeMarker(_ jpeg: [UInt8]) -> Bool {
        segments(jpeg).contains { $0.marker == 0xEE && jpeg[$0.payload].starts(with: Array("Adobe".utf8)) }
    }

    /// The bytes libjpeg holds for the DCT coefficients of the whole image while it decodes `jpeg`, at
    /// any scale: a progressive file, as phones and the web save large photos, and a sequential one
    /// whose components come in separate scans, keep every coefficient (two bytes each, 64 a block,
    /// for each component at its own sampling) until the last scan is read. Zero for a file of one
    /// interleaved sequential scan, which libjpeg decodes a row of blocks at a time.
    static func coefficientBytes(of jpeg: [UInt8], width: Int, height: Int) -> Int {
        let segments = segments(jpeg)
        // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC).
        guard let frame = segments.first(where: { (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }),
              frame.payload.count >= 6 else { return 0 }
        let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(frame.marker)
        let components = Int(jpeg[frame.payload.lowerBound + 5])
        guard components > 0, frame.payload.count >= 6 + 3 * components else { return 0 }
        let sampling = (0..<components).map { index -> (h: Int, v: Int) in
            let factors = Int(jpeg[frame.payload.lowerBound + 6 + 3 * index + 1])
            return (max(1, factors >> 4), max(1, factors & 0x0F))
        }
        if !progressive {
            // Entropy-coded data stuffs a zero after every 0xFF, so FF DA after the first scan is a marker.
            guard let firstScan = segments.last, firstScan.marker == 0xDA else { return 0 }
            var scans = 1
            var index = firstScan.payload.upperBound
            while index + 1 < jpeg.count, scans == 1 {
                if jpeg[index] == 0xFF && jpeg[index + 1] == 0xDA { scans += 1 }
                index += 1
            }
            guard scans > 1 else { return 0 }
        }
        let (hMax, vMax) = (sampling.map(\.h).max()!, sampling.map(\.v).max()!)
        return sampling.reduce(0) { total, factors in
            let columns = (width * factors.h + 8 * hMax - 1) / (8 * hMax)
            let rows = (height * factors.v + 8 * vMax - 1) / (8 * vMax)
            // libjpeg rounds each component's blocks up to a whole number of its sampling factors.
            let blocks = ((columns + factors.h - 1) / factors.h * factors.h) * ((rows + factors.v - 1) / factors.v * factors.v)
            return total + blocks * 64 * 2
        }
    }

    /// Encodes a picture as a baseline JPEG with 4:2:0 chroma.
    public func encode(_ picture: Picture, quality: Int) throws -> Data {
        let colour = try picture.rgb()
        do {
            return try turbo.encode(colour.mutableBytes, width: colour.width, bytesPerLine: colour.bytesPerLine,
                                    height: colour.height, format: .xbgr, quality: quality)
        } catch {
            throw ImagingError.operationFailed("JPEG encoding: \(error)")
        }
    }
}
