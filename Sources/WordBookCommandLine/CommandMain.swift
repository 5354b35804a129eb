import ArgumentParser
import Foundation

/// Runs a root command: errors reach the learner as one sentence on stderr and a non-zero status,
/// --help and --version as usual.
public func runCommandLine<Root: ParsableCommand>(_ root: Root.Type) -> Never {
    // The system-wide word book (/var/lib/wordbook, setgid group wordbook, mode 2770) is shared by
    // the worker and every member of the group: whatever either creates there (the database,
    // SQLite's -wal and -shm, the lock, inbox, archive and failed folders, backups) must stay
    // writable by the group, as the unit's UMask=0007 keeps the worker's. Others get nothing;
    // files a learner creates for themselves are then 0660 instead of 0644.
    umask(0o007)
    do {
        var command = try Root.parseAsRoot()
        try command.run()
        exit(0)
    } catch {
        let status = Root.exitCode(for: error)
        if status.isSuccess {
            Root.exit(withError: error)
        }
        let message = Root.message(for: error)
        if let plain = ParserMessages<Root>(arguments: Array(CommandLine.arguments.dropFirst())).rewritten(message) {
            FileHandle.standardError.write(Data("wordbook: \(plain.sentence)\n".utf8))
            if let usage = plain.usage { FileHandle.standardError.write(Data("\(usage)\n".utf8)) }
        } else if !message.isEmpty {
            FileHandle.standardError.write(Data("wordbook: \(message)\n".utf8))
        }
        exit(status.rawValue)
    }
}
