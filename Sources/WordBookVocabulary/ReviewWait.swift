import Foundation

/// The wait until a word's next review as a learner reads it: "10 minutes" in its steps, "4 days" after.
public enum ReviewWait {
    /// `days` when the interval is whole days; the minutes from `start` to `next` in the steps (`days` 0).
    public static func interval(days: Int, from start: Date?, to next: Date) -> String {
        if days == 0, let start {
            let minutes = Int((next.timeIntervalSince(start) / 60).rounded())
            return "\(minutes) minute\(minutes == 1 ? "" : "s")"
        }
        return "\(days) day\(days == 1 ? "" : "s")"
    }
}
