import Foundation
import Glibc
import GRDB
import WordBookDigest

func sha256(_ data: Data) -> String {
    Digest.sha256Hex(data)
}

/// `count` different photos (distinct bytes, the same pictures): the smaller English TestImages,
/// each with a few bytes after the JPEG's end marker, which decoders ignore.
func distinctPhotos(_ count: Int) throws -> [(name: String, data: Data)] {
    let sources = try LabeledImage.all.filter { $0.language == "en" && $0.file.hasSuffix(".jpg") && !$0.file.contains("12mp") }
        .map { try Data(contentsOf: URL(fileURLWithPath: $0.path)) }
    precondition(!sources.isEmpty)
    return (0..<count).map { index in
        (String(format: "photo-%03d.jpg", index), sources[index % sources.count] + Data("copy \(index)".utf8))
    }
}

/// A `wordbook run` started on a scratch folder, its log in a file.
final class Worker {
    let process = Process()
    let log: String

    /// With `log`, the worker's standard error goes there (a file that exists, or a device) instead of a new file.
    /// With a `launcher`, that program is run with the worker's path and arguments after its own (and must exec them).
    init(_ scratch: Scratch, environment: [String: String] = [:], name: String = "run", arguments: [String] = [],
         log: String? = nil, launcher: [String] = []) throws {
        self.log = log ?? "\(scratch.root)/\(name)-\(UUID().uuidString.prefix(8)).log"
        if log == nil { _ = FileManager.default.createFile(atPath: self.log, contents: nil) }
        let command = launcher + [wordbookBinary, "run", "--config", scratch.config] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle(forWritingAtPath: self.log)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    func waitUntilWatching(timeout: TimeInterval = 60) -> Bool {
        eventually(timeout: timeout) { output.contains("watching") }
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM and the exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -1
    }

    /// Peak resident memory so far, in kB (VmHWM).
    var peakRSSKilobytes: Int? { status("VmHWM") }

    /// Resident memory now, in kB (VmRSS).
    var residentKilobytes: Int? { status("VmRSS") }

    private func status(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return nil }
        return status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
            .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }
}

/// Every SHA-256 filed, as many times as it is filed, and the integrity check's answer.
func filedHashes(_ path: String) throws -> (hashes: [String], integrity: String) {
    let queue = try DatabaseQueue(path: path)
    return try queue.read { db in
        (try String.fetchAll(db, sql: "SELECT sourceSHA256 FROM word"),
         try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "")
    }
}

/// The SHA-256 of every file under `folder`, but the error notes.
func contentHashes(under folder: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { !$0.hasSuffix(".error.txt") }.compactMap { relative in
        var isFolder: ObjCBool = false
        let path = "\(folder)/\(relative)"
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return sha256(data)
    }
}

/// Another process's write lock on a word book, as a long `wordbook import` or a sqlite3 shell holds
/// it: taken at once, released by `release()` (or when dropped).
final class WriteLockHolder {
    private let queue: DatabaseQueue
    private var held = true

    init(_ path: String) throws {
        var holding = GRDB.Configuration()
        holding.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: holding)
        try queue.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
    }

    func release() throws {
        guard held else { return }
        try queue.inDatabase { db in try db.execute(sql: "COMMIT") }
        held = false
    }

    deinit { if held { try? queue.inDatabase { db in try db.execute(sql: "ROLLBACK") } } }
}
