import Testing
@testable import WordBookGloss
import WordBookVocabulary

/// FreeDict's spa-eng writes translations of several words without their spaces (`havegot`); the
/// gloss writes them with their spaces, and leaves English words hunspell or the frequency table knows.
@Suite struct LostSpacesTests {
    static let english = GlossLookupTests.glossary.stemmer(for: GlossRoute.names[.english]!)

    static func restored(_ translation: String) throws -> String {
        let english = try #require(Self.english)
        return LostSpaces.restored(translation, knows: english.knows)
    }

    @Test func aTranslationRunTogetherGetsItsSpaces() throws {
        #expect(try Self.restored("havegot") == "have got")
        #expect(try Self.restored("beableto") == "be able to")
        #expect(try Self.restored("forthereasonthat") == "for the reason that")
        #expect(try Self.restored("applejuice") == "apple juice")
        // As few words as the letters make, the more common phrase of those.
        #expect(try Self.restored("belongto") == "belong to")
        #expect(try Self.restored("firstaid") == "first aid")
    }

    @Test func anEnglishWordStaysWhole() throws {
        // hunspell en_US knows it, or the frequency table lists it (British spellings).
        for word in ["acetous", "overshoe", "colour", "offence", "carburettor", "abridgement", "labourer", "have", "tablecloth"] {
            #expect(try Self.restored(word) == word)
        }
        // Not letters in small letters alone: a name, a phrase, a hyphenated word.
        for text in ["McDonald", "have got", "self-service", "o'clock"] {
            #expect(try Self.restored(text) == text)
        }
    }

    @Test func spanishGlossesReadAsEnglishWrites() throws {
        let have = try GlossLookupTests.gloss("tener", "es")
        #expect(have.text.contains("have got") && !have.text.contains("havegot"), "\(have.text)")
        let can = try GlossLookupTests.gloss("poder", "es")
        #expect(can.text.contains("be able to") && !can.text.contains("beableto"), "\(can.text)")
        // Two routes that now agree lead: `salir` is "go out" in spa-eng ("goout") and through German.
        #expect(try GlossLookupTests.gloss("salir", "es").text.hasPrefix("go out"))
    }
}
