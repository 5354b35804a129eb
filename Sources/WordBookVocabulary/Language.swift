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
