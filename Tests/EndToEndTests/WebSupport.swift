import Foundation
import GRDB
import Testing

/// `wordbook-web`, built beside `wordbook`.
let webBinary = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent().appendingPathComponent("wordbook-web").path

/// Proposals filed once per test process from real photos; each web test copies the word book.
/// A page with candidates to pick among (novel_page, panaderia_small) and signs read right.
let filedProposals = Result {
    try FiledWordBook([("cafe.jpg", "fr"), ("station.jpg", "en"), ("novel_page.jpg", "en"), ("panaderia_small.jpg", "es"),
                       ("exit_sign_12mp.jpg", "en"), ("freihalten_narrow_plate.jpg", "de")])
}

enum WebTestError: Error, CustomStringConvertible {
    case setUp(String)

    var description: String {
        switch self {
        case let .setUp(reason): "the test could not be set up: \(reason)"
        }
    }
}

/// The real `wordbook-web serve` on 127.0.0.1 at a port the system chose, on a copy of the filed
/// proposals; stopped (SIGTERM) when the test lets go of it.
final class WebServer: @unchecked Sendable {
    let scratch: Scratch
    let process = Process()
    let base: URL
    private let output = Pipe()

    /// `configuration` adds lines to the scratch configuration, such as a `[web]` section.
    init(configuration: String = "") throws {
        scratch = try Scratch()
        if !configuration.isEmpty {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.config))
            handle.seekToEndOfFile()
            handle.write(Data("\n\(configuration)\n".utf8))
            try handle.close()
        }
        try filedProposals.get().copy(to: scratch)
        process.executableURL = URL(fileURLWithPath: webBinary)
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--config", scratch.config]
        // An hour's wait after wrong pairing codes, so that the rate-limit test holds however slowly it runs.
        process.environment = ProcessInfo.processInfo.environment.merging(["WORDBOOK_WEB_PAIRING_WAIT": "3600"]) { $1 }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server says where it listens once it does.
        var line = Data()
        let reader = output.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: #"https?://127\.0\.0\.1:\d+/"#, options: .regularExpression),
              let url = URL(string: String(text[range])) else {
            process.terminate()
            throw WebTestError.setUp("wordbook-web did not say where it listens: \(text)")
        }
        base = url
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// A one-time pairing address from `wordbook web pair`, through the command line's hand-over.
    func pairingURL() throws -> URL {
        let result = try wordbook(["web", "pair", "--config", scratch.config, "--url", base.absoluteString])
        guard result.status == 0, let range = result.stdout.range(of: #"https?://\S+/pair/\S+"#, options: .regularExpression),
              let url = URL(string: String(result.stdout[range])) else {
            throw WebTestError.setUp("wordbook web pair printed no address: \(result.stdout) \(result.stderr)")
        }
        return url
    }

    /// The word book as the SQLite file has it. The server opens the same file as it starts and holds
    /// a lock on it for a moment (its journal mode, its migrations): a reader waits, as the command line
    /// does. SQLite may also answer "database is locked" at once, without its busy handler, while
    /// another connection to a WAL file takes or gives up its locks (its documentation on WAL, "sometimes
    /// queries return SQLITE_BUSY"): once, in CI, 9 servers starting on two cores. The read is then
    /// tried again, for up to 20 s in all.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let deadline = Date().addingTimeInterval(20)
        while true {
            do {
                return try DatabaseQueue(path: scratch.database, configuration: configuration).read(body)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    func word(_ id: Int64) throws -> (word: String, status: String) {
        try read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT word, status FROM word WHERE id = ?", arguments: [id]))
            return (row["word"], row["status"])
        }
    }

    /// Every word's text and status, by ID, and the number of changes in the log: what a refusal must leave alone.
    func state() throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT id || ' ' || word || ' ' || status || ' ' || updatedAt FROM word ORDER BY id")
                + [String(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM change") ?? -1)]
        }
    }

    func pendingIDs() throws -> [Int64] {
        try read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM word WHERE status = 'proposed' ORDER BY confidence, capturedAt, id")
        }
    }
}

/// Polls until `condition` holds, for a page that is loading or a write that is landing; whether it held.
func until(_ condition: () async throws -> Bool) async throws -> Bool {
    for _ in 0..<150 {
        if try await condition() { return true }
        try await Task.sleep(nanoseconds: 200_000_000)
    }
    return try await condition()
}

extension PhoneBrowser {
    /// A click that sends a form or follows a link: done once the next page has replaced the marked
    /// one and loaded.
    func submit(_ click: () async throws -> Void) async throws {
        _ = try await evaluate("window.sentFromHere = true; return null")
        try await click()
        #expect(try await until {
            try await evaluate("return window.sentFromHere === undefined && document.readyState === 'complete'") as? Bool == true
        })
    }
}
