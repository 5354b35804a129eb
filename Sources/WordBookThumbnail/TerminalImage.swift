import CZlib
import Foundation
import WordBookVocabulary

/// How a terminal draws a picture.
public enum ImageProtocol: String, Sendable, CaseIterable {
    /// kitty's graphics protocol (`ESC _G`), carrying the RGB pixels compressed by zlib.
    case kitty
    /// iTerm2's inline images (`OSC 1337 ; File=`), carrying a JPEG; WezTerm reads them too.
    case iterm
    /// DEC sixel graphics.
    case sixel
    /// Unicode half blocks in 24-bit colour: any terminal.
    case blocks
}

/// The room a picture may take: the terminal's size in cells and a cell's size in pixels.
public struct ImageRoom: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var cellWidth: Int
    public var cellHeight: Int

    public init(columns: Int, rows: Int, cellWidth: Int = 10, cellHeight: Int = 20) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
    }

    /// The columns a `width` × `height` picture is drawn across: all there are, at most `maxColumns`,
    /// fewer when its height would pass `maxRows`.
    func columns(forWidth width: Int, height: Int, maxColumns: Int, maxRows: Int) -> Int {
        let byHeight = Double(maxRows * cellHeight) * Double(width) / Double(height) / Double(cellWidth)
        return max(1, min(columns, maxColumns, Int(byHeight)))
    }
}

/// The region of a stored photo around a word, drawn through a terminal's image protocol.
public struct TerminalImage: Sendable {
    /// The widest a picture is drawn, in columns, and the tallest, in rows.
    public static let maxColumns = 80
    public static let maxRows = 16
    /// The widest picture sent through kitty's or iTerm2's protocol, in pixels: the terminal scales it.
    public static let maxPixelWidth = 800
    /// The colour painted over the word when it is the answer to recall.
    public static let cover: (UInt8, UInt8, UInt8) = (96, 96, 96)

    /// The part of the photo drawn: the box with context, or the whole photo without a box.
    public let region: PixelBox
    /// The region's pixels, the word covered when asked.
    public let pixels: RGBImage
    /// The columns the picture takes.
    public let columns: Int

    /// The photo's region around `box`, as `kind` draws it; `hidingBox` paints the word's box over.
    public init(jpeg: Data, box: PixelBox?, hidingBox: Bool = false, for kind: ImageProtocol, room: ImageRoom) throws {
        let photo = try RGBImage(jpeg: jpeg)
        // Half blocks give their few cells to the word's letters; with the word hidden, to what is around it.
        region = box.map { $0.withContext(within: photo.width, height: photo.height, tight: kind == .blocks && !hidingBox) }
            ?? PixelBox(x: 0, y: 0, width: photo.width, height: photo.height)
        var pixels = photo
        if hidingBox, let box {
            // A few pixels past the box, so no edge of a letter shows.
            let pad = max(2, box.height / 10)
            pixels = pixels.covering(PixelBox(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad),
                                     with: Self.cover)
        }
        self.pixels = pixels.cropped(to: region)
        columns = room.columns(forWidth: region.width, height: region.height, maxColumns: Self.maxColumns, maxRows: min(Self.maxRows, room.rows))
        self.room = room
        self.kind = kind
    }

    private let room: ImageRoom
    private let kind: ImageProtocol

    /// The escape sequences (or half blocks) that draw the picture, ending with a line end.
    public func draw() throws -> String {
        switch kind {
        case .blocks:
            // One pixel per column, two per line: a cell is about twice as tall as wide.
            let rows = max(1, Int((Double(columns) * Double(pixels.height) / Double(pixels.width) * Double(room.cellWidth) / Double(room.cellHeight)).rounded()))
            return Thumbnail.halfBlocks(pixels.resized(width: columns, height: rows * 2))
        case .kitty:
            return try Self.kittyCommands(shrunk(to: Self.maxPixelWidth), columns: columns) + "\n"
        case .iterm:
            let jpeg = try shrunk(to: Self.maxPixelWidth).jpeg()
            return "\u{1B}]1337;File=inline=1;size=\(jpeg.count);width=\(columns);preserveAspectRatio=1:\(jpeg.base64EncodedString())\u{07}\n"
        case .sixel:
            // Sixels are drawn pixel for pixel: sized to the columns it takes.
            let width = columns * room.cellWidth
            let height = max(1, Int((Double(width) * Double(pixels.height) / Double(pixels.width)).rounded()))
            return Sixel.encode(pixels.resized(width: width, height: height)) + "\n"
        }
    }

    /// kitty's commands that draw `picture` across `columns`: its RGB bytes as they are, compressed by
    /// zlib (f=24,o=z, s and v its size), in base64 chunks of at most 4096 bytes, each but the last m=1.
    static func kittyCommands(_ picture: RGBImage, columns: Int) throws -> String {
        let payload = [UInt8](try zlib(picture.rgb).base64EncodedData())
        // q=2: no answer comes back on standard input, where it would reach the learner's answer.
        var text = ""
        let starts = Array(stride(from: 0, to: max(payload.count, 1), by: 4096))
        for (index, start) in starts.enumerated() {
            let more = index < starts.count - 1 ? 1 : 0
            let keys = index == 0 ? "a=T,f=24,o=z,s=\(picture.width),v=\(picture.height),t=d,q=2,c=\(columns),m=\(more)" : "m=\(more)"
            let chunk = String(decoding: payload[start..<min(start + 4096, payload.count)], as: UTF8.self)
            text += "\u{1B}_G\(keys);\(chunk)\u{1B}\\"
        }
        return text
    }

    /// `bytes` as a zlib stream (RFC 1950), as kitty's o=z takes them.
    private static func zlib(_ bytes: [UInt8]) throws -> Data {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&output, &size, bytes, uLong(bytes.count), 6)
        guard status == Z_OK else { throw ThumbnailError.notEncodable("zlib's compress2 returned \(status)") }
        return Data(output[..<Int(size)])
    }

    /// The pixels at most `width` wide, never enlarged.
    private func shrunk(to width: Int) -> RGBImage {
        guard pixels.width > width else { return pixels }
        return pixels.resized(width: width, height: max(1, Int((Double(pixels.height) * Double(width) / Double(pixels.width)).rounded())))
    }
}
