import Foundation

/// A rectangle of a picture in its pixels, origin at the top left: where a word stands in the photo
/// as recognition finds it, the store keeps it (as JSON, `{"x":…,"y":…,"width":…,"height":…}`) and the
/// terminal draws it.
public struct PixelBox: Sendable, Equatable, Codable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width) × \(height) at (\(x), \(y))" }

    public var midX: Double { Double(x) + Double(width) / 2 }
    public var midY: Double { Double(y) + Double(height) / 2 }

    /// The box grown by `dx` and `dy` on each side and clipped to `width` × `height`.
    public func padded(dx: Int, dy: Int, within bounds: (width: Int, height: Int)) -> PixelBox {
        let left = max(0, x - dx), top = max(0, y - dy)
        let right = min(bounds.width, x + width + dx), bottom = min(bounds.height, y + height + dy)
        return PixelBox(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The box around this one once the picture is turned by `radians` about the middle of a
    /// `width` × `height` frame (clockwise as shown, for positive angles), as `Picture.rotated(by:)` turns it.
    public func rotated(by radians: Double, inFrame width: Int, _ height: Int) -> PixelBox {
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        let (c, s) = (cos(radians), sin(radians))
        let corners = [(x, y), (x + self.width, y), (x, y + self.height), (x + self.width, y + self.height)].map { corner in
            let (dx, dy) = (Double(corner.0) - cx, Double(corner.1) - cy)
            return (cx + dx * c - dy * s, cy + dx * s + dy * c)
        }
        let left = Int(corners.map(\.0).min()!.rounded(.down)), top = Int(corners.map(\.1).min()!.rounded(.down))
        return PixelBox(x: left, y: top, width: Int(corners.map(\.0).max()!.rounded(.up)) - left,
                        height: Int(corners.map(\.1).max()!.rounded(.up)) - top)
    }

    /// The box in a picture scaled by `factor`.
    public func scaled(by factor: Double) -> PixelBox {
        PixelBox(
            x: Int((Double(x) * factor).rounded()), y: Int((Double(y) * factor).rounded()),
            width: Int((Double(width) * factor).rounded()), height: Int((Double(height) * factor).rounded()))
    }

    /// The part of this box inside `width` × `height`, or nil when none of it is.
    public func clamped(width: Int, height: Int) -> PixelBox? {
        let left = max(0, x), top = max(0, y)
        let right = min(width, x + self.width), bottom = min(height, y + self.height)
        guard right > left, bottom > top else { return nil }
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }
}
