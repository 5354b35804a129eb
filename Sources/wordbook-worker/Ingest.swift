import ArgumentParser
import Foundation
import WordBookCapture
import WordBookCommandLine
import WordBookPipeline
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Ingest: ParsableCommand {
    static let configuration = WorkerCommands.ingest

    @OptionGroup var arguments: IngestArguments

    func run() throws {
        let (options, json, timings) = (arguments.options, arguments.json, arguments.timings)
        let configuration = try options.loadConfiguration()
        let language = arguments.language ?? configuration.defaultLanguage
        let rules = IgnoreRules(extraPatterns: configuration.ignore)
        var files = Ingestor.expand(arguments.paths.map(\.path), rules: rules)
        let undecodable = Ingestor.undecodableNames(arguments.paths.map(\.path), rules: rules)
        // Filing them here too would race the worker for the same photos.
        for watched in WorkerLock.watchedInboxes(of: files) {
            let note = WorkerLockError.leftToWorker(inbox: watched.inbox, pid: watched.holder.pid, photos: watched.files.count)
            let left = Set(watched.files)
            files.removeAll { left.contains($0) }
            if files.isEmpty { throw note }
            FileHandle.standardError.write(Data("wordbook: \(note)\n".utf8))
        }
        // Said once, before the first photo: without the scene-text reader far fewer street photos read right.
        if let problem = SceneText.problem(configuredFolder: configuration.models) {
            FileHandle.standardError.write(Data("wordbook: \(problem)\n".utf8))
        }
        let database = try AppDatabase.open(path: try options.paths(configuration).database, create: true)
        let ingestor = Ingestor(
            database: database, configuration: configuration, language: language,
            workers: min(arguments.worker.workers ?? configuration.workerCount, max(files.count, 1)),
            measuring: timings != nil, comparingFullDecode: arguments.timingsFullDecode)
        let timingsLog = try timings.map { try TimingsLog(path: $0.path) }
        let calendar = configuration.calendar
        let progress = Progress(total: files.count, enabled: isatty(STDERR_FILENO) == 1)
        var failures = 0

        try ingestor.ingest(files) { index, file, outcome, stages in
            let line = IngestLine(file: file, outcome: outcome, calendar: calendar)
            if let stages { timingsLog?.write(stages.jsonLine(file: file, outcome: line.status)) }
            if line.status == "failed" { failures += 1 }
            progress.clear()
            if json {
                print(line.json)
            } else {
                print(line.humanReadable)
            }
            fflush(nil)
            progress.update(done: index + 1)
        }
        progress.clear()
        for name in undecodable {
            let line = IngestLine(file: name.shownPath, outcome: .failed(reason: Ingestor.undecodableReason), calendar: calendar)
            print(json ? line.json : line.humanReadable)
            failures += 1
        }
        if failures > 0 {
            throw ExitCode(1)
        }
    }
}

/// One line of `ingest --json`, as docs/commands.md documents it: its fields in this order.
struct IngestLine: Encodable {
    var file: String
    var status: String
    var id: Int64?
    var word: String?
    var confidence: Int?
    var candidates: [String]?
    var gloss: String?
    var book: String?
    var nextReview: String?
    var error: String?

    init(file: String, outcome: IngestOutcome, calendar: CaptureCalendar) {
        self.file = file
        func fill(_ word: Word, _ book: String) {
            id = word.id
            self.word = word.word
            confidence = word.confidence
            candidates = word.candidates
            gloss = word.gloss
            self.book = book
            nextReview = calendar.iso8601(word.nextReviewDate)
        }
        switch outcome {
        case let .filed(word, book):
            status = "filed"
            fill(word, book)
        case let .duplicate(word, book, _):
            status = "duplicate"
            fill(word, book)
        case let .failed(reason), let .deferred(reason), let .shortOfMemory(reason), let .settling(reason), let .halted(reason):
            status = "failed"
            error = reason
        case .gone:
            status = "failed"
            // A command line cannot pass on a name that is not UTF-8: Swift's arguments show such
            // bytes as U+FFFD.
            error = file.contains("\u{FFFD}")
                ? "the file does not exist under this name; if its name is not UTF-8, ingest the folder it is in"
                : "the file does not exist"
        }
    }

    /// The object on one line, its fields in the order docs/commands.md gives, absent ones left out.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// What a terminal shows: the file's name and the word with their control characters escaped.
    var humanReadable: String { plainText.escapingControlCharacters }

    private var plainText: String {
        switch status {
        case "failed": return "\(file): failed: \(error ?? "")"
        case "duplicate": return "\(file): already filed as #\(id ?? 0) \"\(word ?? "")\" (\(book ?? ""))"
        default:
            let shown = (word ?? "").isEmpty ? "(no word found)" : "\"\(word!)\""
            return "\(file): #\(id ?? 0) \(shown) \(confidence ?? 0)% in \(book ?? "")" + (gloss.map { " = \($0)" } ?? "")
        }
    }
}

/// done/total, photos per second and time left, redrawn on one stderr line.
final class Progress {
    let total: Int
    let enabled: Bool
    let start = Date()

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func update(done: Int) {
        guard enabled, done < total else { return }
        let elapsed = Date().timeIntervalSince(start)
        let rate = Double(done) / max(elapsed, 0.001)
        let left = Int(Double(total - done) / max(rate, 0.001))
        let text = String(format: "%d/%d  %.1f photos/s  %d:%02d left", done, total, rate, left / 60, left % 60)
        FileHandle.standardError.write(Data("\r\(text)\u{1B}[K".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
