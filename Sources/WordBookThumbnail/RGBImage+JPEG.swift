import Foundation
import WordBookJPEG
import WordBookVocabulary

extension RGBImage {
    /// A stored photo's pixels at full size. A stored photo cut short still shows what it holds.
    public init(jpeg: Data) throws {
        try self.init(jpeg: jpeg, atLeast: nil)
    }

    /// A stored photo's pixels at the smallest of libjpeg's DCT scales (1/8 ... 1) that is at least
    /// `atLeast` each way; at full size without it. Decoding a 1600-px photo at half size for a phone
    /// that shows 780 px of it takes a quarter of the memory and time, and loses nothing the phone
    /// would show.
    public init(jpeg: Data, atLeast wanted: (width: Int, height: Int)?) throws {
        let scale = try JPEGScale(ofJPEG: jpeg).reduced(atLeast: wanted)
        let bytes = [UInt8](jpeg)
        do {
            var rgb = [UInt8](repeating: 0, count: scale.width * scale.height * 3)
            try rgb.withUnsafeMutableBufferPointer { pixels in
                try TurboJPEG().decode(bytes, into: pixels.baseAddress!, width: scale.width, bytesPerLine: scale.width * 3,
                                       height: scale.height, format: .rgb, stopOnWarning: false)
            }
            self.init(width: scale.width, height: scale.height, rgb: rgb)
        } catch let error as TurboJPEG.Failure {
            throw ThumbnailError.notDecodable(error.description)
        }
    }

    /// Only `region` of a stored photo (the part of it inside the photo) decoded at `scale`, the
    /// region in the scaled photo's pixels: the same pixels as cropping the whole decoded photo (but
    /// for a pixel's blend of colour at the region's left and right edges), held without ever
    /// holding the rest of the photo.
    public init(jpeg: Data, at scale: JPEGScale, region: PixelBox) throws {
        guard let inside = region.clamped(width: scale.width, height: scale.height) else {
            throw ThumbnailError.notDecodable("the region \(region) is not inside the \(scale.width) × \(scale.height) photo")
        }
        do {
            let rgb = try TurboJPEG.decodeRegion(
                [UInt8](jpeg), num: scale.num, denom: scale.denom, left: inside.x, top: inside.y, width: inside.width,
                height: inside.height)
            self.init(width: inside.width, height: inside.height, rgb: rgb)
        } catch let error as TurboJPEG.Failure {
            throw ThumbnailError.notDecodable(error.description)
        }
    }

    /// The JPEG of these pixels, 4:2:0.
    public func jpeg(quality: Int = 85) throws -> Data {
        do {
            return try rgb.withUnsafeBufferPointer { pixels in
                try TurboJPEG().encode(pixels.baseAddress!, width: width, bytesPerLine: width * 3, height: height, format: .rgb,
                                       quality: quality)
            }
        } catch let error as TurboJPEG.Failure {
            throw ThumbnailError.notEncodable(error.description)
        }
    }
}

/// A stored photo's size from its header, and one of libjpeg's DCT scales to decode it at: read once
/// for a render, which picks the scale from the full size.
public struct JPEGScale: Sendable, Equatable {
    /// The photo's own size.
    public let fullWidth: Int, fullHeight: Int
    /// The scale, num/denom, one of `TurboJPEG.reductions`.
    public let num: Int, denom: Int

    /// The size at this scale.
    public var width: Int { TurboJPEG.scaled(fullWidth, num, denom) }
    public var height: Int { TurboJPEG.scaled(fullHeight, num, denom) }

    /// The photo at full size, from its header.
    public init(ofJPEG jpeg: Data) throws {
        do {
            let header = try TurboJPEG().header(of: [UInt8](jpeg))
            guard header.width > 0, header.height > 0 else { throw ThumbnailError.notDecodable("the header gives no size") }
            self.init(fullWidth: header.width, fullHeight: header.height, num: 1, denom: 1)
        } catch let error as TurboJPEG.Failure {
            throw ThumbnailError.notDecodable(error.description)
        }
    }

    private init(fullWidth: Int, fullHeight: Int, num: Int, denom: Int) {
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
        self.num = num
        self.denom = denom
    }

    /// The smallest scale (1/8 ... 1) at least `wanted` each way; full size without it.
    public func reduced(atLeast wanted: (width: Int, height: Int)?) -> JPEGScale {
        guard let wanted else { return JPEGScale(fullWidth: fullWidth, fullHeight: fullHeight, num: 1, denom: 1) }
        let scale = TurboJPEG.reductions.filter { scale in
            TurboJPEG.scaled(fullWidth, scale.num, scale.denom) >= wanted.width
                && TurboJPEG.scaled(fullHeight, scale.num, scale.denom) >= wanted.height
        }.min { $0.num * $1.denom < $1.num * $0.denom } ?? (num: 1, denom: 1)
        return JPEGScale(fullWidth: fullWidth, fullHeight: fullHeight, num: scale.num, denom: scale.denom)
    }
}
