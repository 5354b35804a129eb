import Foundation
import Glibc
import Testing
@testable import WordBookStore

/// A log or a timings file that cannot be written (here /dev/full, which answers every write with
/// "No space left on device") costs those lines, never the worker.
@Suite struct WriteFailureTests {
    private func stagePhoto(in scratch: Scratch) throws {
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        let (name, data) = try distinctPhotos(1)[0]
        try data.write(to: URL(fileURLWithPath: "\(scratch.inbox)/\(name)"))
    }

    @Test func aWorkerWhoseLogCannotBeWrittenKeepsFiling() throws {
        let scratch = try Scratch(workers: 1)
        try stagePhoto(in: scratch)
        let worker = try Worker(scratch, log: "/dev/full")
        defer { if worker.process.isRunning { _ = worker.stop() } }

        let database = try AppDatabase.open(path: scratch.database, create: true)
        #expect(try eventually(timeout: 90) { try database.wordCount() == 1 && scratch.files(under: "inbox").isEmpty })
        #expect(worker.process.isRunning, "the worker keeps running")
        #expect(worker.stop() == 0)
    }

    @Test func aWorkerWhoseTimingsCannotBeWrittenSaysSoAndKeepsFiling() throws {
        let scratch = try Scratch(workers: 1)
        try stagePhoto(in: scratch)
        let worker = try Worker(scratch, arguments: ["--timings", "/dev/full"])
        defer { if worker.process.isRunning { _ = worker.stop() } }

        let database = try AppDatabase.open(path: scratch.database, create: true)
        #expect(try eventually(timeout: 90) { try database.wordCount() == 1 && scratch.files(under: "inbox").isEmpty },
                "\(worker.output)")
        #expect(worker.output.contains("the timings of photo-000.jpg could not be written: No space left on device"),
                "\(worker.output)")
        #expect(worker.stop() == 0)
    }
}
