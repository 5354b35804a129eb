import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a word's original photo, as the worker archived it, in your image viewer.",
        discussion: """
            The photo goes to xdg-open, which starts the desktop's viewer; set WORDBOOK_OPENER to a \
            program to use that one instead (it gets the photo's path as its one argument).

            Examples:
              wordbook open 12
              WORDBOOK_OPENER=feh wordbook open 12
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The word's ID.", valueName: "id"))
    var id: WordID

    func run() throws {
        let (database, configuration) = try options.openExisting(readingOnly: true)
        let word = try database.word(id: id.value)
        let book = try database.book(id: word.wordBookId)?.recordDate ?? ""
        let paths = try options.paths(configuration)
        guard let original = archivedOriginal(of: word, book: book, paths: paths) else {
            let expected = paths.archivedOriginal(day: book, sourceName: word.sourceName)
            throw CommandFailure("the original of #\(id.value) is not in the archive (no \(expected.escapingControlCharacters)): it was deleted after filing, filed by ingest, or moved; wordbook show \(id.value) --image FILE writes the stored copy.")
        }
        let opener = ProcessInfo.processInfo.environment["WORDBOOK_OPENER"].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        guard let program = Self.executable(opener) else {
            throw Unavailable(opener == "xdg-open"
                ? "no program to open photos is installed: install xdg-utils (for xdg-open), or set WORDBOOK_OPENER to a viewer."
                : "the opener \(opener.escapingControlCharacters) named by WORDBOOK_OPENER is not an executable program.")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [original]
        do {
            try process.run()
        } catch {
            throw Unavailable("\(opener.escapingControlCharacters) could not be started: \(error.localizedDescription).")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandFailure("\(opener.escapingControlCharacters) could not open \(original.escapingControlCharacters) (exit status \(process.terminationStatus)).")
        }
        print("Opened \(original.escapingControlCharacters) with \(opener.escapingControlCharacters).")
    }

    /// The program's path: as given when it holds a slash, else the first match on `$PATH`.
    static func executable(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
