import ArgumentParser
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the latest changes commands made to your words, the newest first.",
        discussion: """
            Each line: the change's number, when, the command, what it did, and (undone) once wordbook \
            undo has reverted it.

            Examples:
              wordbook history
              wordbook history --limit 100 --json
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("How many changes to list.", valueName: "n"))
    var limit = 20

    @Flag(help: "Print one JSON document.")
    var json = false

    struct ChangeJSON: Encodable {
        var id: Int64
        var madeAt: String
        var command: String
        var summary: String
        var words: [Int64]
        var undoneAt: String?
    }

    func validate() throws {
        if limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit).") }
    }

    func run() throws {
        let (database, configuration) = try options.openExisting(readingOnly: true)
        let calendar = configuration.calendar
        let changes = try database.changes(limit: limit)
        if json {
            try printJSON(["changes": changes.map {
                ChangeJSON(id: $0.change.id ?? 0, madeAt: calendar.iso8601($0.change.madeAt), command: $0.change.command,
                           summary: $0.change.summary, words: $0.wordIds, undoneAt: $0.change.undoneAt.map(calendar.iso8601))
            }])
            return
        }
        if changes.isEmpty { print("No change is logged yet.") }
        for logged in changes {
            let change = logged.change
            // A summary quotes notes, tags and words as they were typed, raw in databases from before they were checked.
            print("\(change.id ?? 0)  \(calendar.iso8601(change.madeAt))  \(change.command.escapingControlCharacters)  \(change.summary.escapingControlCharacters)"
                + (change.undoneAt == nil ? "" : "  (undone)"))
        }
    }
}
