import Foundation
import Glibc
import GRDB
import Testing
@testable import WordBookStore

/// A sync tool renames a second photo over the name of one the worker is filing (`IMG_0001.jpg` from
/// two phones): the worker moves only the file it read, and the second is filed next, never archived
/// or deleted unread.
@Suite struct RenamedOverTests {
    /// Bytes the process has read so far (`rchar` in /proc/PID/io).
    private func bytesRead(by pid: Int32) -> Int {
        let io = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
        return io.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    @Test(arguments: ["archive", "delete"])
    func aPhotoRenamedOverOneBeingFiledIsFiledNext(afterFiling: String) throws {
        let scratch = try Scratch(workers: 1, capture: ["after_filing = \"\(afterFiling)\""])
        _ = try AppDatabase.open(path: scratch.database, create: true)
        let worker = try Worker(scratch)
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching())

        // The write lock held by another process keeps photo A between its reading and its commit
        // (the busy timeout is 10 s) for as long as it takes to rename photo B over its name.
        let holder = try WriteLockHolder(scratch.database)

        let photos = try distinctPhotos(2)
        let (a, b) = (photos[0].data, photos[1].data)
        let before = bytesRead(by: worker.process.processIdentifier)
        try a.write(to: URL(fileURLWithPath: "\(scratch.root)/a.jpg"))
        #expect(rename("\(scratch.root)/a.jpg", "\(scratch.inbox)/IMG_0001.jpg") == 0)
        #expect(eventually(timeout: 30) { bytesRead(by: worker.process.processIdentifier) >= before + a.count },
                "the worker never read photo A: \(worker.output)")
        try b.write(to: URL(fileURLWithPath: "\(scratch.root)/b.jpg"))
        #expect(rename("\(scratch.root)/b.jpg", "\(scratch.inbox)/IMG_0001.jpg") == 0)
        usleep(300_000)
        try holder.release()

        let database = try AppDatabase.open(path: scratch.database, create: false)
        let filed = { try Set(database.words(WordQuery()).map(\.word.sourceSHA256)) }
        #expect(try eventually(timeout: 120) { try filed() == [sha256(a), sha256(b)] && scratch.files(under: "inbox").isEmpty },
                "\(scratch.files(under: "inbox")) \(worker.output)")
        #expect(worker.output.contains("was replaced by another file while it was being filed"), "\(worker.output)")
        if afterFiling == "archive" {
            let archived = contentHashes(under: "\(scratch.data)/archive")
            // A's original went when B was renamed over it; B's is archived, once.
            #expect(archived == [sha256(b)], "\(scratch.files(under: "archive"))")
        }
        #expect(scratch.files(under: "failed").isEmpty)
    }
}
