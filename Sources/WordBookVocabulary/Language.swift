import Foundation

/// A language the learner studies, as the inbox folder names it (`inbox/de/`), or the learner's own.
/// Stored and encoded as its short code.
public struct Language: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The short code stored with each word: "en", "de", "fr", "es".
    public let code: String
    /// Tesseract's model name: "eng", "deu", "fra", "spa".
    public let tesseractCode: String

    public static let english = Language(code: "en", tesseractCode: "eng")
    public static let german = Language(code: "de", tesseractCode: "deu")
    public static let french = Language(code: "fr", tesseractCode: "fra")
    public static let spanish = Language(code: "es", tesseractCode: "spa")

    public static let supported: [Language] = [.english, .german, .french, .spanish]

    private static let aliases: [String: Language] = [
        "en": .english, "eng": .english, "english": .english,
        "de": .german, "deu": .german, "ger": .german, "german": .german, "deutsch": .german,
        "fr": .french, "fra": .french, "fre": .french, "french": .french, "francais": .french, "français": .french,
        "es": .spanish, "spa": .spanish, "spanish": .spanish, "espanol": .spanish, "español": .spanish,
    ]

    /// The language a folder or option name stands for, or nil when it names none.
    public init?(name: String) {
        guard let language = Self.aliases[name.lowercased()] else { return nil }
        self = language
    }

    private init(code: String, tesseractCode: String) {
        self.code = code
        self.tesseractCode = tesseractCode
    }

    public var description: String { code }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let language = Language(name: code) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(code) is not a language WordBook knows (\(Self.allowedNames))")
        }
        self = language
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    /// The definite articles a learner may write before a noun (`die Straße`, `l'église`), lower case.
    public var definiteArticles: [String] {
        switch code {
        case "de": ["der", "die", "das"]
        case "fr": ["le", "la", "les", "l'", "l’"]
        case "es": ["el", "la", "los", "las"]
        default: ["the"]
        }
    }

    /// A noun as learners of a language with genders write it, with its definite article: `die
    /// Straße`, `la gare`, `l'entrée`, `el andén`. The gender is the one the gloss names (a
    /// dictionary's `(n, fem)` at its end); the word is as it is when the gloss names no gender or
    /// several (`See (n, masc, fem)`: der See, die See), or no noun, or the language has no genders.
    /// The article goes with the dictionary's `headword`: another form of it (`Vortags` of Vortag) goes
    /// without, since the gender's article would be wrong before it (`der Vortags`). The word written
    /// otherwise (`Strasse` for Straße) or a compound ending in the headword (`Bahnhof + Straße`) is the
    /// headword; with none known (the learner's own gloss), the word is. A plural the gloss names (`(n,
    /// masc, pl)`) takes the plural's article: `die Herren`, `les femmes`, `los caballeros`.
    public func withArticle(_ word: String, gloss: String?, headword: String? = nil) -> String {
        guard !word.isEmpty, !word.contains(" "), splittingArticle(word).article == nil, let gloss else { return word }
        let tags = Gloss.grammar(of: gloss)
        let genders = tags.filter { ["masc", "fem", "neut"].contains($0) }
        if tags.contains("n"), tags.contains("pl") {
            let plural: String? = switch (code, genders) {
            case ("de", _): "die"
            case ("fr", _): "les"
            case ("es", ["masc"]): "los"
            case ("es", ["fem"]): "las"
            default: nil
            }
            return plural.map { $0 + " " + word } ?? word
        }
        if let headword {
            func folded(_ text: String) -> String {
                text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).replacingOccurrences(of: "ß", with: "ss")
            }
            let head = headword.components(separatedBy: " + ").last ?? headword
            guard folded(word).hasSuffix(folded(head)), headword.contains(" + ") || folded(word) == folded(head) else { return word }
        }
        guard tags.contains("n"), genders.count == 1 else { return word }
        let article: String? = switch (code, genders[0]) {
        case ("de", "masc"): "der"
        case ("de", "fem"): "die"
        case ("de", "neut"): "das"
        case ("fr", "masc"): "le"
        case ("fr", "fem"): "la"
        case ("es", "masc"): "el"
        case ("es", "fem"): "la"
        default: nil
        }
        guard let article else { return word }
        // A Spanish feminine noun stressed on a first a takes el (el agua, el hambre), one unstressed
        // there la (la arena): the letters do not tell which, so such a noun goes without.
        let lowered = word.lowercased()
        if code == "es", article == "la", ["a", "á", "ha", "há"].contains(where: { lowered.hasPrefix($0) }) { return word }
        // French elides its article before a vowel; before an h it depends on the word (l'hôtel, le
        // héros), which the letters do not tell, so such a noun goes without.
        if code == "fr", let first = lowered.first {
            if "aeiouyàâäéèêëîïôöùûüœæ".contains(first) { return "l'" + word }
            if first == "h" { return word }
        }
        return article + " " + word
    }

    /// `text` without a leading definite article of this language, and the article; the text as it is
    /// when it has none or is nothing but one. A word book keeps the noun: its gloss names the gender.
    public func splittingArticle(_ text: String) -> (article: String?, noun: String) {
        let lowered = text.lowercased()
        for article in definiteArticles {
            let elided = article.hasSuffix("'") || article.hasSuffix("’")
            let prefix = elided ? article : article + " "
            guard lowered.hasPrefix(prefix) else { continue }
            let noun = text.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            if noun.contains(where: \.isLetter) && !noun.contains(" ") { return (String(text.prefix(prefix.count)).trimmingCharacters(in: .whitespaces), noun) }
        }
        return (nil, text)
    }

    /// The letters of this language's alphabet beyond a-z, lower case, as a phone's correction field
    /// offers them (German's capitals too, since its nouns start with one); none for English.
    public var lettersBeyondASCII: [String] {
        switch code {
        case "de": ["ä", "ö", "ü", "ß", "Ä", "Ö", "Ü"]
        case "fr": ["é", "è", "ê", "ë", "à", "â", "ç", "î", "ï", "ô", "ù", "û", "ü", "ÿ", "œ", "æ"]
        case "es": ["á", "é", "í", "ó", "ú", "ü", "ñ"]
        default: []
        }
    }

    /// The English name, as Anki deck names show it: "German".
    public var name: String {
        switch code {
        case "en": "English"
        case "de": "German"
        case "fr": "French"
        case "es": "Spanish"
        default: code
        }
    }

    public static var allowedNames: String { supported.map(\.code).joined(separator: ", ") }
}
