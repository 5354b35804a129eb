import Glibc

/// A file as the worker opened it. Sync tools replace a photo by renaming another over its name, so
/// the name the worker read may hold a different file by the time it is moved: only a file with this
/// identity (device, inode, size and modification time) is archived, deleted or failed.
public struct FileIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    }

    /// The open file `descriptor`.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    /// What is at `path` now (a link itself, not followed); nil when nothing is.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// Whether `path` names this file now.
    func isAt(_ path: String) -> Bool { FileIdentity(path: path) == self }
}
