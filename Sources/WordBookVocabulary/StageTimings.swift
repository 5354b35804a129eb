import Foundation


/// Where one photo's wall time went, stage by stage (`ingest --timings`, `run --timings`).
public struct StageTimings: Sendable, Equatable {
    public enum Stage: String, CaseIterable, Sendable {
        case read, hash, lookup, decode, orient, resize, encode
        /// All of recognition, Tesseract's calls included.
        case recognize
        /// The part of `recognize` spent inside Tesseract's C API.
        case tesseract
        /// The gloss looked up in the learner's dictionaries.
        case gloss
        case store
        /// Not part of filing: the same JPEG decoded again at full size, for comparison.
        case fullDecode
    }

    public private(set) var milliseconds: [Stage: Double] = [:]
    /// Calls into Tesseract while recognising.
    public var tesseractCalls = 0
    /// The whole photo, first byte read to row committed.
    public var totalMilliseconds = 0.0

    public init() {}

    public subscript(stage: Stage) -> Double {
        get { milliseconds[stage] ?? 0 }
        set { milliseconds[stage] = newValue }
    }

    /// One JSON object on one line: file, outcome, total ms, tesseractCalls, and ms per stage.
    public func jsonLine(file: String, outcome: String) -> String {
        struct Line: Encodable {
            var file: String
            var outcome: String
            var total: Double
            var tesseractCalls: Int
            var stages: [String: Double]
        }
        let line = Line(
            file: file, outcome: outcome, total: totalMilliseconds, tesseractCalls: tesseractCalls,
            stages: Dictionary(uniqueKeysWithValues: milliseconds.map { ($0.key.rawValue, $0.value) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(line)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// What a caller hands the stages of one photo to learn where its time went. The stages read no
/// clock themselves: given no observer (nil), they only do the work.
public final class StageObserver {
    public private(set) var timings = StageTimings()
    private let start = ContinuousClock.now

    public init() {}

    /// Runs `work`, adding its wall time to `stage`.
    public func time<T>(_ stage: StageTimings.Stage, _ work: () throws -> T) rethrows -> T {
        let begun = ContinuousClock.now
        defer { timings[stage] += Self.milliseconds(ContinuousClock.now - begun) }
        return try work()
    }

    /// One call into Tesseract's C API took `duration` (part of `recognize`).
    public func tesseractCall(took duration: Duration) {
        timings[.tesseract] += Self.milliseconds(duration)
        timings.tesseractCalls += 1
    }

    /// The timings with the total since the observer was made.
    public func finished() -> StageTimings {
        var result = timings
        result.totalMilliseconds = Self.milliseconds(ContinuousClock.now - start)
        return result
    }

    public static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

extension Optional where Wrapped == StageObserver {
    /// Runs `work`, timed when there is an observer.
    public func time<T>(_ stage: StageTimings.Stage, _ work: () throws -> T) rethrows -> T {
        guard let observer = self else { return try work() }
        return try observer.time(stage, work)
    }
}

