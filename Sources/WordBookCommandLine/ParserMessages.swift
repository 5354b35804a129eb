import ArgumentParser
import Foundation

/// The argument parser's errors in the tool's own voice: one sentence, lower case, a full stop; a
/// mistyped command gets the nearest real one, a missing or extra argument the command's usage line.
struct ParserMessages<Root: ParsableCommand> {
    let arguments: [String]

    /// The subcommands' names, from the command tree itself.
    static var commandNames: [String] {
        Root.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The subcommand the arguments name, if any.
    var subcommand: ParsableCommand.Type? {
        Root.configuration.subcommands.first { command in arguments.contains { $0 == command.configuration.commandName } }
    }

    /// What the learner reads for `message`, the parser's own text; nil to leave it as it is.
    func rewritten(_ message: String) -> (sentence: String, usage: String?)? {
        let usage = subcommand.map { "usage: " + Root.usageString(for: $0) }
        let name = subcommand?.configuration.commandName ?? "wordbook"
        if subcommand == nil, let typed = firstWord {
            let suggestion = Self.nearest(to: typed, among: Self.commandNames).map { ": did you mean \($0)?" }
            return ("there is no command '\(typed)'" + (suggestion ?? ": wordbook --help lists them."), nil)
        }
        if let typed = quoted(message, after: "Unexpected argument '") {
            return ("\(name) takes no argument '\(typed)'.", usage)
        }
        if message.contains("unexpected arguments: ") {
            return ("\(name) takes no arguments " + message.components(separatedBy: "unexpected arguments: ")[1] + ".", usage)
        }
        if let missing = quoted(message, after: "Missing expected argument '") {
            return ("\(name) needs \(missing).", usage)
        }
        if let option = quoted(message, after: "Missing value for '") {
            return ("\(option) needs a value.", usage)
        }
        if let option = quoted(message, after: "Unknown option '") {
            let suggestion = message.components(separatedBy: "Did you mean '").dropFirst().first?.split(separator: "'").first
            return ("\(name) has no option \(option)" + (suggestion.map { ": did you mean \($0)?" } ?? "."), usage)
        }
        if let value = quoted(message, after: "The value '") {
            // The value 'xx' is invalid for '--language <L>': a language is one of en, de, fr, es
            let parts = message.components(separatedBy: "' is invalid for '").dropFirst().first.map {
                $0.split(separator: "'", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            }
            let target = parts?.first ?? "it"
            var reason = parts?.dropFirst().first ?? ""
            while let first = reason.first, first == ":" || first == "." || first == " " { reason.removeFirst() }
            return ("'\(value)' is not a valid value for \(target)" + (reason.isEmpty ? "." : ": \(Self.sentence(reason))"), usage)
        }
        if let option = quoted(message, after: "The option '"), let value = message.components(separatedBy: "but '").dropFirst().first?.split(separator: "'").first {
            return ("\(option) takes no value, not '\(value)'.", usage)
        }
        return nil
    }

    /// The first argument that is not an option or an option's value: where a command's name goes.
    private var firstWord: String? {
        var previous = ""
        for argument in arguments {
            defer { previous = argument }
            if argument.hasPrefix("-") { continue }
            if previous.hasPrefix("-") && !previous.contains("=") && previous != "--help" && previous != "--version" { continue }
            return argument
        }
        return nil
    }

    /// The text between `prefix` and the next quote.
    private func quoted(_ message: String, after prefix: String) -> String? {
        guard message.hasPrefix(prefix) else { return nil }
        return message.dropFirst(prefix.count).split(separator: "'", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }

    /// A sentence as the tool writes one: lower case first (but not a name in capitals), ending in a full stop.
    static func sentence(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
            text = first.lowercased() + text.dropFirst()
        }
        return text.hasSuffix(".") || text.hasSuffix("?") ? text : text + "."
    }

    /// The name nearest to `typed` by edit distance (a swap of two letters counts one), when near enough to be a slip.
    static func nearest(to typed: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(typed.lowercased(), $0)) }.min { $0.1 < $1.1 }
        guard let (name, distance) = scored, distance <= max(1, min(2, typed.count / 3)) else { return nil }
        return name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
