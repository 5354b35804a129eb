import WordBookSettings
import WordBookStore

extension Configuration {
    /// The FSRS scheduler these settings describe, whichever scheduler is chosen: `stats` and
    /// `show` read FSRS memory states with it.
    public var fsrs: FSRSScheduler {
        FSRSScheduler(desiredRetention: desiredRetention, learningSteps: learningSteps, relearningSteps: relearningSteps,
                      enableFuzzing: fsrsFuzz)
    }

    /// What `grade` and `review` reschedule words by.
    public var reviewScheduler: ReviewScheduler {
        switch scheduler {
        case .interval: return .interval
        case .fsrs: return .fsrs(fsrs)
        }
    }
}
