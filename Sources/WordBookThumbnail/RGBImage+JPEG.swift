import Foundation
import WordBookJPEG

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

    /// A stored photo's pixels at the smallest of libjpeg's DCT scales (1/8 ... 1) that is at least
    /// `atLeast` each way; at full size without it. Decoding a 1600-px photo at half size for a phone
    /// that shows 780 px of it takes a quarter of the memory and time, and loses nothing the phone
    /// would show.
    public init(jpeg: Data, atLeast wanted: (width: Int, height: Int)?) throws {
        let bytes = [UInt8](jpeg)
        do {
            let turbo = try TurboJPEG()
            let header = try turbo.header(of: bytes)
            guard header.width > 0, header.height > 0 else { throw ThumbnailError.notDecodable("the header gives no size") }
            let scale = wanted.flatMap { wanted in
                TurboJPEG.reductions.filter { scale in
                    TurboJPEG.scaled(header.width, scale.num, scale.denom) >= wanted.width
                        && TurboJPEG.scaled(header.height, scale.num, scale.denom) >= wanted.height
                }.min { $0.num * $1.denom < $1.num * $0.denom }
            } ?? (num: 1, denom: 1)
            let width = TurboJPEG.scaled(header.width, scale.num, scale.denom)
            let height = TurboJPEG.scaled(header.height, scale.num, scale.denom)
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            try rgb.withUnsafeMutableBufferPointer { pixels in
                try turbo.decode(bytes, into: pixels.baseAddress!, width: width, bytesPerLine: width * 3,
                                 height: height, format: .rgb, stopOnWarning: false)
            }
            self.init(width: width, height: height, rgb: rgb)
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
