import Foundation
import GRDB
import Glibc

/// The write-ahead log (`wordbook.sqlite-wal`) holds every commit until a checkpoint copies it into the
/// database file. SQLite keeps it open, so a log deleted while the worker runs lives on without a name:
/// commits still succeed, but a `kill -9` or a power cut then loses every word written since, and other
/// processes read a log that is not there. The worker checks after each commit and once a second.
extension AppDatabase {
    /// `PATH-wal`, as SQLite names the log of the database file at `path`.
    public static func writeAheadLogPath(of path: String) -> String { path + "-wal" }

    /// The log this process has open, when it has lost its name (deleted, or replaced by another file);
    /// nil while it is where SQLite expects it, and for a database in memory.
    public func lostWriteAheadLog() -> String? {
        guard let path else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        guard let resolved = realpath(folder.isEmpty ? "." : folder, nil) else { return nil }
        defer { free(resolved) }
        let log = Self.writeAheadLogPath(of: String(cString: resolved) + "/" + (path as NSString).lastPathComponent)
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        for entry in descriptors {
            guard let descriptor = Int32(entry),
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)"),
                  target == log || target == log + " (deleted)" else { continue }
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_nlink == 0 { return Self.writeAheadLogPath(of: path) }
        }
        return nil
    }

    /// Copies every commit in the log into the database file, so that nothing depends on the log: what
    /// the worker does before it stops on a lost log.
    public func checkpoint() throws {
        try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.full) }
    }

    /// Why the worker stops on a lost log, and whether the words it held were saved.
    public func lostWriteAheadLogReason(_ log: String) -> String {
        let saved: String
        do {
            try checkpoint()
            saved = "every word filed is saved into the database file"
        } catch {
            saved = "the words filed since could not be saved into the database file (\(error)); stop nothing else and copy the database now"
        }
        return "the database's write-ahead log \(log) was deleted while the worker ran; \(saved). Start the worker again, which makes a new log"
    }
}
