import ArgumentParser
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Confirm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Accept proposed words as they are.",
        discussion: "Example: wordbook confirm 12 13 14")

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("IDs of the words, as wordbook pending shows them.", valueName: "id"))
    var ids: [WordID]

    func run() throws {
        let (database, _) = try options.openExisting()
        let ids = once(ids.map(\.value))
        try database.confirm(ids: ids)
        print("Confirmed \(ids.map { "#\($0)" }.joined(separator: ", ")).")
    }
}

struct Correct: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Replace a proposed word with the right one, or with candidate N, and confirm it.",
        discussion: """
            Examples:
              wordbook correct 12 Straße
              wordbook correct 12 2      (candidate 2 of those wordbook pending shows)
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The word's ID.", valueName: "id"))
    var id: WordID

    @Argument(help: "The right word, or the number of a candidate.")
    var word: String

    func run() throws {
        let (database, configuration) = try options.openExisting()
        var text = word
        if let number = Int(word) {
            let candidates = try database.word(id: id.value).candidates
            guard (1...max(1, candidates.count)).contains(number), number <= candidates.count else {
                throw CommandFailure("#\(id.value) has \(candidates.count) candidate\(candidates.count == 1 ? "" : "s"), so there is no candidate \(number).")
            }
            text = candidates[number - 1]
        }
        let corrected = try database.correct(id: id.value, to: text, dictionaries: Dictionaries(configuration))
        print("#\(id.value) is now \"\(corrected.word.escapingControlCharacters)\" (confirmed)" + (corrected.gloss.map { ": \($0.escapingControlCharacters)." } ?? "."))
    }
}

struct Reject: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reject",
        abstract: "Mark proposals as not worth learning; they stay in the word book, out of reviews.",
        discussion: "Example: wordbook reject 15")

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("IDs of the words.", valueName: "id"))
    var ids: [WordID]

    func run() throws {
        let (database, _) = try options.openExisting()
        let ids = once(ids.map(\.value))
        try database.reject(ids: ids)
        print("Rejected \(ids.map { "#\($0)" }.joined(separator: ", ")).")
    }
}

/// IDs in the order given, each once: `confirm 26 26` confirms #26 once.
func once(_ ids: [Int64]) -> [Int64] {
    var seen = Set<Int64>()
    return ids.filter { seen.insert($0).inserted }
}
