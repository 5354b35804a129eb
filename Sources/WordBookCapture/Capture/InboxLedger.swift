import Foundation
import WordBookStore

/// What the worker decides for each photo from what became of it and when, kept apart from the
/// threads, the files and the clock, so that the rules are a value tested on its own:
/// - a filed photo or a duplicate goes to the archive's day folder, a photo that cannot be filed to
///   failed/ with its reason;
/// - a photo held back by something outside it (a full disk, a busy database, a move that failed)
///   stays in the inbox and is tried again `retryDelay` later;
/// - a photo that ran out of memory is tried `memoryAttempts` times, `retryDelay` apart, then failed:
///   a passing shortage is over by then, and one that needs more than the worker may have is not
///   tried for ever;
/// - a file perhaps still being written is taken once it has been left alone `FailureVerdict.settleTime`;
/// - the first halt (a damaged database) stops the worker; later ones add nothing.
struct InboxLedger {
    /// What to do with a photo now.
    enum Next: Equatable {
        /// Into `archive/DAY/`, or deleted when so configured.
        case archive(day: String)
        /// Into failed/, with this reason beside it.
        case fail(reason: String)
        /// Stays in the inbox; taken again once it is left alone.
        case settle
        /// Stays in the inbox and is tried again in `retryDelay`; `attempt` of `memoryAttempts` when memory ran short.
        case holdBack(attempt: Int?)
        /// Nothing is left to do: the file is gone.
        case nothing
        /// The worker stops, leaving every photo in the inbox; `first` for the first reason only.
        case halt(first: Bool)
    }

    /// How long a photo that hit a full disk or a busy database waits before the next try.
    static let retryDelay: TimeInterval = 15
    /// How many times a photo may run out of memory before it goes to failed/.
    static let memoryAttempts = 3

    /// Files perhaps still being written, with the time they were first seen so.
    private(set) var settling: [String: Date] = [:]
    /// Photos held back, with when.
    private(set) var retryLater: [String: Date] = [:]
    /// How many times in a row each photo has run out of memory.
    private(set) var memoryShortfalls: [String: Int] = [:]
    /// Photos linked to where they were going whose inbox name could not be removed yet: the next
    /// try only removes it.
    var leftBehind: [String: String] = [:]
    private(set) var filed = 0, duplicates = 0, failed = 0
    /// Why the worker stopped of itself, when it did.
    private(set) var halted: String?

    /// Records what became of the photo at `path` at `now`, and says what to do with it.
    mutating func record(_ outcome: IngestOutcome, for path: String, at now: Date) -> Next {
        var shortfalls = 0
        if case .shortOfMemory = outcome {
            shortfalls = memoryShortfalls[path, default: 0] + 1
            memoryShortfalls[path] = shortfalls < Self.memoryAttempts ? shortfalls : nil
        } else {
            memoryShortfalls.removeValue(forKey: path)
        }
        switch outcome {
        case let .filed(_, book):
            filed += 1
            return .archive(day: book)
        case let .duplicate(_, _, captureDay):
            duplicates += 1
            return .archive(day: captureDay)
        case let .failed(reason):
            return fail(reason: reason)
        case .deferred:
            holdBack(path, at: now)
            return .holdBack(attempt: nil)
        case .shortOfMemory where shortfalls < Self.memoryAttempts:
            holdBack(path, at: now)
            return .holdBack(attempt: shortfalls)
        case let .shortOfMemory(reason):
            return fail(reason: "\(reason); it ran out of memory \(shortfalls) times, \(Int(Self.retryDelay)) s apart: "
                + "give the worker more memory (or lower capture.max_pixels), then move the photo back into the inbox")
        case .settling:
            settling[path] = now
            return .settle
        case .gone:
            return .nothing
        case let .halted(reason):
            return .halt(first: halt(reason))
        }
    }

    private mutating func fail(reason: String) -> Next {
        failed += 1
        return .fail(reason: reason)
    }

    /// The photo stays in the inbox and is tried again `retryDelay` after `now`.
    mutating func holdBack(_ path: String, at now: Date) {
        retryLater[path] = now
    }

    /// A file a scan found perhaps still being written: it waits from the first time it was seen so.
    mutating func settle(_ path: String, seenAt now: Date) {
        settling[path] = settling[path] ?? now
    }

    /// Records the worker's stop for `reason`; true for the first reason only.
    mutating func halt(_ reason: String) -> Bool {
        guard halted == nil else { return false }
        halted = reason
        return true
    }

    /// The photos to take now: those left alone long enough (`modified` gives each file's time, nil
    /// when it is gone), and those held back `retryDelay` ago or more. Each is taken once.
    mutating func due(at now: Date, modified: (String) -> Date?) -> [String] {
        let settled = settling.keys.filter { path in
            guard let time = modified(path) else { return true }
            return !FailureVerdict.mayBeWriting(modified: time, now: now)
        }.sorted()
        settled.forEach { settling.removeValue(forKey: $0) }
        let retried = retryLater.filter { now.timeIntervalSince($0.value) >= Self.retryDelay }.map(\.key).sorted()
        retried.forEach { retryLater.removeValue(forKey: $0) }
        return settled + retried
    }
}
