import Foundation
import GRDB

/// Where a word stands in FSRS's memory model: still in its first short steps, in long-term
/// review, or back in short steps after a lapse.
public enum FSRSState: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case learning, review, relearning
}

/// FSRS's four answers.
public enum FSRSRating: Int, Sendable, CaseIterable {
    case again = 1, hard, good, easy

    /// A grade 0-5: 0-2 you did not know it (Again), 3 Hard, 4 Good, 5 Easy.
    public init(grade: Int) {
        switch grade {
        case ...2: self = .again
        case 3: self = .hard
        case 4: self = .good
        default: self = .easy
        }
    }

    /// The grade 0-5 that review's answer 1-4 gives: Again 1, Hard 3, Good 4, Easy 5.
    public var grade: Int {
        switch self {
        case .again: 1
        case .hard: 3
        case .good: 4
        case .easy: 5
        }
    }

    /// "Again", "Hard", "Good", "Easy".
    public var name: String { String(describing: self).capitalized }

    /// The grades each answer stands for, as help texts say it: "0-2 Again, 3 Hard, 4 Good, 5 Easy".
    public static var gradeMeanings: String {
        let grades = Dictionary(grouping: ReviewSchedule.levels, by: FSRSRating.init(grade:))
        return allCases.compactMap { rating in
            guard let first = grades[rating]?.min(), let last = grades[rating]?.max() else { return nil }
            return "\(first == last ? "\(first)" : "\(first)-\(last)") \(String(describing: rating).capitalized)"
        }.joined(separator: ", ")
    }
}

/// A word's FSRS memory state: py-fsrs's `Card` without its id.
public struct FSRSCard: Sendable, Equatable {
    public var state: FSRSState
    /// The learning or relearning step; nil in review.
    public var step: Int?
    /// Days until recall probability falls to 90%; nil before the first review.
    public var stability: Double?
    /// 1-10; nil before the first review.
    public var difficulty: Double?
    public var due: Date
    public var lastReview: Date?

    /// A card never reviewed, due at `due`.
    public init(due: Date) {
        self.init(state: .learning, step: 0, stability: nil, difficulty: nil, due: due, lastReview: nil)
    }

    public init(state: FSRSState, step: Int?, stability: Double?, difficulty: Double?, due: Date, lastReview: Date?) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }
}

/// The FSRS-6 scheduler, computing what py-fsrs 6.3.1's `Scheduler.review_card` computes, step
/// for step: the same formulas in the same order (so the same floating-point results), Python's
/// half-to-even rounding of intervals, and whole days counted as `timedelta.days` counts them.
public struct FSRSScheduler: Sendable, Equatable {
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]
    static let minimumStability = 0.001
    /// Days; far past any interval the scheduler gives, so only a crafted value reaches it.
    public static let maximumStability = 1_000_000.0
    /// Far past any scheduler's steps.
    public static let maximumStep = 1000
    public static let stabilityRange = minimumStability...maximumStability
    static let difficultyRange = 1.0...10.0

    public var parameters: [Double]
    public var desiredRetention: Double
    /// Seconds.
    public var learningSteps: [TimeInterval]
    /// Seconds.
    public var relearningSteps: [TimeInterval]
    /// Days.
    public var maximumInterval: Int
    public var enableFuzzing: Bool

    public init(
        parameters: [Double] = defaultParameters, desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = ReviewSchedule.maximumIntervalDays, enableFuzzing: Bool = true
    ) {
        precondition(parameters.count == 21, "FSRS-6 has 21 parameters")
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        self.enableFuzzing = enableFuzzing
    }

    var decay: Double { -parameters[20] }
    var factor: Double { pow(0.9, 1 / decay) - 1 }

    /// Whole days from `start` to `end`, floored as Python's `timedelta.days`; both at the
    /// millisecond precision the database keeps.
    public static func wholeDays(from start: Date, to end: Date) -> Int {
        let milliseconds = Int64((end.timeIntervalSince1970 * 1000).rounded()) - Int64((start.timeIntervalSince1970 * 1000).rounded())
        let day: Int64 = 86_400_000
        return Int(milliseconds >= 0 ? milliseconds / day : -((-milliseconds + day - 1) / day))
    }

    /// The probability of recalling the card at `date`; 0 for a card never reviewed.
    public func retrievability(of card: FSRSCard, at date: Date) -> Double {
        guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
        return retrievability(stability: stability, lastReview: lastReview, at: date)
    }

    public func retrievability(stability: Double, lastReview: Date, at date: Date) -> Double {
        let elapsedDays = max(0, Self.wholeDays(from: lastReview, to: date))
        return pow(1 + factor * Double(elapsedDays) / stability, decay)
    }

    /// The card after answering `rating` at `now`, and the wait until it is due again (seconds).
    /// `random` gives numbers in 0..<1 for the fuzz; it is not called with fuzzing off.
    public func review(
        _ card: FSRSCard, rating: FSRSRating, at now: Date,
        random: () -> Double = { Double.random(in: 0..<1) }
    ) -> (card: FSRSCard, interval: TimeInterval) {
        var card = bounded(card)
        let daysSinceLastReview = card.lastReview.map { Self.wholeDays(from: $0, to: now) }
        let sameDay = daysSinceLastReview.map { $0 < 1 } ?? false
        var interval: TimeInterval

        func updateMemory() {
            guard let stability = card.stability, let difficulty = card.difficulty else {
                card.stability = initialStability(rating)
                card.difficulty = initialDifficulty(rating, clamp: true)
                return
            }
            if sameDay {
                card.stability = shortTermStability(stability, rating)
            } else {
                card.stability = nextStability(
                    difficulty: difficulty, stability: stability,
                    retrievability: retrievability(of: card, at: now), rating: rating)
            }
            card.difficulty = nextDifficulty(difficulty, rating)
        }

        func graduate() -> TimeInterval {
            card.state = .review
            card.step = nil
            return days(nextInterval(card.stability!))
        }

        /// Learning and relearning move through their steps alike.
        func stepThrough(_ steps: [TimeInterval]) -> TimeInterval {
            let step = card.step ?? 0
            // A card from a scheduler with more steps than this one leaves them on a pass.
            if steps.isEmpty || (step >= steps.count && rating != .again) { return graduate() }
            switch rating {
            case .again:
                card.step = 0
                return steps[0]
            case .hard:
                if step == 0 && steps.count == 1 { return steps[0] * 1.5 }
                if step == 0 { return (steps[0] + steps[1]) / 2 }
                return steps[step]
            case .good:
                if step + 1 == steps.count { return graduate() }
                card.step = step + 1
                return steps[step + 1]
            case .easy:
                return graduate()
            }
        }

        switch card.state {
        case .learning:
            updateMemory()
            interval = stepThrough(learningSteps)
        case .review:
            updateMemory()
            if rating == .again && !relearningSteps.isEmpty {
                card.state = .relearning
                card.step = 0
                interval = relearningSteps[0]
            } else {
                interval = days(nextInterval(card.stability!))
            }
        case .relearning:
            updateMemory()
            interval = stepThrough(relearningSteps)
        }

        if enableFuzzing && card.state == .review {
            interval = days(fuzzed(Int((interval / 86_400).rounded(.down)), random: random))
        }
        card.due = now.addingTimeInterval(interval)
        card.lastReview = now
        return (card, interval)
    }

    private func days(_ count: Int) -> TimeInterval { TimeInterval(count) * 86_400 }

    /// The card with each value inside the range the formulas are defined on, so that no stored
    /// value (a crafted backup, an edited row: NaN, 1e308, a negative step) can trap them.
    func bounded(_ card: FSRSCard) -> FSRSCard {
        var card = card
        card.stability = card.stability.map(boundedStability)
        card.difficulty = card.difficulty.map { $0.isNaN ? initialDifficulty(.good, clamp: true) : clampDifficulty($0) }
        card.step = card.step.map { min(max($0, 0), Self.maximumStep) }
        return card
    }

    private func boundedStability(_ stability: Double) -> Double {
        stability.isNaN ? Self.minimumStability : min(max(stability, Self.minimumStability), Self.maximumStability)
    }

    // MARK: - The formulas, as py-fsrs writes them

    func initialStability(_ rating: FSRSRating) -> Double {
        max(parameters[rating.rawValue - 1], Self.minimumStability)
    }

    func initialDifficulty(_ rating: FSRSRating, clamp: Bool) -> Double {
        let difficulty = parameters[4] - pow(M_E, parameters[5] * Double(rating.rawValue - 1)) + 1
        return clamp ? clampDifficulty(difficulty) : difficulty
    }

    private func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, Self.difficultyRange.lowerBound), Self.difficultyRange.upperBound)
    }

    /// Days until recall probability falls to the desired retention, rounded half to even as
    /// Python's round() does, at least 1 and at most the maximum interval.
    func nextInterval(_ stability: Double) -> Int {
        let interval = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
        // Bounded before it becomes an Int: no stability or retention can make it trap.
        guard !interval.isNaN else { return 1 }
        return Int(min(max(interval.rounded(.toNearestOrEven), 1), Double(maximumInterval)))
    }

    func shortTermStability(_ stability: Double, _ rating: FSRSRating) -> Double {
        var increase = pow(M_E, parameters[17] * (Double(rating.rawValue) - 3 + parameters[18])) * pow(stability, -parameters[19])
        if rating == .good || rating == .easy { increase = max(increase, 1.0) }
        return boundedStability(stability * increase)
    }

    func nextDifficulty(_ difficulty: Double, _ rating: FSRSRating) -> Double {
        let easyInitial = initialDifficulty(.easy, clamp: false)
        let delta = -(parameters[6] * Double(rating.rawValue - 3))
        let damped = difficulty + (10.0 - difficulty) * delta / 9.0
        return clampDifficulty(parameters[7] * easyInitial + (1 - parameters[7]) * damped)
    }

    func nextStability(difficulty: Double, stability: Double, retrievability: Double, rating: FSRSRating) -> Double {
        let next: Double
        if rating == .again {
            let longTerm = parameters[11] * pow(difficulty, -parameters[12]) * (pow(stability + 1, parameters[13]) - 1)
                * pow(M_E, (1 - retrievability) * parameters[14])
            let shortTerm = stability / pow(M_E, parameters[17] * parameters[18])
            next = min(longTerm, shortTerm)
        } else {
            let hardPenalty = rating == .hard ? parameters[15] : 1
            let easyBonus = rating == .easy ? parameters[16] : 1
            next = stability * (1 + pow(M_E, parameters[8]) * (11 - difficulty) * pow(stability, -parameters[9])
                * (pow(M_E, (1 - retrievability) * parameters[10]) - 1) * hardPenalty * easyBonus)
        }
        return boundedStability(next)
    }

    private static let fuzzRanges: [(start: Double, end: Double, factor: Double)] = [
        (2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, .infinity, 0.05),
    ]

    /// A few days either way on longer intervals, so words learned together spread out.
    func fuzzed(_ intervalDays: Int, random: () -> Double) -> Int {
        guard Double(intervalDays) >= 2.5 else { return intervalDays }
        var delta = 1.0
        for range in Self.fuzzRanges {
            delta += range.factor * max(min(Double(intervalDays), range.end) - range.start, 0.0)
        }
        var lowest = Int((Double(intervalDays) - delta).rounded(.toNearestOrEven))
        let highest = min(Int((Double(intervalDays) + delta).rounded(.toNearestOrEven)), maximumInterval)
        lowest = min(max(2, lowest), highest)
        let days = random() * Double(highest - lowest + 1) + Double(lowest)
        return min(Int(days.rounded(.toNearestOrEven)), maximumInterval)
    }
}

// MARK: - Words

extension Word {
    /// The word's FSRS memory state as a card due at its next review; nil before FSRS grades it.
    /// Setting nil clears the state.
    public var fsrsCard: FSRSCard? {
        get {
            fsrsState.map {
                FSRSCard(state: $0, step: fsrsStep, stability: stability, difficulty: difficulty,
                         due: nextReviewDate, lastReview: lastReviewDate)
            }
        }
        set {
            fsrsState = newValue?.state
            fsrsStep = newValue?.step
            stability = newValue?.stability
            difficulty = newValue?.difficulty
        }
    }
}

extension FSRSScheduler {
    /// The word after a grade of `level` at `now`. A word without an FSRS state first gets one from
    /// `history`, its earlier grades replayed from a new card, as py-fsrs's `reschedule_card` does.
    public func grade(
        _ word: Word, level: Int, now: Date, history: [Review],
        random: () -> Double = { Double.random(in: 0..<1) }
    ) -> Word {
        let card = word.fsrsCard ?? history.reduce(FSRSCard(due: word.nextReviewDate)) { card, earlier in
            review(card, rating: FSRSRating(grade: earlier.level), at: earlier.reviewedAt, random: random).card
        }
        let (next, interval) = review(card, rating: FSRSRating(grade: level), at: now, random: random)
        var word = word
        word.reviewCount = ReviewSchedule.counted(word.reviewCount)
        word.lastReviewDate = now
        // Whole days; 0 while the word is in its steps of minutes.
        word.reviewInterval = Int(interval / 86_400)
        word.masteryLevel = Self.mastery(state: next.state, intervalDays: word.reviewInterval)
        word.nextReviewDate = next.due
        word.fsrsCard = next
        word.updatedAt = now
        return word
    }

    /// A word's mastery 0-5 under FSRS, earned over days rather than by one answer: 0 in its steps,
    /// then by the interval it has reached; 4 and up (mastered) from 21 days, Anki's "mature".
    public static func mastery(state: FSRSState, intervalDays: Int) -> Int {
        guard state == .review else { return 0 }
        switch intervalDays {
        case ..<3: return 1
        case ..<7: return 2
        case ..<21: return 3
        case ..<90: return 4
        default: return 5
        }
    }

    /// The chance of recalling the word at `date`; nil without an FSRS state.
    public func retrievability(of word: Word, at date: Date) -> Double? {
        word.fsrsCard.map { retrievability(of: $0, at: date) }
    }
}
