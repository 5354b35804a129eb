import Foundation

/// Wrong pairing codes, counted over a sliding minute across every client (behind a proxy they all
/// share one address): past `allowed`, every attempt is refused, the right code too, until the
/// oldest wrong one is a minute old.
actor PairingLimiter {
    let allowed: Int
    let window: TimeInterval
    private var wrong: [Date] = []

    init(allowed: Int = 5, window: TimeInterval = 60) {
        self.allowed = allowed
        self.window = window
    }

    /// Whether an attempt may be tried now.
    func mayTry(now: Date = Date()) -> Bool {
        wrong.removeAll { now.timeIntervalSince($0) >= window }
        return wrong.count < allowed
    }

    func recordWrong(now: Date = Date()) {
        wrong.append(now)
    }
}
