import Foundation
import Glibc
import Testing
@testable import WordBookStore

/// `wordbook.sqlite-wal` deleted while the worker runs: SQLite would go on writing into the nameless
/// file, so a kill -9 or a power cut would lose every word filed since. The worker saves what the log
/// holds into the database file and stops, saying so; the command line names the missing file.
@Suite struct WriteAheadLogTests {
    @Test func aDeletedLogStopsTheWorkerWithEveryWordSaved() throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        defer { if worker.process.isRunning { _ = worker.stop() } }
        #expect(worker.waitUntilWatching())
        let photo = try distinctPhotos(1)[0]
        try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
        #expect(rename("\(scratch.root)/\(photo.name)", "\(scratch.inbox)/\(photo.name)") == 0)
        #expect(eventually(timeout: 120) { worker.output.contains("filed \(photo.name)") && scratch.files(under: "inbox").isEmpty },
                "\(worker.output)")

        // Held still, so that the command line meets the log missing while the worker runs.
        let log = scratch.database + "-wal"
        kill(worker.process.processIdentifier, SIGSTOP)
        #expect(unlink(log) == 0)
        let listed = try wordbook(["list", "--config", scratch.config])
        #expect(listed.status != 0)
        #expect(listed.stderr.contains("write-ahead log \(log) is missing"), "\(listed.stderr)")
        kill(worker.process.processIdentifier, SIGCONT)

        #expect(eventually(timeout: 30) { !worker.process.isRunning }, "the worker went on: \(worker.output)")
        #expect(worker.process.terminationStatus != 0)
        #expect(worker.output.contains("\(log) was deleted while the worker ran; every word filed is saved"), "\(worker.output)")
        let (hashes, integrity) = try filedHashes(scratch.database)
        #expect(integrity == "ok")
        #expect(hashes == [sha256(photo.data)], "the word filed before the log was deleted is in the database file")
        let after = try wordbook(["list", "--config", scratch.config])
        #expect(after.status == 0 && after.stdout.contains("#1"), "\(after.stderr)")
    }
}
