import Glibc

/// The worker's own descriptors (the lock, the database and its -wal and -shm, inotify, the
/// signals and timers of its services) take about 20, and each photo being filed a few more. Below
/// `minimum` it does not start: the dispatch library traps, instead of failing, when it cannot get
/// a descriptor for a signal or a timer.
public struct OpenFilesLimit: Error, CustomStringConvertible, Equatable {
    public static let minimum = 32

    public let limit: Int

    /// Throws when the process may open fewer than `minimum` files at once.
    public static func check() throws {
        var current = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &current) == 0, current.rlim_cur < rlim_t(minimum) else { return }
        throw OpenFilesLimit(limit: Int(current.rlim_cur))
    }

    public var description: String {
        "the worker needs at least \(Self.minimum) files open at once, and its limit on open files (ulimit -n, or the unit's LimitNOFILE=) is \(limit)"
    }
}
