import ArgumentParser
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Note: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Write a note on a word, or clear it.",
        discussion: """
            Examples:
              wordbook note 12 "seen on the tram stop sign"
              wordbook note 12 --clear
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The word's ID.", valueName: "id"))
    var id: WordID

    @Argument(help: "The note.")
    var text: [String] = []

    @Flag(help: "Remove the note.")
    var clear = false

    func validate() throws {
        if clear && !text.isEmpty { throw ValidationError("give a note or --clear, not both.") }
        if !clear && text.isEmpty { throw ValidationError("give the note's text, or --clear to remove it.") }
    }

    func run() throws {
        let (database, _) = try options.openExisting()
        try database.setNote(id: id.value, to: clear ? "" : text.joined(separator: " "))
        print(clear ? "Cleared the note of #\(id.value)." : "Noted on #\(id.value).")
    }
}

struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Add (+name) and remove (-name) tags on a word; names ignore case.",
        discussion: "Example: wordbook tag 12 +food +paris -todo")

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The word's ID.", valueName: "id"))
    var id: WordID

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("+name to add, -name to remove.", valueName: "+name|-name"))
    var changes: [String] = []

    func validate() throws {
        guard !changes.isEmpty else { throw ValidationError("give at least one +name or -name.") }
        for change in changes where !(change.hasPrefix("+") || change.hasPrefix("-")) || change.count < 2 {
            throw ValidationError("'\(change)' must be +name to add a tag or -name to remove one.")
        }
    }

    func run() throws {
        let (database, _) = try options.openExisting()
        let tags = try database.retag(
            id: id.value,
            adding: changes.filter { $0.hasPrefix("+") }.map { String($0.dropFirst()) },
            removing: changes.filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) })
        print("#\(id.value): \(tags.isEmpty ? "no tags" : tags.map(\.escapingControlCharacters).joined(separator: ", "))")
    }
}

struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List the tags with how many words carry each.",
        discussion: "Example: wordbook tags")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print one JSON document.")
    var json = false

    struct TagJSON: Encodable {
        var name: String
        var count: Int
    }

    func run() throws {
        let (database, _) = try options.openExisting()
        let tags = try database.tagCounts()
        if json {
            try printJSON(["tags": tags.map { TagJSON(name: $0.name, count: $0.count) }])
            return
        }
        if tags.isEmpty { print("There are no tags yet.") }
        for tag in tags { print("\(tag.name.escapingControlCharacters)  \(tag.count)") }
    }
}
