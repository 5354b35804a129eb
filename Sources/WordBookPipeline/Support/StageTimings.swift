import Foundation
import Glibc
import Synchronization
import WordBookSettings


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

/// A file of stage timings, one JSON line per photo; worker threads may write to it at once.
public final class TimingsLog: Sendable {
    public struct OpenError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): the timings file could not be created: \(reason)" }
    }

    private let descriptor: Int32
    private let unwritten = Mutex(0)

    public init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit {
        close(descriptor)
    }

    /// Lines that could not be written so far.
    public var unwrittenLines: Int { unwritten.withLock { $0 } }

    /// Appends one line. A line that cannot be written (a full disk) is dropped and counted, never a
    /// trap; the reason is returned for the caller to tell.
    @discardableResult
    public func write(_ line: String) -> WriteError? {
        unwritten.withLock { count -> WriteError? in
            do throws(WriteError) {
                try writeAll(line + "\n", to: descriptor)
                return nil
            } catch {
                count += 1
                return error
            }
        }
    }
}
