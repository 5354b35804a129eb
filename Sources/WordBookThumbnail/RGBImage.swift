import Foundation
import WordBookVocabulary

extension PixelBox {
    /// The region a word is drawn in: its box with room around it for the letters beside, above and
    /// below, so the reading can be checked against the sign it stands on. `tight` leaves half a
    /// line around it, for half blocks, whose few dozen cells must go to the word's letters.
    public func withContext(within width: Int, height: Int, tight: Bool = false) -> PixelBox {
        guard let box = clamped(width: width, height: height) else { return PixelBox(x: 0, y: 0, width: width, height: height) }
        let across = tight ? max(box.height / 2, 4) : max(box.height * 2, box.width / 2)
        let down = tight ? max(box.height / 2, 4) : max(box.height * 3 / 2, 8)
        return PixelBox(x: box.x - across, y: box.y - down, width: box.width + 2 * across, height: box.height + 2 * down)
            .clamped(width: width, height: height)!
    }
}

/// Pixels, 8-bit RGB, row by row.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var rgb: [UInt8]

    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3)
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let at = (y * width + x) * 3
        return (rgb[at], rgb[at + 1], rgb[at + 2])
    }

    /// The pixels inside `rect` (clamped to the image).
    public func cropped(to rect: PixelBox) -> RGBImage {
        guard let rect = rect.clamped(width: width, height: height) else { return self }
        var out = [UInt8]()
        out.reserveCapacity(rect.width * rect.height * 3)
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * width + rect.x) * 3
            out += rgb[start..<(start + rect.width * 3)]
        }
        return RGBImage(width: rect.width, height: rect.height, rgb: out)
    }

    /// `rect` painted over in one flat colour.
    public func covering(_ rect: PixelBox, with colour: (UInt8, UInt8, UInt8)) -> RGBImage {
        guard let rect = rect.clamped(width: width, height: height) else { return self }
        var copy = self
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let at = (y * width + x) * 3
                copy.rgb[at] = colour.0
                copy.rgb[at + 1] = colour.1
                copy.rgb[at + 2] = colour.2
            }
        }
        return copy
    }

    /// A frame of `thickness` pixels drawn around `rect`, outside it, so the letters inside stay whole.
    public func outlining(_ rect: PixelBox, with colour: (UInt8, UInt8, UInt8), thickness: Int) -> RGBImage {
        let t = max(1, thickness)
        let outer = PixelBox(x: rect.x - t, y: rect.y - t, width: rect.width + 2 * t, height: rect.height + 2 * t)
        return covering(PixelBox(x: outer.x, y: outer.y, width: outer.width, height: t), with: colour)
            .covering(PixelBox(x: outer.x, y: rect.y + rect.height, width: outer.width, height: t), with: colour)
            .covering(PixelBox(x: outer.x, y: rect.y, width: t, height: rect.height), with: colour)
            .covering(PixelBox(x: rect.x + rect.width, y: rect.y, width: t, height: rect.height), with: colour)
    }

    /// Resampled to `newWidth` × `newHeight`: each pixel the mean of the source pixels under it
    /// when shrinking, the nearest one when enlarging.
    public func resized(width newWidth: Int, height newHeight: Int) -> RGBImage {
        let newWidth = max(1, newWidth), newHeight = max(1, newHeight)
        if newWidth == width && newHeight == height { return self }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        for y in 0..<newHeight {
            let top = y * height / newHeight, bottom = max(top + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let left = x * width / newWidth, right = max(left + 1, (x + 1) * width / newWidth)
                var sum = (0, 0, 0)
                for sy in top..<bottom {
                    var at = (sy * width + left) * 3
                    for _ in left..<right {
                        sum.0 += Int(rgb[at])
                        sum.1 += Int(rgb[at + 1])
                        sum.2 += Int(rgb[at + 2])
                        at += 3
                    }
                }
                let count = (bottom - top) * (right - left), at = (y * newWidth + x) * 3
                out[at] = UInt8(sum.0 / count)
                out[at + 1] = UInt8(sum.1 / count)
                out[at + 2] = UInt8(sum.2 / count)
            }
        }
        return RGBImage(width: newWidth, height: newHeight, rgb: out)
    }
}
