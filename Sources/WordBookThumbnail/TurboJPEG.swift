import CTurboJPEG
import Foundation

/// TurboJPEG's compressor and decompressor: the only C the thumbnail module touches.
enum TurboJPEG {
    /// RGB pixels at the smallest DCT scale still at least `minimumWidth` wide (0: full size).
    static func decode(_ jpeg: Data, minimumWidth: Int = 0) throws -> RGBImage {
        guard let handle = tjInitDecompress() else { throw ThumbnailError.notDecodable("no JPEG decoder") }
        defer { tjDestroy(handle) }
        let bytes = [UInt8](jpeg)
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colourspace) == 0,
              width > 0, height > 0 else {
            throw ThumbnailError.notDecodable(String(cString: tjGetErrorStr2(handle)))
        }
        var count: Int32 = 0
        var (outWidth, outHeight) = (Int(width), Int(height))
        if minimumWidth > 0, let factors = tjGetScalingFactors(&count) {
            let fitting = (0..<Int(count)).map { factors[$0] }
                .map { (w: scaled(Int(width), $0), h: scaled(Int(height), $0)) }
                .filter { $0.w >= minimumWidth && $0.w <= Int(width) }
                .min { $0.w < $1.w }
            if let fitting { (outWidth, outHeight) = (fitting.w, fitting.h) }
        }
        var rgb = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        let status = tjDecompress2(handle, bytes, UInt(bytes.count), &rgb, Int32(outWidth), 0, Int32(outHeight), Int32(TJPF_RGB.rawValue), 0)
        guard status == 0 else { throw ThumbnailError.notDecodable(String(cString: tjGetErrorStr2(handle))) }
        return RGBImage(width: outWidth, height: outHeight, rgb: rgb)
    }

    /// A baseline JPEG of the pixels, 4:2:0.
    static func encode(_ image: RGBImage, quality: Int) throws -> Data {
        guard let handle = tjInitCompress() else { throw ThumbnailError.notEncodable("no JPEG encoder") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = image.rgb.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        guard status == 0, let output else { throw ThumbnailError.notEncodable(String(cString: tjGetErrorStr2(handle))) }
        return Data(bytes: output, count: Int(size))
    }

    private static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }
}
