import Foundation

/// The paths waiting for a worker. A path already waiting or being worked on is not added twice.
/// Once closed, workers get nothing more; what still waits stays in the inbox for the next start.
public final class WorkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [String] = []
    private var head = 0
    private var known = Set<String>()
    private var closed = false

    public init() {}

    /// Adds `path` unless it is already waiting or in flight; false when it was not added.
    @discardableResult
    public func push(_ path: String) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, known.insert(path).inserted else { return false }
        waiting.append(path)
        condition.signal()
        return true
    }

    /// The next path, waiting for one; nil once the queue is closed.
    public func pop() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while head == waiting.count && !closed { condition.wait() }
        guard !closed else { return nil }
        let path = waiting[head]
        head += 1
        if head > 1024 && head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
        return path
    }

    /// Marks `path` finished, so that a later event for the same name is taken again.
    public func finish(_ path: String) {
        condition.lock()
        known.remove(path)
        condition.unlock()
    }

    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    public var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting.count - head
    }
}
