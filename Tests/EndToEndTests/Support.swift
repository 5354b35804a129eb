import Foundation
import Glibc
import GRDB
import Testing

/// The repository's root, from this file's place in it.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The `wordbook` binary built next to the test bundle.
let wordbookBinary: String = {
    let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("wordbook").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return repositoryRoot.appendingPathComponent(".build/debug/wordbook").path
}()

/// One line of TestImages/labels.tsv.
struct LabeledImage: Sendable {
    let file: String
    let word: String
    let language: String
    let orientation: Int
    /// ISO 8601 with offset, or nil for images without EXIF.
    let captured: Date?

    static let all: [LabeledImage] = {
        let text = (try? String(contentsOf: repositoryRoot.appendingPathComponent("TestImages/labels.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return LabeledImage(
                file: fields[0], word: fields[1], language: fields[2], orientation: Int(fields[3]) ?? 1,
                captured: fields.count > 4 ? ISO8601DateFormatter().date(from: fields[4]) : nil)
        }
    }()

    var path: String { repositoryRoot.appendingPathComponent("TestImages/\(file)").path }
}

struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the real binary to completion; with `terminal`, its standard output is a terminal, as when
/// a learner types the command (line ends come back as "\n").
@discardableResult
func wordbook(_ arguments: [String], environment: [String: String] = [:], input: String? = nil, terminal: Bool = false) throws -> CommandResult {
    try runProgram(wordbookBinary, arguments, environment: environment, input: input, terminal: terminal)
}

/// Runs a program to completion, with `environment` added to this process's own.
func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
                terminal: Bool = false) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    let screen = terminal ? try PseudoTerminal() : nil
    process.standardOutput = screen?.child ?? out
    process.standardError = err
    if let input {
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
    } else {
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }
    screen?.closeChildSide()
    // Read both pipes before waiting, so a full pipe cannot stall the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data(), errData = Data()
    DispatchQueue.global().async(group: group) { outData = screen?.readAll() ?? out.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    group.wait()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
}

/// A pseudo-terminal: the child writes to `child` as to a terminal, and this side reads what it printed.
final class PseudoTerminal: @unchecked Sendable {
    private let master: Int32
    let child: FileHandle

    init() throws {
        // Swift's Glibc module leaves out the X/Open terminal calls: take them from the C library itself.
        let libc = dlopen(nil, RTLD_NOW)
        func call<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(libc, name) else { throw POSIXError(.ENOSYS) }
            return unsafeBitCast(address, to: type)
        }
        typealias Call = @convention(c) (Int32) -> Int32
        let openpt = try call("posix_openpt", as: Call.self), grant = try call("grantpt", as: Call.self)
        let unlock = try call("unlockpt", as: Call.self)
        let ptsname = try call("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grant(master) == 0, unlock(master) == 0, let name = ptsname(master) else { throw POSIXError(.ENXIO) }
        let descriptor = open(name, O_RDWR | O_NOCTTY)
        guard descriptor >= 0 else { throw POSIXError(.ENXIO) }
        child = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    }

    deinit { close(master) }

    /// Once the child has it: reading ends when the child closes its side too.
    func closeChildSide() { close(child.fileDescriptor) }

    /// What the child printed up to and with `text` (all of it, should its side close first).
    func output(until text: String) -> String {
        var data: [UInt8] = []
        var byte: UInt8 = 0
        while !data.reversed().starts(with: text.utf8.reversed()) {
            let count = Glibc.read(master, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
            data.append(byte)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Typed at the terminal, as the terminal itself answers a query.
    func type(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count - 1) }
    }

    /// Everything printed, until the child's side closes (read then fails with EIO).
    func readAll() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").utf8)
    }
}

/// A scratch data folder with a configuration pointing at it, removed afterwards.
final class Scratch {
    let root: String
    var data: String { "\(root)/data" }
    var inbox: String { "\(data)/inbox" }
    var config: String { "\(root)/config.toml" }
    var database: String { "\(data)/wordbook.sqlite" }
    let timeZone = TimeZone(identifier: "Europe/Berlin")!

    /// `capture` adds lines to the `[capture]` table, e.g. `after_filing = "delete"`.
    init(workers: Int = 2, capture: [String] = []) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try """
            [paths]
            data = "\(data)"
            [capture]
            workers = \(workers)
            \(capture.joined(separator: "\n"))
            [time]
            time_zone = "\(timeZone.identifier)"
            """.write(toFile: config, atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func files(under folder: String) -> [String] {
        let base = "\(data)/\(folder)"
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { path in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: "\(base)/\(path)", isDirectory: &isFolder)
            return !isFolder.boolValue
        }.sorted()
    }
}

/// A word book filed once per test process by `wordbook ingest` of real photos (one run per language,
/// in the order given), which each test copies: every test starts from the same word book, and the
/// photos are read once, not once a test.
final class FiledWordBook: @unchecked Sendable {
    let scratch: Scratch
    /// What `ingest --json` said of each photo, by its file name in TestImages/.
    let filed: [String: [String: Any]]

    /// `configuration` adds lines to the scratch configuration it is filed under, such as a `[review]` section.
    init(_ photos: [(file: String, language: String)], configuration: String = "") throws {
        scratch = try Scratch()
        if !configuration.isEmpty {
            let plain = try String(contentsOfFile: scratch.config, encoding: .utf8)
            try (plain + "\n" + configuration + "\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
        }
        var filed: [String: [String: Any]] = [:]
        var languages: [String] = []
        for photo in photos where !languages.contains(photo.language) { languages.append(photo.language) }
        for language in languages {
            let files = photos.filter { $0.language == language }.map(\.file)
            let result = try wordbook(["ingest", "--json", "--language", language, "--config", scratch.config]
                                      + files.map { repositoryRoot.appendingPathComponent("TestImages/\($0)").path })
            for (line, file) in zip(result.stdout.split(separator: "\n"), files) {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                guard let object, object["status"] as? String == "filed" else {
                    throw FiledWordBookError.notFiled(file: file, said: String(line) + result.stderr)
                }
                filed[file] = object
            }
        }
        self.filed = filed
    }

    /// The word book copied to `scratch`'s database, consistent while nothing writes (the WAL folded in).
    func copy(to scratch: Scratch) throws {
        try FileManager.default.createDirectory(atPath: scratch.data, withIntermediateDirectories: true)
        try DatabaseQueue(path: self.scratch.database).writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [scratch.database])
        }
    }
}

enum FiledWordBookError: Error, CustomStringConvertible {
    case notFiled(file: String, said: String)

    var description: String {
        switch self {
        case let .notFiled(file, said): "the test could not be set up: ingest did not file \(file): \(said)"
        }
    }
}

/// Polls `condition` until it holds or `timeout` seconds pass; returns whether it held.
func eventually(timeout: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(200_000)
    }
    return try condition()
}

/// A datagram socket standing in for systemd's notify socket: collects what the worker says,
/// reading all the time as systemd does.
final class NotifyListener: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let condition = NSCondition()
    private var received: [String] = []

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        Thread.detachNewThread { [self] in read() }
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
        unlink(path)
    }

    private func read() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            condition.lock()
            received.append(String(decoding: buffer[0..<count], as: UTF8.self))
            condition.broadcast()
            condition.unlock()
        }
    }

    var messages: [String] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// Waits until a message containing `text` has arrived, at most `timeout` seconds.
    func wait(for text: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !received.contains(where: { $0.contains(text) }) {
            if !condition.wait(until: deadline) { return received.contains { $0.contains(text) } }
        }
        return true
    }
}
