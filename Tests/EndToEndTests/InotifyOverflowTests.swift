import Foundation
import Glibc
import Testing
@testable import WordBookStore

/// When more happens in the inbox than inotify's queue holds, events are lost and the kernel says
/// so (IN_Q_OVERFLOW): the worker rescans, and the photos whose events were lost are filed all the same.
@Suite struct InotifyOverflowTests {
    @Test func photosWhoseEventsOverflowedTheQueueAreFoundByARescan() throws {
        let limitText = try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
        let limit = try #require(Int(limitText.trimmingCharacters(in: .whitespacesAndNewlines)))
        // No periodic rescan: only the overflow's rescan can find the photos.
        let scratch = try Scratch(workers: 1, capture: ["rescan_interval = 0"])
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        let worker = try Worker(scratch)
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching())

        // While the worker is stopped, fill its queue with events for files it ignores (two names in
        // turn, which inotify cannot merge), then add photos, whose events are lost.
        let photos = try distinctPhotos(3)
        let pid = worker.process.processIdentifier
        kill(pid, SIGSTOP)
        // kill returns before the stop takes hold: a thread woken meanwhile could still read (and
        // so free) a batch of the queue. Wait until every thread is stopped, and write twice the limit.
        #expect(eventually(timeout: 10) { Self.everyThreadStopped(pid) })
        for index in 0..<(2 * limit) {
            let descriptor = open("\(scratch.inbox)/.noise-\(index % 2)", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            if descriptor >= 0 { close(descriptor) }
        }
        for (name, data) in photos { try data.write(to: URL(fileURLWithPath: "\(scratch.inbox)/\(name)")) }
        kill(pid, SIGCONT)

        #expect(eventually(timeout: 30) { worker.output.contains("inotify queue overflowed; rescanning the inbox") },
                "\(worker.output)")
        let database = try AppDatabase.open(path: scratch.database, create: true)
        #expect(try eventually(timeout: 90) {
            try database.wordCount() == photos.count && scratch.files(under: "inbox").allSatisfy { $0.hasPrefix(".noise") }
        }, "\(worker.output)")
        #expect(Set(try database.words(WordQuery()).map(\.word.sourceName)) == Set(photos.map(\.name)))
    }

    /// Whether every thread of the process is in the stopped state (`T` in /proc/PID/task/TID/stat).
    static func everyThreadStopped(_ pid: pid_t) -> Bool {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"), !threads.isEmpty else {
            return false
        }
        return threads.allSatisfy { thread in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // The state follows the command name in parentheses: "123 (wordbook-worker) T ...".
            return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("T")
        }
    }
}
