import Foundation
import WordBookPipeline
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// `wordbook ingest`: the pipeline once over given files, on several threads, results in input order.
/// The files stay where they are.
public final class Ingestor: Sendable {
    private let workers: Int
    private let build: @Sendable (Int) throws -> PhotoFiler
    private let language: Language
    private let measuring: Bool
    private let comparingFullDecode: Bool
    private let maxPixels: Int

    /// The filers are built when `ingest` starts. With `measuring`, every outcome comes with its stage timings; with `comparingFullDecode` as well,
    /// those include a second, full-size decode of each JPEG, timed beside the filing (bench/throughput.py).
    public init(database: AppDatabase, configuration: Configuration, language: Language, workers: Int,
                measuring: Bool = false, comparingFullDecode: Bool = false) {
        self.language = language
        self.measuring = measuring
        maxPixels = configuration.maxPixels
        self.workers = max(1, workers)
        build = PhotoFiler.builder(database: database, configuration: configuration, language: language)
        self.comparingFullDecode = measuring && comparingFullDecode
    }

    /// Expands folders into the files under them (ignore rules apply), keeping the given order.
    public static func expand(_ inputs: [String], rules: IgnoreRules) -> [String] {
        inputs.flatMap { input -> [String] in
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue {
                let root = input.hasSuffix("/") && input.count > 1 ? String(input.dropLast()) : input
                return InboxScanner(root: root, rules: rules).files()
            }
            return [input]
        }
    }

    /// The files and folders under the given folders whose names are not UTF-8 (ignore rules apply):
    /// `ingest` leaves files where they are, so it reports them instead of renaming them.
    public static func undecodableNames(_ inputs: [String], rules: IgnoreRules) -> [UndecodableName] {
        inputs.flatMap { input -> [UndecodableName] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else { return [] }
            let root = input.hasSuffix("/") && input.count > 1 ? String(input.dropLast()) : input
            return InboxScanner(root: root, rules: rules).undecodableNames()
        }
    }

    public static let undecodableReason =
        "its name is not UTF-8 (shown with %XX for each byte that is not): rename it, or drop it into the worker's inbox, which renames it so"

    /// Files each path; `report` is called on the calling thread, once per path, in order,
    /// with the photo's stage timings when measuring. Throws when a filer cannot be built.
    public func ingest(_ files: [String], report: (Int, String, IngestOutcome, StageTimings?) -> Void) throws {
        let board = Board(count: files.count)
        let pool = try FilerPool(count: workers, named: "ingest", build: build) { [language, measuring, comparingFullDecode, maxPixels] filer in
            // Its own decoder for the comparison: a codec serves one thread.
            let fullDecoder = comparingFullDecode ? try? JPEGCodec() : nil
            while let index = board.claim() {
                let path = files[index]
                let observer = measuring ? StageObserver() : nil
                let outcome = filer.file(path: path, name: path, language: language, observer: observer)
                if let fullDecoder, let observer, let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }),
                   ImageFormat(sniffing: bytes) == .jpeg {
                    _ = try? observer.time(.fullDecode) { try fullDecoder.decode(bytes, longEdge: .max, maxPixels: maxPixels) }
                }
                board.post((outcome, observer?.finished()), at: index)
            }
        }
        for index in files.indices {
            let (outcome, timings) = board.await(index)
            report(index, files[index], outcome, timings)
        }
        pool.waitUntilDone()
    }

    /// Hands out indices to the worker threads and collects their outcomes.
    private final class Board: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private var results: [(IngestOutcome, StageTimings?)?]

        init(count: Int) {
            results = Array(repeating: nil, count: count)
        }

        func claim() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func post(_ outcome: (IngestOutcome, StageTimings?), at index: Int) {
            condition.lock()
            results[index] = outcome
            condition.broadcast()
            condition.unlock()
        }

        func await(_ index: Int) -> (IngestOutcome, StageTimings?) {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil { condition.wait() }
            return results[index]!
        }
    }
}
