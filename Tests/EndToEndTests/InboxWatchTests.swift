import Foundation
import Glibc
import Testing

/// An inbox deleted or renamed while the worker runs, then made again: the log and `status` say
/// the watch is lost, the watch is armed again once the inbox is back, and photos dropped into the
/// new inbox are filed at once, not at the next rescan.
@Suite struct InboxWatchTests {
    func status(_ scratch: Scratch) throws -> [String: Any] {
        let result = try wordbook(["status", "--json", "--config", scratch.config])
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test(arguments: ["renamed", "deleted"])
    func theWatchIsArmedAgainWhenTheInboxIsMadeAgain(how: String) throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        try FileManager.default.createDirectory(atPath: "\(scratch.inbox)/de", withIntermediateDirectories: true)
        if how == "renamed" {
            #expect(rename(scratch.inbox, "\(scratch.data)/inbox.old") == 0)
        } else {
            try FileManager.default.removeItem(atPath: scratch.inbox)
        }
        #expect(eventually(timeout: 60) { worker.output.contains("was deleted or renamed") }, "\(worker.output)")
        #expect(eventually(timeout: 30) { (try? status(scratch))?["workerNote"] as? String != nil })
        let shown = try wordbook(["status", "--config", scratch.config])
        #expect(shown.stdout.contains("watch      the inbox \(scratch.inbox) was deleted or renamed"), "\(shown.stdout)")

        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        #expect(eventually(timeout: 60) { worker.output.contains("is there again") }, "\(worker.output)")
        let photo = try distinctPhotos(1)[0]
        try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
        #expect(rename("\(scratch.root)/\(photo.name)", "\(scratch.inbox)/\(photo.name)") == 0)
        // Far within the 5-minute rescan, the only other way it would be found.
        #expect(eventually(timeout: 60) { scratch.files(under: "archive").count == 1 }, "\(worker.output)")
        #expect((try status(scratch))["workerNote"] == nil)
        #expect(worker.stop() == 0)
    }
}
