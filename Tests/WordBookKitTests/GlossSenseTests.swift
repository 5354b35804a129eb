import Testing
import WordBookGloss
import WordBookVocabulary

/// The gloss a learner reads names the sense a sign means: `Ausgang` on a door is an exit.
@Suite struct GlossSenseTests {
    static let glossary = Glossary(nativeLanguage: .english)

    struct Sense: Sendable, CustomTestStringConvertible {
        var language: Language
        var word: String
        var expected: String

        init(_ code: String, _ word: String, _ expected: String) {
            (self.language, self.word, self.expected) = (Language(name: code)!, word, expected)
        }

        var testDescription: String { "\(language) \(word) → \(expected)" }
    }

    /// The word's gloss, or nil with the miss recorded.
    static func gloss(_ word: String, _ language: Language) -> Gloss? {
        guard case let .found(gloss) = glossary.lookUp(word, language: language) else {
            Issue.record("\(word) was not found")
            return nil
        }
        return gloss
    }

    static let senses: [Sense] = [
        Sense("de", "Ausgang", "exit"), Sense("de", "Eingang", "entrance"), Sense("de", "Straße", "street"),
        Sense("de", "Bahnhof", "station"), Sense("de", "Brötchen", "roll"), Sense("de", "Apotheke", "pharmacy"),
        Sense("de", "Rathaus", "town hall"), Sense("de", "geschlossen", "closed"), Sense("de", "Vorsicht", "caution"),
        Sense("de", "Ausfahrt", "exit"),
        Sense("fr", "sortie", "exit"),
        Sense("fr", "entrée", "entrance"),
        Sense("fr", "gare", "station"), Sense("fr", "fermé", "closed"), Sense("fr", "boulangerie", "bakery"),
        Sense("fr", "mairie", "town hall"), Sense("fr", "interdit", "forbidden"),
        Sense("fr", "pharmacie", "pharmacy"),
        Sense("fr", "rue", "street"), Sense("fr", "poisson", "fish"),
        Sense("es", "salida", "exit"), Sense("es", "entrada", "entrance"), Sense("es", "calle", "street"),
        Sense("es", "cerrado", "closed"),
        Sense("es", "farmacia", "pharmacy"),
        Sense("es", "estación", "station"),
        Sense("es", "ayuntamiento", "town hall"),
        Sense("es", "prohibido", "forbidden"), Sense("es", "panadería", "bakery"), Sense("es", "pescado", "fish"),
    ]

    /// Four of these need the second dictionary: fra-eng gives `entrée` as "access, admission,
    /// admittance" and `pharmacie` as "chemist's shop, drugstore"; spa-eng `farmacia` the same and
    /// `ayuntamiento` as "town‐hall, city hall, townhall". Through German they are `Eingang`,
    /// `Apotheke` and `Rathaus`: "entrance", "pharmacy", "town hall".
    @Test(arguments: senses)
    func theGlossNamesTheSense(_ sense: Sense) {
        guard let gloss = Self.gloss(sense.word, sense.language) else { return }
        #expect(gloss.text.lowercased().contains(sense.expected), "\(sense.word): \(gloss.text)")
    }

    /// The sense a learner means comes first, where a rare one came first before:
    /// - `Herren` on a door: Ding gives the plural's English on each line, and "gentlemen" is common
    ///   where "Messrs", the plural of Mister's line, is rare;
    /// - `trägt`: Ding tags `jdn./etw. tragen; befördern {vt}` once, after the synonym, and the carrying
    ///   line was not read as a verb's;
    /// - `peut`, `puede`: forms of a verb, so pouvoir's and poder's verb entries, not the noun's "power";
    /// - `péage`, `froid`, `frío`, `izquierda`: the sense the routes agree on, the common English first;
    /// - `señoras`: señora's own entry, not Apertium's lemma señor;
    /// - `est`: être's, the copula's, before the noun's "east"; `été` stays the summer, a participle.
    static let firstSenses: [Sense] = [
        Sense("de", "Herren", "gentleman"), Sense("de", "trägt", "carry"), Sense("fr", "peut", "can"),
        Sense("es", "puede", "can"), Sense("fr", "péage", "toll"), Sense("fr", "froid", "cold"),
        Sense("es", "frío", "cold"), Sense("es", "izquierda", "left"), Sense("es", "señoras", "lady"),
        Sense("fr", "est", "be"), Sense("fr", "été", "summer"),
    ]

    @Test(arguments: firstSenses)
    func theFirstTranslationIsTheCommonSense(_ sense: Sense) {
        guard let gloss = Self.gloss(sense.word, sense.language) else { return }
        let first = gloss.text.split(separator: ",").first.map(String.init) ?? ""
        #expect(first.lowercased().contains(sense.expected), "\(sense.word): \(gloss.text)")
    }

    /// Through German, each German translation is a sense: `baño` is Bad, Badezimmer and Toilette, and
    /// the toilet is in the gloss; `ser` is a verb, and German `sein` as a pronoun ("his") is not its sense.
    @Test func throughGermanEachTranslationIsASenseOfItsKind() {
        guard let baño = Self.gloss("Baño", .spanish) else { return }
        let translations = baño.text.split(separator: ", ").map(String.init)
        #expect(translations.contains("toilet") && translations.contains("bathroom"), "\(baño.text)")
        // Ding's `WC {n}; Toilette {f}; Abort {m} [veraltet]`: the label is Abort's, the gender Toilette's own.
        guard let toilette = Self.gloss("Toilette", .german) else { return }
        #expect(toilette.text.hasPrefix("toilet, ") && toilette.text.hasSuffix("(n, fem)"), "\(toilette.text)")
        for word in ["es", "son"] {
            guard let gloss = Self.gloss(word, .spanish) else { continue }
            #expect(gloss.text.hasPrefix("be") && !gloss.text.contains("his"), "\(word): \(gloss.text)")
        }
    }
}
