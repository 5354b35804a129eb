import Foundation
import Glibc
import GRDB
import Testing

/// A word book whose pages are damaged is not the photos' fault: they stay in the inbox, the
/// worker stops with one clear sentence, and `status` says why.
@Suite struct DamagedDatabaseTests {
    /// Overwrites the pages of the word table and its indexes with zeros, keeping the schema and the
    /// migrations' table readable, as a disk that lost a few blocks might.
    func damageTheWords(_ path: String) throws {
        let (pageSize, roots) = try DatabaseQueue(path: path).read { db in
            (try Int.fetchOne(db, sql: "PRAGMA page_size")!,
             try Int.fetchAll(db, sql: "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'word' AND rootpage > 0"))
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        for root in roots {
            try handle.seek(toOffset: UInt64((root - 1) * pageSize))
            try handle.write(contentsOf: Data(repeating: 0, count: pageSize))
        }
    }

    @Test func photosStayAndTheWorkerStopsSayingWhy() throws {
        let scratch = try Scratch(workers: 1)
        let photos = try distinctPhotos(3)
        try FileManager.default.createDirectory(atPath: "\(scratch.root)/first", withIntermediateDirectories: true)
        try photos[0].data.write(to: URL(fileURLWithPath: "\(scratch.root)/first/\(photos[0].name)"))
        #expect(try wordbook(["ingest", "--config", scratch.config, "\(scratch.root)/first"]).status == 0)
        try damageTheWords(scratch.database)

        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        for photo in photos.dropFirst() {
            try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
            #expect(rename("\(scratch.root)/\(photo.name)", "\(scratch.inbox)/\(photo.name)") == 0)
        }
        #expect(eventually(timeout: 120) { !worker.process.isRunning }, "\(worker.output)")
        if worker.process.isRunning { worker.kill9() }
        #expect(worker.process.terminationStatus == 1)
        #expect(worker.output.contains("wordbook: the worker stopped, leaving every photo in the inbox: the database \(scratch.database) is damaged"), "\(worker.output)")
        #expect(scratch.files(under: "inbox").sorted() == photos.dropFirst().map(\.name).sorted())
        #expect(scratch.files(under: "failed").isEmpty)

        let status = try wordbook(["status", "--config", scratch.config])
        #expect(status.stdout.contains("worker     not running: the last one stopped at"), "\(status.stdout)")
        #expect(status.stdout.contains("is damaged"))
    }
}
