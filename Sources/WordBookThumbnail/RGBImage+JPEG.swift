import Foundation
import WordBookJPEG

extension RGBImage {
    /// A stored photo's pixels at full size. A stored photo cut short still shows what it holds.
    public init(jpeg: Data) throws {
        let bytes = [UInt8](jpeg)
        do {
            let turbo = try TurboJPEG()
            let header = try turbo.header(of: bytes)
            guard header.width > 0, header.height > 0 else { throw ThumbnailError.notDecodable("the header gives no size") }
            var rgb = [UInt8](repeating: 0, count: header.width * header.height * 3)
            try rgb.withUnsafeMutableBufferPointer { pixels in
                try turbo.decode(bytes, into: pixels.baseAddress!, width: header.width, bytesPerLine: header.width * 3,
                                 height: header.height, format: .rgb, stopOnWarning: false)
            }
            self.init(width: header.width, height: header.height, rgb: rgb)
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
