import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// A word's gloss in the store: filed with the word, replaced by a correction's, never over the
/// learner's own, found by search, filled in later.
@Suite struct GlossStoreTests {
    let exit = Gloss(text: "exit, way out (n, masc)", entry: "Ausgang <masc, n, sg>\n exit, way out", headword: "Ausgang")

    func filed(_ database: AppDatabase, word: String = "Ausgang", gloss: Gloss?) throws -> Word {
        var filing = sampleFiling(sha: UUID().uuidString, word: word)
        filing.gloss = gloss
        guard case let .filed(stored) = try database.file(filing) else { throw StoreError.other("not filed") }
        return stored
    }

    @Test func aWordIsFiledWithTheDictionarysGlossAndItsEntry() throws {
        let database = try AppDatabase.inMemory()
        let word = try filed(database, gloss: exit)
        #expect(word.gloss == "exit, way out (n, masc)" && word.glossSource == .dictionary)
        #expect(word.glossEntry == exit.entry)
        let bare = try filed(database, word: "Vortags", gloss: nil)
        #expect(bare.gloss == nil && bare.glossSource == nil && bare.glossEntry == nil)
    }

    @Test func aCorrectionTakesTheNewWordsGlossButKeepsTheLearnersOwn() throws {
        let database = try AppDatabase.inMemory()
        let word = try filed(database, word: "Ausgano", gloss: nil)
        let street = Gloss(text: "street (n, fem)", entry: "Straße\n street", headword: "Straße")
        let corrected = try database.correct(id: word.id!, to: "Straße", gloss: street)
        #expect(corrected.gloss == "street (n, fem)" && corrected.glossSource == .dictionary)
        // A correction to a word no dictionary knows drops the old word's gloss.
        #expect(try database.correct(id: word.id!, to: "Strasze", gloss: nil).gloss == nil)

        let own = try database.setLearnerGloss(id: word.id!, to: "  the way out  ")
        #expect(own.gloss == "the way out" && own.glossSource == .learner && own.glossEntry == nil)
        let again = try database.correct(id: word.id!, to: "Ausgang", gloss: exit)
        #expect(again.word == "Ausgang" && again.gloss == "the way out" && again.glossSource == .learner)
        #expect(throws: StoreError.emptyGloss) { try database.setLearnerGloss(id: word.id!, to: " ") }
        #expect(throws: StoreError.noSuchWord(id: 999)) { try database.setLearnerGloss(id: 999, to: "x") }
    }

    @Test func searchFindsAWordByItsGloss() throws {
        let database = try AppDatabase.inMemory()
        let word = try filed(database, gloss: exit)
        _ = try filed(database, word: "Eingang", gloss: Gloss(text: "entrance", entry: "", headword: "Eingang"))
        #expect(try database.search("exit").map(\.word.id) == [word.id])
        #expect(try database.search("way out").map(\.word.word) == ["Ausgang"])
        // A learner's gloss is found too, and the dictionary's it replaced no longer.
        _ = try database.setLearnerGloss(id: word.id!, to: "door to leave by")
        #expect(try database.search("exit").isEmpty)
        #expect(try database.search("leave").map(\.word.word) == ["Ausgang"])
    }

    @Test func wordsWithoutAGlossAreFilledInUnlessTheyChangedMeanwhile() throws {
        let database = try AppDatabase.inMemory()
        let bare = try filed(database, gloss: nil)
        _ = try filed(database, word: "Eingang", gloss: Gloss(text: "entrance", entry: "", headword: "Eingang"))
        _ = try filed(database, word: "", gloss: nil)
        #expect(try database.wordsWithoutGloss().map(\.word) == ["Ausgang"])
        // Corrected between the look-up and the write: the look-up was for another word.
        #expect(try !database.fillGloss(id: bare.id!, of: "Ausgano", with: exit))
        #expect(try database.fillGloss(id: bare.id!, of: "Ausgang", with: exit))
        #expect(try database.word(id: bare.id!).gloss == exit.text)
        #expect(try database.wordsWithoutGloss().isEmpty)
        #expect(try database.languages() == [.german])
    }

    @Test func aDictionaryGlossIsFoundAgainAndALearnersIsKept() throws {
        let database = try AppDatabase.inMemory()
        let old = try filed(database, word: "Herren", gloss: Gloss(text: "gentleman (n, masc)", entry: "", headword: "Herr"))
        let own = try filed(database, word: "Damen", gloss: nil)
        _ = try database.setLearnerGloss(id: own.id!, to: "ladies")
        // As migration v12 left a word filed before it.
        try database.writer.write { try $0.execute(sql: "UPDATE word SET glossHeadword = NULL") }
        #expect(try database.wordsGlossedByDictionary().map(\.word) == ["Herren"])
        let found = Gloss(text: "gentleman (n, masc, pl)", entry: "Herr {m} | Herren {pl}", headword: "Herr")
        #expect(try database.fillGloss(id: old.id!, of: "Herren", with: found))
        #expect(try database.word(id: old.id!).glossHeadword == "Herr")
        #expect(try database.word(id: old.id!).gloss == found.text)
        // The same gloss again changes nothing; another, as an upgrade reads the dictionaries, replaces it.
        #expect(try !database.fillGloss(id: old.id!, of: "Herren", with: found))
        let reread = Gloss(text: "gentlemen, men (n, masc, pl)", entry: "Herr {m} | Herren {pl}", headword: "Herr")
        #expect(try database.fillGloss(id: old.id!, of: "Herren", with: reread))
        #expect(try database.word(id: old.id!).gloss == reread.text)
        #expect(try database.wordsGlossedByDictionary().map(\.word) == ["Herren"])
        #expect(try !database.fillGloss(id: own.id!, of: "Damen", with: found), "the learner's own gloss stays")
        #expect(try database.word(id: own.id!).gloss == "ladies")
    }
}
