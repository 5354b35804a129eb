import Foundation
import Glibc
import Testing

/// One worker per data folder: a second `run` on the same database or inbox exits at once naming
/// the first, the lock dies with its process, and `ingest` leaves a running worker's inbox to it.
@Suite(.serialized) struct OneWorkerTests {
    func put(_ photos: [(name: String, data: Data)], into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, data) in photos { try data.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
    }

    @Test func twoRunsAtOnceOneFailsFastAndTheOtherFilesEverything() throws {
        let scratch = try Scratch()
        let photos = try distinctPhotos(12)
        try put(photos, into: scratch.inbox)
        let first = try Worker(scratch, name: "first"), second = try Worker(scratch, name: "second")
        defer { for worker in [first, second] where worker.process.isRunning { worker.process.terminate() } }

        #expect(eventually(timeout: 30) { !first.process.isRunning || !second.process.isRunning })
        let (refused, running) = first.process.isRunning ? (second, first) : (first, second)
        #expect(running.process.isRunning)
        #expect(refused.process.terminationReason == .exit && refused.process.terminationStatus == 1)
        #expect(refused.output == "wordbook: another worker (pid \(running.process.processIdentifier)) is already filing into \(scratch.database)\n")

        #expect(eventually(timeout: 120) { scratch.files(under: "inbox").isEmpty }, "\(running.output)")
        #expect(running.stop() == 0)
        let (hashes, integrity) = try filedHashes(scratch.database)
        #expect(integrity == "ok")
        #expect(hashes.sorted() == photos.map { sha256($0.data) }.sorted(), "every photo filed once")
        #expect(scratch.files(under: "failed").isEmpty)
        #expect(scratch.files(under: "archive").count == photos.count)
    }

    @Test func afterKillNineANewRunStartsAtOnceAndStatusTellsWhoHoldsTheLock() throws {
        let scratch = try Scratch()
        let first = try Worker(scratch, name: "first")
        #expect(first.waitUntilWatching(), "\(first.output)")
        let running = try wordbook(["status", "--config", scratch.config])
        #expect(running.stdout.contains("worker     pid \(first.process.processIdentifier) is filing into \(scratch.database)"), "\(running.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(try wordbook(["status", "--json", "--config", scratch.config]).stdout.utf8)) as? [String: Any]
        #expect(json?["worker"] as? Bool == true && json?["workerPid"] as? Int == Int(first.process.processIdentifier))

        first.kill9()
        let stopped = try wordbook(["status", "--config", scratch.config])
        #expect(stopped.stdout.contains("worker     not running"), "\(stopped.stdout)")

        let second = try Worker(scratch, name: "second")
        #expect(second.waitUntilWatching(), "\(second.output)")
        #expect(!second.output.contains("another worker"))
        let photos = try distinctPhotos(3)
        try put(photos, into: scratch.inbox)
        #expect(eventually(timeout: 60) { scratch.files(under: "inbox").isEmpty }, "\(second.output)")
        #expect(second.stop() == 0)
        #expect(try filedHashes(scratch.database).hashes.count == photos.count)
    }

    @Test func theSameInboxWithAnotherDatabaseIsRefusedAndIngestLeavesTheInboxToItsWorker() throws {
        let scratch = try Scratch()
        let worker = try Worker(scratch)
        defer { if worker.process.isRunning { kill(worker.process.processIdentifier, SIGCONT); worker.process.terminate() } }
        #expect(worker.waitUntilWatching(), "\(worker.output)")
        let pid = worker.process.processIdentifier

        let other = try wordbook(["run", "--config", scratch.config, "--db", "\(scratch.root)/other.sqlite"])
        #expect(other.status == 1)
        #expect(other.stderr == "wordbook: another worker (pid \(pid)) is already watching \(scratch.inbox)\n")

        // Stopped, the worker still holds its locks but files nothing: what ingest does shows.
        kill(pid, SIGSTOP)
        let photos = try distinctPhotos(3)
        try put(Array(photos.prefix(2)), into: "\(scratch.inbox)/de")
        let refused = try wordbook(["ingest", "--config", scratch.config, scratch.inbox])
        #expect(refused.status == 1)
        #expect(refused.stderr == "wordbook: a worker (pid \(pid)) is watching \(scratch.inbox): ingest leaves the 2 photos there to it\n")
        #expect(scratch.files(under: "inbox") == ["de/photo-000.jpg", "de/photo-001.jpg"])

        // Other files go on beside the worker; the inbox's are still left alone.
        try put([photos[2]], into: "\(scratch.root)/elsewhere")
        let mixed = try wordbook(["ingest", "--json", "--config", scratch.config, "\(scratch.root)/elsewhere/photo-002.jpg", "\(scratch.inbox)/de/photo-000.jpg"])
        #expect(mixed.status == 0, "\(mixed.stderr)")
        #expect(mixed.stderr.contains("ingest leaves the 1 photo there to it"))
        #expect(mixed.stdout.split(separator: "\n").count == 1 && mixed.stdout.contains("\"status\":\"filed\""))
        #expect(try filedHashes(scratch.database).hashes == [sha256(photos[2].data)])

        kill(pid, SIGCONT)
        #expect(eventually(timeout: 60) { scratch.files(under: "inbox").isEmpty }, "\(worker.output)")
        #expect(Set(try filedHashes(scratch.database).hashes) == Set(photos.map { sha256($0.data) }))
    }
}
