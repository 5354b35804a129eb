import Foundation
import Synchronization
import Testing
@testable import WordBookCapture

/// The worker's queue of paths: first in, first out, each path once while it waits or is worked on,
/// also across the moments it drops the paths already taken (past 1,024 taken and half the list).
@Suite struct WorkQueueTests {
    @Test func pathsComeOutInOrderAcrossCompactions() {
        let queue = WorkQueue()
        var expected: [String] = []
        var next = 0
        func push(_ count: Int) {
            for _ in 0..<count {
                let path = "inbox/\(next).jpg"
                #expect(queue.push(path))
                expected.append(path)
                next += 1
            }
        }
        push(3000)
        var taken: [String] = []
        // Taking and adding in turns crosses the compaction point several times, each at another offset.
        for round in 0..<12 {
            for _ in 0..<(700 + round * 37) {
                guard queue.count > 0, let path = queue.pop() else { break }
                taken.append(path)
            }
            // A path waiting, or taken and not yet finished, is not added again.
            if taken.count < expected.count { #expect(!queue.push(expected[taken.count])) }
            #expect(!queue.push(taken.last!))
            push(500)
            #expect(queue.count == expected.count - taken.count)
        }
        while queue.count > 0, let path = queue.pop() { taken.append(path) }
        #expect(taken == expected)

        // Once finished, a path is taken again: a later event for the same name.
        queue.finish(expected[0])
        #expect(queue.push(expected[0]) && queue.pop() == expected[0] && queue.count == 0)
        queue.close()
        #expect(queue.pop() == nil && !queue.push("inbox/after-close.jpg"))
    }

    /// A worker told the queue is quiet lets go of its buffers: once a wait, after `idle`, and not
    /// while paths wait.
    @Test func aQuietQueueSaysSoOnceAWait() {
        let queue = WorkQueue()
        let told = Atomic(0)
        #expect(queue.push("inbox/a.jpg"))
        #expect(queue.pop(idle: .milliseconds(50)) { told.add(1, ordering: .relaxed) } == "inbox/a.jpg")
        #expect(told.load(ordering: .relaxed) == 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { queue.push("inbox/b.jpg") }
        #expect(queue.pop(idle: .milliseconds(50)) { told.add(1, ordering: .relaxed) } == "inbox/b.jpg")
        #expect(told.load(ordering: .relaxed) == 1)
    }
}
