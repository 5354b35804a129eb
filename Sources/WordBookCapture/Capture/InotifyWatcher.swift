import Foundation
import Glibc
import Logging
import WordBookSettings

/// Watches a folder tree with inotify: reports files closed after writing or moved in,
/// and arms watches on folders created or moved in later (reporting the files already inside).
public final class InotifyWatcher: @unchecked Sendable {
    public enum WatchError: Error, CustomStringConvertible {
        case cannotStart(String)
        case cannotWatch(folder: String, reason: String)

        public var description: String {
            switch self {
            case let .cannotStart(reason): return "inotify could not be started: \(reason)"
            case let .cannotWatch(folder, reason): return "the folder \(folder) cannot be watched: \(reason)"
            }
        }
    }

    private let scanner: InboxScanner
    private let onFile: @Sendable (String) -> Void
    private let onOverflow: @Sendable () -> Void
    private let onUndecodable: @Sendable (UndecodableName) -> Void
    private let logger: Logger
    private let fd: Int32
    private var stopPipe: [Int32] = [-1, -1]
    private var folders: [Int32: String] = [:]
    private let lock = NSLock()
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)
    private var warnedAboutLimit = false
    /// The inbox's own watch; nil once the inbox was deleted or renamed, until it is made again.
    private var rootWatch: Int32?
    /// The inbox folder's device and inode when its watch was armed.
    private var rootIdentity: (dev: UInt, ino: UInt)?
    private let onRootLost: @Sendable () -> Void

    private static let fileEvents = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
        | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    /// `onUndecodable` is told of a file or folder whose name is not UTF-8, which no path string can name.
    public init(scanner: InboxScanner, logger: Logger,
                onFile: @escaping @Sendable (String) -> Void,
                onUndecodable: @escaping @Sendable (UndecodableName) -> Void = { _ in },
                onOverflow: @escaping @Sendable () -> Void,
                onRootLost: @escaping @Sendable () -> Void = {}) throws {
        self.scanner = scanner
        self.onRootLost = onRootLost
        self.onUndecodable = onUndecodable
        self.logger = logger
        self.onFile = onFile
        self.onOverflow = onOverflow
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw WatchError.cannotStart(String(cString: strerror(errno))) }
        guard pipe(&stopPipe) == 0 else {
            close(fd)
            throw WatchError.cannotStart(String(cString: strerror(errno)))
        }
    }

    deinit {
        close(fd)
        close(stopPipe[0])
        close(stopPipe[1])
    }

    /// Arms watches on the whole tree, then reads events on a thread of its own.
    public func start() throws {
        for folder in scanner.folders() {
            try watch(folder)
        }
        armRoot()
        let thread = Thread { [self] in
            readEvents()
            finished.signal()
        }
        thread.name = "inotify"
        self.thread = thread
        thread.start()
    }

    /// Whether the inbox itself is watched; false from its deletion or renaming until `rearm()`.
    public var isWatchingInbox: Bool { lock.withLock { rootWatch != nil } }

    /// Arms the watches again once an inbox that was deleted or renamed is there again; true when
    /// it did, so that the caller scans what arrived meanwhile.
    public func rearm() -> Bool {
        guard !isWatchingInbox else { return false }
        var info = stat()
        guard lstat(scanner.root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        for folder in scanner.folders() {
            do { try watch(folder) } catch { logger.error("\(error)") }
        }
        armRoot()
        return isWatchingInbox
    }

    private func armRoot() {
        let identity = Self.identity(scanner.root)
        lock.withLock {
            rootWatch = folders.first { $0.value == scanner.root }?.key
            rootIdentity = identity
        }
    }

    private static func identity(_ path: String) -> (dev: UInt, ino: UInt)? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return (UInt(info.st_dev), UInt(info.st_ino))
    }

    /// Whether the inbox's path still names the folder watched. inotify says nothing of a folder
    /// deleted while a descriptor holds it open (the worker's lock does), so this is asked as well.
    public func checkInbox() {
        guard let watched = lock.withLock({ rootWatch == nil ? nil : rootIdentity }) else { return }
        let now = Self.identity(scanner.root)
        if now?.dev != watched.dev || now?.ino != watched.ino { loseRoot() }
    }

    /// The inbox went (deleted, or renamed with everything in it): every watch is dropped, since
    /// their paths no longer name what they watch, until `rearm()` finds the inbox again.
    private func loseRoot() {
        let watches: [Int32] = lock.withLock {
            guard rootWatch != nil else { return [] }
            rootWatch = nil
            defer { folders.removeAll() }
            return Array(folders.keys)
        }
        guard !watches.isEmpty else { return }
        watches.forEach { _ = inotify_rm_watch(fd, $0) }
        onRootLost()
    }

    public func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
        if thread != nil { finished.wait() }
    }

    private func watch(_ folder: String) throws {
        let wd = inotify_add_watch(fd, folder, Self.fileEvents | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW))
        guard wd >= 0 else {
            let code = errno
            if code == ENOSPC {
                if !warnedAboutLimit {
                    warnedAboutLimit = true
                    logger.error("out of inotify watches at \(folder): raise fs.inotify.max_user_watches (sysctl -w fs.inotify.max_user_watches=524288); rescanning covers it meanwhile")
                }
                return
            }
            if code == ENOENT || code == ENOTDIR { return }  // gone or replaced meanwhile
            throw WatchError.cannotWatch(folder: folder, reason: String(cString: strerror(code)))
        }
        lock.withLock { folders[wd] = folder }
    }

    private func readEvents() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        var polls = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&polls, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                logger.error("inotify stopped: \(String(cString: strerror(errno)))")
                return
            }
            if polls[1].revents != 0 { return }
            let count = read(fd, buffer, size)
            if count <= 0 { continue }
            var offset = 0
            while offset + 16 <= count {
                let event = buffer.advanced(by: offset)
                let wd = event.load(as: Int32.self)
                let mask = event.load(fromByteOffset: 4, as: UInt32.self)
                let length = Int(event.load(fromByteOffset: 12, as: UInt32.self))
                let bytes = Array(UnsafeRawBufferPointer(start: event.advanced(by: 16), count: length).prefix { $0 != 0 })
                offset += 16 + length
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    handleUndecodable(wd: wd, mask: mask, bytes: bytes)
                    continue
                }
                handle(wd: wd, mask: mask, name: name)
            }
        }
    }

    /// A name that is not UTF-8, once it is complete (closed after writing, moved in, or not a
    /// regular file being written), and unless the rules leave it alone.
    private func handleUndecodable(wd: Int32, mask: UInt32, bytes: [UInt8]) {
        guard let folder = lock.withLock({ folders[wd] }) else { return }
        let name = UndecodableName(folder: folder, bytes: bytes)
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        guard isFolder ? !scanner.rules.ignoresFolder(named: name.shown) : !scanner.rules.ignoresFile(named: name.shown) else { return }
        let complete = mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)) != 0
            || (mask & UInt32(IN_CREATE) != 0 && (isFolder || !name.isRegularFile))
        if complete { onUndecodable(name) }
    }

    private func handle(wd: Int32, mask: UInt32, name: String) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            logger.warning("inotify queue overflowed; rescanning the inbox")
            onOverflow()
            return
        }
        let isRoot = lock.withLock { rootWatch == wd }
        if isRoot && mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED)) != 0 {
            loseRoot()
            return
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            _ = lock.withLock { folders.removeValue(forKey: wd) }
            return
        }
        if mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 { return }
        guard let folder = lock.withLock({ folders[wd] }), !name.isEmpty else { return }
        let path = "\(folder)/\(name)"
        if mask & UInt32(IN_ISDIR) != 0 {
            guard mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0, !scanner.rules.ignoresFolder(named: name),
                  !scanner.isOwn(folder: path) else { return }
            // Watch first, then list: a file written in between is seen at least once.
            for sub in scanner.folders(under: path) {
                do { try watch(sub) } catch { logger.error("\(error)") }
            }
            scanner.files(under: path).forEach(onFile)
            return
        }
        guard !scanner.rules.ignoresFile(named: name), !scanner.isOwn(file: path) else { return }
        if mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)) != 0 {
            onFile(path)
        } else if mask & UInt32(IN_CREATE) != 0 {
            // A regular file is taken when its writer closes it; anything else (a symlink, a FIFO)
            // never is, so it is taken now, to be turned away with a reason. A hard link to a file
            // made elsewhere (a second name: more than one link) brings no close either: it is
            // taken now too, and a copy still being written settles like any other.
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG || info.st_nlink > 1 { onFile(path) }
        }
    }
}
