import Foundation

public enum ThumbnailError: Error, CustomStringConvertible {
    case notDecodable(String)
    case notEncodable(String)

    public var description: String {
        switch self {
        case let .notDecodable(reason): "the stored photo could not be drawn: \(reason)"
        case let .notEncodable(reason): "the photo's region could not be encoded: \(reason)"
        }
    }
}

/// A photo drawn in a terminal: Unicode upper half blocks, each cell two pixels tall,
/// the top pixel as foreground colour and the bottom one as background, in 24-bit colour.
/// TurboJPEG alone: the command line links no image library beyond it.
public enum Thumbnail {
    /// One cell per pixel column, two pixel rows per line.
    static func halfBlocks(_ image: RGBImage) -> String {
        var text = ""
        for row in stride(from: 0, to: image.height, by: 2) {
            for column in 0..<image.width {
                let top = image.pixel(column, row), bottom = image.pixel(column, min(row + 1, image.height - 1))
                text += "\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m"
                text += "\u{1B}[48;2;\(bottom.0);\(bottom.1);\(bottom.2)m▀"
            }
            text += "\u{1B}[0m\n"
        }
        return text
    }
}
