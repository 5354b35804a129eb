import Foundation
import Synchronization
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

func sampleFiling(sha: String = "abc", day: String = "2026-10-24", word: String = "Straße") -> Filing {
    let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let captured = calendar.startOfDay(day)!.addingTimeInterval(13 * 3600)
    return Filing(
        sourceName: "de/\(word).jpg", sourceSHA256: sha, capturedAt: captured, captureDay: day,
        nextReview: calendar.startOfNextDay(after: captured), language: .german,
        word: word, confidence: 88, candidates: ["Strasse"], box: PixelBox(x: 1, y: 2, width: 3, height: 4),
        context: "Hauptstraße \(word)",
        jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]), imageWidth: 1600, imageHeight: 1200)
}

@Suite struct StoreTests {
    @Test func filingCreatesTheDaysBookAndAProposedWordWithItsFirstReview() throws {
        let database = try AppDatabase.inMemory()
        guard case let .filed(word) = try database.file(sampleFiling()) else { Issue.record("not filed"); return }
        #expect(word.status == .proposed)
        #expect(word.masteryLevel == 0 && word.reviewCount == 0 && word.reviewInterval == 1)
        #expect(word.proposedWord == "Straße" && word.candidates == ["Strasse"])
        let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(calendar.iso8601(word.nextReviewDate) == "2026-10-25T00:00:00+02:00")
        #expect(try database.book(id: word.wordBookId)?.recordDate == "2026-10-24")
        #expect(try database.image(wordId: word.id!)?.width == 1600)

        // The stored row reads back the same.
        #expect(try database.word(id: word.id!) == word)
    }

    @Test func wordsOfTheSameDayShareOneBook() throws {
        let database = try AppDatabase.inMemory()
        guard case let .filed(a) = try database.file(sampleFiling(sha: "1")),
              case let .filed(b) = try database.file(sampleFiling(sha: "2", word: "Ausgang")),
              case let .filed(c) = try database.file(sampleFiling(sha: "3", day: "2026-10-25"))
        else { Issue.record("not filed"); return }
        #expect(a.wordBookId == b.wordBookId)
        #expect(a.wordBookId != c.wordBookId)
        #expect(try database.words(onDay: "2026-10-24").map(\.word.word) == ["Straße", "Ausgang"])
    }

    @Test func thesamePhotoIsNeverFiledTwice() throws {
        let database = try AppDatabase.inMemory()
        guard case let .filed(first) = try database.file(sampleFiling(sha: "same")) else { Issue.record("not filed"); return }
        #expect(try database.file(sampleFiling(sha: "same", word: "other")) == .duplicate(first))
        #expect(try database.wordCount() == 1)
    }

    /// Two workers (two connections to one real file, on two threads) both look a photo up, find
    /// nothing, and file it at the same moment: one files it, the other learns it is a duplicate of
    /// that word; one word, one image. Writes are IMMEDIATE transactions, so the check inside `file`
    /// sees the first worker's row; the UNIQUE index on sourceSHA256 behind it refuses a second row
    /// whatever writes it.
    @Test func twoWorkersThatBothFoundAPhotoNewFileItOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-race-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workers = [try AppDatabase.open(path: "\(folder)/w.sqlite", create: true),
                       try AppDatabase.open(path: "\(folder)/w.sqlite", create: false)]
        let rounds = 20
        for round in 0..<rounds {
            let sha = "race-\(round)"
            let bothLookedUp = DispatchGroup(), start = DispatchSemaphore(value: 0), done = DispatchGroup()
            let outcomes = Mutex<[Result<FilingResult, any Error>]>([])
            for (index, database) in workers.enumerated() {
                bothLookedUp.enter()
                done.enter()
                Thread {
                    let found = Result { try database.word(sourceSHA256: sha) }
                    bothLookedUp.leave()
                    start.wait()
                    let outcome = found.flatMap { word in
                        word == nil ? Result { try database.file(sampleFiling(sha: sha, word: "worker\(index)")) }
                            : .failure(StoreError.other("found before filing"))
                    }
                    outcomes.withLock { $0.append(outcome) }
                    done.leave()
                }.start()
            }
            bothLookedUp.wait()
            start.signal()
            start.signal()
            done.wait()
            let results = try outcomes.withLock { try $0.map { try $0.get() } }
            let filed = results.compactMap { if case let .filed(word) = $0 { word } else { nil } }
            let duplicates = results.compactMap { if case let .duplicate(word) = $0 { word } else { nil } }
            #expect(filed.count == 1 && duplicates == filed, "round \(round): \(results)")
        }
        #expect(try workers[0].wordCount() == rounds)
        #expect(try workers[1].writer.read { db in try WordImage.fetchCount(db) } == rounds)

        // Whatever writes a second row for a photo's hash, SQLite refuses it.
        var again = try workers[1].word(sourceSHA256: "race-0")!
        again.id = nil
        #expect {
            try workers[1].writer.write { db in try again.insert(db) }
        } throws: { error in
            (error as? DatabaseError)?.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE
        }
    }

    @Test func confirmCorrectAndRejectSettleProposals() throws {
        let database = try AppDatabase.inMemory()
        guard case let .filed(a) = try database.file(sampleFiling(sha: "1")),
              case let .filed(b) = try database.file(sampleFiling(sha: "2", word: "Ausgnag")),
              case let .filed(c) = try database.file(sampleFiling(sha: "3", word: "xx"))
        else { Issue.record("not filed"); return }
        try database.confirm(ids: [a.id!])
        let corrected = try database.correct(id: b.id!, to: " Ausgang ")
        try database.reject(ids: [c.id!])
        #expect(try database.word(id: a.id!).status == .confirmed)
        #expect(corrected.word == "Ausgang" && corrected.status == .confirmed && corrected.proposedWord == "Ausgnag")
        #expect(try database.word(id: c.id!).status == .rejected)
        #expect(try database.pending().isEmpty)
    }

    @Test func aCorrectionRewritesTheContextAroundTheNewWord() throws {
        let database = try AppDatabase.inMemory()
        guard case let .filed(word) = try database.file(sampleFiling(word: "Ausgnag")) else { Issue.record("not filed"); return }
        #expect(try database.correct(id: word.id!, to: "Ausgang").context == "Hauptstraße Ausgang")
        // Undone, the line is the reading's again.
        _ = try database.undoLast()
        #expect(try database.word(id: word.id!).context == "Hauptstraße Ausgnag")
        // The word beside the reading was meant: the line stays as it was read.
        #expect(try database.correct(id: word.id!, to: "Hauptstraße").context == "Hauptstraße Ausgnag")
        #expect(AppDatabase.context("«Cafc», rue Lepic", replacing: "Cafc", with: "Café") == "«Café», rue Lepic")
        #expect(AppDatabase.context("EXIT Level 2", replacing: "EXT", with: "EXIT") == "EXIT Level 2")
    }

    @Test func anUnknownIDChangesNothing() throws {
        let database = try AppDatabase.inMemory()
        guard case let .filed(a) = try database.file(sampleFiling()) else { Issue.record("not filed"); return }
        #expect(throws: StoreError.noSuchWord(id: 99)) { try database.confirm(ids: [a.id!, 99]) }
        #expect(try database.word(id: a.id!).status == .proposed)
        #expect(throws: StoreError.noSuchWord(id: 99)) { try database.correct(id: 99, to: "x") }
        #expect(throws: StoreError.emptyWord) { try database.correct(id: a.id!, to: "  ") }
    }

    @Test func deletingABookDeletesItsWordsAndImages() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.file(sampleFiling())
        try database.writer.write { db in _ = try WordBook.deleteAll(db) }
        #expect(try database.wordCount() == 0)
        #expect(try database.writer.read { db in try WordImage.fetchCount(db) } == 0)
    }

    @Test func aMissingFileIsAnErrorUnlessCreating() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-store-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: StoreError.missing(path: "\(folder)/w.sqlite")) {
            try AppDatabase.open(path: "\(folder)/w.sqlite", create: false)
        }
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/w.sqlite"))
        let database = try AppDatabase.open(path: "\(folder)/w.sqlite", create: true)
        let mode = try database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func aFileThatIsNotADatabaseIsReportedNotReplaced() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-notadb-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try String(repeating: "not a database ", count: 100).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: StoreError.self) { try AppDatabase.open(path: path, create: true) }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("not a database"))
    }
}

/// A learner writes a noun with its article, as German learners do: the word book keeps the noun.
@Suite struct ArticleTests {
    @Test func aLeadingArticleIsSplitOffInTheWordsLanguage() {
        #expect(Language.german.splittingArticle("die Straße") == ("die", "Straße"))
        #expect(Language.german.splittingArticle("Das Brötchen") == ("Das", "Brötchen"))
        #expect(Language.french.splittingArticle("l'église") == ("l'", "église"))
        #expect(Language.spanish.splittingArticle("los baños") == ("los", "baños"))
        #expect(Language.german.splittingArticle("die") == (nil, "die"), "the article alone is a word")
        #expect(Language.german.splittingArticle("la plage") == (nil, "la plage"), "another language's article stays")
        #expect(Language.french.splittingArticle("la belle vue") == (nil, "la belle vue"), "more than a noun stays as typed")
    }

    @Test("A noun is shown with the article of the gender its gloss names, where the letters say which article")
    func aNounIsShownWithItsArticle() {
        #expect(Language.german.withArticle("Straße", gloss: "road, street (n, fem)") == "die Straße")
        #expect(Language.german.withArticle("Ausgang", gloss: "exit, way out (n, masc)") == "der Ausgang")
        #expect(Language.german.withArticle("Brötchen", gloss: "bread roll (n, neut)") == "das Brötchen")
        #expect(Language.french.withArticle("gare", gloss: "station (n, fem)") == "la gare")
        #expect(Language.french.withArticle("entrée", gloss: "entrance (n, fem)") == "l'entrée")
        #expect(Language.french.withArticle("hôtel", gloss: "hotel (n, masc)") == "hôtel", "h mute or aspirate: the letters do not tell")
        #expect(Language.spanish.withArticle("andén", gloss: "platform (n, masc)") == "el andén")
        #expect(Language.spanish.withArticle("agua", gloss: "water (n, fem)") == "agua", "el agua, though feminine")
        #expect(Language.german.withArticle("See", gloss: "lake, sea (n, masc, fem)") == "See", "two genders: no one article")
        #expect(Language.german.withArticle("schließen", gloss: "to close (v)") == "schließen")
        #expect(Language.german.withArticle("Ausgang", gloss: "exit") == "Ausgang", "a gloss naming no gender")
        #expect(Language.german.withArticle("Ausgang", gloss: nil) == "Ausgang")
        #expect(Language.english.withArticle("exit", gloss: "Ausgang (n, masc)") == "exit", "English has no genders")
    }

    @Test("The article goes with the dictionary's headword: a form of it goes without, the headword written otherwise with it")
    func theArticleGoesWithTheHeadword() throws {
        let vortag = "day before, previous day, eve (n, masc)"
        #expect(Language.german.withArticle("Vortag", gloss: vortag, headword: "Vortag") == "der Vortag")
        #expect(Language.german.withArticle("Vortags", gloss: vortag, headword: "Vortag") == "Vortags", "a genitive: not der Vortags")
        #expect(Language.german.withArticle("Herren", gloss: "gentleman (n, masc)", headword: "Herr") == "Herren", "a plural: die, not der")
        #expect(Language.french.withArticle("femmes", gloss: "woman, wife (n, fem)", headword: "femme") == "femmes")
        #expect(Language.german.withArticle("STRASSE", gloss: "road, street (n, fem)", headword: "Straße") == "die STRASSE")
        #expect(Language.german.withArticle("Bahnhofstraße", gloss: "street (n, fem; Bahnhof + Straße)", headword: "Bahnhof + Straße")
            == "die Bahnhofstraße", "a compound takes its head's article")
        // A plural the gloss names takes the plural's article.
        #expect(Language.german.withArticle("Herren", gloss: "gentleman (n, masc, pl)", headword: "Herr") == "die Herren")
        #expect(Language.german.withArticle("Kosten", gloss: "cost (n, pl)", headword: "Kosten") == "die Kosten")
        #expect(Language.german.withArticle("Bahnhofstraßen", gloss: "street (n, fem, pl; Bahnhof + Straße)", headword: "Bahnhof + Straße")
            == "die Bahnhofstraßen")
        #expect(Language.french.withArticle("entrées", gloss: "entrance (n, fem, pl)", headword: "entrée") == "les entrées", "no elision")
        #expect(Language.spanish.withArticle("aguas", gloss: "water (n, fem, pl)", headword: "agua") == "las aguas")
        #expect(Language.spanish.withArticle("caballeros", gloss: "gentleman (n, masc, pl)", headword: "caballero") == "los caballeros")
        #expect(Language.spanish.withArticle("datos", gloss: "data (n, pl)", headword: "datos") == "datos", "no gender: no one article")

        // The store keeps the headword a dictionary gloss was found under, and drops it with a learner's own gloss.
        let database = try AppDatabase.inMemory()
        var filing = sampleFiling(sha: "vortags", word: "Vortags")
        filing.gloss = Gloss(text: vortag, entry: "Vortag {m} :: day before", headword: "Vortag")
        guard case let .filed(filed) = try database.file(filing), let id = filed.id else {
            Issue.record("the word was not filed")
            return
        }
        #expect(try database.word(id: id).glossHeadword == "Vortag")
        _ = try database.setLearnerGloss(id: id, to: "the day before")
        #expect(try database.word(id: id).glossHeadword == nil)
    }

    @Test func aCorrectionWithAnArticleFilesTheNoun() throws {
        let database = try AppDatabase.inMemory()
        guard case let .filed(word) = try database.file(sampleFiling(word: "Strase")) else { Issue.record("not filed"); return }
        let corrected = try database.correct(id: word.id!, to: "die Straße")
        #expect(corrected.word == "Straße" && corrected.status == .confirmed)
    }
}
