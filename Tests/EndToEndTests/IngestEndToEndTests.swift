import Foundation
import TestDatasets
import Testing
@testable import WordBookPipeline
import WordBookVocabulary

/// `wordbook ingest --json` with the real binary: the one-line-per-input contract docs/commands.md documents, and
/// `gloss` when a dictionary gave the word one.
@Suite struct IngestEndToEndTests {
    static let contractKeys: Set<String> = [
        "file", "status", "id", "word", "confidence", "candidates", "gloss", "book", "nextReview", "error",
    ]

    @Test func everyLineParsesAndFollowsTheContract() throws {
        let scratch = try Scratch()
        let notAnImage = "\(scratch.root)/notes.jpg"
        try "shopping list".write(toFile: notAnImage, atomically: true, encoding: .utf8)
        let calendar = CaptureCalendar(timeZone: scratch.timeZone)
        var ids: [String: Int] = [:]

        for language in ["en", "de", "fr", "es"] {
            let images = LabeledImage.all.filter { $0.language == language }
            var inputs = images.map(\.path)
            if language == "en" { inputs.append(notAnImage) }
            let result = try wordbook(["ingest", "--json", "--language", language, "--config", scratch.config] + inputs)
            #expect(result.status == (language == "en" ? 1 : 0), "exit status reflects the failed input")
            // The word book is closed when ingest ends: SQLite leaves no -wal or -shm beside it.
            #expect(!FileManager.default.fileExists(atPath: "\(scratch.database)-wal"), "ingest left a -wal behind")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == inputs.count)
            for (line, input) in zip(lines, inputs) {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(Set(object.keys).isSubset(of: Self.contractKeys), "\(object.keys)")
                #expect(object["file"] as? String == input)
                guard let image = images.first(where: { $0.path == input }) else {
                    #expect(object["status"] as? String == "failed")
                    #expect((object["error"] as? String)?.isEmpty == false)
                    #expect(object["id"] == nil)
                    continue
                }
                #expect(object["status"] as? String == "filed")
                #expect(object["word"] as? String == image.word, "\(image.file)")
                let id = try #require(object["id"] as? Int)
                ids[image.file] = id
                let confidence = try #require(object["confidence"] as? Int)
                #expect((0...100).contains(confidence))
                let candidates = try #require(object["candidates"] as? [String])
                #expect(candidates.count <= 4 && !candidates.contains(image.word))
                let book = try #require(object["book"] as? String)
                if let captured = image.captured { #expect(book == calendar.day(of: captured)) }
                let nextReview = try #require(object["nextReview"] as? String)
                #expect(nextReview == calendar.iso8601(calendar.startOfNextDay(after: calendar.startOfDay(book)!)))
                #expect(object["error"] == nil)
            }
        }

        // The same photo again is a duplicate carrying the first entry's id.
        let first = LabeledImage.all[0]
        let again = try wordbook(["ingest", "--json", "--config", scratch.config, first.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "duplicate")
        #expect(object["id"] as? Int == ids[first.file])
    }

    @Test func aSharpSMisreadAsAnotherLetterIsNoCandidate() throws {
        let scratch = try Scratch()
        let sign = try #require(LabeledImage.all.first { $0.word == "Straße" })
        let result = try wordbook(["ingest", "--json", "--language", "de", "--config", scratch.config, sign.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["word"] as? String == "Straße")
        let candidates = try #require(object["candidates"] as? [String])
        // One of Tesseract's attempts reads the ß as B: StraBe is no word a learner would pick.
        let misread = candidates.filter { $0.count == 6 && $0.lowercased().hasPrefix("stra") && $0.lowercased().hasSuffix("e") && !$0.contains("ß") }
        #expect(misread.isEmpty, "\(candidates)")
    }

    @Test func aReadingThatLostTheWordsAccentIsNoCandidate() throws {
        let scratch = try Scratch()
        // A sign of scenes-dev that says Soufflé, which one reading gives as Souffle.
        let sign = sharedDatasets(root: repositoryRoot).appendingPathComponent("scenes-dev/de/de_sign_012.jpg").path
        let result = try wordbook(["ingest", "--json", "--language", "de", "--config", scratch.config, sign])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["word"] as? String == "Soufflé")
        let candidates = try #require(object["candidates"] as? [String])
        #expect(!candidates.contains { $0.lowercased() == "souffle" }, "\(candidates)")
    }

    @Test func userErrorsAreOneSentenceAndNonZero() throws {
        let scratch = try Scratch()
        let badLanguage = try wordbook(["ingest", "--language", "xx", "--config", scratch.config, "/dev/null"])
        #expect(badLanguage.status != 0 && badLanguage.stderr.contains("a language is one of en, de, fr, es"))

        let missingDatabase = try wordbook(["pending", "--config", scratch.config])
        #expect(missingDatabase.status != 0)
        #expect(missingDatabase.stderr.contains("there is no word book at \(scratch.database) yet"))
        #expect(!FileManager.default.fileExists(atPath: scratch.database), "no empty database appears")

        try "[storage]\nmax_edge = \"big\"\n".write(toFile: scratch.config, atomically: true, encoding: .utf8)
        let badConfig = try wordbook(["status", "--config", scratch.config])
        #expect(badConfig.status != 0)
        #expect(badConfig.stderr.contains("\(scratch.config): storage.max_edge must be a whole number"))
    }

    @Test func showWritesTheStoredJPEGAndStatusCountsTheInbox() throws {
        let scratch = try Scratch()
        let image = LabeledImage.all.first { $0.orientation == 6 }!
        let filed = try wordbook(["ingest", "--json", "--language", image.language, "--config", scratch.config, image.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(filed.stdout.utf8)) as? [String: Any])
        let id = try #require(object["id"] as? Int)

        let output = "\(scratch.root)/out.jpg"
        let shown = try wordbook(["show", "\(id)", "--image", output, "--config", scratch.config])
        // Only the photo: one line says where it went, and the entry is not printed again.
        #expect(shown.status == 0 && shown.stdout == "Wrote the photo of #\(id) (1134 × 1512) to \(output).\n", "\(shown.stdout)")
        let photo = try PhotoDecoder(maxPixels: 100_000_000).decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))), longEdge: 4000)
        // Upright: a portrait photo stays portrait. Its 4032 px long edge is stored at the DCT scale 3/8,
        // 1512 px: at most 1600, and nothing resampled after decoding.
        #expect(photo.picture.height == 1512 && photo.picture.width == 1134)

        let unknown = try wordbook(["show", "999", "--config", scratch.config])
        #expect(unknown.status != 0 && unknown.stderr.contains("there is no word with ID 999"))

        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: image.path, toPath: "\(scratch.inbox)/waiting.jpg")
        let status = try wordbook(["status", "--config", scratch.config])
        #expect(status.status == 0)
        #expect(status.stdout.contains("1 photo waiting"))
        #expect(status.stdout.contains("last filed #\(id) \"\(image.word)\""))
    }
}
