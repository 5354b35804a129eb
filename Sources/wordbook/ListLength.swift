import ArgumentParser

/// `--limit` and `--all` for the lists that can run to thousands of lines (`due`, `list`). On a
/// terminal they stop after 50 words and say how many more there are; a pipe or a file gets every
/// word, as scripts expect, and JSON is never cut short unless --limit asks.
struct ListLength: ParsableArguments {
    static let onTerminal = 50

    // Unconditional, so that `--limit -3` reaches validate() instead of reading as an unknown option.
    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many words (on a terminal: 50 unless --all).", valueName: "N"))
    var limit: Int?

    @Flag(help: "Every word, even on a terminal.")
    var all = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit).") }
        if all && limit != nil { throw ValidationError("--all and --limit do not go together: give one of them.") }
    }

    /// How many words to print: --limit's number, else 50 on a terminal, else every one.
    func count(json: Bool) -> Int? {
        if let limit { return limit }
        return all || json || !stdoutIsTerminal ? nil : Self.onTerminal
    }

    /// After a list cut at `limit`, on a terminal only, the line saying how many more there are
    /// (`total` counts them all, and runs only then); a script reading a pipe gets word lines alone.
    func printRest(shown: Int, limit: Int?, hint: String, total: () throws -> Int) rethrows {
        guard let limit, shown == limit, stdoutIsTerminal else { return }
        let rest = try total() - shown
        if rest > 0 { print("… and \(grouped(rest)) more\(hint)") }
    }
}
