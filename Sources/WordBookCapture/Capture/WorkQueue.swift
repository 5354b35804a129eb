import DequeModule
import Foundation
import Synchronization

/// The paths waiting for a worker. A path already waiting or being worked on is not added twice.
/// Once closed, workers get nothing more; what still waits stays in the inbox for the next start.
public final class WorkQueue: Sendable {
    private struct State {
        var waiting = Deque<String>()
        var known = Set<String>()
        var closed = false
    }

    private let state = Mutex(State())
    /// One signal per path pushed, and one passed from waiter to waiter once closed.
    private let available = DispatchSemaphore(value: 0)

    public init() {}

    /// Adds `path` unless it is already waiting or in flight; false when it was not added.
    @discardableResult
    public func push(_ path: String) -> Bool {
        let added = state.withLock { state in
            guard !state.closed, state.known.insert(path).inserted else { return false }
            state.waiting.append(path)
            return true
        }
        if added { available.signal() }
        return added
    }

    /// The next path, waiting for one; nil once the queue is closed. When nothing comes for `idle`,
    /// `whenIdle` is called once, and the wait goes on.
    public func pop(idle: Duration = .zero, whenIdle: () -> Void = {}) -> String? {
        var told = idle == .zero
        while true {
            if told {
                available.wait()
            } else if available.wait(timeout: .now() + .nanoseconds(Int(idle / .nanoseconds(1)))) == .timedOut {
                whenIdle()
                told = true
                continue
            }
            let next: String?? = state.withLock { state in
                if state.closed { return .some(nil) }
                guard let path = state.waiting.popFirst() else { return nil }
                return .some(path)
            }
            switch next {
            case .some(nil):
                available.signal()  // the next waiter learns it too
                return nil
            case let .some(path?):
                return path
            case nil:
                continue
            }
        }
    }

    /// Marks `path` finished, so that a later event for the same name is taken again.
    public func finish(_ path: String) {
        _ = state.withLock { $0.known.remove(path) }
    }

    public func close() {
        let first = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        if first { available.signal() }
    }

    public var count: Int {
        state.withLock { $0.waiting.count }
    }
}
