import Foundation
import WordBookJPEG
import WordBookVocabulary

extension RGBImage {
    /// A stored photo's pixels at full size. A stored photo cut short still shows what it holds.
    public init(jpeg: Data) throws {
        try self.init(jpeg: jpeg, atLeast: nil)
    }

    /// A stored photo's width and height, from its header.
    public static func size(ofJPEG jpeg: Data) throws -> (width: Int, height: Int) {
        do {
            let header = try TurboJPEG().header(of: [UInt8](jpeg))
            return (header.width, header.height)
        } catch let error as TurboJPEG.Failure {
            throw ThumbnailError.notDecodable(error.description)
        }
    }

    /// The size a stored photo decodes to at the smallest of libjpeg's DCT scales (1/8 ... 1) that
    /// is at least `atLeast` each way; its full size without.
    public static func decodedSize(ofJPEG jpeg: Data, atLeast wanted: (width: Int, height: Int)?) throws -> (width: Int, height: Int) {
        let scale = try scale(ofJPEG: [UInt8](jpeg), atLeast: wanted)
        return (scale.width, scale.height)
    }

    private static func scale(ofJPEG bytes: [UInt8], atLeast wanted: (width: Int, height: Int)?) throws
        -> (num: Int, denom: Int, width: Int, height: Int) {
        do {
            let header = try TurboJPEG().header(of: bytes)
            guard header.width > 0, header.height > 0 else { throw ThumbnailError.notDecodable("the header gives no size") }
            let scale = wanted.flatMap { wanted in
                TurboJPEG.reductions.filter { scale in
                    TurboJPEG.scaled(header.width, scale.num, scale.denom) >= wanted.width
                        && TurboJPEG.scaled(header.height, scale.num, scale.denom) >= wanted.height
                }.min { $0.num * $1.denom < $1.num * $0.denom }
            } ?? (num: 1, denom: 1)
            return (scale.num, scale.denom, TurboJPEG.scaled(header.width, scale.num, scale.denom),
                    TurboJPEG.scaled(header.height, scale.num, scale.denom))
        } catch let error as TurboJPEG.Failure {
            throw ThumbnailError.notDecodable(error.description)
        }
    }

    /// A stored photo's pixels at the smallest of libjpeg's DCT scales (1/8 ... 1) that is at least
    /// `atLeast` each way; at full size without it. Decoding a 1600-px photo at half size for a phone
    /// that shows 780 px of it takes a quarter of the memory and time, and loses nothing the phone
    /// would show.
    public init(jpeg: Data, atLeast wanted: (width: Int, height: Int)?) throws {
        let bytes = [UInt8](jpeg)
        let scale = try Self.scale(ofJPEG: bytes, atLeast: wanted)
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

    /// Only `region` of a stored photo (the part of it inside the photo) decoded at the scale
    /// `decodedSize(ofJPEG:atLeast:)` gives for `atLeast`, the region in that size's pixels: the same pixels as cropping the whole
    /// decoded photo (but for a pixel's blend of colour at the region's left and right edges), held
    /// without ever holding the rest of the photo.
    public init(jpeg: Data, atLeast wanted: (width: Int, height: Int)?, region: PixelBox) throws {
        let bytes = [UInt8](jpeg)
        let scale = try Self.scale(ofJPEG: bytes, atLeast: wanted)
        guard let inside = region.clamped(width: scale.width, height: scale.height) else {
            throw ThumbnailError.notDecodable("the region \(region) is not inside the \(scale.width) × \(scale.height) photo")
        }
        do {
            let rgb = try TurboJPEG.decodeRegion(
                bytes, num: scale.num, denom: scale.denom, left: inside.x, top: inside.y, width: inside.width, height: inside.height)
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
