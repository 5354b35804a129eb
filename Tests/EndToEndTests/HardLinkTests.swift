import Foundation
import Glibc
import Testing

/// A photo hard-linked into the inbox (no close-after-write event comes for a link) is filed from
/// its create event, not left for the rescan.
@Suite struct HardLinkTests {
    @Test func aHardLinkIntoTheInboxIsFiledAtOnce() throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        let photo = try distinctPhotos(1)[0]
        let original = "\(scratch.root)/\(photo.name)"
        try photo.data.write(to: URL(fileURLWithPath: original))
        #expect(link(original, "\(scratch.inbox)/\(photo.name)") == 0)
        // Far within the 5-minute rescan that alone found it before.
        #expect(eventually(timeout: 60) { scratch.files(under: "archive").count == 1 }, "\(worker.output)")
        #expect(worker.stop() == 0)
        #expect(scratch.files(under: "inbox").isEmpty)
        #expect(FileManager.default.contents(atPath: original) == photo.data)
        #expect(try filedHashes(scratch.database).hashes == [sha256(photo.data)])
    }
}
