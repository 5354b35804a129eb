import Foundation
import GRDB
import Testing
@testable import WordBookSettings

/// Escape sequences and line ends in a photo's name or a word reach neither the terminal nor the
/// log raw: they are shown escaped, and every record stays one line.
@Suite struct ControlCharacterTests {
    /// A name that would set the terminal's title, clear the screen and forge a log line.
    static let hostileName = "sign\u{1B}]0;owned\u{07}\u{1B}[2J\nFAKE error line\u{9B}31m.jpg"
    static let hostileWord = "Ausgang\u{1B}[31m\nFAKE line\u{202E}"
    /// OSC 52 writes the terminal's clipboard (here `rm -rf ~` and a newline); kitty's APC draws; C1 CSI clears.
    static let hostileNote = "see \u{1B}]52;c;cm0gLXJmIH4K\u{07}\u{1B}_Gf=100;AAAA\u{1B}\\\u{9B}2J\u{07}\nFAKE note line"

    func expectNoRawControls(_ text: String, _ context: String) {
        let raw = text.unicodeScalars.filter { $0 != "\n" && String.isControl($0) }
        #expect(raw.isEmpty, "\(context): \(raw.map { String($0.value, radix: 16) })")
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("FAKE") }, "\(context)")
    }

    @Test func theCommandLineShowsNamesAndWordsEscaped() throws {
        let scratch = try Scratch()
        let photo = try distinctPhotos(1)[0]
        let path = "\(scratch.root)/\(Self.hostileName)"
        try photo.data.write(to: URL(fileURLWithPath: path))

        let ingested = try wordbook(["ingest", "--config", scratch.config, path])
        #expect(ingested.status == 0, "\(ingested.stderr)")
        expectNoRawControls(ingested.stdout, "ingest")
        #expect(ingested.stdout.split(separator: "\n").count == 1 && ingested.stdout.contains("\\u{1B}]0;owned"), "\(ingested.stdout)")

        // Typed, a word, note or tag with control characters is refused in one sentence, and nothing changes.
        for command in [["correct", "1", Self.hostileWord], ["note", "1", Self.hostileNote], ["tag", "1", "+odd\u{1B}[5mtag"],
                        ["correct", "1", "Aus\u{200B}gang"]] {
            let refused = try wordbook(command + ["--config", scratch.config])
            #expect(refused.status != 0, "\(command)")
            #expect(refused.stderr.contains("a control or invisible character") && refused.stderr.split(separator: "\n").count == 1,
                    "\(command): \(refused.stderr)")
            expectNoRawControls(refused.stderr, "\(command)")
        }
        #expect(try wordbook(["history", "--config", scratch.config]).stdout.contains("No change is logged yet"))

        // A word book from before the check holds them raw: the word, a note, a tag and the change log.
        try DatabaseQueue(path: scratch.database).write { db in
            try db.execute(sql: "UPDATE word SET word = ?, notes = ?", arguments: [Self.hostileWord, Self.hostileNote])
            try db.execute(sql: "INSERT INTO tag (name, key) VALUES (?, ?)", arguments: ["odd\u{1B}[5mtag", "odd\u{1B}[5mtag"])
            try db.execute(sql: "INSERT INTO wordTag (wordId, tagId) VALUES (1, 1)")
        }
        let noted = try wordbook(["note", "1", "harmless", "--config", scratch.config])
        #expect(noted.status == 0, "\(noted.stderr)")
        try DatabaseQueue(path: scratch.database).write { db in
            try db.execute(sql: "UPDATE change SET summary = ?, command = ?", arguments: ["noted on #1: " + Self.hostileNote, "note\u{9B}2J"])
        }
        // show's photo is the program's own colour sequences: left out, so every control left is the word's.
        for command in [["list"], ["show", "1", "--no-image"], ["search", "Ausgang"], ["status"], ["tags"], ["due", "--at", "2099-01-01"],
                        ["history"], ["undo"]] {
            let result = try wordbook(command + ["--config", scratch.config], terminal: true)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            expectNoRawControls(result.stdout, "\(command)")
            if command == ["history"] || command == ["undo"] {
                #expect(result.stdout.contains("\\u{1B}]52;c;cm0gLXJmIH4K\\u{7}"), "\(command): \(result.stdout)")
            }
        }
        // JSON keeps the word exactly, escaped the JSON way.
        let json = try wordbook(["show", "1", "--json", "--config", scratch.config])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["word"] as? [String: Any])?["word"] as? String == Self.hostileWord)
    }

    @Test func theWorkersLogKeepsOneLineAPhoto() throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        let photo = try distinctPhotos(1)[0]
        let staging = "\(scratch.root)/\(Self.hostileName)"
        try photo.data.write(to: URL(fileURLWithPath: staging))
        #expect(rename(staging, "\(scratch.inbox)/\(Self.hostileName)") == 0)
        #expect(eventually(timeout: 120) { worker.output.contains("filed sign") }, "\(worker.output)")
        #expect(worker.stop() == 0)
        expectNoRawControls(worker.output, "log")
        #expect(worker.output.contains("sign\\u{1B}]0;owned\\u{7}\\u{1B}[2J\\nFAKE error line\\u{9B}31m.jpg"), "\(worker.output)")
    }

    @Test func everyControlCharacterIsEscapedAndOtherTextKept() {
        #expect("Straße café 東京 😀".escapingControlCharacters == "Straße café 東京 😀")
        #expect("a\tb\rc\nd\u{0}e\u{7F}f\u{85}g\u{2066}".escapingControlCharacters == "a\\tb\\rc\\nd\\u{0}e\\u{7F}f\\u{85}g\\u{2066}")
        #expect("line one\nline\u{1B}two".escapingControlCharacters(keepingNewlines: true) == "line one\nline\\u{1B}two")
    }
}
