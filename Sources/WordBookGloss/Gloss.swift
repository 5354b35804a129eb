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
}

/// What looking a word up found.
public enum GlossLookup: Sendable, Equatable {
    case found(Gloss)
    /// Every dictionary for the pair is there, and none has the word or its stems.
    case notFound
    /// The word is in the learner's own language: no gloss wanted.
    case sameLanguage
    /// The word was not found, and these Debian packages would add dictionaries or hunspell data that may have it.
    case missingDictionary(packages: [String])
    /// Debian has no FreeDict dictionary, direct or through German, for this pair of languages.
    case noDictionaryForPair
}
