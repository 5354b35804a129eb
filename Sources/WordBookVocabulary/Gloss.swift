import Foundation

/// A word's short translation into the learner's language, and where it came from.
public struct Gloss: Sendable, Equatable {
    /// One short line: the first translations, then part of speech and gender, `exit, way out (n, masc)`.
    public var text: String
    /// The dictionary entries the gloss was made from, as the dictionaries have them, for `show`;
    /// through German, the word's entries and then the German word's.
    public var entry: String
    /// The headword that matched, as its entry spells it: `fermer` for `fermé`, `Ausgang` for `AUSGANG`.
    public var headword: String

    public init(text: String, entry: String, headword: String) {
        self.text = text
        self.entry = entry
        self.headword = headword
    }

    /// The grammar a gloss line names in its closing parentheses, before a note on how the gloss was
    /// made: `street (n, fem; Bahnhof + Straße)` → n, fem. Empty when it names none.
    public static func grammar(of text: String) -> [String] {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return [] }
        return text[text.index(after: open)..<text.index(before: text.endIndex)]
            .prefix { $0 != ";" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
