import Foundation

/// Lets at most `limit` photo regions be rendered at once, the rest waiting their turn in order. A
/// render decodes a stored photo (1,600 × 1,200 pixels, 5.8 MB) and works on it with the CPU alone,
/// so more renders at once than there are cores serve nobody sooner and only hold more photos in
/// memory.
actor RenderGate {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.limit = max(1, limit)
    }

    func enter() async {
        if running < limit {
            running += 1
        } else {
            // The one leaving hands its place over: `running` stays as it is.
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
