import ArgumentParser
import Foundation
import WordBookSettings

/// Runs a root command: errors reach the learner as one sentence on stderr and a non-zero status,
/// --help and --version as usual.
public func runCommandLine<Root: ParsableCommand>(_ root: Root.Type) -> Never {
    do {
        var command = try parse(Root.self)
        try command.run()
        exit(0)
    } catch {
        exitReporting(error, root: Root.self)
    }
}

/// `runCommandLine` for a program whose commands may be async (`AsyncParsableCommand`): the worker
/// and the web app, whose services run in structured tasks, not behind a semaphore.
public func runAsyncCommandLine<Root: AsyncParsableCommand>(_ root: Root.Type) async -> Never {
    do {
        var command = try parse(Root.self)
        if var asynchronous = command as? AsyncParsableCommand {
            try await asynchronous.run()
        } else {
            try command.run()
        }
        exit(0)
    } catch {
        exitReporting(error, root: Root.self)
    }
}

private func parse<Root: ParsableCommand>(_ root: Root.Type) throws -> ParsableCommand {
    // A write past a file size limit (ulimit -f) fails with EFBIG, which is reported, instead of
    // ending the process without a word.
    signal(SIGXFSZ, SIG_IGN)
    // The learner's umask stands; GlobalOptions.paths opens it to the group on a shared word book
    // only (DataPaths.shareWithGroupWhenSystemWide).
    return try Root.parseAsRoot(globalOptionsAfterCommand(Array(CommandLine.arguments.dropFirst()), root: Root.self))
}

/// Says what went wrong in one sentence and exits with its status: 64 for a command line that is
/// wrong, 69 for something missing, 1 for a failure.
private func exitReporting<Root: ParsableCommand>(_ error: any Error, root: Root.Type) -> Never {
    if let unavailable = error as? Unavailable {
        FileHandle.standardError.write(Data("wordbook: \(unavailable.description.escapingControlCharacters(keepingNewlines: true))\n".utf8))
        exit(Unavailable.status)
    }
    let status = Root.exitCode(for: error)
    if status.isSuccess {
        Root.exit(withError: error)
    }
    let message = Root.message(for: error)
    if let plain = ParserMessages<Root>(arguments: Array(CommandLine.arguments.dropFirst())).rewritten(message) {
        FileHandle.standardError.write(Data("wordbook: \(plain.sentence.escapingControlCharacters(keepingNewlines: true))\n".utf8))
        if let usage = plain.usage { FileHandle.standardError.write(Data("\(usage)\n".utf8)) }
    } else if !message.isEmpty {
        FileHandle.standardError.write(Data("wordbook: \(message.escapingControlCharacters(keepingNewlines: true))\n".utf8))
    }
    exit(status.rawValue)
}

/// The command could not do what it was asked, though the command line was right (the photo's
/// original is gone, glosses are off): status 1, as for a word that does not exist, not 64.
public struct CommandFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// A program or service the command needs is not there (no photo viewer installed): status 69,
/// EX_UNAVAILABLE in sysexits.h, not 64, which says the command line was wrong.
public struct Unavailable: Error, CustomStringConvertible {
    public static let status: Int32 = 69
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// `wordbook --db X list` as `wordbook list --db X`: the options every command takes (`--db`,
/// `--config`) are accepted before the command too, as the usage line's order suggests; they move to
/// after the command's name (after a subcommand's, for `wordbook web pair`).
public func globalOptionsAfterCommand(_ arguments: [String], root: any ParsableCommand.Type) -> [String] {
    let global = ["--db", "--config"]
    var leading: [String] = []
    var rest = arguments[...]
    while let first = rest.first {
        if global.contains(first), rest.count >= 2 {
            leading += rest.prefix(2)
            rest = rest.dropFirst(2)
        } else if global.contains(where: { first.hasPrefix($0 + "=") }) {
            leading.append(first)
            rest = rest.dropFirst()
        } else {
            break
        }
    }
    guard !leading.isEmpty else { return arguments }
    // The command's path: each word that names a subcommand of the one before.
    var path: [String] = []
    var command: any ParsableCommand.Type = root
    while let word = rest.first, let sub = command.configuration.subcommands.first(where: { $0._commandName == word }) {
        path.append(word)
        rest = rest.dropFirst()
        command = sub
    }
    guard !path.isEmpty else { return arguments }
    return path + leading + rest
}
