import Foundation
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// A word's fields leave the program by one route: `list --json` and `export --format csv` name
/// every field of the `Word` record alike, and give it the record's value.
@Suite struct FieldNamesTests {
    /// The names docs/commands.md documents for the columns shown under another name, and the columns not shown.
    static let renamed = ["targetLanguage": "language", "masteryLevel": "mastery", "nextReviewDate": "nextReview",
                          "lastReviewDate": "lastReview", "sourceName": "source"]
    static let hidden: Set = ["wordBookId", "createdAt", "updatedAt", "box", "sourceSHA256", "glossEntry", "wordsAround", "glossHeadword"]

    /// The record's stored fields by name, nil where the word has no value.
    func recordFields(_ word: Word) -> [(name: String, value: Any?)] {
        Mirror(reflecting: word).children.map { child in
            let inner = Mirror(reflecting: child.value)
            let value: Any? = inner.displayStyle == .optional ? inner.children.first?.value : child.value
            return (child.label!, value)
        }
    }

    /// A value as a CSV cell shows it.
    func cell(_ value: Any?) -> String {
        switch value {
        case nil: ""
        case let texts as [String]: texts.joined(separator: "; ")
        case let number as NSNumber:
            Double(number.int64Value) == number.doubleValue ? "\(number.int64Value)" : "\(number.doubleValue)"
        case let value?: "\(value)"
        }
    }

    /// RFC 4180 rows, quoted fields with commas, quotes and line ends in them.
    func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch (quoted, character) {
            case (true, "\"") where characters.first == "\"": field.append("\""); characters.removeFirst()
            case (true, "\""): quoted = false
            case (true, _): field.append(character)
            case (false, "\""): quoted = true
            case (false, ","): row.append(field); field = ""
            case (false, "\r\n"), (false, "\n"): row.append(field); rows.append(row); row = []; field = ""
            default: field.append(character)
            }
        }
        return rows
    }

    @Test func listJSONAndTheCSVExportNameAndShowEveryFieldOfTheRecordAlike() throws {
        let scratch = try Scratch()
        let calendar = CaptureCalendar(timeZone: scratch.timeZone)
        let database = try AppDatabase.open(path: scratch.database, create: true)
        let captured = calendar.startOfDay("2026-11-02")!.addingTimeInterval(9 * 3600)
        for (index, word) in ["Brötchen", "Ausgang"].enumerated() {
            let filing = Filing(
                sourceName: "de/\(word).jpg", sourceSHA256: "fields-\(index)", capturedAt: captured, captureDay: "2026-11-02",
                nextReview: calendar.startOfNextDay(after: captured), language: .german, word: word, confidence: 90 + index,
                candidates: index == 0 ? ["Brotchen", "a \"quoted\", one"] : [], box: PixelBox(x: 1, y: 2, width: 3, height: 4),
                context: "Bäckerei \(word)", jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]), imageWidth: 1, imageHeight: 1,
                gloss: index == 0 ? Gloss(text: "bread roll (n, neut)", entry: "Brötchen {n} = bread roll", headword: "Brötchen") : nil)
            _ = try database.file(filing)
        }
        // The first word has a value in every field: confirmed, graded under FSRS, noted, tagged.
        try database.confirm(ids: [1])
        _ = try database.grade(id: 1, level: 4, calendar: calendar, scheduler: .fsrs(FSRSScheduler()))
        try database.setNote(id: 1, to: "at the bakery, \"on the corner\"\nsecond line")
        #expect(try wordbook(["tag", "1", "+signs", "+berlin", "--config", scratch.config]).status == 0)
        let words = try database.words(onDay: nil).map(\.word).sorted { $0.id! < $1.id! }
        #expect(recordFields(words[0]).allSatisfy { $0.value != nil }, "the first word should leave no field empty")

        let list = try wordbook(["list", "--json", "--config", scratch.config])
        #expect(list.status == 0, "\(list.stderr)")
        let objects = try #require((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["words"] as? [[String: Any]])
        let csvPath = "\(scratch.root)/words.csv"
        #expect(try wordbook(["export", "--format", "csv", csvPath, "--config", scratch.config]).status == 0)
        let rows = csvRows(try String(contentsOfFile: csvPath, encoding: .utf8))
        try #require(rows.count == 3 && objects.count == 2)
        let header = rows[0]

        // Every field of the record is a column under its shown name, and nothing else is.
        let shown = recordFields(words[0]).map(\.name).filter { !Self.hidden.contains($0) }.map { Self.renamed[$0] ?? $0 }
        #expect(Set(header) == Set(shown + ["book", "tags"]) && header.count == shown.count + 2)
        for (word, (object, row)) in zip(words, zip(objects, rows.dropFirst())) {
            let cells = Dictionary(uniqueKeysWithValues: zip(header, row))
            // JSON leaves out what the word has no value for; CSV leaves its cell empty.
            let present = recordFields(word).filter { $0.value != nil && !Self.hidden.contains($0.name) }
            #expect(Set(object.keys) == Set(present.map { Self.renamed[$0.name] ?? $0.name } + ["book", "tags"]))
            for (name, value) in recordFields(word) where !Self.hidden.contains(name) {
                let shownName = Self.renamed[name] ?? name
                let json = object[shownName]
                #expect(cells[shownName] == cell(json), "#\(word.id!) \(shownName): CSV \(cells[shownName] ?? "none"), JSON \(String(describing: json))")
                switch value {
                case nil: #expect(json == nil, "\(shownName)")
                case let date as Date: #expect(json as? String == calendar.iso8601(date), "\(shownName)")
                case let raw as any RawRepresentable: #expect(json as? String == raw.rawValue as? String, "\(shownName)")
                case let language as Language: #expect(json as? String == language.code, "\(shownName)")
                case let texts as [String]: #expect(json as? [String] == texts, "\(shownName)")
                case let text as String: #expect(json as? String == text, "\(shownName)")
                case let number as Int: #expect((json as? NSNumber)?.intValue == number, "\(shownName)")
                case let number as Int64: #expect((json as? NSNumber)?.int64Value == number, "\(shownName)")
                case let number as Double: #expect((json as? NSNumber)?.doubleValue == number, "\(shownName)")
                case let other?: Issue.record("\(shownName): a field of a kind this test does not know: \(type(of: other))")
                }
            }
            #expect(object["book"] as? String == "2026-11-02" && cells["book"] == "2026-11-02")
        }
        #expect(objects[0]["tags"] as? [String] == ["berlin", "signs"] && rows[1][header.firstIndex(of: "tags")!] == "berlin; signs")
    }
}
