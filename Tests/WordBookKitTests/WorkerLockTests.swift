import Foundation
import Glibc
import Testing
@testable import WordBookSettings

/// flock locks belong to an open file, so a second lock taken in this same process is refused as
/// a second worker's would be.
@Suite struct WorkerLockTests {
    func folder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    func paths(_ root: String, database: String = "wordbook.sqlite") -> DataPaths {
        DataPaths(database: "\(root)/\(database)", inbox: "\(root)/inbox", archive: "\(root)/archive", failed: "\(root)/failed")
    }

    @Test func aSecondWorkerOnTheSameDatabaseOrInboxIsRefusedWithThePidOfTheFirst() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Released at the end of this block, as at the end of a worker's process.
        do {
            let first = try WorkerLock.acquire(paths: paths(root))
            defer { withExtendedLifetime(first) {} }
            #expect(first.inboxNotLocked == nil)
            #expect(try String(contentsOfFile: "\(root)/wordbook.sqlite.lock", encoding: .utf8) == "\(getpid())\n")
            #expect(WorkerLock.holder(database: "\(root)/wordbook.sqlite") == WorkerLock.Holder(pid: getpid()))
            #expect(WorkerLock.holder(inbox: "\(root)/inbox") == WorkerLock.Holder(pid: getpid()))

            #expect(throws: WorkerLockError.databaseTaken(database: "\(root)/wordbook.sqlite", pid: getpid())) {
                try WorkerLock.acquire(paths: paths(root))
            }
            #expect(throws: WorkerLockError.inboxTaken(inbox: "\(root)/inbox", pid: getpid())) {
                try WorkerLock.acquire(paths: paths(root, database: "other.sqlite"))
            }
            #expect(WorkerLockError.databaseTaken(database: "/var/lib/wordbook/wordbook.sqlite", pid: 4711).description
                == "another worker (pid 4711) is already filing into /var/lib/wordbook/wordbook.sqlite")
            // The refused one let go of the other database's lock again.
            #expect(Self.soon { WorkerLock.holder(database: "\(root)/other.sqlite") == nil })
        }
        // A process another test is starting at this moment may hold a copy of the descriptors until
        // its exec closes them (O_CLOEXEC): the locks are free once it has.
        #expect(Self.soon { WorkerLock.holder(database: "\(root)/wordbook.sqlite") == nil })
        #expect(Self.soon { WorkerLock.holder(inbox: "\(root)/inbox") == nil })
        _ = try WorkerLock.acquire(paths: paths(root))
    }

    @Test func aLockHeldByAnotherProgramNamesItsHolderNotThePidLeftInTheFile() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lockPath = "\(root)/wordbook.sqlite.lock"
        // A worker that ended left its pid; another program now holds the file's lock.
        try "4711\n".write(toFile: lockPath, atomically: false, encoding: .utf8)
        let other = open(lockPath, O_RDWR | O_CLOEXEC)
        defer { close(other) }
        try #require(flock(other, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: WorkerLockError.lockHeld(path: lockPath, database: "\(root)/wordbook.sqlite", pid: getpid())) {
            try WorkerLock.acquire(paths: paths(root))
        }
        #expect(WorkerLockError.lockHeld(path: "/x.lock", database: "/x", pid: 12).description
            == "another process (pid 12) holds /x.lock, the lock a worker takes to file into /x")
    }

    /// Whether `condition` holds within 10 s, asked every 20 ms.
    static func soon(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    @Test func theFilesInAWatchedInboxAreFoundWhateverTheFolderTheyAreIn() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lock = try WorkerLock.acquire(paths: paths(root))
        defer { withExtendedLifetime(lock) {} }
        try FileManager.default.createDirectory(atPath: "\(root)/inbox/de", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(root)/photos", withIntermediateDirectories: true)
        let inside = ["\(root)/inbox/a.jpg", "\(root)/inbox/de/b.jpg", "\(root)/photos/../inbox/c.jpg"]
        let outside = ["\(root)/photos/d.jpg", "\(root)/inbox-not/e.jpg"]
        for file in inside + outside.prefix(1) { _ = FileManager.default.createFile(atPath: file, contents: Data([1])) }

        let watched = WorkerLock.watchedInboxes(of: [outside[0], inside[0], inside[1], outside[1], inside[2]])
        #expect(watched.count == 1)
        #expect(watched.first?.inbox == "\(root)/inbox")
        #expect(watched.first?.holder.pid == getpid())
        #expect(watched.first?.files == inside)
    }

    /// An inbox renamed and made again is a new folder: locked again, it is refused to a second
    /// worker; the renamed one is let go; a folder another worker took first is refused to this one.
    @Test func anInboxMadeAgainIsLockedAgain() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let lock = try WorkerLock.acquire(paths: paths(root))
        #expect(rename("\(root)/inbox", "\(root)/inbox.old") == 0)
        try FileManager.default.createDirectory(atPath: "\(root)/inbox", withIntermediateDirectories: true)
        #expect(WorkerLock.holder(inbox: "\(root)/inbox") == nil)

        try lock.lockInboxAgain("\(root)/inbox")
        #expect(WorkerLock.holder(inbox: "\(root)/inbox") == WorkerLock.Holder(pid: getpid()))
        #expect(WorkerLock.holder(inbox: "\(root)/inbox.old") == nil)
        try lock.lockInboxAgain("\(root)/inbox")  // the same folder: kept, not refused to itself
        #expect(throws: WorkerLockError.inboxTaken(inbox: "\(root)/inbox", pid: getpid())) {
            try WorkerLock.acquire(paths: paths(root, database: "other.sqlite"))
        }

        // Another worker takes the next new inbox first.
        try FileManager.default.removeItem(atPath: "\(root)/inbox")
        try FileManager.default.createDirectory(atPath: "\(root)/inbox", withIntermediateDirectories: true)
        let other = try WorkerLock.acquire(paths: paths(root, database: "other.sqlite"))
        #expect(throws: WorkerLockError.inboxTaken(inbox: "\(root)/inbox", pid: getpid())) {
            try lock.lockInboxAgain("\(root)/inbox")
        }
        withExtendedLifetime(other) {}
    }
}
