import Foundation

/// A photo drawn in a terminal: Unicode upper half blocks, each cell two pixels tall,
/// the top pixel as foreground colour and the bottom one as background, in 24-bit colour.
public enum Thumbnail {
    public static func render(jpeg: Data, columns: Int) throws -> String {
        let codec = try JPEGCodec()
        let bytes = [UInt8](jpeg)
        let decoded = try codec.decode(bytes, longEdge: columns, maxPixels: 100_000_000)
        let picture = try decoded.picture.scaled(by: Double(columns) / Double(decoded.picture.width))
        let width = picture.width, height = picture.height - picture.height % 2
        let rgb = try picture.rgbBytes()
        var text = ""
        for y in stride(from: 0, to: height, by: 2) {
            for x in 0..<width {
                let top = (y * picture.width + x) * 3, bottom = ((y + 1) * picture.width + x) * 3
                text += "\u{1B}[38;2;\(rgb[top]);\(rgb[top + 1]);\(rgb[top + 2])m"
                text += "\u{1B}[48;2;\(rgb[bottom]);\(rgb[bottom + 1]);\(rgb[bottom + 2])m▀"
            }
            text += "\u{1B}[0m\n"
        }
        return text
    }
}
