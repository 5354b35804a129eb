import Foundation
import Glibc
import Synchronization

public enum WorkerLockError: Error, CustomStringConvertible, Equatable {
    case databaseTaken(database: String, pid: Int32?)
    case inboxTaken(inbox: String, pid: Int32?)
    case cannotLock(path: String, reason: String)
    case leftToWorker(inbox: String, pid: Int32?, photos: Int)
    /// The lock file held by a process that did not write its pid there: not a worker, or one just starting.
    case lockHeld(path: String, database: String, pid: Int32)

    public var description: String {
        switch self {
        case let .databaseTaken(database, pid):
            return "another worker\(pid.map { " (pid \($0))" } ?? "") is already filing into \(database)"
        case let .inboxTaken(inbox, pid):
            return "another worker\(pid.map { " (pid \($0))" } ?? "") is already watching \(inbox)"
        case let .cannotLock(path, reason):
            return "\(path) could not be locked against a second worker: \(reason)"
        case let .lockHeld(path, database, pid):
            return "another process (pid \(pid)) holds \(path), the lock a worker takes to file into \(database)"
        case let .leftToWorker(inbox, pid, photos):
            return "a worker\(pid.map { " (pid \($0))" } ?? "") is watching \(inbox): ingest leaves the \(photos) photo\(photos == 1 ? "" : "s") there to it"
        }
    }
}

/// One worker per database and per inbox. `run` holds an exclusive `flock` on `DATABASE.lock`
/// (its pid inside, for the second worker's message) and on the inbox folder itself, for as long
/// as the process lives: the kernel drops both when it ends, kill -9 included, so no lock goes stale.
/// The inbox is locked as a folder, not through a file in it, so a sync tool that owns it sees nothing new.
/// An inbox deleted or renamed and made again is a new folder: the worker locks it again (`lockInboxAgain`).
public final class WorkerLock: Sendable {
    /// Who holds a lock: a worker, with its pid when that can be told.
    public struct Holder: Equatable, Sendable {
        public var pid: Int32?
        /// What the worker says of its health, when something is wrong (its inbox watch is lost).
        public var note: String? = nil
    }

    /// The lock file beside the database, which holds the pid and the worker's note.
    private let database: Int32
    /// The inbox folder locked, nil when its file system cannot lock folders.
    private let inbox: Mutex<Int32?>
    /// Why the inbox is not locked, when its file system cannot lock folders (the database still is).
    public let inboxNotLocked: String?

    private init(database: Int32, inbox: Int32?, inboxNotLocked: String?) {
        self.database = database
        self.inbox = Mutex(inbox)
        self.inboxNotLocked = inboxNotLocked
    }

    deinit {
        close(database)
        if let descriptor = inbox.withLock({ $0 }) { close(descriptor) }
    }

    /// Locks the folder now at `folder`, the inbox made again after it was deleted or renamed, and
    /// lets the old one go. Throws when another worker holds it already, or it cannot be locked.
    public func lockInboxAgain(_ folder: String) throws {
        guard inboxNotLocked == nil else { return }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return }  // gone again: locked once it is back, when its watch is armed again
            throw WorkerLockError.cannotLock(path: folder, reason: Self.errorText())
        }
        // The folder locked already (its watch was lost for another reason): a second lock on it
        // through another descriptor would wait on this very worker.
        if let held = inbox.withLock({ $0 }), Self.sameFile(held, descriptor) {
            close(descriptor)
            return
        }
        switch Self.lockExclusively(descriptor) {
        case 0:
            let old = inbox.withLock { inbox in
                defer { inbox = descriptor }
                return inbox
            }
            if let old { close(old) }
        case EWOULDBLOCK:
            let pid = Self.flockHolder(descriptor)
            close(descriptor)
            throw WorkerLockError.inboxTaken(inbox: folder, pid: pid)
        case let code:
            close(descriptor)
            throw WorkerLockError.cannotLock(path: folder, reason: String(cString: strerror(code)))
        }
    }

    private static func sameFile(_ one: Int32, _ other: Int32) -> Bool {
        var first = stat(), second = stat()
        return fstat(one, &first) == 0 && fstat(other, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Writes the pid and, under it, `note` (nil when all is well) into the lock file, where
    /// `status` reads them.
    public func record(note: String?) {
        let descriptor = database
        let text = Array("\(getpid())\n\(note.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" } ?? "")".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, text, text.count, 0)
    }

    public static func lockFile(database: String) -> String { database + ".lock" }

    /// Takes both locks, or throws saying which worker holds one. Creates the inbox and the
    /// database's folder when missing: the worker would create them next anyway.
    public static func acquire(paths: DataPaths) throws -> WorkerLock {
        let lockPath = lockFile(database: paths.database)
        let folder = (lockPath as NSString).deletingLastPathComponent
        for needed in [folder, paths.inbox] where !needed.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: needed, withIntermediateDirectories: true)
            } catch {
                throw WorkerLockError.cannotLock(path: needed, reason: "the folder could not be created")
            }
        }

        // 0666 less the umask: group-writable under the packaged unit's UMask=0007, so that a member of
        // the wordbook group can run `wordbook run` on the shared word book while the service is stopped.
        // Never through a link: the pid written below would overwrite the link's target.
        let database = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard database >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link, which the worker never writes through" : errorText()
            throw WorkerLockError.cannotLock(path: lockPath, reason: reason)
        }
        switch lockExclusively(database) {
        case 0:
            break
        case EWOULDBLOCK:
            let recorded = recordedPid(database)
            let holder = flockHolder(database)
            close(database)
            // The pid in the file is the last worker's; another program's lock on the file is not its.
            if let holder, holder != recorded {
                throw WorkerLockError.lockHeld(path: lockPath, database: paths.database, pid: holder)
            }
            throw WorkerLockError.databaseTaken(database: paths.database, pid: holder ?? recorded)
        case let code:
            close(database)
            throw WorkerLockError.cannotLock(path: lockPath, reason: String(cString: strerror(code)))
        }
        let text = Array("\(getpid())\n".utf8)
        guard ftruncate(database, 0) == 0, pwrite(database, text, text.count, 0) == text.count else {
            let reason = errorText()
            close(database)
            throw WorkerLockError.cannotLock(path: lockPath, reason: reason)
        }

        let inbox = open(paths.inbox, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard inbox >= 0 else {
            let reason = errorText()
            close(database)
            throw WorkerLockError.cannotLock(path: paths.inbox, reason: reason)
        }
        switch lockExclusively(inbox) {
        case 0:
            return WorkerLock(database: database, inbox: inbox, inboxNotLocked: nil)
        case EWOULDBLOCK:
            let pid = flockHolder(inbox)
            close(inbox)
            close(database)
            throw WorkerLockError.inboxTaken(inbox: paths.inbox, pid: pid)
        case let code:
            // NFS without lockd, say: the database's lock still keeps a second worker out of the database.
            close(inbox)
            return WorkerLock(database: database, inbox: nil, inboxNotLocked: String(cString: strerror(code)))
        }
    }

    /// The worker filing into `database`, if one runs.
    public static func holder(database: String) -> Holder? {
        let descriptor = open(lockFile(database: database), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard isLocked(descriptor) else { return nil }
        let lines = recordedLines(descriptor)
        return Holder(pid: lines.first.flatMap { Int32($0) }, note: lines.dropFirst().first)
    }

    /// What the last worker on `database` said before it stopped of itself (a damaged database),
    /// when no worker runs now.
    public static func lastNote(database: String) -> String? {
        let descriptor = open(lockFile(database: database), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return isLocked(descriptor) ? nil : recordedLines(descriptor).dropFirst().first
    }

    /// The worker watching `folder` as its inbox, if one runs.
    public static func holder(inbox folder: String) -> Holder? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return isLocked(descriptor) ? Holder(pid: flockHolder(descriptor)) : nil
    }

    /// Which of `files` lie in an inbox a running worker watches, by inbox: those are the worker's to file.
    public static func watchedInboxes(of files: [String]) -> [(inbox: String, holder: Holder, files: [String])] {
        var known: [String: Holder?] = [:]
        var found: [String: (holder: Holder, files: [String])] = [:]
        var order: [String] = []
        for file in files {
            guard let real = realpath(file, nil) else { continue }
            var folder = (String(cString: real) as NSString).deletingLastPathComponent
            free(real)
            while !folder.isEmpty {
                let holder = known[folder] ?? holder(inbox: folder)
                known.updateValue(holder, forKey: folder)
                if let holder {
                    if found[folder] == nil { order.append(folder) }
                    found[folder, default: (holder, [])].files.append(file)
                    break
                }
                if folder == "/" { break }
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return order.map { (inbox: $0, holder: found[$0]!.holder, files: found[$0]!.files) }
    }

    /// 0 once the lock is held, else the errno. A test for the lock (`status`, `ingest`) holds it
    /// shared for an instant, so a worker starting just then tries again for half a second before it gives up.
    private static func lockExclusively(_ descriptor: Int32) -> Int32 {
        for attempt in 0..<10 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return 0 }
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR, attempt < 9 else { return code }
            usleep(50_000)
        }
        return EWOULDBLOCK
    }

    private static func isLocked(_ descriptor: Int32) -> Bool {
        guard flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    private static func recordedPid(_ descriptor: Int32) -> Int32? {
        recordedLines(descriptor).first.flatMap { Int32($0) }
    }

    /// The pid, then the worker's note, if any.
    private static func recordedLines(_ descriptor: Int32) -> [String] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return [] }
        return String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The pid holding an exclusive `flock` on the file open as `descriptor`, from /proc/locks
    /// (hidden inside a unit with ProcSubset=pid: then the message goes without it).
    private static func flockHolder(_ descriptor: Int32) -> Int32? {
        // The kernel hands /proc/locks out a page at a time; while other processes take and drop
        // locks (SQLite takes several for every transaction), a line can fall between two pages.
        for _ in 0..<5 {
            if let pid = flockHolderOnce(descriptor) { return pid }
            usleep(20_000)
        }
        return nil
    }

    private static func flockHolderOnce(_ descriptor: Int32) -> Int32? {
        var info = stat()
        guard fstat(descriptor, &info) == 0,
              let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let device = UInt64(info.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
        let minor = (device & 0xff) | ((device >> 12) & ~0xff)
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return digits.count < 2 ? "0" + digits : digits
        }
        let key = "\(hex(major)):\(hex(minor)):\(info.st_ino)"
        // "1: FLOCK  ADVISORY  WRITE 4711 fd:01:1234 0 EOF"; a waiter's line has "->" after the number.
        for line in locks.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count >= 6, fields[1] == "FLOCK", fields[3] == "WRITE", fields[5] == key, let pid = Int32(fields[4]) {
                return pid
            }
        }
        return nil
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
