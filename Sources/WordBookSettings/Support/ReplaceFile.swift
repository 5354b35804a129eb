import Foundation
import Glibc

/// Writes `bytes` to `path` without ever following a symbolic link there: into a new file beside it
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`), which is then renamed over the name. A link planted at `path`
/// (in a group-writable folder, say) is replaced by the file; its target is never written.
/// A device, a FIFO or a socket at `path` is refused, never replaced by a file: `export /dev/full` as
/// root would otherwise put a regular file in place of the device.
public func replaceFile(at path: String, with bytes: Data, mode: mode_t = 0o666) throws(WriteError) {
    let file = try ReplacementFile(replacing: path, mode: mode)
    try file.write(bytes)
    try file.commit()
}

/// A new file beside `path` that takes its name only when it is complete, as `replaceFile` writes
/// one, for bytes made while they are written (a backup, a word at a time). Until `commit()`, the
/// name keeps whatever it had; a file dropped without `commit()` (an error on the way) is removed.
public final class ReplacementFile {
    private let path: String
    private let temporary: String
    private var descriptor: Int32

    public init(replacing path: String, mode: mode_t = 0o666) throws(WriteError) {
        var existing = stat()
        if lstat(path, &existing) == 0 {
            let kind = existing.st_mode & S_IFMT
            if kind == S_IFDIR { throw WriteError(code: EISDIR, reason: "it is a folder: give the path of a file in it") }
            if kind != S_IFREG && kind != S_IFLNK {
                throw WriteError(code: EINVAL, reason: "it is a device, a pipe or a socket, not a file: give the path of a file")
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            temporary = (folder.isEmpty ? "" : folder + "/") + ".wordbook-\(UInt32.random(in: .min ... .max)).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw WriteError(code: errno) }
        self.path = path
        self.temporary = temporary
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporary)
        }
    }

    /// Appends `bytes`, again after EINTR and after a short write.
    public func write(_ bytes: Data) throws(WriteError) {
        precondition(descriptor >= 0, "written after commit")
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                guard written > 0 else { return EIO }
                offset += written
            }
            return nil
        }
        if let failure { throw WriteError(code: failure) }
    }

    /// Closes the file and renames it over `path`. On failure the new file is gone and `path` is as it was.
    public func commit() throws(WriteError) {
        precondition(descriptor >= 0, "committed twice")
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(code: code)
        }
    }
}
