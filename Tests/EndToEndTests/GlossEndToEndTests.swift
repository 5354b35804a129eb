import Foundation
import GRDB
import Testing

/// A word's gloss through the real binaries and Debian's dictionaries: filed with the photo, shown
/// where the learner settles and reviews, replaced on correction, the learner's own kept, found by
/// search; with a dictionary missing, filed without one and named by `status`.
@Suite struct GlossEndToEndTests {
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func ingest(_ files: [String], language: String, _ scratch: Scratch) throws -> [[String: Any]] {
        let result = try wordbook(["ingest", "--json", "--language", language, "--config", scratch.config]
            + files.map { file in LabeledImage.all.first { $0.file == file }!.path })
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { try object(String($0)) }
    }

    /// The first German photo once waited 18 s while Ding's index was built: the worker builds it,
    /// and opens every dictionary, before it says it is watching, and the log names what it reads with.
    @Test func theWorkerOpensTheDictionariesAtStartAndSaysWhatItUses() throws {
        let scratch = try Scratch(workers: 1)
        let cache = "\(scratch.root)/cache"
        let worker = try Worker(scratch, environment: ["CACHE_DIRECTORY": cache])
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching(timeout: 180), "\(worker.output)")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: cache)).isEmpty, "Ding's index is built before the first photo")
        #expect(worker.output.contains("reading en, de, fr, es with"), "\(worker.output)")
        #expect(worker.output.contains("de: Ding's de-en, freedict-deu-eng, hunspell de_DE"), "\(worker.output)")
    }

    @Test func aPhotoOfAusgangIsFiledWithItsMeaningAndKeepsTheLearnersOwn() throws {
        let scratch = try Scratch()
        let german = try ingest(["ausgang.jpg", "broetchen.jpg"], language: "de", scratch)
        let english = try ingest(["station.jpg"], language: "en", scratch)
        let ausgang = try #require(german.first)
        #expect(ausgang["word"] as? String == "Ausgang")
        #expect((ausgang["gloss"] as? String)?.contains("exit") == true, "\(ausgang)")
        // The learner's own language gets no gloss.
        #expect(english.first?["gloss"] == nil)
        let id = try #require(ausgang["id"] as? Int)

        let pending = try wordbook(["pending", "--config", scratch.config])
        let line = try #require(pending.stdout.split(separator: "\n").first { $0.hasPrefix("#\(id) ") })
        #expect(line.contains("Ausgang  = ") && line.contains("exit"))
        let show = try wordbook(["show", "\(id)", "--config", scratch.config])
        #expect(show.stdout.contains("gloss") && show.stdout.contains("(dictionary)"))
        #expect(show.stdout.contains("dictionary\n") && show.stdout.contains("Ausgang"))
        let showJSON = try object(wordbook(["show", "\(id)", "--json", "--config", scratch.config]).stdout)
        let shown = try #require(showJSON["word"] as? [String: Any])
        #expect(shown["glossSource"] as? String == "dictionary")
        #expect((showJSON["glossEntry"] as? String)?.hasPrefix("Ausgang") == true)
        // Lists carry the gloss, not the entry behind it.
        let pendingJSON = try object(wordbook(["pending", "--json", "--config", scratch.config]).stdout)
        let listed = try #require((pendingJSON["words"] as? [[String: Any]])?.first { $0["id"] as? Int == id })
        #expect(listed["gloss"] as? String == shown["gloss"] as? String && listed["glossEntry"] == nil)

        // Search finds it by what it means.
        let found = try object(wordbook(["search", "exit", "--json", "--config", scratch.config]).stdout)
        #expect((found["words"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [id])

        // A correction takes the new word's gloss.
        let brötchen = try #require(german.last?["id"] as? Int)
        let corrected = try wordbook(["correct", "\(brötchen)", "Straße", "--config", scratch.config])
        #expect(corrected.status == 0)
        #expect(corrected.stdout.contains("street"), "\(corrected.stdout)")

        // The learner's own gloss stays through a later correction.
        let own = try wordbook(["gloss", "\(id)", "the way out", "--config", scratch.config])
        #expect(own.status == 0)
        #expect(try wordbook(["correct", "\(id)", "Eingang", "--config", scratch.config]).stdout.contains("the way out"))
        let after = try #require(try object(wordbook(["show", "\(id)", "--json", "--config", scratch.config]).stdout)["word"] as? [String: Any])
        #expect(after["word"] as? String == "Eingang" && after["gloss"] as? String == "the way out")
        #expect(after["glossSource"] as? String == "learner")

        // Review with --hide-word shows the meaning as the cue, and the word once the learner asks for it.
        let overdue = try runProgram("/usr/bin/sqlite3", [scratch.database, "UPDATE word SET nextReviewDate = '2020-01-01 00:00:00.000' WHERE id = \(id)"])
        #expect(overdue.status == 0)
        // Its own book's day, so that it is the one reviewed: new words come in the order they were filed.
        let day = try #require(after["book"] as? String)
        let review = try wordbook(["review", "--no-image", "--hide-word", "--book", day, "--config", scratch.config], input: "\nq\n")
        let asked = try #require(review.stdout.range(of: "Space shows the word"))
        let meaning = try #require(review.stdout.range(of: "= the way out"))
        let word = try #require(review.stdout.range(of: "  Eingang"))
        #expect(meaning.upperBound < asked.lowerBound && asked.upperBound < word.lowerBound, "\(review.stdout)")
    }

    @Test func withTheDictionaryMissingTheWordIsFiledAndStatusNamesThePackage() throws {
        let scratch = try Scratch()
        let empty = "\(scratch.root)/no-dictionaries"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let configured = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (configured + "\n[gloss]\ndictionaries = \"\(empty)\"\nding = \"\(empty)/de-en\"\n")
            .write(toFile: scratch.config, atomically: true, encoding: .utf8)

        let filed = try ingest(["ausgang.jpg"], language: "de", scratch)
        #expect(filed.first?["status"] as? String == "filed")
        #expect(filed.first?["gloss"] == nil)
        let status = try wordbook(["status", "--config", scratch.config])
        #expect(status.status == 0)
        #expect(status.stdout.contains("sudo apt-get install dict-freedict-deu-eng trans-de-en"), "\(status.stdout)")
        // Looking a word up then needs what is not there: status 69 (unavailable), and the package to install.
        let lookUp = try wordbook(["gloss", "--look-up", "Ausgang", "--language", "de", "--config", scratch.config])
        #expect(lookUp.status == 69 && lookUp.stderr.contains("sudo apt-get install dict-freedict-deu-eng"), "\(lookUp.status) \(lookUp.stderr)")

        // Once the dictionary is there, --refresh fills the gloss in.
        try (configured + "\n[gloss]\ndictionaries = \"/usr/share/dictd\"\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
        let refreshed = try wordbook(["gloss", "--refresh", "--config", scratch.config])
        #expect(refreshed.stdout.hasPrefix("Glossed 1 of 1 word"), "\(refreshed.stdout)")
        let listed = try object(wordbook(["list", "--json", "--config", scratch.config]).stdout)
        let word = try #require((listed["words"] as? [[String: Any]])?.first)
        #expect((word["gloss"] as? String)?.contains("exit") == true)
        #expect(!(try wordbook(["status", "--config", scratch.config]).stdout.contains("apt-get install")))
    }

    /// A gloss stored by an older WordBook (spa-eng's `havegot` as it was read before) is looked up
    /// again by `gloss --refresh` and stored as the dictionaries read now; the learner's own stays.
    @Test func refreshLooksADictionarysGlossUpAgainAndKeepsTheLearnersOwn() throws {
        let scratch = try Scratch()
        let filed = try ingest(["manana_portrait.jpg", "bano.jpg"], language: "es", scratch)
        let ids = filed.compactMap { $0["id"] as? Int }
        #expect(ids.count == 2, "\(filed)")
        #expect(try wordbook(["gloss", "\(ids[1])", "toilet", "--config", scratch.config]).status == 0)
        try DatabaseQueue(path: scratch.database).write { db in
            try db.execute(sql: "UPDATE word SET gloss = 'havegot, tomorrow', glossEntry = '' WHERE id = ?", arguments: [ids[0]])
        }
        let refreshed = try wordbook(["gloss", "--refresh", "--config", scratch.config])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stdout.contains("Looked up again: 1 dictionary gloss reads otherwise now; your own glosses stay as you wrote them."),
                "\(refreshed.stdout)")
        let listed = try object(wordbook(["list", "--json", "--config", scratch.config]).stdout)
        let glosses = Dictionary(uniqueKeysWithValues: ((listed["words"] as? [[String: Any]]) ?? []).map { ($0["id"] as? Int ?? 0, $0["gloss"] as? String ?? "") })
        #expect(glosses[ids[0]]?.contains("morning") == true && glosses[ids[0]]?.contains("havegot") == false, "\(glosses)")
        #expect(glosses[ids[1]] == "toilet")
        // Run again, nothing reads otherwise.
        #expect(!(try wordbook(["gloss", "--refresh", "--config", scratch.config]).stdout.contains("Looked up again")))
    }

    @Test func aRomanNumeralIsGlossedAsTheNumberItStandsFor() throws {
        let scratch = try Scratch()
        func glosses(_ words: [String], language: String) throws -> [String: String] {
            let result = try wordbook(["gloss", "--look-up"] + words + ["--language", language, "--json", "--config", scratch.config])
            #expect(result.status == 0, "\(result.stderr)")
            let looked = try #require(try object(result.stdout)["words"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: looked.map { ($0["word"] as? String ?? "", $0["gloss"] as? String ?? "") })
        }
        let german = try glosses(["II", "XIV", "xii", "MCMXCIV", "XI", "IIII", "I", "XL", "MIX"], language: "de")
        #expect(german["II"] == "2 (Roman numeral)", "not English: \(german)")
        #expect(german["XIV"] == "14 (Roman numeral)" && german["xii"] == "12 (Roman numeral)")
        #expect(german["MCMXCIV"] == "1994 (Roman numeral)" && german["XI"] == "11 (Roman numeral)")
        // Not numerals as numbers are written, or more often a letter, a size or a word.
        for word in ["IIII", "I", "XL", "MIX"] { #expect(german[word]?.contains("Roman numeral") == false, "\(word): \(german)") }
        let spanish = try glosses(["VI", "vi", "XX"], language: "es")
        #expect(spanish["VI"] == "6 (Roman numeral)" && spanish["XX"] == "20 (Roman numeral)", "\(spanish)")
        // In small letters the dictionary's word comes first: vi, I saw.
        #expect(spanish["vi"]?.contains("see") == true, "\(spanish)")
        // A German speaker reads it in German.
        let configured = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (configured + "\n[gloss]\nnative_language = \"de\"\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
        #expect(try glosses(["XIV"], language: "fr")["XIV"] == "14 (römische Zahl)")
    }

    @Test func badGlossCommandsAreOneSentenceAndChangeNothing() throws {
        let scratch = try Scratch()
        _ = try ingest(["ausgang.jpg"], language: "de", scratch)
        for arguments in [["gloss"], ["gloss", "1"], ["gloss", "1", " "], ["gloss", "--refresh", "1", "x"],
                          ["gloss", "--look-up", "Ausgang"], ["gloss", "--look-up", "Ausgang", "--language", "tlh"],
                          ["gloss", "99", "exit"]] {
            let result = try wordbook(arguments + ["--config", scratch.config])
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count <= 2, "\(arguments): \(result.stderr)")
        }
        let listed = try object(wordbook(["list", "--json", "--config", scratch.config]).stdout)
        #expect((listed["words"] as? [[String: Any]])?.first?["glossSource"] as? String == "dictionary")
    }
}
