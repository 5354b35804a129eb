import Foundation
import WordBookSettings
import WordBookVocabulary

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

    /// An English name without the possessive 's that follows it ("DOLAN’S" → "DOLAN", "Domino's" →
    /// "Domino"); nil for any other word. Only a capitalised word of two letters or more is a name, and
    /// not one of the words whose 's is "is", "has" or "us" ("IT'S", "LET'S", "THAT'S").
    static func withoutPossessive(_ text: String, language: Language) -> String? {
        guard language == .english, text.count >= 4 else { return nil }
        guard ["'s", "’s", "'S", "’S"].contains(String(text.suffix(2))) else { return nil }
        let name = String(text.dropLast(2))
        guard name.count >= 2, name.allSatisfy(\.isLetter), name.first?.isUppercase == true,
              !contracting.contains(name.lowercased()) else { return nil }
        return name
    }

    /// English words that take 's for "is", "has" or "us".
    private static let contracting: Set<String> = [
        "he", "she", "it", "that", "this", "what", "who", "where", "when", "why", "how", "here", "there", "let",
        "everyone", "everybody", "everything", "someone", "somebody", "something", "nobody", "nothing",
    ]
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
