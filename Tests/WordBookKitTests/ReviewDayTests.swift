import Foundation
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// The learner's day as Anki users know it: days that start at 4 a.m., new words in their own queue
/// at a daily limit, learning steps that bring a word back within the session, mastery earned over days.
@Suite struct ReviewDayTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    var calendar: CaptureCalendar { CaptureCalendar(timeZone: berlin, dayStartHour: 4) }

    func at(_ day: String, _ hour: Int, _ minute: Int = 0) -> Date {
        CaptureCalendar(timeZone: berlin).startOfDay(day)!.addingTimeInterval(Double(hour * 3600 + minute * 60))
    }

    /// `count` confirmed words filed on `day`, never reviewed.
    func confirmedWords(_ database: AppDatabase, _ count: Int, day: String = "2026-11-06") throws -> [Int64] {
        let ids = try (0..<count).map { index -> Int64 in
            guard case let .filed(word) = try database.file(sampleFiling(sha: "\(day) \(index)", day: day, word: "Wort\(index)")) else {
                throw StoreError.other("not filed")
            }
            return word.id!
        }
        try database.confirm(ids: ids)
        return ids
    }

    /// The word a phone shows next, asked afresh after every answer: steps come due first, then
    /// reviews, then new words; with nothing else left, a step due within 20 minutes (Anki's learn-ahead
    /// limit); a word put aside is passed over.
    @Test func theNextTurnFollowsAnkisOrderAndLearnsAhead() throws {
        let database = try AppDatabase.inMemory()
        let scheduler = SchedulerName.fsrs.scheduler
        let ids = try confirmedWords(database, 3)
        let nine = at("2026-11-27", 9)
        func next(_ now: Date, skipping: Set<Int64> = []) throws -> ReviewTurn? {
            try database.nextTurn(ReviewDay(now: now, calendar: calendar, newPerDay: 2), skipping: skipping)
        }
        #expect(try next(nine).map { [$0.id: $0.kind] } == [ids[0]: .new])
        #expect(try next(nine, skipping: [ids[0]])?.id == ids[1])
        // Again: back in a minute; meanwhile the day's other new word. The third waits for tomorrow.
        _ = try database.grade(id: ids[0], level: 1, now: nine, calendar: calendar, scheduler: scheduler)
        #expect(try next(nine).map { [$0.id: $0.kind] } == [ids[1]: .new])
        #expect(try next(nine.addingTimeInterval(61)).map { [$0.id: $0.kind] } == [ids[0]: .learning])
        // Good on the other: it comes back in ten minutes, and nothing else is left but the steps, so
        // the earlier one comes first, ahead of its time.
        _ = try database.grade(id: ids[1], level: 4, now: nine.addingTimeInterval(1), calendar: calendar, scheduler: scheduler)
        let turn = try #require(try next(nine.addingTimeInterval(2)))
        #expect(turn.id == ids[0] && turn.kind == .learning && turn.queue.count == 0 && turn.queue.learningLater == 2)
        #expect(try next(nine.addingTimeInterval(2), skipping: [ids[0]])?.id == ids[1])
        // Good on both steps past: ten minutes is the last step, then days; nothing left today.
        _ = try database.grade(id: ids[0], level: 4, now: nine.addingTimeInterval(70), calendar: calendar, scheduler: scheduler)
        _ = try database.grade(id: ids[1], level: 4, now: nine.addingTimeInterval(700), calendar: calendar, scheduler: scheduler)
        _ = try database.grade(id: ids[0], level: 4, now: nine.addingTimeInterval(800), calendar: calendar, scheduler: scheduler)
        #expect(try next(nine.addingTimeInterval(900)) == nil)
    }

    @Test func aReviewDayStartsAtTheConfiguredHour() {
        #expect(calendar.reviewDay(of: at("2026-11-27", 3, 59)) == "2026-11-26")
        #expect(calendar.reviewDay(of: at("2026-11-27", 4)) == "2026-11-27")
        #expect(calendar.endOfReviewDay(containing: at("2026-11-26", 21)) == at("2026-11-27", 4))
        #expect(calendar.startOfReviewDay(containing: at("2026-11-27", 1)) == at("2026-11-26", 4))
        // Across the clock change of 2026-10-25 (03:00 back to 02:00) the day still starts at 4 local.
        #expect(calendar.iso8601(calendar.endOfReviewDay(containing: at("2026-10-24", 22))) == "2026-10-25T04:00:00+01:00")
    }

    /// Graded at 21:00 with a day to wait, a word is due when the learner sits down at 08:00 the next
    /// morning, not at 21:00; and a review at 01:00 still belongs to the evening before.
    @Test(arguments: [SchedulerName.interval, .fsrs])
    func aWordDueTomorrowIsDueAllOfTomorrow(scheduler: SchedulerName) throws {
        let database = try AppDatabase.inMemory()
        let id = try confirmedWords(database, 1)[0]
        let evening = at("2026-11-26", 21)
        // Good twice under FSRS (through both steps) gives days; a 3 under the app's rule gives 1 day.
        var word = try database.grade(id: id, level: 3, now: evening, calendar: calendar, scheduler: scheduler.scheduler)
        if case .fsrs = scheduler.scheduler {
            word = try database.grade(id: id, level: 4, now: evening, calendar: calendar, scheduler: scheduler.scheduler)
            word = try database.grade(id: id, level: 4, now: evening.addingTimeInterval(600), calendar: calendar, scheduler: scheduler.scheduler)
        }
        #expect(word.reviewInterval == 1, "\(word)")
        let nextMorning = ReviewDay(now: at("2026-11-27", 8), calendar: calendar, newPerDay: 20)
        #expect(try database.dueCount(in: nextMorning) == 1)
        let sameNight = ReviewDay(now: at("2026-11-27", 1), calendar: calendar, newPerDay: 20)
        #expect(try database.dueCount(in: sameNight) == 0, "01:00 is still the day it was graded")
    }

    /// A learner back from a trip: 30 words filed three weeks ago wait as new words, 20 a day, none overdue.
    @Test func newWordsWaitInTheirOwnQueueAtTheDailyLimit() throws {
        let database = try AppDatabase.inMemory()
        let ids = try confirmedWords(database, 30, day: "2026-11-06")
        let morning = ReviewDay(now: at("2026-11-27", 9), calendar: calendar, newPerDay: 20)
        var queue = try database.reviewQueue(morning)
        #expect(queue.reviews.isEmpty && queue.learning.isEmpty, "a word never studied is not overdue")
        #expect(queue.new == Array(ids.prefix(20)) && queue.newWaiting == 30 && queue.newIntroduced == 0)
        #expect(try database.dueCount(in: morning) == 0)

        // Five studied this morning: fifteen more today; tomorrow twenty again.
        for id in ids.prefix(5) { _ = try database.grade(id: id, level: 4, now: at("2026-11-27", 9), calendar: calendar, scheduler: .interval) }
        queue = try database.reviewQueue(ReviewDay(now: at("2026-11-27", 18), calendar: calendar, newPerDay: 20))
        #expect(queue.newIntroduced == 5 && queue.new == Array(ids[5..<20]) && queue.newWaiting == 25)
        queue = try database.reviewQueue(ReviewDay(now: at("2026-11-28", 3), calendar: calendar, newPerDay: 20))
        #expect(queue.new.count == 15, "03:00 is still the 27th's review day")
        queue = try database.reviewQueue(ReviewDay(now: at("2026-11-28", 9), calendar: calendar, newPerDay: 20))
        #expect(queue.new == Array(ids[5..<25]) && queue.reviews.count == 5)
        // Undoing a first review gives the day its new word back.
        _ = try database.undoLast()
        queue = try database.reviewQueue(ReviewDay(now: at("2026-11-27", 18), calendar: calendar, newPerDay: 20))
        #expect(queue.newIntroduced == 4 && queue.new.count == 16)
    }

    /// FSRS with Anki's steps: each answer gives a different wait, Again brings the word back in a
    /// minute, and one Good does not make a word mastered.
    @Test func learningStepsBringAWordBackWithinTheSession() throws {
        let database = try AppDatabase.inMemory()
        let id = try confirmedWords(database, 1)[0]
        let fsrs = ReviewScheduler.fsrs(FSRSScheduler(enableFuzzing: false))
        let start = at("2026-11-27", 9)
        let previews = try database.previewGrades(id: id, levels: [1, 3, 4, 5], now: start, calendar: calendar, scheduler: fsrs, random: { 0.5 })
        let waits = previews.map { $0.nextReviewDate.timeIntervalSince(start) }
        #expect(Set(waits).count == 4, "each answer shows its own wait: \(waits)")
        #expect(waits[0] == 60 && waits[2] == 600, "Again 1 minute, Good 10 minutes: \(waits)")

        let again = try database.grade(id: id, level: 1, now: start, calendar: calendar, scheduler: fsrs)
        #expect(again.reviewInterval == 0 && again.masteryLevel == 0)
        #expect(try database.reviewQueue(ReviewDay(now: start.addingTimeInterval(30), calendar: calendar, newPerDay: 20)).learningLater == 1)
        #expect(try database.reviewQueue(ReviewDay(now: start.addingTimeInterval(61), calendar: calendar, newPerDay: 20)).learning == [id])
        let good = try database.grade(id: id, level: 4, now: start.addingTimeInterval(61), calendar: calendar, scheduler: fsrs)
        #expect(good.reviewInterval == 0 && good.masteryLevel == 0, "one Good after Again is another step, not mastery")
        #expect(try database.wordCount() == 1)
        let graduated = try database.grade(id: id, level: 4, now: start.addingTimeInterval(700), calendar: calendar, scheduler: fsrs)
        #expect(graduated.reviewInterval >= 1 && graduated.masteryLevel < 4, "\(graduated)")
    }

    @Test func theCueHidesTheWordAndItsFormsInTheGloss() {
        #expect(Cloze.masking("Café", in: "coffee, café, coffee-house") == "coffee, […], coffee-house")
        #expect(Cloze.masking("Alarmer", in: "alarm, to alert") == "[…], to alert")
        #expect(Cloze.masking("Straße", in: "street, Strasse (Swiss)") == "street, […] (Swiss)")
        #expect(Cloze.masking("Ausgang", in: "exit, way out, output") == "exit, way out, output")
        #expect(Cloze.masking("art", in: "art, kind, arts") == "[…], kind, arts", "a short word hides only itself")
    }
}

/// Both schedulers by name, for test arguments.
enum SchedulerName: CustomStringConvertible, CaseIterable {
    case interval, fsrs
    var scheduler: ReviewScheduler { self == .interval ? .interval : .fsrs(FSRSScheduler(enableFuzzing: false)) }
    var description: String { self == .interval ? "interval" : "fsrs" }
}
