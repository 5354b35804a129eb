import Foundation
import WordBookSettings

/// Tidying what Tesseract read into a word a learner would write down.
enum WordText {
    static func hasLetter(_ text: String) -> Bool {
        text.unicodeScalars.contains { CharacterSet.letters.contains($0) }
    }

    static func hasLetterOrDigit(_ text: String) -> Bool {
        text.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
    }

    /// The word without punctuation around it ("«Café»," → "Café").
    static func clean(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet.alphanumerics.inverted)
    }
}

extension PixelBox {
    func union(_ other: PixelBox) -> PixelBox {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    func offset(dx: Int, dy: Int) -> PixelBox {
        PixelBox(x: x + dx, y: y + dy, width: width, height: height)
    }

    func contains(_ other: PixelBox) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
