import Foundation
import Testing
@testable import WordBookSettings

/// Escape sequences and line ends in a photo's name or a word reach neither the terminal nor the
/// log raw: they are shown escaped, and every record stays one line.
@Suite struct ControlCharacterTests {
    /// A name that would set the terminal's title, clear the screen and forge a log line.
    static let hostileName = "sign\u{1B}]0;owned\u{07}\u{1B}[2J\nFAKE error line\u{9B}31m.jpg"
    static let hostileWord = "Ausgang\u{1B}[31m\nFAKE line\u{202E}"

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

        let corrected = try wordbook(["correct", "1", Self.hostileWord, "--config", scratch.config])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        expectNoRawControls(corrected.stdout, "correct")
        #expect(corrected.stdout.contains("Ausgang\\u{1B}[31m\\nFAKE line\\u{202E}"), "\(corrected.stdout)")
        _ = try wordbook(["tag", "1", "+odd\u{1B}[5mtag", "--config", scratch.config])
        // show's photo is the program's own colour sequences: left out, so every control left is the word's.
        for command in [["list"], ["show", "1", "--no-image"], ["search", "Ausgang"], ["status"], ["tags"], ["due", "--at", "2099-01-01"]] {
            let result = try wordbook(command + ["--config", scratch.config], terminal: true)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            expectNoRawControls(result.stdout, "\(command)")
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
