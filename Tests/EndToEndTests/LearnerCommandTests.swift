import Foundation
import GRDB
import Testing
@testable import WordBookStore

/// The learner's commands through the real binary on a real database file.
@Suite(.serialized) struct LearnerCommandTests {
    let scratch: Scratch
    /// Word IDs by the TestImages file they were filed from.
    let ids: [String: Int]

    /// The first two photos of each of three languages, filed once for the suite.
    static let filed = Result {
        try FiledWordBook(["en", "de", "fr"].flatMap { language in
            LabeledImage.all.filter { $0.language == language }.prefix(2).map { ($0.file, language) }
        })
    }

    init() throws {
        scratch = try Scratch()
        let filed = try Self.filed.get()
        try filed.copy(to: scratch)
        ids = filed.filed.compactMapValues { $0["id"] as? Int }
    }

    func run(_ arguments: [String], input: String? = nil) throws -> CommandResult {
        try wordbook(arguments + ["--config", scratch.config], input: input)
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func id(_ word: String) -> Int {
        ids[LabeledImage.all.first { $0.word == word }!.file]!
    }

    @Test func triageFromAPipeSettlesEachChoiceAtOnce() throws {
        let pending = try json(["pending"])
        let words = try #require(pending["words"] as? [[String: Any]])
        #expect(words.count == 6)
        // Accept, skip, reject, type a correction, then quit with two left.
        let result = try run(["triage", "--no-image"], input: "\ns\nr\nRichtig\nq\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Settled 3 of 6."))
        let statuses = try (words.map { $0["id"] as! Int }).map { try json(["show", "\($0)"])["word"] as! [String: Any] }
        #expect(statuses.map { $0["status"] as! String } == ["confirmed", "proposed", "rejected", "confirmed", "proposed", "proposed"])
        #expect(statuses[3]["word"] as? String == "Richtig")
        // End of input ends the walk like q.
        #expect(try run(["triage", "--no-image"], input: "").status == 0)
    }

    @Test func correctPicksANumberedCandidate() throws {
        // A two-line sign: its other line's words are candidates (a lone EXIT sign read alike by both readers has none).
        let sign = try #require(LabeledImage.all.first { $0.file == "vilipender_upper_line.jpg" })
        let filed = try run(["ingest", "--json", "--language", sign.language, sign.path])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(filed.stdout.utf8)) as? [String: Any])?["id"] as? Int)
        let candidates = try #require((try json(["show", "\(id)"])["word"] as! [String: Any])["candidates"] as? [String])
        try #require(!candidates.isEmpty)
        #expect(try run(["correct", "\(id)", "1"]).status == 0)
        #expect((try json(["show", "\(id)"])["word"] as! [String: Any])["word"] as? String == candidates[0])
        let tooFar = try run(["correct", "\(id)", "9"])
        // The command line was right, the word has no ninth candidate: status 1, not 64.
        #expect(tooFar.status == 1 && tooFar.stderr.contains("no candidate 9"), "\(tooFar.status) \(tooFar.stderr)")
    }

    /// `correct 7 "die Straße"`: the noun is filed and glossed, its gender in the gloss.
    @Test func aCorrectionWithItsArticleFilesTheNounWithItsGloss() throws {
        let strasse = id("Straße")
        let corrected = try run(["correct", "\(strasse)", "die Straße"])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        let word = try json(["show", "\(strasse)"])["word"] as! [String: Any]
        #expect(word["word"] as? String == "Straße", "\(word)")
        #expect((word["gloss"] as? String)?.contains("street") == true && (word["gloss"] as? String)?.contains("fem") == true, "\(word)")
    }

    /// Under 50% a proposal is right less than half the time: triage says so, puts the candidates first,
    /// and one Enter does not file it.
    @Test func aGuessIsNotFiledByOneEnter() throws {
        let cafe = id("Café")
        #expect(try runProgram("/usr/bin/sqlite3", [scratch.database, "UPDATE word SET confidence = 20 WHERE id = \(cafe)"]).status == 0)
        let once = try run(["triage", "--no-image"], input: "\nq\n")
        #expect(once.stdout.contains("not sure: pick one") && once.stdout.contains("best guess: Café"), "\(once.stdout)")
        #expect(once.stdout.contains("(if it is Café)"), "its gloss is a guess's: \(once.stdout)")
        #expect(once.stdout.contains("Café is a guess (20%): Enter again accepts it"), "\(once.stdout)")
        // Where the aim is in doubt, the line shows which candidate is which, numbered as they are picked.
        #expect(try runProgram("/usr/bin/sqlite3", [scratch.database,
            "UPDATE word SET context = 'Le Café de la Gare.', candidates = '[\"Gare\",\"Le\",\"Bar\"]' WHERE id = \(cafe)"]).status == 0)
        let numbered = try run(["triage", "--no-image"], input: "q\n")
        #expect(numbered.stdout.contains("  in: [2]Le Café de la [1]Gare."), "\(numbered.stdout)")
        #expect((try json(["show", "\(cafe)"])["word"] as! [String: Any])["status"] as? String == "proposed")
        let twice = try run(["triage", "--no-image"], input: "\n\nq\n")
        #expect(twice.stdout.contains("confirmed Café"), "\(twice.stdout)")
        #expect((try json(["show", "\(cafe)"])["word"] as! [String: Any])["status"] as? String == "confirmed")
    }

    @Test func reviewFromAPipeGradesWhatIsDueByTheRule() throws {
        let plain = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (plain + "\n[review]\nscheduler = \"interval\"\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
        let cafe = id("Café"), strasse = id("Straße")
        #expect(try run(["confirm", "\(cafe)", "\(strasse)"]).status == 0)
        // Both were captured weeks ago, yet they are new words, not overdue ones: introduced in the order filed.
        let due = try json(["due"])
        #expect((due["words"] as! [Any]).isEmpty && due["new"] as? Int == 2 && due["newWaiting"] as? Int == 2, "\(due)")

        // 7 is no answer; 3 Good is grade 4, 4 Easy grade 5.
        let result = try run(["review", "--no-image", "--hide-word"], input: "\n7\n3\n\n4\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("not an answer: 1 Again, 2 Hard, 3 Good, 4 Easy"))
        #expect(result.stdout.contains("0 to review, 2 new, 0 in their steps."), "\(result.stdout)")
        #expect(result.stdout.contains("Graded 2 of 2 due."))
        #expect(result.stdout.contains("Space shows the word"))
        let strasseAfter = try json(["show", "\(strasse)"])
        let word = strasseAfter["word"] as! [String: Any]
        #expect(word["mastery"] as? Int == 4 && word["reviewCount"] as? Int == 1 && word["reviewInterval"] as? Int == 1)
        #expect((strasseAfter["reviews"] as? [[String: Any]])?.first?["level"] as? Int == 4)
        #expect((try json(["show", "\(cafe)"])["reviews"] as? [[String: Any]])?.first?["level"] as? Int == 5)
        #expect((try json(["due"])["words"] as! [Any]).isEmpty)
        #expect((try json(["due", "--at", "2099-01-01"])["words"] as! [Any]).count == 2)

        let graded = try run(["grade", "\(cafe)", "5"])
        #expect(graded.status == 0 && graded.stdout.contains("in 4 days"))
        let badGrade = try run(["grade", "\(cafe)", "7"])
        #expect(badGrade.status != 0 && badGrade.stderr.contains("a grade must be from 0 to 5"))
        #expect((try json(["show", "\(cafe)"])["word"] as! [String: Any])["reviewCount"] as? Int == 2, "nothing changed")
        let proposal = try run(["grade", "\(id("EXIT"))", "3"])
        #expect(proposal.status != 0 && proposal.stderr.contains("still a proposal"))
    }

    @Test func undoRevertsTheLastChangeOfAnyCommandAndHistoryListsThem() throws {
        let cafe = id("Café")
        let confirmed = try run(["confirm", "\(cafe)", "\(cafe)"])
        #expect(confirmed.stdout == "Confirmed #\(cafe).\n", "an ID given twice is confirmed once")
        #expect(try run(["grade", "\(cafe)", "4"]).status == 0)
        #expect(try run(["note", "\(cafe)", "at the corner"]).status == 0)

        let history = try json(["history"])["changes"] as! [[String: Any]]
        #expect(history.map { $0["command"] as! String } == ["note", "grade", "confirm"])
        #expect(history.map { $0["summary"] as! String } == [
            "noted on #\(cafe) Café: at the corner", "graded #\(cafe) Café 4 (Good)", "confirmed #\(cafe) Café",
        ])
        #expect(history.allSatisfy { $0["words"] as? [Int] == [cafe] && $0["undoneAt"] == nil })

        #expect(try run(["undo"]).stdout.hasPrefix("Undid \"noted on #\(cafe) Café: at the corner\" (note)."))
        let grade = try run(["undo"])
        // Back to a new word: no review date of its own, only the new words' queue.
        #expect(grade.stdout == "Undid \"graded #\(cafe) Café 4 (Good)\" (grade). Now: #\(cafe) Café, confirmed, new.\n")
        let shown = try json(["show", "\(cafe)"])
        #expect((shown["word"] as! [String: Any])["reviewCount"] as? Int == 0 && (shown["reviews"] as! [Any]).isEmpty)
        let page = try run(["show", "\(cafe)", "--no-image"]).stdout
        #expect(page.contains("  next review new: not reviewed yet\n") && page.contains("  reviews     0\n"), "\(page)")
        #expect(try run(["undo"]).stdout == "Undid \"confirmed #\(cafe) Café\" (confirm). Now: #\(cafe) Café, proposed.\n")
        let nothing = try run(["undo"])
        #expect(nothing.status != 0 && nothing.stderr == "wordbook: there is nothing to undo: no change is left in the log\n")
        #expect((try json(["history"])["changes"] as! [[String: Any]]).allSatisfy { $0["undoneAt"] is String })
        #expect(try run(["history"]).stdout.contains("confirm  confirmed #\(cafe) Café  (undone)"))
    }

    @Test func dueCountsEveryWordDueShowPrintsOnlyThePhotoAndEntriesReadPlainly() throws {
        let strasse = id("Straße")
        #expect(try run(["confirm", "\(id("Café"))", "\(strasse)", "\(id("EXIT"))"]).status == 0)
        for id in [id("Café"), strasse, id("EXIT")] { #expect(try run(["grade", "\(id)", "3"]).status == 0) }
        // --limit 1 lists one word; "due" says how many are due in all.
        let one = try json(["due", "--at", "2099-01-01", "--limit", "1"])
        #expect(one["count"] as? Int == 1 && (one["words"] as? [Any])?.count == 1 && one["due"] as? Int == 3)
        #expect(try json(["due", "--at", "2099-01-01"])["due"] as? Int == 3)

        // Dictionary marks ({f}, {pl}, {...} around cross-references) are markup, not text to read:
        // Ding's gender reads as (fem).
        let shown = try run(["show", "\(strasse)"])
        #expect(shown.stdout.contains("  dictionary\n") && shown.stdout.contains("Straße (fem)"))
        // show is short: the entry's first lines, and where the rest is.
        let entry = shown.stdout.components(separatedBy: "  dictionary\n")[1].split(separator: "\n").filter { $0.hasPrefix("   ") }
        let whole = try run(["show", "\(strasse)", "--full"]).stdout.components(separatedBy: "  dictionary\n")[1]
            .split(separator: "\n").filter { $0.hasPrefix("   ") }
        #expect(whole.count > 9, "Ding's entry of Straße is long: \(whole.count) lines")
        #expect(entry.count == 9 && entry.last == "   … \(whole.count - 8) more lines: wordbook show \(strasse) --full", "\(entry)")
        #expect(!shown.stdout.contains("{") && !shown.stdout.contains("}"))
        // On a terminal, the whole entry goes through the learner's pager (as git's long output does);
        // off one, as above, it is printed as it is.
        let paged = "\(scratch.root)/paged.txt"
        let terminal = try TerminalSession(["show", "\(strasse)", "--full", "--no-image", "--config", scratch.config], rows: 20,
                                           environment: ["PAGER": "cat > '\(paged)'"])
        #expect(terminal.waitFor("[exited 0]"), "\(terminal.screen)")
        let pagedLines = ((try? String(contentsOfFile: paged, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasPrefix("   ") }
        #expect(pagedLines == whole, "\(pagedLines.count) lines went through the pager of \(whole.count)")

        let photo = "\(scratch.root)/straße.jpg"
        let written = try run(["show", "\(strasse)", "--image", photo])
        #expect(written.stdout.hasPrefix("Wrote the photo of #\(strasse) (") && written.stdout.hasSuffix(" to \(photo).\n"))
        #expect(written.stdout.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)).starts(with: [0xFF, 0xD8]))

        // English is the learner's own language here: its words are not looked up, and the reason is given.
        let refreshed = try run(["gloss", "--refresh"])
        #expect(refreshed.stdout.contains("2 are in your own language (en, [gloss] native_language), which is not looked up."),
                "\(refreshed.stdout)")
    }

    @Test func reviewTakesOneLanguageOneBookOrTheMostOverdue() throws {
        let cafe = id("Café"), strasse = id("Straße")
        #expect(try run(["confirm", "\(cafe)", "\(strasse)"]).status == 0)
        let german = try run(["review", "--no-image", "--language", "de"], input: "q\n")
        #expect(german.stdout.hasPrefix("0 to review, 1 new, 0 in their steps.") && german.stdout.contains("#\(strasse)  de"), "\(german.stdout)")
        let day = try #require((try json(["show", "\(cafe)"])["word"] as? [String: Any])?["book"] as? String)
        let book = try run(["review", "--no-image", "--book", day], input: "q\n")
        #expect(book.stdout.hasPrefix("0 to review, 1 new, 0 in their steps.") && book.stdout.contains("#\(cafe)  fr"), "\(book.stdout)")
        // New words come in the order they were filed: Straße (filed with the German photos) first.
        let first = try run(["review", "--no-image", "--limit", "1"], input: "3\nq\n")
        #expect(first.stdout.contains("#\(strasse)  de") && first.stdout.contains("Graded 1 of 1 due."), "\(first.stdout)")
        #expect(try run(["review", "--no-image", "--language", "de", "--book", day]).stdout == "Nothing is due.\n")
        let badDay = try run(["review", "--book", "2026-02-30"])
        #expect(badDay.status != 0 && badDay.stderr.contains("--book must be a date written YYYY-MM-DD"))
        #expect(try run(["review", "--language", "xx"]).stderr == "wordbook: a language is one of en, de, fr, es.\n")
    }

    @Test func listBooksSearchTagsNotesAndStats() throws {
        let strasse = id("Straße"), cafe = id("Café")
        #expect(try run(["tag", "\(strasse)", "+Signs", "+trip"]).stdout.contains("Signs, trip"))
        #expect(try run(["tag", "\(cafe)", "+SIGNS"]).status == 0)
        let tags = try json(["tags"])["tags"] as! [[String: Any]]
        #expect(tags.map { $0["name"] as! String } == ["Signs", "trip"])
        #expect(tags.map { $0["count"] as! Int } == [2, 1])
        let unknown = try run(["tag", "\(strasse)", "-nope"])
        #expect(unknown.status != 0 && unknown.stderr.contains("no tag named 'nope'"))
        let doubled = try run(["tag", "\(strasse)", "++x"])
        #expect(doubled.status != 0 && doubled.stderr == "wordbook: a tag name cannot begin with +: '+x' would show as ++x\n")
        #expect(try run(["tag", "\(strasse)", "+-x"]).status != 0)

        #expect(try run(["note", "\(cafe)", "on", "the", "corner"]).status == 0)
        #expect((try json(["search", "CORNER"])["words"] as! [[String: Any]]).map { $0["id"] as! Int } == [cafe])
        #expect((try json(["search", "cafe"])["words"] as! [[String: Any]]).map { $0["id"] as! Int } == [cafe])
        #expect((try json(["search", "STRASSE"])["words"] as! [[String: Any]]).map { $0["id"] as! Int }.contains(strasse))
        #expect(try run(["note", "\(cafe)", "--clear"]).status == 0)
        #expect((try json(["search", "corner"])["words"] as! [Any]).isEmpty)

        let tagged = try json(["list", "--tag", "signs", "--sort", "word"])
        #expect((tagged["words"] as! [[String: Any]]).map { $0["word"] as! String } == ["Café", "Straße"])
        #expect(try run(["list", "--language", "de", "--count"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
        let page = try json(["list", "--sort", "word", "--limit", "2", "--offset", "1"])
        #expect((page["words"] as! [Any]).count == 2)
        let range = try json(["list", "--from", "2026-10-01", "--to", "2026-10-20"])
        for word in range["words"] as! [[String: Any]] {
            #expect((word["book"] as! String) >= "2026-10-01" && (word["book"] as! String) <= "2026-10-20")
        }
        let badDate = try run(["list", "--from", "2026-02-30"])
        #expect(badDate.status != 0 && badDate.stderr.contains("--from must be a date written YYYY-MM-DD"))
        let unknownTag = try run(["list", "--tag", "nothing"])
        #expect(unknownTag.status != 0 && unknownTag.stderr.contains("there is no tag named 'nothing'"))

        let books = try json(["books"])["books"] as! [[String: Any]]
        #expect(books.count == 6 && books.map { $0["day"] as! String } == books.map { $0["day"] as! String }.sorted(by: >))
        let stats = try json(["stats"])
        #expect(stats["total"] as? Int == 6 && stats["proposed"] as? Int == 6)
        #expect((stats["languages"] as! [[String: Any]]).map { $0["language"] as! String } == ["de", "en", "fr"])
        #expect(try run(["stats"]).stdout.contains("streak"))
        let status = try json(["status"])
        #expect(status["words"] as? Int == 6 && status["waiting"] as? Int == 0)
    }
}

/// Backup, restore, pruning and the help every command carries, through the real binary.
@Suite struct BackupCommandTests {
    @Test func exportImportExportGivesTheSameDocumentAndImportingTwiceAddsNothing() throws {
        let scratch = try Scratch()
        let images = LabeledImage.all.filter { $0.language == "fr" }
        #expect(try wordbook(["ingest", "--language", "fr", "--config", scratch.config] + images.map(\.path)).status == 0)
        #expect(try wordbook(["confirm", "1", "--config", scratch.config]).status == 0)
        #expect(try wordbook(["grade", "1", "4", "--config", scratch.config]).status == 0)
        #expect(try wordbook(["tag", "1", "+Paris", "--config", scratch.config]).status == 0)
        #expect(try wordbook(["note", "1", "a \"quoted\", note", "--config", scratch.config]).status == 0)
        #expect(try wordbook(["gloss", "2", "my own, \"quoted\"", "--config", scratch.config]).status == 0)

        let first = "\(scratch.root)/first.json", second = "\(scratch.root)/second.json"
        #expect(try wordbook(["export", first, "--config", scratch.config]).status == 0)
        let empty = "\(scratch.root)/restored.sqlite"
        let restored = try wordbook(["import", first, "--db", empty, "--config", scratch.config])
        #expect(restored.stdout.contains("Imported \(images.count) words"))
        #expect(try wordbook(["export", second, "--db", empty, "--config", scratch.config]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data(contentsOf: URL(fileURLWithPath: second)))

        let again = try wordbook(["import", first, "--db", empty, "--config", scratch.config])
        #expect(again.stdout.contains("Imported 0 words, 0 books, 0 tags; \(images.count) already there."))

        let document = try BackupDocument.decode(try Data(contentsOf: URL(fileURLWithPath: first)))
        #expect(document.schemaVersion == AppDatabase.migrator.migrations.last)
        #expect(document.words.first?.reviews.count == 1 && document.words.first?.tags == ["Paris"])
        #expect(document.words.allSatisfy { $0.image?.jpeg.starts(with: [0xFF, 0xD8]) == true })
        // Glosses travel with the words: the dictionary's with its entry, and the learner's own.
        #expect(document.words.contains { $0.glossSource == .dictionary && $0.gloss != nil && $0.glossEntry != nil })
        #expect(document.words.contains { $0.glossSource == .learner && $0.gloss == "my own, \"quoted\"" })

        let csvPath = "\(scratch.root)/words.csv"
        #expect(try wordbook(["export", "--format", "csv", csvPath, "--config", scratch.config]).status == 0)
        let csv = try String(contentsOfFile: csvPath, encoding: .utf8)
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.count == images.count + 1)
        #expect(rows[0].hasPrefix("id,word,status,language,book"))
        #expect(rows[1].contains("\"a \"\"quoted\"\", note\""))
        #expect(rows[0].hasSuffix(",gloss,glossSource") && rows[2].hasSuffix(",\"my own, \"\"quoted\"\"\",learner"))

        let notABackup = try wordbook(["import", csvPath, "--db", empty, "--config", scratch.config])
        #expect(notABackup.status != 0 && notABackup.stderr.contains("is not a WordBook backup"))
    }

    @Test func pruneSaysHowManyAndAsksFirst() throws {
        let scratch = try Scratch()
        let images = LabeledImage.all.filter { $0.language == "de" }
        #expect(try wordbook(["ingest", "--language", "de", "--config", scratch.config] + images.map(\.path)).status == 0)
        #expect(try wordbook(["tag", "1", "+old", "--config", scratch.config]).status == 0)
        let negative = try wordbook(["prune", "--older-than", "-3", "--config", scratch.config])
        #expect(negative.status == 64 && negative.stderr.hasPrefix("wordbook: --older-than must be 0 or more days.\n"))
        let none = try wordbook(["prune", "--older-than", "100000", "--config", scratch.config])
        #expect(none.stdout.contains("No word book is older than 100000 days."))
        let declined = try wordbook(["prune", "--older-than", "0", "--config", scratch.config], input: "n\n")
        #expect(declined.stdout.contains("Delete \(images.count) word books") && declined.stdout.contains("Nothing deleted."))
        let accepted = try wordbook(["prune", "--older-than", "0", "--config", scratch.config], input: "y\n")
        #expect(accepted.stdout.contains("Deleted \(images.count) word books and \(images.count) words."))
        let stats = try wordbook(["stats", "--json", "--config", scratch.config])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 0)
        #expect(try wordbook(["tags", "--config", scratch.config]).stdout.contains("There are no tags yet."))
    }

    @Test func everyCommandHasHelpWithAnExampleAndCompletionsExist() throws {
        for command in try parserCommands() {
            let help = try wordbook([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("wordbook \(command)") && help.stdout.contains("xample"), "\(command)")
        }
        for shell in ["bash", "zsh", "fish"] {
            let script = try wordbook(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("wordbook") && script.stdout.contains("triage"), "\(shell)")
        }
    }
}
