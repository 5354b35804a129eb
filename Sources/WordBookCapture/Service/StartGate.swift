import Synchronization

/// Opens once the worker has started (its filers ready, the inbox watched), or once it will not:
/// the services that need a started worker wait for it. Adding them to the group once the worker has
/// started (`addServiceUnlessShutdown`) would put them after the filing, and a group stops its services
/// in reverse: the filing, which closes the queue, would stop last, and the watchdog would fall silent
/// while the filing finishes its photos.
final class StartGate: Sendable {
    private struct State {
        var started: Bool?
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    private let state = Mutex(State())

    /// Opens the gate; the first call decides.
    func open(started: Bool) {
        let waiting = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard state.started == nil else { return [] }
            state.started = started
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume(returning: started) }
    }

    /// Whether the worker started, once that is known.
    func wait() async -> Bool {
        await withCheckedContinuation { continuation in
            let known = state.withLock { state -> Bool? in
                if let started = state.started { return started }
                state.waiting.append(continuation)
                return nil
            }
            if let known { continuation.resume(returning: known) }
        }
    }
}
