import Foundation
import Glibc
import GRDB
import Testing
@testable import WordBookSettings
@testable import WordBookStore

/// Another process holding the database's write lock longer than the busy timeout: the photo is
/// not failed but stays in the inbox, and the worker files it on a later try once the lock is gone.
@Suite struct BusyDatabaseTests {
    @Test func aPhotoThatMeetsABusyDatabaseWaitsInTheInboxAndIsFiledOnALaterTry() throws {
        let scratch = try Scratch(workers: 1)
        _ = try AppDatabase.open(path: scratch.database, create: true)
        let worker = try Worker(scratch)
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching())

        // A second process's connection, as a long `wordbook import` or a sqlite3 shell would hold it.
        let holder = try WriteLockHolder(scratch.database)

        let (name, data) = try distinctPhotos(1)[0]
        try data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(name)"))
        rename("\(scratch.root)/\(name)", "\(scratch.inbox)/\(name)")
        #expect(eventually(timeout: 60) { worker.output.contains("\(name) stays in the inbox and is tried again") },
                "\(worker.output)")
        #expect(worker.output.contains("database is locked"), "\(worker.output)")
        #expect(scratch.files(under: "inbox") == [name])
        #expect(scratch.files(under: "failed").isEmpty, "not the photo's fault")

        try holder.release()
        let database = try AppDatabase.open(path: scratch.database, create: false)
        #expect(try eventually(timeout: 60) { try database.wordCount() == 1 && scratch.files(under: "inbox").isEmpty },
                "\(worker.output)")
        #expect(try database.words(WordQuery()).map(\.word.sourceName) == [name])
        #expect(scratch.files(under: "failed").isEmpty)
    }

    /// A stop that outlasts capture.stop_timeout (a photo waiting on another process's lock) ends the
    /// worker of itself, before systemd's SIGKILL would: the log names the photo, which stays in the
    /// inbox and is filed at the next start.
    @Test func aPhotoStillBeingFiledWhenTheStopTimesOutStaysInTheInboxForTheNextStart() throws {
        let scratch = try Scratch(workers: 1, capture: ["stop_timeout = 1"])
        _ = try AppDatabase.open(path: scratch.database, create: true)
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        let holder = try WriteLockHolder(scratch.database)

        let (name, data) = try distinctPhotos(1)[0]
        try data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(name)"))
        rename("\(scratch.root)/\(name)", "\(scratch.inbox)/\(name)")
        // Read and recognised, then waiting on the lock for SQLite's 10 s busy timeout.
        Thread.sleep(forTimeInterval: 4)
        #expect(worker.stop() == 0)
        #expect(worker.output.contains("finishing 1 photo in flight (\(name))"), "\(worker.output)")
        #expect(worker.output.contains("\(name) still being filed after 1 s (capture.stop_timeout): it stays in the inbox"),
                "\(worker.output)")
        #expect(!worker.output.contains("database is locked"), "it did not wait out the lock: \(worker.output)")
        #expect(scratch.files(under: "inbox") == [name])

        try holder.release()
        let next = try Worker(scratch)
        defer { _ = next.stop() }
        let database = try AppDatabase.open(path: scratch.database, create: false)
        #expect(try eventually(timeout: 60) { try database.wordCount() == 1 && scratch.files(under: "inbox").isEmpty },
                "\(next.output)")
        #expect(try database.words(WordQuery()).map(\.word.sourceName) == [name])
    }
}
