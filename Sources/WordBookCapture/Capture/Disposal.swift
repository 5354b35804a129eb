import Foundation
import Glibc
import WordBookSettings

/// Where a photo goes after the worker is done with it.
public struct Disposal: Sendable {
    public let inbox: String
    public let archive: String
    public let failed: String
    public let afterFiling: AfterFiling

    public init(paths: DataPaths, afterFiling: AfterFiling) {
        inbox = paths.inbox
        archive = paths.archive
        failed = paths.failed
        self.afterFiling = afterFiling
    }

    /// The path relative to the inbox ("de/Straße.jpg").
    public func relativeName(of path: String) -> String {
        path.hasPrefix(inbox + "/") ? String(path.dropFirst(inbox.count + 1)) : (path as NSString).lastPathComponent
    }

    /// After the commit: into `archive/DAY/`, or deleted when so configured. Returns where it went.
    /// With the `identity` of the file that was read, a different file now at `path` is left where it is
    /// (`DisposalError.Left.replaced`).
    @discardableResult
    public func archive(_ path: String, day: String, identity: FileIdentity? = nil) throws -> String? {
        if afterFiling == .delete {
            try expect(identity, at: path)
            guard unlink(path) == 0 || errno == ENOENT else { throw DisposalError(path: path, errno: errno, left: .undeleted) }
            return nil
        }
        let destination = DataPaths.archivedOriginal(in: archive, day: day, sourceName: path) as NSString
        try FileManager.default.createDirectory(atPath: destination.deletingLastPathComponent, withIntermediateDirectories: true)
        return try place(path, identity: identity, into: destination.deletingLastPathComponent, name: destination.lastPathComponent) { _ in }
    }

    /// Into `failed/` (keeping the language folder), with `NAME.error.txt` saying why. The note is
    /// written first: when it cannot be (a full disk), the photo stays in the inbox.
    @discardableResult
    public func fail(_ path: String, reason: String, identity: FileIdentity? = nil) throws -> String {
        let relative = relativeName(of: path)
        let folder = ((failed as NSString).appendingPathComponent(relative) as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let note = "\(relative): \(reason)\n"
        return try place(path, identity: identity, into: folder, name: (relative as NSString).lastPathComponent) { destination in
            // Renamed into place: a link planted at the note's name (failed/ may be group-writable)
            // is replaced, its target never written.
            do throws(WriteError) {
                try replaceFile(at: FailureNote.path(for: destination), with: Data(note.utf8))
            } catch {
                throw DisposalError(path: path, errno: error.code)
            }
        }
    }

    /// Throws `.replaced` when `path` no longer holds the file that was read.
    private func expect(_ identity: FileIdentity?, at path: String) throws {
        guard let identity, FileIdentity(path: path) != nil, !identity.isAt(path) else { return }
        throw DisposalError(path: path, errno: 0, left: .replaced)
    }

    /// Links `path` to the first free name in `folder`, after `prepare`, then unlinks it from the inbox:
    /// never replaces a file, and a move cut short by a crash (the same file under both names) is
    /// finished rather than repeated. A file at `path` other than `identity` is not moved: the link
    /// is checked, since another file may be renamed over the name at any moment until then.
    private func place(
        _ path: String, identity: FileIdentity?, into folder: String, name: String, prepare: (String) throws -> Void
    ) throws -> String {
        var info = stat()
        if lstat(path, &info) != 0 && errno == ENOENT { throw DisposalError(path: path, errno: ENOENT, left: .vanished) }
        try expect(identity, at: path)
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        for attempt in 1...10_000 {
            let destination = "\(folder)/\(Self.numbered(stem: stem, ext: ext, attempt))"
            if Self.sameFile(path, destination) {
                try finishMove(path, copy: destination)
                return destination
            }
            var info = stat()
            if lstat(destination, &info) == 0 { continue }
            try prepare(destination)
            if link(path, destination) == 0 {
                if let identity, !identity.isAt(destination) {
                    unlink(destination)
                    if destination.hasPrefix(failed + "/") { unlink(FailureNote.path(for: destination)) }
                    throw DisposalError(path: path, errno: 0, left: .replaced)
                }
                try expect(identity, at: path)
                try finishMove(path, copy: destination)
                return destination
            }
            if errno == EEXIST { continue }
            if errno == EXDEV || errno == EPERM {
                return try copyAcross(path, identity: identity, into: folder, stem: stem, ext: ext)
            }
            throw DisposalError(path: path, errno: errno)
        }
        throw DisposalError(path: path, errno: EEXIST)
    }

    /// Where no link can be made (an archive on another file system, one without links): the photo read
    /// is copied to a hidden name in `folder` and flushed, linked to the first free name (never over a
    /// file), and only then unlinked from the inbox. A copy cut short (a full disk) is removed, and the
    /// photo stays in the inbox with the system's reason (`No space left on device`).
    private func copyAcross(_ path: String, identity: FileIdentity?, into folder: String, stem: String, ext: String) throws -> String {
        let source = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard source >= 0 else { throw DisposalError(path: path, errno: errno, left: errno == ENOENT ? .vanished : .unmoved) }
        defer { close(source) }
        if let identity, FileIdentity(descriptor: source) != identity { throw DisposalError(path: path, errno: 0, left: .replaced) }
        let hidden = "\(folder)/.wordbook-copy-\(getpid())-\(UUID().uuidString)"
        let target = open(hidden, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard target >= 0 else { throw DisposalError(path: path, errno: errno) }
        defer { unlink(hidden) }  // once linked to its name, or when the copy failed
        let copied = Self.copyBytes(from: source, to: target)
        let flushed = copied == 0 ? (fsync(target) == 0 ? 0 : errno) : copied
        guard close(target) == 0 || flushed != 0 else { throw DisposalError(path: path, errno: errno) }
        guard flushed == 0 else { throw DisposalError(path: path, errno: flushed) }
        for attempt in 1...10_000 {
            let destination = "\(folder)/\(Self.numbered(stem: stem, ext: ext, attempt))"
            if link(hidden, destination) == 0 {
                // Another file renamed over the name meanwhile stays in the inbox, to be filed; the one read is archived.
                try expect(identity, at: path)
                guard unlink(path) == 0 || errno == ENOENT else { throw DisposalError(path: path, errno: errno, left: .copied(to: destination)) }
                return destination
            }
            if errno != EEXIST { throw DisposalError(path: path, errno: errno) }
        }
        throw DisposalError(path: path, errno: EEXIST)
    }

    /// Copies the whole of `source` to `target`; 0, or the errno that stopped it.
    private static func copyBytes(from source: Int32, to target: Int32) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count == 0 { return 0 }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(target, $0.baseAddress! + written, count - written) }
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
        }
    }

    /// Removes the inbox's name of a photo already linked as `copy`. When that fails (an inbox folder
    /// the worker may not write), the photo is in both places and the error says where the copy is.
    public func finishMove(_ path: String, copy: String) throws {
        // The only name of the photo (the destination is the inbox's own name, through an archive
        // or failed folder that is the inbox) is never unlinked.
        guard Self.isSecondName(copy, of: path) else { throw DisposalError(path: path, errno: 0, left: .alreadyThere(copy)) }
        guard unlink(path) == 0 || errno == ENOENT else { throw DisposalError(path: path, errno: errno, left: .copied(to: copy)) }
    }

    /// Whether `copy` is the same file as `path` under another name, so that unlinking `path` keeps it.
    static func isSecondName(_ copy: String, of path: String) -> Bool {
        var info = stat(), copyInfo = stat()
        guard lstat(path, &info) == 0 else { return true }  // already gone: nothing to unlink
        guard lstat(copy, &copyInfo) == 0, info.st_dev == copyInfo.st_dev, info.st_ino == copyInfo.st_ino,
              info.st_nlink >= 2 else { return false }
        func entry(_ name: String) -> String {
            let folder = (name as NSString).deletingLastPathComponent
            let resolved = realpath(folder.isEmpty ? "." : folder, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? folder
            return resolved + "/" + (name as NSString).lastPathComponent
        }
        return entry(copy) != entry(path)
    }

    /// `stem.ext`, `stem (2).ext`, ..., the stem shortened to keep the name within 255 bytes.
    static func numbered(stem: String, ext: String, _ attempt: Int) -> String {
        DataPaths.numberedName(stem: stem, ext: ext, attempt)
    }

    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard lstat(a, &first) == 0, lstat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

public struct DisposalError: Error, CustomStringConvertible {
    public enum Left: Sendable, Equatable {
        /// Still in the inbox only.
        case unmoved
        /// Still in the inbox, though it should have been deleted.
        case undeleted
        /// In the inbox and also at this path, where it was going.
        case copied(to: String)
        /// Its destination is its own name in the inbox: nothing was moved.
        case alreadyThere(String)
        /// Another file was put at its name after it was read: that one stays in the inbox, to be filed.
        case replaced
        /// Someone else removed it from the inbox after it was read: nothing is left to move.
        case vanished
    }

    let path: String
    let errno: Int32
    public let left: Left

    init(path: String, errno: Int32, left: Left = .unmoved) {
        self.path = path
        self.errno = errno
        self.left = left
    }

    public var description: String {
        let reason = String(cString: strerror(errno))
        switch left {
        case .unmoved: return "\(path) could not be moved: \(reason)"
        case .undeleted: return "\(path) could not be deleted: \(reason)"
        case let .copied(copy): return "\(path) is kept as \(copy) but could not be removed from the inbox: \(reason)"
        case let .alreadyThere(copy): return "\(path) could not be moved: its destination \(copy) is the same file under the same name, and the only copy is kept"
        case .vanished: return "\(path) was removed from the inbox by someone else before it could be moved; nothing is left to move"
        case .replaced: return "\(path) was replaced by another file while it was being filed: the new file stays in the inbox and is filed next"
        }
    }
}
