import Glibc

/// Why a write failed, in the system's words ("No space left on device").
public struct WriteError: Error, CustomStringConvertible, Equatable {
    public let code: Int32
    /// Said instead of the system's text for `code`, when the program knows better.
    public var reason: String? = nil

    public var description: String { reason ?? String(cString: strerror(code)) }
}

/// Writes all of `text` to `descriptor`, again after EINTR and after a short write. A failure is
/// thrown, where `FileHandle.write(_:)` would trap and end the worker.
public func writeAll(_ text: String, to descriptor: Int32) throws(WriteError) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
        if written < 0 {
            if errno == EINTR { continue }
            throw WriteError(code: errno)
        }
        // Nothing written and no error: give up rather than spin.
        guard written > 0 else { throw WriteError(code: EIO) }
        offset += written
    }
}
