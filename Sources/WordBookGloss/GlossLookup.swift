import WordBookVocabulary

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

    /// The gloss found; nil for every other answer.
    public var gloss: Gloss? {
        if case let .found(gloss) = self { return gloss }
        return nil
    }
}
