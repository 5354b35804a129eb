import Foundation
import Testing
@testable import WordBookGloss
import WordBookVocabulary

/// Base forms from Apertium's analysers (`apertium-fr-es`, `apertium-eng-spa`) before hunspell's stems:
/// irregular forms, clitics and elisions; and the bilingual tables where the small dictionaries lack a word.
@Suite struct GlossAnalyserTests {
    static let glossary = GlossLookupTests.glossary

    static func gloss(_ word: String, _ language: String) throws -> Gloss {
        try GlossLookupTests.gloss(word, language)
    }

    @Test func irregularFormsFindTheirBaseForm() throws {
        let go = try Self.gloss("voy", "es")
        #expect(go.headword == "ir" && go.text.contains("go"), "voy: \(go.headword) \(go.text)")
        // `fue` is the preterite of both ser and ir: the copula's comes first, as for every form it shares.
        let was = try Self.gloss("fue", "es")
        #expect(was.headword == "ser" && was.text.hasPrefix("be"), "fue: \(was.headword) \(was.text)")
        let eyes = try Self.gloss("yeux", "fr")
        #expect(eyes.text.hasPrefix("eye"), "\(eyes.text)")
        #expect(try Self.gloss("suis", "fr").headword == "être")
    }

    @Test func cliticsAndElisionsAreSplit() throws {
        let tell = try Self.gloss("dis-moi", "fr")
        #expect(tell.headword == "dire")
        #expect(tell.text.contains("tell"))
        #expect(try Self.gloss("allez-y", "fr").headword == "aller")
        #expect(try Self.gloss("voulez-vous", "fr").headword == "vouloir")
        let church = try Self.gloss("l'église", "fr")
        #expect(church.headword == "église")
        #expect(church.text.hasPrefix("church"))
        #expect(try Self.gloss("dime", "es").headword == "decir")
    }

    /// The analyser cuts a sign's possessive into the name, the apostrophe and the s: only the name is a
    /// word to look up, and no mark stands in the gloss.
    @Test func anApostropheIsNoWordOfTheGloss() throws {
        let analyser = try #require(Analyser(ltProc: "/usr/bin/lt-proc",
                                             automaton: "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin"))
        #expect(analyser.baseForms(of: "BROWN'S") == ["Brown"])
        let brown = try Self.gloss("BROWN'S", "es")
        #expect(brown.text == "Brown", "\(brown.text)")
    }

    /// Apertium names every personal pronoun `prpers`, which is no word of any language.
    @Test func noPronounIsGlossedAsApertiumsPlaceholder() throws {
        #expect(try Self.gloss("yo", "es").text == "I")
        for (word, language) in [("me", "es"), ("ellos", "es"), ("moi", "fr")] {
            let gloss = try Self.gloss(word, language)
            #expect(!gloss.text.contains("prpers"), "\(word): \(gloss.text)")
        }
    }

    @Test func theBilingualTableGlossesWhatTheSmallDictionariesLack() throws {
        // spa-eng has 4,500 headwords and no `libertad`; fra-eng no `stationnement`.
        #expect(try Self.gloss("libertad", "es").text.contains("freedom"))
        #expect(try Self.gloss("stationnement", "fr").text.contains("parking"))
        // What the table and a dictionary agree on comes first: spa-eng gives "demand, sale, exit".
        #expect(try Self.gloss("salida", "es").text.hasPrefix("exit"))
        #expect(try Self.gloss("acá", "es").text.contains("here"))
    }

    @Test func withoutTheAnalysersTheStemsStillServe() throws {
        let without = Glossary(nativeLanguage: .english, apertiumFolder: "/nonexistent")
        #expect(try GlossLookupTests.gloss("sorties", "fr", in: without).headword == "sortie")
        #expect(without.lookUp("dis-moi", language: .french) == .missingDictionary(packages: ["apertium-fr-es", "apertium-eng-spa"]))
        #expect(Glossary(nativeLanguage: .english, apertiumFolder: "/nonexistent").missingPackages(for: [.spanish, .french])
            == ["apertium-eng-spa", "apertium-fr-es"])
    }

    /// One `lt-proc` per automaton, kept between words.
    @Test func oneAnalyserProcessServesEveryWord() throws {
        let analyser = try #require(Analyser(ltProc: "/usr/bin/lt-proc",
                                             automaton: "/usr/share/apertium/apertium-eng-spa/spa-eng.automorf.bin"))
        #expect(analyser.baseForms(of: "fue") == ["ir", "ser"])
        let first = try #require(analyser.processIdentifier)
        for word in ["voy", "fuimos", "tengo", "vete", "dime"] { #expect(!analyser.baseForms(of: word).isEmpty, "\(word)") }
        #expect(analyser.processIdentifier == first)
        #expect(analyser.analyses(of: "xyzzyquorx") == [[]])
    }
}
