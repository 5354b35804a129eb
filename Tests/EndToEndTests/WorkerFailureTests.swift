import Foundation
import Glibc
import Testing
@testable import WordBookStore

/// A part of the worker that fails ends the worker, with the reason in its log and a non-zero
/// status, so that systemd starts it again, instead of the worker going on unable to see photos.
@Suite struct WorkerFailureTests {
    @Test func aWorkerWhoseInotifyReaderFailsEndsWithTheReason() throws {
        let scratch = try Scratch(workers: 1)
        let notifications = try NotifyListener(path: "\(scratch.root)/notify.sock")
        // Breaks the inotify descriptor once the first events are read: the next read fails with EBADF.
        let worker = try Worker(scratch, environment: ["NOTIFY_SOCKET": notifications.path, "WORDBOOK_DEBUG_BREAK_INOTIFY": "1"])
        #expect(notifications.wait(for: "READY=1", timeout: 60), "\(worker.output)")
        let photo = try distinctPhotos(1)[0]
        try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
        #expect(rename("\(scratch.root)/\(photo.name)", "\(scratch.inbox)/\(photo.name)") == 0)

        #expect(eventually(timeout: 60) { !worker.process.isRunning }, "the worker went on: \(worker.output)")
        if worker.process.isRunning { worker.kill9() }
        worker.process.waitUntilExit()
        #expect(worker.process.terminationReason == .exit && worker.process.terminationStatus == 1, "\(worker.output)")
        let output = worker.output
        #expect(output.contains("the inotify reader failed: read: Bad file descriptor; the worker stops, so that it is started again"), "\(output)")
        #expect(output.contains("wordbook: the inotify reader failed: read: Bad file descriptor"), "\(output)")
        // Stopped as on SIGTERM: systemd is told, and the photo is filed or waits, never lost.
        #expect(output.contains("stopping: ") && output.contains("stopped: "), "\(output)")
        #expect(notifications.wait(for: "STOPPING=1", timeout: 5))
        #expect(notifications.messages.contains { $0.contains("STATUS=stopped: the inotify reader failed") })
        let filed = try AppDatabase.open(path: scratch.database, create: false).wordCount()
        #expect(filed + scratch.files(under: "inbox").filter { $0.hasSuffix(photo.name) }.count == 1, "\(output)")
        #expect(scratch.files(under: "failed").isEmpty)
        let status = try wordbook(["status", "--config", scratch.config])
        #expect(status.stdout.contains("worker     not running: the last one stopped at ")
                && status.stdout.contains("the inotify reader failed: read: Bad file descriptor"), "\(status.stdout)")
    }

    /// A terminal closed under `wordbook run` sends SIGHUP: the worker stops as on SIGTERM.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func eachStopSignalStopsTheWorkerGracefully(signal: Int32) throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching(), "\(worker.output)")
        kill(worker.process.processIdentifier, signal)
        worker.process.waitUntilExit()
        #expect(worker.process.terminationReason == .exit && worker.process.terminationStatus == 0, "\(worker.output)")
        #expect(worker.output.contains("stopping: no photo in flight; 0 waiting stay in the inbox"), "\(worker.output)")
        #expect(worker.output.contains("stopped: filed 0"), "\(worker.output)")
    }
}
