import ArgumentParser
import Foundation
import WordBookSettings

/// Runs a root command: errors reach the learner as one sentence on stderr and a non-zero status,
/// --help and --version as usual.
public func runCommandLine<Root: ParsableCommand>(_ root: Root.Type) -> Never {
    // A write past a file size limit (ulimit -f) fails with EFBIG, which is reported, instead of
    // ending the process without a word.
    signal(SIGXFSZ, SIG_IGN)
    // The learner's umask stands; GlobalOptions.paths opens it to the group on a shared word book
    // only (DataPaths.shareWithGroupWhenSystemWide).
    do {
        var command = try Root.parseAsRoot()
        try command.run()
        exit(0)
    } catch {
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
}

/// A program or service the command needs is not there (no photo viewer installed): status 69,
/// EX_UNAVAILABLE in sysexits.h, not 64, which says the command line was wrong.
public struct Unavailable: Error, CustomStringConvertible {
    public static let status: Int32 = 69
    public let description: String

    public init(_ description: String) { self.description = description }
}
