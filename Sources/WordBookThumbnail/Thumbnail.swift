import CTurboJPEG
import Foundation

public enum ThumbnailError: Error, CustomStringConvertible {
    case notDecodable(String)

    public var description: String { "the stored photo could not be drawn: \(reason)" }

    private var reason: String {
        switch self {
        case let .notDecodable(reason): reason
        }
    }
}

/// A photo drawn in a terminal: Unicode upper half blocks, each cell two pixels tall,
/// the top pixel as foreground colour and the bottom one as background, in 24-bit colour.
/// TurboJPEG alone: the command line links no image library beyond it.
public enum Thumbnail {
    public static func render(jpeg: Data, columns: Int) throws -> String {
        let (rgb, width, height) = try decode(jpeg, atLeast: columns)
        let rows = max(1, Int((Double(height) * Double(columns) / Double(width)).rounded())) & ~1
        // Each cell takes the pixel at its centre: the photo was decoded near the size drawn.
        func pixel(_ column: Int, _ row: Int) -> (UInt8, UInt8, UInt8) {
            let x = min(width - 1, (column * 2 + 1) * width / (columns * 2))
            let y = min(height - 1, (row * 2 + 1) * height / (max(rows, 2) * 2))
            let at = (y * width + x) * 3
            return (rgb[at], rgb[at + 1], rgb[at + 2])
        }
        var text = ""
        for row in stride(from: 0, to: max(rows, 2), by: 2) {
            for column in 0..<columns {
                let top = pixel(column, row), bottom = pixel(column, row + 1)
                text += "\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m"
                text += "\u{1B}[48;2;\(bottom.0);\(bottom.1);\(bottom.2)m▀"
            }
            text += "\u{1B}[0m\n"
        }
        return text
    }

    /// RGB pixels at the smallest DCT scale still `columns` wide.
    private static func decode(_ jpeg: Data, atLeast columns: Int) throws -> (rgb: [UInt8], width: Int, height: Int) {
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
        if let factors = tjGetScalingFactors(&count) {
            let fitting = (0..<Int(count)).map { factors[$0] }
                .map { (w: Self.scaled(Int(width), $0), h: Self.scaled(Int(height), $0)) }
                .filter { $0.w >= columns && $0.w <= Int(width) }
                .min { $0.w < $1.w }
            if let fitting { (outWidth, outHeight) = (fitting.w, fitting.h) }
        }
        var rgb = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        let status = tjDecompress2(handle, bytes, UInt(bytes.count), &rgb, Int32(outWidth), 0, Int32(outHeight), Int32(TJPF_RGB.rawValue), 0)
        guard status == 0 else { throw ThumbnailError.notDecodable(String(cString: tjGetErrorStr2(handle))) }
        return (rgb, outWidth, outHeight)
    }

    private static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
        (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }
}
