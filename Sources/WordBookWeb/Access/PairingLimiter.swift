import Foundation

/// Wrong pairing codes across every client (behind a proxy they all share one address): after
/// `allowed` wrong codes, each less than `window` after the one before, every attempt is refused,
/// the right code too, until `window` has passed since the last wrong one.
actor PairingLimiter {
    let allowed: Int
    let window: TimeInterval
    private var wrongInARow = 0
    private var lastWrong: Date?

    init(allowed: Int = 5, window: TimeInterval = 60) {
        self.allowed = allowed
        self.window = window
    }

    /// Whether an attempt may be tried now.
    func mayTry(now: Date = Date()) -> Bool {
        if let lastWrong, now.timeIntervalSince(lastWrong) >= window {
            wrongInARow = 0
            self.lastWrong = nil
        }
        return wrongInARow < allowed
    }

    func recordWrong(now: Date = Date()) {
        wrongInARow += 1
        lastWrong = now
    }
}
