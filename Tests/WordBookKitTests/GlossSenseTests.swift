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
        guard case let .found(gloss) = Self.glossary.lookUp(sense.word, language: sense.language) else {
            Issue.record("\(sense.word) was not found")
            return
        }
        #expect(gloss.text.lowercased().contains(sense.expected), "\(sense.word): \(gloss.text)")
    }
}
