import CMalloc
import Foundation
import Glibc
import GRDB
import WordBookDigest
import WordBookGloss
import WordBookPipeline
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// What became of one input.
public enum IngestOutcome: Sendable, Equatable {
    case filed(Word, book: String)
    /// Filed before, as this word, in that book; `captureDay` is this copy's own capture day, by the
    /// rule a filed photo's follows, which names its archive folder.
    case duplicate(Word, book: String, captureDay: String)
    case failed(reason: String)
    /// Could not be filed for a reason outside the photo (a full disk, a database another
    /// process holds too long); it stays in the inbox and is tried again later.
    case deferred(reason: String)
    /// Memory ran out while filing it (`FailureVerdict.shortOfMemory`): it stays in the inbox and is
    /// tried again later, a few times before it counts as failed.
    case shortOfMemory(reason: String)
    /// Could not be read, perhaps because a sync tool is still writing it: tried again once it
    /// has been left alone (`FailureVerdict`).
    case settling(reason: String)
    /// The file vanished before it could be read (moved or deleted by someone else).
    case gone
    /// The word book cannot be written (its database is damaged): the photo stays where it is.
    case halted(reason: String)
}

extension IngestOutcome {
    /// Why the photo was not filed, when it was not.
    public var reason: String? {
        switch self {
        case let .failed(reason), let .deferred(reason), let .shortOfMemory(reason), let .settling(reason), let .halted(reason):
            return reason
        case .filed, .duplicate, .gone:
            return nil
        }
    }

    /// One word for the outcome: filed, duplicate, failed, deferred or gone.
    public var name: String {
        switch self {
        case .filed: return "filed"
        case .duplicate: return "duplicate"
        case .failed: return "failed"
        case .deferred, .shortOfMemory: return "deferred"
        case .settling: return "settling"
        case .gone: return "gone"
        case .halted: return "halted"
        }
    }
}

public struct FilingError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The machine, not the photo, ran short: too many open files or too little memory. The photo
/// stays in the inbox and is tried again; the description names the limit.
public struct ResourceLimitError: Error, CustomStringConvertible, Equatable {
    public let code: Int32

    public init(code: Int32) { self.code = code }

    /// Whether `code` is a limit of the process or the machine rather than a fault of the file.
    public static func isLimit(_ code: Int32) -> Bool { [EMFILE, ENFILE, ENOMEM].contains(code) }

    /// The file limit the process stands at now, found by opening one more file; nil when it can.
    /// SQLite reports only that it could not open its file, not why.
    public static func atFileLimit() -> ResourceLimitError? {
        let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard descriptor < 0 else {
            close(descriptor)
            return nil
        }
        return errno == EMFILE || errno == ENFILE ? ResourceLimitError(code: errno) : nil
    }

    public var description: String {
        switch code {
        case EMFILE: return "the worker has as many files open as it may (its limit, ulimit -n or the unit's LimitNOFILE=, is too low)"
        case ENFILE: return "the system has as many files open as it may (fs.file-max)"
        default: return "there was not enough memory (a memory limit such as ulimit -v or the unit's MemoryMax= may be too low)"
        }
    }
}

/// The whole path of one photo: read, fingerprint, decode, recognise, encode, file.
/// It owns a JPEG codec and the Tesseract engines, which serve one thread: a `FilerPool`'s
/// thread builds its own and alone uses it.
public final class PhotoFiler {
    public let database: AppDatabase
    public let configuration: WordBookSettings.Configuration
    public let calendar: CaptureCalendar
    private let decoder: PhotoDecoder
    private let recognizer: Recognizer
    /// The learner's dictionaries, shared by the filers; nil with glosses off.
    private let glossary: Glossary?
    /// Where each proposal's evidence is written, for bench/calibrate.py: $WORDBOOK_EVIDENCE, when set.
    private let evidenceLog = ProcessInfo.processInfo.environment["WORDBOOK_EVIDENCE"].map(EvidenceLog.init)

    public init(database: AppDatabase, configuration: WordBookSettings.Configuration, glossary: Glossary? = nil) throws {
        self.database = database
        self.configuration = configuration
        self.glossary = glossary
        calendar = configuration.calendar
        // A photo large to decode does not come on top of the detector's buffers (DecodeBudget).
        decoder = try PhotoDecoder(
            maxPixels: configuration.maxPixels,
            budget: DecodeBudget(megabytes: configuration.maxDecodeMegabytes) { SceneText.letGoOfBuffers() })
        recognizer = Recognizer(
            dataPath: configuration.tessdataPath, sceneText: try? SceneTextFiles.locate(configured: configuration.models).get())
        // Hunspell's dictionaries decide between readings, glosses on or off.
        let spelling = glossary ?? Glossary(configuration)
        recognizer.lexicon = { word, language in spelling.isWord(word, language: language) }
    }

    /// Lets go of what is kept between photos for the next one: the detector's buffers (about 50 MB)
    /// and the pages glibc's allocator keeps from photos already filed (about 50 MB after a burst).
    /// The next photo allocates what it needs again, in a few milliseconds.
    public func letGoOfMemory() {
        SceneText.letGoOfBuffers()
        malloc_trim(0)
    }

    /// Loads the language's model and the scene-text networks now rather than on the first photo.
    public func prepare(_ language: Language) throws {
        _ = try recognizer.engine(for: language)
        _ = recognizer.sceneText()
    }

    /// Opens the dictionaries of `languages` now (Ding's index is built on a first start) rather than on
    /// the first photo; what each language has, for the start-up log. Empty with glosses off.
    public func prepareGlosses(_ languages: [Language]) -> [String] {
        glossary?.prepare(languages) ?? []
    }

    /// The languages whose Tesseract model is installed, as the inbox's folders name them.
    public func installedLanguages() throws -> [Language] {
        let models = Set(try recognizer.engine(for: configuration.defaultLanguage).availableLanguages)
        return Language.supported.filter { models.contains($0.tesseractCode) }
    }

    /// Files the photo at `path`; `name` is what the word records as its source. An `observer` is
    /// told how long each stage took.
    public func file(path: String, name: String, language: Language, observer: StageObserver? = nil) -> IngestOutcome {
        attempt(path: path, name: name, language: language, observer: observer).outcome
    }

    /// Files the photo at `path` and says which file it read, so that only that one is moved after.
    public func attempt(
        path: String, name: String, language: Language, observer: StageObserver? = nil
    ) -> (outcome: IngestOutcome, identity: FileIdentity?) {
        var identity: FileIdentity?
        let outcome = file(path: path, name: name, language: language, observer: observer, identity: &identity)
        return (outcome, identity)
    }

    private func file(
        path: String, name: String, language: Language, observer: StageObserver?, identity: inout FileIdentity?
    ) -> IngestOutcome {
        do {
            guard var photo = try read(path, identity: &identity, observer: observer) else { return .gone }
            if let existing = try observer.time(.lookup, { try database.word(sourceSHA256: photo.digest) }) {
                return .duplicate(existing, book: try bookDay(of: existing), captureDay: captureDay(of: photo.bytes, modified: photo.modified))
            }
            let filing = try prepareFiling(&photo, name: name, language: language, observer: observer)
            let result = try observer.time(.store, { try database.file(filing) })
            if let log = database.lostWriteAheadLog() {
                return .halted(reason: database.lostWriteAheadLogReason(log))
            }
            switch result {
            case let .filed(word): return .filed(word, book: filing.captureDay)
            case let .duplicate(word):
                return .duplicate(word, book: try bookDay(of: word), captureDay: filing.captureDay)
            }
        } catch {
            switch FailureVerdict.judge(error, path: path) {
            case .final: return .failed(reason: "\(error)")
            case .retryLater:
                let reason = (error as? DatabaseError).map { failure in
                    ResourceLimitError.atFileLimit().map { "the database could not be opened: \($0)" }
                        ?? "the database could not be written: \(failure.message ?? "\(failure.resultCode)")\(AppDatabase.fileSizeLimitNote)"
                }
                return .deferred(reason: reason ?? "\(error)")
            case .shortOfMemory: return .shortOfMemory(reason: "\(error)")
            case .stillBeingWritten: return .settling(reason: "\(error)")
            case .databaseDamaged:
                let message = (error as? DatabaseError)?.message ?? "\(error)"
                return .halted(reason: "the database \(database.path ?? "") is damaged (\(message)); restore it from a backup (wordbook import), or recover it with sqlite3 .recover")
            }
        }
    }

    /// The proposal and the stored JPEG for a photo as read. The file's bytes and the decoded picture
    /// are let go once the stored copy is made, so that recognition, which holds the networks, does
    /// not hold them too (a 4800 × 4800 PNG peaked at 325 MB with one worker while they were kept).
    func prepareFiling(_ photo: inout PhotoRead, name: String, language: Language, observer: StageObserver? = nil) throws -> Filing {
        let (stored, exif) = try storedCopy(of: photo.bytes, observer: observer)
        photo.bytes = []
        let (digest, modified) = (photo.digest, photo.modified)
        let jpeg = try observer.time(.encode) { try decoder.codec.encode(stored, quality: configuration.jpegQuality) }
        let proposal = try recognize(stored, language: language, observer: observer)
        if let evidenceLog, let evidence = proposal.evidence {
            evidenceLog.append(name: name, evidence)
        }
        let capturedAt = captureDate(exif, modified: modified)
        let gloss = observer.time(.gloss) { self.gloss(of: proposal.word, language: language) }
        return Filing(
            sourceName: name, sourceSHA256: digest, capturedAt: capturedAt,
            captureDay: calendar.day(of: capturedAt), nextReview: calendar.startOfNextDay(after: capturedAt),
            language: language, word: proposal.word, confidence: proposal.confidence, candidates: proposal.candidates,
            box: proposal.box, context: proposal.context,
            jpeg: jpeg, imageWidth: stored.width, imageHeight: stored.height,
            confirmed: configuration.autoConfirm > 0 && !proposal.word.isEmpty && proposal.confidence >= configuration.autoConfirm,
            gloss: gloss, around: proposal.around)
    }

    /// The photo decoded, upright and no larger than the stored copy, with its EXIF; the decoded
    /// picture goes when this returns.
    private func storedCopy(of bytes: [UInt8], observer: StageObserver?) throws -> (Picture, ExifMetadata) {
        let photo = try decoder.decode(bytes, within: configuration.maxEdge, observer: observer)
        return (try observer.time(.resize) { try photo.picture.fitting(longEdge: configuration.maxEdge) }, photo.exif)
    }

    /// The dictionary's gloss of the proposed word; nil when there is no word, no dictionary or no entry.
    private func gloss(of word: String, language: Language) -> Gloss? {
        word.isEmpty ? nil : glossary?.lookUp(word, language: language).gloss
    }

    /// The proposal, with the time inside Tesseract told apart from the rest of recognition.
    private func recognize(_ picture: Picture, language: Language, observer: StageObserver?) throws -> Proposal {
        guard let observer else { return try recognizer.propose(picture, language: language) }
        let engine = try recognizer.engine(for: language)
        engine.callObserver = { observer.tesseractCall(took: $0) }
        defer { engine.callObserver = nil }
        return try observer.time(.recognize) { try recognizer.propose(picture, language: language) }
    }

    /// EXIF DateTimeOriginal (with its offset), else the file's time: a photo's capture time.
    private func captureDate(_ exif: ExifMetadata, modified: Date) -> Date {
        exif.captureDate(in: calendar.timeZone) ?? modified
    }

    /// A copy's capture day without decoding its pixels.
    private func captureDay(of bytes: [UInt8], modified: Date) -> String {
        calendar.day(of: captureDate(decoder.exif(of: bytes), modified: modified))
    }

    private func bookDay(of word: Word) throws -> String {
        try database.book(id: word.wordBookId)?.recordDate ?? ""
    }

    /// The photo as read: the bytes its decoder needs, the digest of the whole file and its
    /// modification time; nil when it no longer exists. `identity` is the file opened, once it is.
    /// The observer is told the time spent reading apart from the time spent hashing.
    private func read(_ path: String, identity: inout FileIdentity?, observer: StageObserver?) throws -> PhotoRead? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FilingError("the file could not be examined: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FilingError("it is not a regular file")
        }
        guard info.st_size > 0 else { throw ImagingError.empty }
        // The first bytes decide before a large file is read.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if ResourceLimitError.isLimit(code) { throw ResourceLimitError(code: code) }
            throw FilingError("the file could not be opened for reading: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        identity = FileIdentity(descriptor: descriptor)
        let limit = configuration.maxFileMegabytes * 1_048_576
        guard Int(info.st_size) <= limit else {
            throw FilingError("the file is larger than \(configuration.maxFileMegabytes) MB (capture.max_file_megabytes)")
        }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        let (bytes, digest) = try PhotoRead.stream(
            descriptor, size: Int(info.st_size), holdingAtMost: configuration.maxDecodeMegabytes, observer: observer)
        return PhotoRead(bytes: bytes, digest: digest, modified: modified)
    }
}

/// A photo's file as the filer reads it: the whole file hashed, and of it only the bytes the image
/// takes held (see `ImageExtent`), which the decoder counts in what one photo may spend.
struct PhotoRead {
    var bytes: [UInt8]
    /// SHA-256 of the whole file, the photo's identity in the word book.
    var digest: String
    var modified: Date

    /// Bytes read at a time; what comes after the image is hashed through this much and let go.
    static let chunk = 1_048_576

    /// Reads `descriptor` to its end (`size`, as `stat` gave it), hashing everything and holding the
    /// image's bytes. A file that shrank since gives what it holds; one that grew, its first `size`
    /// bytes, and the identity check before disposal sees the change. An image that would take more
    /// than `holdingAtMost` MB to hold is refused before it is read whole.
    static func stream(
        _ descriptor: Int32, size: Int, holdingAtMost megabytes: Int, observer: StageObserver? = nil
    ) throws -> (bytes: [UInt8], digest: String) {
        let hash = Digest.SHA256Stream()
        let limit = megabytes * 1_048_576
        var held = [UInt8]()
        var extent: ImageExtent?
        var buffer = [UInt8](repeating: 0, count: chunk)
        var offset = 0
        while offset < size {
            let got = try observer.time(.read) {
                try buffer.withUnsafeMutableBytes { buffer in
                    try readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(chunk, size - offset)]))
                }
            }
            if got == 0 { break }
            let piece = buffer[..<got]
            observer.time(.hash) { piece.withUnsafeBytes { hash.update($0) } }
            if offset == 0 {
                guard let format = ImageFormat(sniffing: piece) else { throw ImagingError.unsupportedFormat }
                extent = ImageExtent(format: format)
                if format == .tiff || format == .heif, size > limit {
                    throw ImagingError.tooLargeFile(format: format, megabytes: (size + 1_048_575) / 1_048_576, limitMegabytes: megabytes)
                }
                held.reserveCapacity(min(size, limit))
            }
            // A WebP's header gives its end before its bytes come: the image is held up to it.
            if (extent?.end).map({ held.count < $0 }) ?? true {
                held.append(contentsOf: piece)
                held.withUnsafeBytes { extent?.advance(over: $0) }
                if let end = extent?.end, end < held.count { held.removeLast(held.count - end) }
                if held.count > limit, let format = extent?.format {
                    throw ImagingError.tooLargeFile(format: format, megabytes: (held.count + 1_048_575) / 1_048_576, limitMegabytes: megabytes)
                }
            }
            offset += got
        }
        return (held, hash.finalHex())
    }

    /// One `read(2)` into `buffer`, tried again when a signal interrupts it.
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let got = Glibc.read(descriptor, buffer.baseAddress!, buffer.count)
            if got >= 0 { return got }
            if errno != EINTR { throw FilingError("the file could not be read: \(String(cString: strerror(errno)))") }
        }
    }
}
