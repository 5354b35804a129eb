import Foundation
import Glibc

/// Writes `bytes` to `path` without ever following a symbolic link there: into a new file beside it
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`), which is then renamed over the name. A link planted at `path`
/// (in a group-writable folder, say) is replaced by the file; its target is never written.
/// A device, a FIFO or a socket at `path` is refused, never replaced by a file: `export /dev/full` as
/// root would otherwise put a regular file in place of the device.
public func replaceFile(at path: String, with bytes: Data, mode: mode_t = 0o666) throws(WriteError) {
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
    do throws(WriteError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
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
        guard close(descriptor) == 0 else {
            descriptor = -1
            throw WriteError(code: errno)
        }
        descriptor = -1
        guard rename(temporary, path) == 0 else { throw WriteError(code: errno) }
    } catch {
        if descriptor >= 0 { close(descriptor) }
        unlink(temporary)
        throw error
    }
}
