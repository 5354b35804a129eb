import Foundation
import Glibc
import Testing
@testable import WordBookSettings
@testable import WordBookStore

/// `show` names the original the worker archived and `open` hands it to the opener: the real worker
/// files a photo from the inbox, and a small script stands in for xdg-open, recording what it got.
@Suite(.serialized) struct OpenOriginalTests {
    @Test func showNamesTheArchivedOriginalAndOpenHandsItToTheOpener() throws {
        let scratch = try Scratch(workers: 1)
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        let worker = try Worker(scratch)
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching())
        let source = repositoryRoot.appendingPathComponent("TestImages/cafe.jpg").path
        try FileManager.default.copyItem(atPath: source, toPath: "\(scratch.root)/Café du coin.jpg")
        rename("\(scratch.root)/Café du coin.jpg", "\(scratch.inbox)/Café du coin.jpg")
        let database = try AppDatabase.open(path: scratch.database, create: true)
        #expect(try eventually(timeout: 120) { try database.wordCount() == 1 && !scratch.files(under: "archive").isEmpty },
                "\(worker.output)")
        let id = try #require(try database.words(WordQuery()).first?.word.id)
        // cafe.jpg was taken on 2026-10-09 (Europe/Berlin): its book's day, and its archive folder.
        let archived = "\(scratch.data)/archive/2026-10-09/Café du coin.jpg"
        #expect(scratch.files(under: "archive") == ["2026-10-09/Café du coin.jpg"])

        let shown = try wordbook(["show", "\(id)", "--config", scratch.config])
        #expect(shown.stdout.contains("  original    \(archived)\n"), "\(shown.stdout)")
        let json = try wordbook(["show", "\(id)", "--json", "--config", scratch.config])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["original"] as? String == archived)

        let record = "\(scratch.root)/opened.txt", opener = "\(scratch.root)/opener.sh"
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n".write(toFile: opener, atomically: true, encoding: .utf8)
        chmod(opener, 0o755)
        let opened = try wordbook(["open", "\(id)", "--config", scratch.config], environment: ["WORDBOOK_OPENER": opener])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try String(contentsOfFile: record, encoding: .utf8) == archived + "\n", "one argument: the archived original")

        // Another photo of the same name, taken the same day: the worker archives it as NAME (2), and
        // show tells the two apart by their SHA-256.
        var other = try Data(contentsOf: URL(fileURLWithPath: source))
        other.append(contentsOf: Array("another photo".utf8))
        try other.write(to: URL(fileURLWithPath: "\(scratch.root)/Café du coin.jpg"))
        rename("\(scratch.root)/Café du coin.jpg", "\(scratch.inbox)/Café du coin.jpg")
        #expect(try eventually(timeout: 120) { try database.wordCount() == 2 && scratch.files(under: "archive").count == 2 },
                "\(worker.output)")
        let second = try #require(try database.words(WordQuery()).compactMap(\.word.id).first { $0 != id })
        let secondShown = try wordbook(["show", "\(second)", "--config", scratch.config]).stdout
        #expect(secondShown.contains("  original    \(scratch.data)/archive/2026-10-09/Café du coin (2).jpg\n"), "\(secondShown)")
        #expect(try wordbook(["show", "\(id)", "--config", scratch.config]).stdout.contains("  original    \(archived)\n"))

        // An unknown ID, and no opener installed: one sentence each, nothing opened.
        try FileManager.default.removeItem(atPath: record)
        let unknown = try wordbook(["open", "999", "--config", scratch.config], environment: ["WORDBOOK_OPENER": opener])
        #expect(unknown.status != 0 && unknown.stderr == "wordbook: there is no word with ID 999\n", "\(unknown.stderr)")
        let none = try wordbook(["open", "\(id)", "--config", scratch.config], environment: ["WORDBOOK_OPENER": "", "PATH": "\(scratch.root)/empty"])
        #expect(none.status == 69 && none.stderr.hasPrefix("wordbook: no program to open photos is installed: install xdg-utils"),
                "\(none.stderr)")
        #expect(none.stderr.split(separator: "\n").count == 1)

        // The original gone from the archive: show says so, open refuses in one sentence.
        try FileManager.default.removeItem(atPath: archived)
        let missing = try wordbook(["open", "\(id)", "--config", scratch.config], environment: ["WORDBOOK_OPENER": opener])
        // The command line was right: status 1 (could not do it), not 64 (usage).
        #expect(missing.status == 1 && missing.stderr.hasPrefix("wordbook: the original of #\(id) is not in the archive"), "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: record), "the opener never ran")
        #expect(try wordbook(["show", "\(id)", "--config", scratch.config]).stdout.contains("  original    not in the archive\n"))
    }
}
