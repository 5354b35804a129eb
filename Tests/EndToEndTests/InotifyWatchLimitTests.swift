import Foundation
import Testing
import WordBookStore

/// A system with few inotify watches left (`fs.inotify.max_user_watches`, shared by every program of
/// the user): the worker watches what it can, says once what to raise, and its rescans file the photos
/// in the folders it could not watch.
@Suite struct InotifyWatchLimitTests {
    @Test func photosInFoldersBeyondTheWatchLimitAreFiledByTheRescan() throws {
        // A user namespace has inotify limits of its own (/proc/sys/user/max_inotify_watches), so the
        // worker can run short of watches without touching the machine's.
        let watches = 2
        let launcher = ["/usr/bin/unshare", "--user", "--map-root-user", "/bin/sh", "-c",
                        "echo \(watches) > /proc/sys/user/max_inotify_watches && exec \"$0\" \"$@\""]
        let scratch = try Scratch(workers: 1, capture: ["rescan_interval = 2"])
        let folders = ["", "de/", "fr/", "es/", "en/", "de/Reise/"]
        for folder in folders {
            try FileManager.default.createDirectory(atPath: scratch.inbox + "/" + folder, withIntermediateDirectories: true)
        }
        let worker = try Worker(scratch, launcher: launcher)
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching(), "\(worker.output)")

        let photos = try distinctPhotos(folders.count)
        for (folder, photo) in zip(folders, photos) {
            try photo.data.write(to: URL(fileURLWithPath: scratch.inbox + "/" + folder + photo.name))
        }
        let database = try AppDatabase.open(path: scratch.database, create: true)
        #expect(try eventually(timeout: 120) { try database.wordCount() == photos.count }, "\(worker.output)")
        #expect(scratch.files(under: "inbox").isEmpty, "\(scratch.files(under: "inbox"))")

        let warnings = worker.output.components(separatedBy: "out of inotify watches").count - 1
        #expect(warnings == 1, "\(worker.output)")
        #expect(worker.output.contains("fs.inotify.max_user_watches"))
        #expect(worker.process.isRunning)
    }
}
