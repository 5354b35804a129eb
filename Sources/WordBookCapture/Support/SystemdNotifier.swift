import Foundation
import Glibc

/// systemd's notify protocol: datagrams to `$NOTIFY_SOCKET` (READY=1, STATUS=..., WATCHDOG=1, STOPPING=1).
/// Does nothing when the process was not started by systemd.
public final class SystemdNotifier: @unchecked Sendable {
    private let socketPath: String?
    /// Half the watchdog interval, when systemd asks for one.
    public let watchdogPing: TimeInterval?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0 {
            watchdogPing = usec / 2 / 1_000_000
        } else {
            watchdogPing = nil
        }
    }

    public var isActive: Bool { socketPath != nil }

    /// Sends `state`. With `mayDrop`, a full socket queue drops the message instead of blocking the
    /// caller: a worker never waits on a status line.
    public func notify(_ state: String, mayDrop: Bool = true) {
        guard let socketPath else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        // A message that must not be dropped still waits at most two seconds for a stalled reader.
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // A leading "@" names an abstract socket: a NUL byte in its place.
        var pathBytes = Array(socketPath.utf8)
        if pathBytes.first == UInt8(ascii: "@") { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count + (pathBytes.first == 0 ? 0 : 1))
        let message = Array(state.utf8)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                message.withUnsafeBytes { bytes in
                    sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | (mayDrop ? Int32(MSG_DONTWAIT) : 0), sockaddrPointer, length)
                }
            }
        }
    }
}
