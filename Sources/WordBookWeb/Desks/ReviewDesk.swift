import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// What the learner did with the word on the review page.
enum ReviewAction: Equatable {
    case answer(FSRSRating)
    /// Put aside for the rest of this review day, on this phone; nothing is saved.
    case skip
}

/// Reviews for every phone through the store's own methods, one answer at a time: the day's next
/// word is asked of the word book afresh after each answer (`AppDatabase.nextTurn`), so a word
/// answered on the box or on another phone is never shown twice, and new words keep to the day's
/// limit across all of them. Keeps each session's answers to undo and its words put aside.
actor ReviewDesk: Desk {
    static let command = "web"

    let database: AppDatabase
    let configuration: Configuration
    var memo = SessionMemo()
    /// A word whose answer this session undid: shown next, as Anki does.
    private var undone: [Int64: Int64] = [:]
    private var skipped: [Int64: (day: Date, ids: Set<Int64>)] = [:]

    init(database: AppDatabase, configuration: Configuration) {
        self.database = database
        self.configuration = configuration
    }

    nonisolated func day(at now: Date = Date()) -> ReviewDay {
        ReviewDay(now: now, calendar: configuration.calendar, newPerDay: configuration.newPerDay)
    }

    /// The word this session reviews next; nil when nothing is due.
    func next(session: Int64) throws -> ReviewTurn? {
        let day = day()
        guard var turn = try database.nextTurn(day, skipping: skippedToday(session: session, day: day)) else { return nil }
        if let id = undone.removeValue(forKey: session) {
            let queue = turn.queue
            for (kind, ids) in [(ReviewTurn.Kind.learning, queue.learning), (.review, queue.reviews), (.new, queue.new)] where ids.contains(id) {
                turn.id = id
                turn.kind = kind
            }
        }
        return turn
    }

    private func skippedToday(session: Int64, day: ReviewDay) -> Set<Int64> {
        guard let put = skipped[session], put.day == day.start else { return [] }
        return put.ids
    }

    /// The same fuzz for a word's previews and its answer, so the interval a button shows is the one
    /// it gives; it changes with every review of the word, as a fresh draw would.
    nonisolated static func fuzz(of word: Word) -> Double {
        var mixed = UInt64(bitPattern: word.id ?? 0) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(word.reviewCount)
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Double(mixed >> 11) / Double(UInt64(1) << 53)
    }

    /// Each answer with the wait it would give, as the buttons show it.
    func previews(of word: Word, now: Date = Date()) throws -> [(rating: FSRSRating, wait: String)] {
        let ratings = FSRSRating.allCases
        let fuzz = Self.fuzz(of: word)
        let after = try database.previewGrades(id: word.id ?? 0, levels: ratings.map(\.grade), now: now, calendar: configuration.calendar,
                                               scheduler: configuration.reviewScheduler, random: { fuzz })
        return zip(ratings, after).map { ($0, ReviewWait.interval(days: $1.reviewInterval, from: $1.lastReviewDate, to: $1.nextReviewDate)) }
    }

    func act(_ action: ReviewAction, on id: Int64, seenVersion: String, session: Int64) throws -> DeskOutcome {
        guard let word = try database.wordIfFiled(id: id) else { return .gone(id) }
        guard word.status == .confirmed, word.pageVersion == seenVersion else { return .changedMeanwhile(word) }
        let name = word.named
        switch action {
        case .skip:
            let day = day()
            skipped[session] = (day.start, skippedToday(session: session, day: day).union([id]))
            let done = "Put \(name) aside for today on this phone."
            memo.say(done, to: session)
            return .done(done)
        case let .answer(rating):
            let fuzz = Self.fuzz(of: word)
            let after = try database.grade(id: id, level: rating.grade, now: Date(), calendar: configuration.calendar,
                                           scheduler: configuration.reviewScheduler, random: { fuzz }, by: Self.command)
            let done = "\(rating.name): \(name) comes back in "
                + ReviewWait.interval(days: after.reviewInterval, from: after.lastReviewDate, to: after.nextReviewDate) + "."
            memo.remember(done, word: id, from: database, for: session)
            return .done(done)
        }
    }

    /// Reverts this session's last answer; the word is then shown again, as it was.
    func undo(session: Int64) {
        if let undone = memo.undoLast(session: session, in: database, nothing: "There is no answer to undo from this phone.") {
            self.undone[session] = undone.word
        }
    }
}
