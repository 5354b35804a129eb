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

    /// The inbox is locked as a folder: one made again is a new folder, which the worker locks
    /// again, so a second worker (with a database of its own) is refused on it as on the first.
    @Test func aSecondWorkerIsRefusedOnAnInboxMadeAgain() throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching(), "\(worker.output)")
        try FileManager.default.removeItem(atPath: scratch.inbox)
        #expect(eventually(timeout: 60) { worker.output.contains("was deleted or renamed") }, "\(worker.output)")
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        #expect(eventually(timeout: 60) { worker.output.contains("is there again") }, "\(worker.output)")
        #expect(worker.output.contains("it is locked against a second worker again"), "\(worker.output)")

        let other = "\(scratch.root)/other.toml"
        try """
            [paths]
            data = "\(scratch.root)/other"
            inbox = "\(scratch.inbox)"
            [capture]
            workers = 1
            """.write(toFile: other, atomically: true, encoding: .utf8)
        let log = "\(scratch.root)/second.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let second = Process()
        second.executableURL = URL(fileURLWithPath: wordbookBinary)
        second.arguments = ["run", "--config", other]
        second.standardError = FileHandle(forWritingAtPath: log)
        second.standardOutput = FileHandle.nullDevice
        try second.run()
        #expect(eventually(timeout: 60) { !second.isRunning }, "a second worker runs on the inbox made again")
        if second.isRunning {
            second.terminate()
        }
        second.waitUntilExit()
        let refusal = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(second.terminationStatus != 0)
        #expect(refusal == "wordbook: another worker (pid \(worker.process.processIdentifier)) is already watching \(scratch.inbox)\n", "\(refusal)")
        #expect(worker.stop() == 0)
    }
}
