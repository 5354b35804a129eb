import Glibc

/// A whole file mapped read-only: pages are read as a search touches them, so opening a 13 MB index
/// costs a system call, not a read.
final class MappedFile: @unchecked Sendable {  // the mapping is never written after init
    let path: String
    let bytes: UnsafeRawBufferPointer

    init(path: String) throws(GlossError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.systemReason()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: Self.systemReason()) }
        let size = Int(status.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
            throw .unreadable(path: path, reason: Self.systemReason())
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}
