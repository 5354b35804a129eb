import Foundation
import Testing

/// What a worker keeps between photos, and what it lets go of when the inbox is quiet.
@Suite struct IdleWorkerTests {
    /// After a burst, with the inbox quiet for `InboxService.idleBeforeLettingGo` (10 s), the worker
    /// lets go of the detector's buffers and the pages its allocator kept from the photos: a worker
    /// waiting for the next day's photos holds about 100 MB less (279 → 180 MB, release build, after
    /// 123 photos). After these four book pages the debug build fell by 56 MB in one run (219 → 163 MB);
    /// the test asks for 30 MB, less than the detector's buffers alone, which nothing else gives back.
    @Test func aWorkerWaitingForPhotosLetsGoOfWhatItKeptForThem() throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching())
        // A book page, whose small lines the detector looks at at the full size, where its buffers are largest.
        let photo = try Data(contentsOf: repositoryRoot.appendingPathComponent("TestImages/novel_page.jpg"))
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        for index in 0..<4 {
            try (photo + Data("copy \(index)".utf8)).write(to: URL(fileURLWithPath: "\(scratch.inbox)/photo-\(index).jpg"))
        }
        #expect(eventually(timeout: 120) { (try? filedHashes(scratch.database).hashes.count) == 4 }, "\(worker.output)")
        let busy = try #require(worker.residentKilobytes)
        var quiet = busy
        #expect(eventually(timeout: 30) {
            quiet = worker.residentKilobytes ?? .max
            return quiet < busy - 30_000
        }, "resident after the photos: \(busy) kB; the inbox quiet: \(quiet) kB")
    }
}
