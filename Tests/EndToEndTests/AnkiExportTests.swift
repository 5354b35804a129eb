import Foundation
import Testing
import WordBookDigest
import WordBookVocabulary

/// The Python of the test environment, with PyPI's anki (bash scripts/python-env.sh makes it).
let testPython = repositoryRoot.appendingPathComponent(".build/pyenv/bin/python").path

/// `wordbook export --format apkg`, imported by Anki itself (the anki package, headless).
@Suite(.serialized) struct AnkiExportTests {
    let scratch: Scratch
    /// Word IDs by the word their photo shows.
    let ids: [String: Int]
    static let labels = ["Straße", "Brötchen", "Café", "Fenêtre", "Mañana", "Baño"]

    /// The app's rule, whose intervals the Anki card carries over as they are.
    static let interval = "[review]\nscheduler = \"interval\""
    static let filed = Result {
        try FiledWordBook(["de", "fr", "es"].flatMap { language in
            LabeledImage.all.filter { $0.language == language && labels.contains($0.word) }.map { ($0.file, language) }
        }, configuration: interval)
    }

    init() throws {
        scratch = try Scratch()
        let plain = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (plain + "\n" + Self.interval + "\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
        let filed = try Self.filed.get()
        try filed.copy(to: scratch)
        var ids: [String: Int] = [:]
        for image in LabeledImage.all { if let id = filed.filed[image.file]?["id"] as? Int { ids[image.word] = id } }
        self.ids = ids
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        let result = try wordbook(arguments + ["--config", scratch.config])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    func show(_ word: String) throws -> [String: Any] {
        let result = try run(["show", "\(ids[word]!)", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["word"] as? [String: Any])
    }

    /// Imports `package` into the collection at `collection` (made when missing) and returns what it then holds.
    func ankiImport(_ package: String, into collection: String) throws -> [String: Any] {
        let result = try runProgram(testPython, [repositoryRoot.appendingPathComponent("Tests/Python/anki_import.py").path,
                                                 collection, package],
                                    environment: ["TZ": scratch.timeZone.identifier])
        try #require(result.status == 0, "anki_import.py failed: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func notesByWord(_ imported: [String: Any]) throws -> [String: [String: Any]] {
        let notes = try #require(imported["noteList"] as? [[String: Any]])
        var byWord: [String: [String: Any]] = [:]
        for note in notes {
            let fields = try #require(note["fields"] as? [String: String])
            byWord[try #require(fields["Word"])] = note
        }
        return byWord
    }

    @Test func ankiImportsTheWordsPhotosTagsAndScheduleAndALaterExportUpdatesThem() throws {
        try #require(FileManager.default.isExecutableFile(atPath: testPython),
                     "no Python test environment at \(testPython): run bash scripts/python-env.sh (make test does)")
        try #require(ids.count == Self.labels.count, "ingest filed \(ids)")
        for label in Self.labels { _ = try run(["correct", "\(ids[label]!)", label]) }
        _ = try run(["reject", "\(ids["Baño"]!)"])
        _ = try run(["tag", "\(ids["Straße"]!)", "+street signs", "+trip"])
        _ = try run(["note", "\(ids["Café"]!)", "on the corner, <near> the tram & bus"])
        _ = try run(["grade", "\(ids["Straße"]!)", "5"])

        let package = "\(scratch.root)/words.apkg"
        let export = try run(["export", "--format", "apkg", package])
        #expect(export.stdout.contains("Exported 5 words (1 with review history, 4 new) and 5 photos"), "\(export.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.root).filter { $0.hasSuffix(".part") }.isEmpty)

        let collection = "\(scratch.root)/anki/collection.anki2"
        try FileManager.default.createDirectory(atPath: "\(scratch.root)/anki", withIntermediateDirectories: true)
        let first = try ankiImport(package, into: collection)
        #expect(first["notes"] as? Int == 5)
        #expect(first["cards"] as? Int == 5)
        #expect(first["revlog"] as? Int == 1)
        #expect((first["imported"] as? [String: Int])?["new"] == 5)
        let decks = try #require(first["decks"] as? [String])
        #expect(Set(["WordBook", "WordBook::German", "WordBook::French", "WordBook::Spanish"]).isSubset(of: Set(decks)), "\(decks)")

        let notes = try notesByWord(first)
        #expect(Set(notes.keys) == Set(["Straße", "Brötchen", "Café", "Fenêtre", "Mañana"]), "rejected Baño stays out")
        let media = try #require(first["media"] as? [String: String])
        #expect(media.count == 5)
        for (word, note) in notes {
            let fields = try #require(note["fields"] as? [String: String])
            let shown = try show(word)
            #expect(fields["Language"] == ["de": "German", "fr": "French", "es": "Spanish"][shown["language"] as! String])
            #expect(fields["Captured"] == shown["book"] as? String)
            // The back shows the word's meaning: its gloss, HTML-escaped, or nothing.
            #expect(fields["Meaning"] == (shown["gloss"] as? String ?? "")
                .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;"), "\(word)")
            #expect(note["noteType"] as? String == "WordBook")
            let card = try #require((note["cards"] as? [[String: Any]])?.first)
            #expect(card["deck"] as? String == "WordBook::\(fields["Language"]!)")

            // The photo on the card is the stored JPEG, byte for byte.
            let photo = try #require(fields["Photo"])
            let name = try #require(photo.split(separator: "\"").dropFirst().first.map(String.init), "\(photo)")
            #expect(photo == "<img src=\"\(name)\">")
            let stored = "\(scratch.root)/\(word).jpg"
            _ = try run(["show", "\(ids[word]!)", "--image", stored])
            let bytes = try Data(contentsOf: URL(fileURLWithPath: stored))
            #expect(media[name] == Digest.sha256Hex(bytes), "\(word)")
        }

        let cafe = try #require(notes["Café"]?["fields"] as? [String: String])
        #expect(cafe["Notes"] == "on the corner, &lt;near&gt; the tram &amp; bus")
        let strasse = try #require(notes["Straße"])
        #expect((strasse["fields"] as? [String: String])?["Meaning"]?.contains("street") == true)
        #expect(Set(strasse["tags"] as? [String] ?? []) == ["street_signs", "trip"])
        let reviewed = try #require((strasse["cards"] as? [[String: Any]])?.first)
        let shownStrasse = try show("Straße")
        #expect(reviewed["type"] as? Int == 2 && reviewed["queue"] as? Int == 2)
        #expect(reviewed["ivl"] as? Int == 2 && shownStrasse["reviewInterval"] as? Int == 2)
        #expect(reviewed["reps"] as? Int == 1 && reviewed["factor"] as? Int == 2500)
        #expect(reviewed["dueDate"] as? String == (shownStrasse["nextReview"] as? String).map { String($0.prefix(10)) },
                "due on the day wordbook would review it")
        for word in ["Brötchen", "Café", "Fenêtre", "Mañana"] {
            let card = try #require((notes[word]?["cards"] as? [[String: Any]])?.first)
            #expect(card["type"] as? Int == 0 && card["queue"] as? Int == 0, "\(word) is new")
        }

        // Anki keeps note times in whole seconds and takes a note only from a newer one.
        Thread.sleep(forTimeInterval: 1.1)
        _ = try run(["note", "\(ids["Café"]!)", "by the station"])
        _ = try run(["correct", "\(ids["Mañana"]!)", "mañana"])
        _ = try run(["tag", "\(ids["Brötchen"]!)", "+bakery"])
        _ = try run(["export", "--format", "apkg", package])
        let second = try ankiImport(package, into: collection)
        #expect(second["notes"] as? Int == 5, "updated, not added again")
        #expect(second["cards"] as? Int == 5)
        #expect((second["imported"] as? [String: Int]) == ["new": 0, "updated": 3, "duplicate": 2, "conflicting": 0])
        #expect((second["media"] as? [String: String])?.count == 5)
        let updated = try notesByWord(second)
        #expect((updated["Café"]?["fields"] as? [String: String])?["Notes"] == "by the station")
        #expect(updated["mañana"] != nil && updated["Mañana"] == nil)
        #expect(updated["Brötchen"]?["tags"] as? [String] == ["bakery"])
    }

    @Test func aWordScheduledByFSRSTakesItsMemoryStateToAnki() throws {
        try #require(FileManager.default.isExecutableFile(atPath: testPython),
                     "no Python test environment at \(testPython): run bash scripts/python-env.sh (make test does)")
        let fsrs = "\(scratch.root)/fsrs.toml"
        let plain = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try plain.replacingOccurrences(of: "scheduler = \"interval\"", with: "scheduler = \"fsrs\"\ndesired_retention = 0.85")
            .write(toFile: fsrs, atomically: true, encoding: .utf8)
        for label in ["Café", "Fenêtre"] { _ = try run(["correct", "\(ids[label]!)", label]) }
        let graded = try wordbook(["grade", "\(ids["Café"]!)", "4", "--config", fsrs])
        try #require(graded.status == 0, "\(graded.stderr)")
        let word = try show("Café")
        let stability = try #require(word["stability"] as? Double)
        let difficulty = try #require(word["difficulty"] as? Double)

        let package = "\(scratch.root)/fsrs.apkg"
        let export = try wordbook(["export", "--format", "apkg", package, "--status", "confirmed", "--config", fsrs])
        try #require(export.status == 0, "\(export.stderr)")
        try FileManager.default.createDirectory(atPath: "\(scratch.root)/anki-fsrs", withIntermediateDirectories: true)
        let notes = try notesByWord(try ankiImport(package, into: "\(scratch.root)/anki-fsrs/collection.anki2"))
        let card = try #require((notes["Café"]?["cards"] as? [[String: Any]])?.first)
        #expect(card["type"] as? Int == 2)
        #expect(abs((card["stability"] as? Double ?? 0) - stability) < 1e-3, "Anki has \(card), WordBook \(stability)")
        #expect(abs((card["difficulty"] as? Double ?? 0) - difficulty) < 1e-3, "Anki has \(card), WordBook \(difficulty)")
        let fresh = try #require((notes["Fenêtre"]?["cards"] as? [[String: Any]])?.first)
        #expect(fresh["stability"] == nil, "a word never graded has no memory state")
    }

    @Test func filtersChooseTheWordsAndMistakesSayWhatWentWrong() throws {
        for label in Self.labels { _ = try run(["correct", "\(ids[label]!)", label]) }
        let package = "\(scratch.root)/german.apkg"
        let german = try run(["export", "--format", "apkg", package, "--language", "de", "--status", "confirmed"])
        #expect(german.stdout.contains("Exported 2 words"), "\(german.stdout)")
        #expect(german.stdout.contains("WordBook::German") && !german.stdout.contains("French"))

        let none = try wordbook(["export", "--format", "apkg", "\(scratch.root)/none.apkg", "--status", "rejected", "--config", scratch.config])
        #expect(none.status != 0)
        #expect(none.stderr == "wordbook: no words match, so \(scratch.root)/none.apkg was not written\n")
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.root)/none.apkg"))

        let missing = "\(scratch.root)/no-such-folder/words.apkg"
        let unwritable = try wordbook(["export", "--format", "apkg", missing, "--config", scratch.config])
        #expect(unwritable.status != 0)
        #expect(unwritable.stderr.hasPrefix("wordbook: \(missing) could not be written: the folder"), "\(unwritable.stderr)")
        #expect(unwritable.stderr.split(separator: "\n").count == 1)

        // A failed export leaves an earlier package as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: package))
        let failed = try wordbook(["export", "--format", "apkg", package, "--tag", "nothing", "--config", scratch.config])
        #expect(failed.status != 0 && failed.stderr.contains("there is no tag named 'nothing'"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: package)) == before)

        let backupFilter = try wordbook(["export", "\(scratch.root)/backup.json", "--language", "de", "--config", scratch.config])
        #expect(backupFilter.status != 0 && backupFilter.stderr.contains("choose words for --format apkg"))
    }
}
