import Foundation
import Testing
@testable import WordBookCapture
import WordBookStore

/// The worker's decisions for each photo, from what became of it and when: no worker, no photo, no
/// clock. The end-to-end tests prove the binary takes these decisions (ResourceLimitTests,
/// DiskFullTests, SettlingTests); these prove the rules, each step of them.
@Suite struct InboxLedgerTests {
    /// The ledger in a box, so that each step can be asked inside `#expect`.
    final class Ledger {
        var value = InboxLedger()
        func record(_ outcome: IngestOutcome, for path: String, at now: Date) -> InboxLedger.Next { value.record(outcome, for: path, at: now) }
        func due(at now: Date, modified: (String) -> Date?) -> [String] { value.due(at: now, modified: modified) }
        func settle(_ path: String, seenAt now: Date) { value.settle(path, seenAt: now) }
        func halt(_ reason: String) -> Bool { value.halt(reason) }
    }

    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let photo = "/inbox/de/IMG_0001.jpg"

    func filedWord() throws -> Word {
        let database = try AppDatabase.inMemory()
        guard case let .filed(word) = try database.file(sampleFiling()) else { throw CancellationError() }
        return word
    }

    @Test func aFiledPhotoOrADuplicateGoesToItsDayAndIsCounted() throws {
        let ledger = Ledger()
        let word = try filedWord()
        #expect(ledger.record(.filed(word, book: "2026-10-24"), for: photo, at: start) == .archive(day: "2026-10-24"))
        #expect(ledger.record(.duplicate(word, book: "2026-10-24", captureDay: "2026-11-02"), for: photo, at: start) == .archive(day: "2026-11-02"))
        #expect(ledger.record(.failed(reason: "no word"), for: photo, at: start) == .fail(reason: "no word"))
        #expect(ledger.record(.gone, for: photo, at: start) == .nothing)
        #expect((ledger.value.filed, ledger.value.duplicates, ledger.value.failed) == (1, 1, 1))
    }

    @Test func aPhotoHeldBackIsTakenAgainAfterTheRetryDelayOnce() {
        let ledger = Ledger()
        #expect(ledger.record(.deferred(reason: "the disk is full"), for: photo, at: start) == .holdBack(attempt: nil))
        let nothingChanged: (String) -> Date? = { _ in self.start.addingTimeInterval(-3600) }
        #expect(ledger.due(at: start.addingTimeInterval(InboxLedger.retryDelay - 1), modified: nothingChanged) == [])
        #expect(ledger.due(at: start.addingTimeInterval(InboxLedger.retryDelay), modified: nothingChanged) == [photo])
        #expect(ledger.due(at: start.addingTimeInterval(2 * InboxLedger.retryDelay), modified: nothingChanged) == [], "taken once")
    }

    @Test func aPhotoShortOfMemoryIsTriedThreeTimesThenFailedWithWhatToDo() {
        let ledger = Ledger()
        for attempt in 1..<InboxLedger.memoryAttempts {
            #expect(ledger.record(.shortOfMemory(reason: "out of memory"), for: photo, at: start) == .holdBack(attempt: attempt))
        }
        guard case let .fail(reason) = ledger.record(.shortOfMemory(reason: "out of memory"), for: photo, at: start) else {
            Issue.record("the third shortfall fails the photo")
            return
        }
        #expect(reason.hasPrefix("out of memory; it ran out of memory 3 times, 15 s apart: give the worker more memory"))
        #expect(ledger.value.failed == 1)
        // Counted afresh: the count went with the failure.
        #expect(ledger.record(.shortOfMemory(reason: "out of memory"), for: photo, at: start) == .holdBack(attempt: 1))
    }

    @Test func aShortfallBetweenOtherOutcomesStartsItsCountAgain() {
        let ledger = Ledger()
        #expect(ledger.record(.shortOfMemory(reason: "out of memory"), for: photo, at: start) == .holdBack(attempt: 1))
        #expect(ledger.record(.deferred(reason: "busy"), for: photo, at: start) == .holdBack(attempt: nil))
        #expect(ledger.record(.shortOfMemory(reason: "out of memory"), for: photo, at: start) == .holdBack(attempt: 1))
        // Another photo's shortfalls are its own.
        #expect(ledger.record(.shortOfMemory(reason: "out of memory"), for: "/inbox/other.jpg", at: start) == .holdBack(attempt: 1))
    }

    @Test func aFileStillBeingWrittenIsTakenOnceLeftAlone() {
        let ledger = Ledger()
        #expect(ledger.record(.settling(reason: "cut short"), for: photo, at: start) == .settle)
        var modified = start
        #expect(ledger.due(at: start.addingTimeInterval(1), modified: { _ in modified }) == [], "written a moment ago")
        modified = start.addingTimeInterval(1)
        #expect(ledger.due(at: start.addingTimeInterval(2), modified: { _ in modified }) == [], "written again meanwhile")
        #expect(ledger.due(at: start.addingTimeInterval(1 + FailureVerdict.settleTime), modified: { _ in modified }) == [photo])
        // A file a scan found being written waits from the first time it was seen; one gone is taken, to be found gone.
        ledger.settle("/inbox/a.jpg", seenAt: start)
        ledger.settle("/inbox/a.jpg", seenAt: start.addingTimeInterval(100))
        #expect(ledger.value.settling["/inbox/a.jpg"] == start)
        #expect(ledger.due(at: start, modified: { _ in nil }) == ["/inbox/a.jpg"])
    }

    @Test func onlyTheFirstHaltStopsTheWorkerAndKeepsItsReason() {
        let ledger = Ledger()
        #expect(ledger.record(.halted(reason: "the database is damaged"), for: photo, at: start) == .halt(first: true))
        #expect(ledger.record(.halted(reason: "again"), for: "/inbox/b.jpg", at: start) == .halt(first: false))
        #expect(!ledger.halt("the -wal file was deleted"))
        #expect(ledger.value.halted == "the database is damaged")
    }
}
