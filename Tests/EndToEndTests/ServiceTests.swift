import Foundation
import Glibc
import GRDB
import Testing
@testable import WordBookSettings
@testable import WordBookStore

/// What systemd and a learner at the terminal see while the worker runs.
@Suite struct ServiceTests {
    @Test func theWatchdogIsFedWhileTheWorkerIdles() throws {
        let scratch = try Scratch()
        let notifications = try NotifyListener(path: "\(scratch.root)/notify.sock")
        let worker = try Worker(scratch, environment: ["NOTIFY_SOCKET": notifications.path, "WATCHDOG_USEC": "2000000"])
        #expect(notifications.wait(for: "READY=1", timeout: 60))
        // Pings keep coming while nothing happens: five after READY=1 (one every half second).
        let pings = { notifications.messages.drop { $0.hasPrefix("READY=1") == false }.filter { $0 == "WATCHDOG=1" }.count }
        #expect(eventually(timeout: 60) { pings() >= 5 }, "WATCHDOG=1 after READY=1: \(pings())")
        // systemd hears no ping before READY=1: the worker is not alive to it before it has started.
        #expect(!notifications.messages.prefix { !$0.hasPrefix("READY=1") }.contains("WATCHDOG=1"), "\(notifications.messages.prefix(5))")
        #expect(worker.stop() == 0)
        #expect(notifications.wait(for: "STOPPING=1", timeout: 5))
    }

    /// One worker thread and a queue of photos: on SIGTERM the photo it is working on is filed and
    /// archived; the ones still waiting stay in the inbox as they came, for the next start.
    @Test func onSIGTERMThePhotoInFlightIsFiledAndTheQueuedOnesStayUntouched() throws {
        let scratch = try Scratch(workers: 1)
        let notifications = try NotifyListener(path: "\(scratch.root)/notify.sock")
        let worker = try Worker(scratch, environment: ["NOTIFY_SOCKET": notifications.path])
        #expect(notifications.wait(for: "READY=1", timeout: 60))

        let exitSign = try Data(contentsOf: URL(fileURLWithPath: LabeledImage.all.first { $0.file == "exit_sign_12mp.jpg" }!.path))
        let photos = (0..<40).map { (String(format: "photo-%02d.jpg", $0), exitSign + Data("copy \($0)".utf8)) }
        let staging = "\(scratch.root)/staging"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        var arrived: [String: (hash: String, modified: Date?)] = [:]
        for (name, data) in photos {
            try data.write(to: URL(fileURLWithPath: "\(staging)/\(name)"))
            arrived[name] = (sha256(data), InboxScanner.modificationDate("\(staging)/\(name)"))
        }
        for (name, _) in photos { rename("\(staging)/\(name)", "\(scratch.inbox)/\(name)") }
        // SIGTERM as soon as the first photo is filed, with most still waiting.
        let deadline = Date().addingTimeInterval(60)
        while !worker.output.contains("filed photo-"), Date() < deadline { usleep(10_000) }
        #expect(worker.stop() == 0)
        #expect(notifications.wait(for: "STOPPING=1", timeout: 5))

        // The worker's own account at the moment it stopped: which photo it was on, how many waited.
        let stopping = worker.output.split(separator: "\n").first { $0.contains("stopping: ") }.map(String.init) ?? ""
        // The signal can land while a photo is read, or in the moment between two photos; both are
        // fine, and in both every photo is either filed or left as it came.
        let match = stopping.firstMatch(of: /(?:finishing 1 photo in flight \((photo-\d\d\.jpg)\)|no photo in flight); (\d+) waiting/)
        let parsed = try #require(match, "\(worker.output)")
        let inFlight = parsed.1.map(String.init)
        let waiting = Int(parsed.2)!
        #expect(waiting > 0, "\(stopping)")

        let database = try AppDatabase.open(path: scratch.database, create: false)
        let filed = Set(try database.words(WordQuery()).map(\.word.sourceName))
        if let inFlight {
            #expect(filed.contains(inFlight), "the photo in flight is filed: \(worker.output)")
            #expect(scratch.files(under: "archive").contains { $0.hasSuffix("/\(inFlight)") }, "and archived")
        }
        #expect(scratch.files(under: "archive").count == filed.count, "every filed photo is archived")
        let left = scratch.files(under: "inbox")
        #expect(left.count == waiting, "what waited stays: \(stopping)")
        #expect(filed.count + left.count == photos.count && filed.isDisjoint(with: left))
        for name in left {
            let path = "\(scratch.inbox)/\(name)"
            #expect(sha256(try Data(contentsOf: URL(fileURLWithPath: path))) == arrived[name]?.hash, "\(name) untouched")
            #expect(InboxScanner.modificationDate(path) == arrived[name]?.modified, "\(name) untouched")
        }
        #expect(scratch.files(under: "failed").isEmpty)
    }

    @Test func commandsDuringABurstNeverSeeALockedDatabase() throws {
        let scratch = try Scratch()
        let folder = "\(scratch.root)/burst"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // 16 photos keep ingest writing for 8 s or more, long enough for a dozen rounds of commands.
        let burst = 16
        for (name, data) in try distinctPhotos(burst) { try data.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        // The database exists before the burst, as it does under a running worker.
        let first = try distinctPhotos(1)[0]
        try first.data.write(to: URL(fileURLWithPath: "\(scratch.root)/first.jpg"))
        #expect(try wordbook(["ingest", "\(scratch.root)/first.jpg", "--config", scratch.config]).status == 0)

        let ingest = Process()
        ingest.executableURL = URL(fileURLWithPath: wordbookBinary)
        ingest.arguments = ["ingest", folder, "--config", scratch.config]
        ingest.standardOutput = FileHandle.nullDevice
        let ingestErrors = Pipe()
        ingest.standardError = ingestErrors
        try ingest.run()

        var commands = 0
        var failures: [String] = []
        while ingest.isRunning {
            let pending = try wordbook(["pending", "--json", "--config", scratch.config])
            let ids = ((try? JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [String: Any])?["words"] as? [[String: Any]] ?? [])
                .compactMap { $0["id"] as? Int }
            var results = [pending]
            if let id = ids.first { results.append(try wordbook(["confirm", "\(id)", "--config", scratch.config])) }
            if let id = ids.dropFirst().first { results.append(try wordbook(["correct", "\(id)", "Bakery", "--config", scratch.config])) }
            results.append(try wordbook(["list", "--config", scratch.config]))
            commands += results.count
            failures += results.filter { $0.status != 0 || $0.stderr.contains("locked") }.map(\.stderr)
        }
        ingest.waitUntilExit()
        let ingestStderr = String(decoding: ingestErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(ingest.terminationStatus == 0 && !ingestStderr.contains("locked"), "\(ingestStderr)")
        #expect(failures.isEmpty, "\(failures)")
        #expect(commands >= 20, "\(commands) commands ran during the burst")
        #expect(try AppDatabase.open(path: scratch.database, create: false).wordCount() == burst)
        print("contention: \(commands) commands during a \(burst)-photo ingest, \(failures.count) failed")
    }

    @Test func aBadDatabaseIsOneSentenceNeverANewEmptyOne() throws {
        let scratch = try Scratch()
        // Not a database: reported, left as it is.
        let notADatabase = "\(scratch.root)/notes.sqlite"
        try String(repeating: "shopping list\n", count: 200).write(toFile: notADatabase, atomically: true, encoding: .utf8)
        for command in [["pending"], ["ingest", LabeledImage.all[0].path], ["status"]] {
            let result = try wordbook(command + ["--db", notADatabase, "--config", scratch.config])
            #expect(result.status != 0, "\(command)")
            #expect(result.stderr.contains("is not a SQLite database") && result.stderr.split(separator: "\n").count == 1, "\(command): \(result.stderr)")
        }
        #expect(try String(contentsOfFile: notADatabase, encoding: .utf8).hasPrefix("shopping list"))

        // Missing: read commands never create one.
        let missing = "\(scratch.root)/nowhere/wordbook.sqlite"
        let result = try wordbook(["list", "--db", missing, "--config", scratch.config])
        #expect(result.status != 0 && result.stderr.contains("there is no word book at \(missing) yet"))
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.root)/nowhere"))
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "running a command as another user needs root and setpriv"))
    func aDatabaseReadOnlyToTheUserIsOneSentenceAndUnchanged() throws {
        let scratch = try Scratch()
        #expect(try wordbook(["ingest", LabeledImage.all[0].path, "--config", scratch.config]).status == 0)
        chmod(scratch.root, 0o755); chmod(scratch.data, 0o755); chmod(scratch.database, 0o644)
        let (status, message) = try Self.wordbookAsNobody(["confirm", "1", "--db", scratch.database, "--config", scratch.config])
        #expect(status != 0)
        #expect(message.hasPrefix("wordbook: ") && message.split(separator: "\n").count == 1, "\(message)")
        #expect(try AppDatabase.open(path: scratch.database, create: false).word(id: 1).status == .proposed, "nothing changed")
    }

    /// A `-wal` and `-shm` left read-only (made while the database was mode 0444) fail every command,
    /// reads too: the message names them, their owner and mode, and the command that mends them; mended
    /// so, the same command works.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "running a command as another user needs root and setpriv"))
    func aStaleReadOnlyWriteAheadLogIsNamedWithItsMend() throws {
        let scratch = try Scratch()
        #expect(try wordbook(["ingest", LabeledImage.all[0].path, "--config", scratch.config]).status == 0)
        chmod(scratch.root, 0o777); chmod(scratch.data, 0o777); chmod(scratch.database, 0o666)
        for suffix in ["-wal", "-shm"] {
            unlink(scratch.database + suffix)
            #expect(FileManager.default.createFile(atPath: scratch.database + suffix, contents: nil, attributes: [.posixPermissions: 0o444]))
        }
        func listAsNobody() throws -> (status: Int32, message: String) {
            try Self.wordbookAsNobody(["list", "--db", scratch.database, "--config", scratch.config])
        }
        let refused = try listAsNobody()
        #expect(refused.status == 1)
        #expect(refused.message == "wordbook: the database \(scratch.database) could not be opened: "
            + "\(scratch.database)-wal (owner root, mode 0444) and \(scratch.database)-shm (owner root, mode 0444) are read-only to this user, "
            + "and SQLite writes them for every command, reads too: give them the database's own mode, as their owner: "
            + "chmod --reference=\(scratch.database) \(scratch.database)-wal \(scratch.database)-shm\n", "\(refused.message)")
        #expect(try runProgram("/usr/bin/chmod", ["--reference=\(scratch.database)", scratch.database + "-wal", scratch.database + "-shm"]).status == 0)
        #expect(try listAsNobody().status == 0)
    }

    /// `wordbook ARGUMENTS` run as the user nobody.
    static func runAsNobody(_ arguments: [String]) throws -> CommandResult {
        try runProgram("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", wordbookBinary] + arguments)
    }

    /// `wordbook ARGUMENTS` run as the user nobody: its status and what it wrote on stderr.
    static func wordbookAsNobody(_ arguments: [String]) throws -> (status: Int32, message: String) {
        let result = try runAsNobody(arguments)
        return (result.status, result.stderr)
    }

    /// A word book the user may only read is read by every command that only reads, and nothing is
    /// left beside it: a read-only connection would make a `-wal` and `-shm` in the database's own
    /// read-only mode, which then fail every command once the database is writable again.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "running a command as another user needs root and setpriv"))
    func aDatabaseReadOnlyToTheUserIsReadAndNothingIsMadeBesideIt() throws {
        let scratch = try Scratch()
        #expect(try wordbook(["ingest", LabeledImage.all[0].path, "--config", scratch.config]).status == 0)
        // The folder open to all, as the worst case: SQLite could make its files there.
        chmod(scratch.root, 0o777); chmod(scratch.data, 0o777); chmod(scratch.database, 0o644)
        let before = try FileManager.default.contentsOfDirectory(atPath: scratch.data).sorted()
        let word = LabeledImage.all[0].word
        for command in [["list"], ["show", "1"], ["stats"], ["due"], ["history"], ["search", word], ["books"], ["pending"], ["status"]] {
            let result = try Self.runAsNobody(command + ["--db", scratch.database, "--config", scratch.config])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(command): \(result.stderr)")
            if command == ["list"] { #expect(result.stdout.contains(word), "\(result.stdout)") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.data).sorted() == before)
        // A command that writes is refused in one sentence, and leaves nothing either.
        let refused = try Self.wordbookAsNobody(["confirm", "1", "--db", scratch.database, "--config", scratch.config])
        #expect(refused.status == 1 && refused.message.contains("is read-only to this user"), "\(refused.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.data).sorted() == before)
        // Writable to its owner, it is written as before.
        #expect(try wordbook(["confirm", "1", "--db", scratch.database, "--config", scratch.config]).status == 0)
    }

    @Test func theUnitVerifiesAndItsExposureIsAtMostTwo() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else {
            Issue.record("systemd-analyze is missing: scripts/install-deps.sh installs systemd")
            return
        }
        // The unit `make install` installs (a dynamic user) and the Debian package's (the system user wordbook).
        for (path, installedBinary) in [("systemd/wordbook.service", "/usr/local/bin/wordbook"),
                                        ("debian/wordbook.service", "/usr/bin/wordbook")] {
            let unit = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(unit.contains("ExecStart=\(installedBinary)-worker run"), "\(path)")
            let scratch = try Scratch()
            // Verify the unit as installed, with the binary where ExecStart expects it: here, the built one.
            let local = "\(scratch.root)/wordbook.service"
            try unit.replacingOccurrences(of: installedBinary, with: wordbookBinary)
                .write(toFile: local, atomically: true, encoding: .utf8)
            let verify = try run("/usr/bin/systemd-analyze", ["verify", local])
            #expect(verify.status == 0 && verify.stderr.isEmpty && verify.stdout.isEmpty, "\(path): \(verify.stdout)\(verify.stderr)")

            let security = try run("/usr/bin/systemd-analyze", ["security", "--offline=true", local])
            let line = security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") }.map(String.init) ?? ""
            let level = line.split(separator: ":").last.flatMap { Double($0.split(separator: " ").first ?? "") }
            #expect(level != nil && level! <= 2.0, "\(path): \(line)")
            print("systemd-analyze security \(path): \(line.trimmingCharacters(in: .whitespaces))")
        }
        let packaged = try String(contentsOf: repositoryRoot.appendingPathComponent("debian/wordbook.service"), encoding: .utf8)
        for setting in ["User=wordbook", "Group=wordbook", "UMask=0007", "StateDirectoryMode=2770"] {
            #expect(packaged.split(separator: "\n").contains(Substring(setting)), "debian/wordbook.service: \(setting)")
        }
        #expect(!packaged.contains("DynamicUser="))

        let user = repositoryRoot.appendingPathComponent("systemd/wordbook-user.service").path
        let userVerify = try run("/usr/bin/systemd-analyze", ["verify", "--user", user])
        #expect(!userVerify.stderr.contains("Unknown") && !userVerify.stderr.contains("Failed to parse"), "\(userVerify.stderr)")
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                             stderr: String(decoding: errors, as: UTF8.self))
    }
}
