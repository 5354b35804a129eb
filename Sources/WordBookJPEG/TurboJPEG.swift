import CTurboJPEG
import Foundation

/// libjpeg-turbo through its TurboJPEG API, which reports errors instead of exiting: the one place
/// that holds its handles. Owns one decompressor and one compressor; use one per thread.
public final class TurboJPEG {
    /// How pixels lie in memory, byte by byte.
    public enum PixelFormat: Sendable {
        /// Red, green, blue: three bytes a pixel.
        case rgb
        /// Four bytes a pixel, X (unused), blue, green, red: Leptonica's 32-bit pixels on a little-endian machine.
        case xbgr
        /// The four inks of a CMYK or YCCK file, as the file stores them.
        case cmyk

        var turbo: Int32 {
            switch self {
            case .rgb: Int32(TJPF_RGB.rawValue)
            case .xbgr: Int32(TJPF_XBGR.rawValue)
            case .cmyk: Int32(TJPF_CMYK.rawValue)
            }
        }

        public var bytesPerPixel: Int { self == .rgb ? 3 : 4 }
    }

    /// What the header says.
    public struct Header: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// Whether the file holds inks (CMYK or YCCK) rather than light.
        public var inks: Bool
    }

    /// What TurboJPEG said went wrong, as its own words.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let decompressor: tjhandle
    private let compressor: tjhandle

    public init() throws {
        guard let decompressor = tjInitDecompress() else { throw Failure(description: "the JPEG decoder could not start") }
        guard let compressor = tjInitCompress() else {
            tjDestroy(decompressor)
            throw Failure(description: "the JPEG encoder could not start")
        }
        self.decompressor = decompressor
        self.compressor = compressor
    }

    deinit {
        tjDestroy(decompressor)
        tjDestroy(compressor)
    }

    private func failure(_ handle: tjhandle) -> Failure {
        let text = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
        return Failure(description: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Width, height and colour space from the header, without decoding.
    public func header(of jpeg: [UInt8]) throws -> Header {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        let status = jpeg.withUnsafeBufferPointer { buffer in
            tjDecompressHeader3(decompressor, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling, &colourspace)
        }
        guard status == 0 else { throw failure(decompressor) }
        return Header(width: Int(width), height: Int(height),
                      inks: colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue))
    }

    /// The DCT scales that reduce or keep the size (1/8 ... 1), as TurboJPEG lists them.
    public static let reductions: [(num: Int, denom: Int)] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return [(1, 1)] }
        return (0..<Int(count)).map { (num: Int(factors[$0].num), denom: Int(factors[$0].denom)) }.filter { $0.num <= $0.denom }
    }()

    /// libjpeg's TJSCALED: the output size of `dimension` at num/denom.
    public static func scaled(_ dimension: Int, _ num: Int, _ denom: Int) -> Int {
        (dimension * num + denom - 1) / denom
    }

    /// Decodes `jpeg` into `pixels`, `width` × `height` (one of the DCT scales of its size), rows
    /// `bytesPerLine` apart. With `stopOnWarning`, a damaged file (one cut short) is an error rather
    /// than a picture with grey where the data ran out.
    public func decode(
        _ jpeg: [UInt8], into pixels: UnsafeMutablePointer<UInt8>, width: Int, bytesPerLine: Int, height: Int,
        format: PixelFormat, stopOnWarning: Bool = true
    ) throws {
        let status = jpeg.withUnsafeBufferPointer { buffer in
            tjDecompress2(decompressor, buffer.baseAddress, UInt(buffer.count), pixels, Int32(width), Int32(bytesPerLine),
                          Int32(height), format.turbo, stopOnWarning ? TJFLAG_STOPONWARNING : 0)
        }
        guard status == 0 else { throw failure(decompressor) }
    }

    /// A baseline JPEG of the pixels, with 4:2:0 chroma.
    public func encode(
        _ pixels: UnsafePointer<UInt8>, width: Int, bytesPerLine: Int, height: Int, format: PixelFormat, quality: Int
    ) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = tjCompress2(compressor, pixels, Int32(width), Int32(bytesPerLine), Int32(height), format.turbo,
                                 &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        guard status == 0, let output else { throw failure(compressor) }
        return Data(bytes: output, count: Int(size))
    }
}
