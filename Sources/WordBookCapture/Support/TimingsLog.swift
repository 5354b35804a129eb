import Foundation
import Glibc
import Synchronization
import WordBookSettings

/// A file of stage timings, one JSON line per photo; worker threads may write to it at once.
public final class TimingsLog: Sendable {
    public struct OpenError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): the timings file could not be created: \(reason)" }
    }

    private let descriptor: Int32
    private let unwritten = Mutex(0)

    public init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit {
        close(descriptor)
    }

    /// Lines that could not be written so far.
    public var unwrittenLines: Int { unwritten.withLock { $0 } }

    /// Appends one line. A line that cannot be written (a full disk) is dropped and counted, never a
    /// trap; the reason is returned for the caller to tell.
    @discardableResult
    public func write(_ line: String) -> WriteError? {
        unwritten.withLock { count -> WriteError? in
            do throws(WriteError) {
                try writeAll(line + "\n", to: descriptor)
                return nil
            } catch {
                count += 1
                return error
            }
        }
    }
}
