import Foundation
import GRDB
import WordBookVocabulary

public enum StoreError: Error, CustomStringConvertible, Equatable {
    case missing(path: String)
    case cannotOpen(path: String, reason: String)
    case noSuchWord(id: Int64)
    case emptyWord
    case emptyGloss
    case badGrade(Int)
    case notConfirmed(id: Int64, status: WordStatus)
    /// Text the learner gave holds a control or invisible character, named as `U+001B`.
    case forbiddenCharacter(field: String, character: String)
    /// The word book was migrated by a newer WordBook: these are the steps this one does not know.
    case newerSchema(migrations: [String])
    case other(String)

    public var description: String {
        switch self {
        case let .missing(path):
            return "there is no word book at \(path) yet: start the worker (wordbook run) or file photos with wordbook ingest"
        case let .cannotOpen(path, reason):
            return "the database \(path) could not be opened: \(reason)"
        case let .noSuchWord(id):
            return "there is no word with ID \(id)"
        case .emptyWord:
            return "the corrected word is empty"
        case .emptyGloss:
            return "the gloss is empty: write what the word means"
        case let .badGrade(level):
            return "a grade must be from 0 to 5, not \(level)"
        case let .notConfirmed(id, status):
            return status == .proposed
                ? "#\(id) is still a proposal: confirm or correct it before grading it"
                : "#\(id) was rejected and is not reviewed"
        case let .forbiddenCharacter(field, character):
            return "the \(field) holds \(character), a control or invisible character: write it without one (nothing was changed)"
        case let .newerSchema(migrations):
            return "the word book was written by a newer WordBook (its schema has "
                + migrations.map { "'\($0)'" }.joined(separator: ", ")
                + ", which this one does not know), so this one neither reads nor writes it: run that newer WordBook, or restore a backup made for this one"
        case let .other(message):
            return message
        }
    }
}

/// Everything filing needs to know about one photo.
/// A photo to file: plain values from recognition and imaging, decided before the store sees them.
public struct Filing: Sendable {
    public var sourceName: String
    public var sourceSHA256: String
    public var capturedAt: Date
    /// `YYYY-MM-DD` in the configured time zone.
    public var captureDay: String
    public var nextReview: Date
    /// "en", "de", "fr" or "es".
    public var language: Language
    /// The proposed word; empty when the photo shows none.
    public var word: String
    public var confidence: Int
    public var candidates: [String]
    public var box: PixelBox?
    /// The line the word stands in.
    public var context: String
    public var jpeg: Data
    public var imageWidth: Int
    public var imageHeight: Int
    /// Filed as confirmed rather than as a proposal for the learner to settle.
    public var confirmed: Bool
    /// What the word means, from the learner's dictionary; nil when none gave it.
    public var gloss: Gloss?
    /// The words read around the aim point, boxes in the pixels of `jpeg` (as `box`), the proposal first.
    public var around: [ReadWord]

    public init(
        sourceName: String, sourceSHA256: String, capturedAt: Date, captureDay: String, nextReview: Date,
        language: Language, word: String, confidence: Int, candidates: [String], box: PixelBox?, context: String,
        jpeg: Data, imageWidth: Int, imageHeight: Int, confirmed: Bool = false, gloss: Gloss? = nil, around: [ReadWord] = []
    ) {
        self.sourceName = sourceName
        self.sourceSHA256 = sourceSHA256
        self.capturedAt = capturedAt
        self.captureDay = captureDay
        self.nextReview = nextReview
        self.language = language
        self.word = word
        self.confidence = confidence
        self.candidates = candidates
        self.box = box
        self.context = context
        self.jpeg = jpeg
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.confirmed = confirmed
        self.gloss = gloss
        self.around = around
    }
}

public enum FilingResult: Sendable, Equatable {
    case filed(Word)
    /// The photo was filed before, as this word.
    case duplicate(Word)
}

/// The worker's and the command line's access to the SQLite file. Every read and write is a
/// method here: the command line never touches the database connection itself.
public final class AppDatabase: Sendable {
    let writer: any DatabaseWriter
    let lastChange = LastChange()

    public init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.refuseNewerSchema(writer)
        try Self.migrator.migrate(writer)
    }

    /// A word book this user may only read, at this WordBook's schema: nothing is migrated or written.
    private init(readingOnly reader: DatabaseQueue, path: String) throws {
        writer = reader
        try Self.refuseNewerSchema(reader)
        guard try reader.read({ try Self.migrator.hasCompletedMigrations($0) }) else {
            throw StoreError.cannotOpen(
                path: path, reason: "it is read-only to this user and was written by an older WordBook: open it once as a user who may write it (its owner, or the worker), which brings it up to date")
        }
    }

    /// A newer WordBook's schema may give a column or a table a meaning this one would get wrong:
    /// refused, naming its steps, rather than read or written as if it were this one's.
    private static func refuseNewerSchema(_ reader: any DatabaseReader) throws {
        let unknown = try reader.read { db in
            try Self.migrator.appliedIdentifiers(db).subtracting(Self.migrator.migrations).sorted()
        }
        guard unknown.isEmpty else { throw StoreError.newerSchema(migrations: unknown) }
    }

    /// Opens an existing word book for a command that only reads it. One this user may write opens as
    /// for writing (`open(path:create:)`): SQLite's `-wal` and `-shm` then go when the last connection
    /// closes. One this user may not write opens read-only and leaves nothing behind: its `-wal` and
    /// `-shm`, where a writer keeps them, are read as they are; without them every word is in the
    /// database file, which is read as it stands (SQLite's `immutable`), since a read-only connection
    /// would otherwise make both files, with the database's read-only mode, and never remove them.
    public static func openForReading(path: String) throws -> AppDatabase {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, W_OK) != 0 else {
            return try open(path: path, create: false)
        }
        var configuration = GRDB.Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let logged = access(path + "-wal", F_OK) == 0
        var uri = URLComponents()
        uri.scheme = "file"
        uri.path = path
        uri.queryItems = logged ? [] : [URLQueryItem(name: "immutable", value: "1")]
        do {
            return try AppDatabase(readingOnly: DatabaseQueue(path: logged ? path : uri.string!, configuration: configuration), path: path)
        } catch let error as DatabaseError {
            let reason = error.resultCode == .SQLITE_NOTADB ? "the file is not a SQLite database" : (error.message ?? "\(error.resultCode)")
            throw StoreError.cannotOpen(path: path, reason: reason)
        }
    }

    /// Opens the file in WAL mode with a busy timeout, so the worker and the command line share it.
    /// Without `create`, a missing file is an error rather than a new empty word book.
    public static func open(path: String, create: Bool) throws -> AppDatabase {
        let fileManager = FileManager.default
        // A device or a folder is no word book: nothing is made beside it (no /dev/null.lock).
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw StoreError.cannotOpen(path: path, reason: info.st_mode & S_IFMT == S_IFDIR
                ? "it is a folder: name the database file in it, such as \(path)/wordbook.sqlite" : "it is not a regular file")
        }
        // SQLite would make a `-wal` and `-shm` for this user before finding it may not write: refused
        // first, so that nothing is left beside a word book this user may only read.
        if fileManager.fileExists(atPath: path), let named = readOnlyFilesNote(path) {
            throw StoreError.cannotOpen(path: path, reason: named)
        }
        if !fileManager.fileExists(atPath: path) {
            guard create else { throw StoreError.missing(path: path) }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do {
                    try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw StoreError.cannotOpen(path: path, reason: "its folder could not be created")
                }
            }
            // SQLite would create the file 0644 less the umask, never group-writable; an empty file
            // made here with 0666 less the umask is a new database to it, and its -wal and -shm
            // files take the database's mode. So on the package's shared word book, where the umask
            // leaves the group its bits, members of the word book's group can write all three.
            let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { close(descriptor) }
        }
        var configuration = GRDB.Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        do {
            // Two processes opening a new file at once would both create the tables ("table wordBook
            // already exists"): one migrates while the other waits, then finds the work done.
            return try whileHoldingMigrationLock(path) {
                try AppDatabase(DatabasePool(path: path, configuration: configuration))
            }
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_READONLY, let named = readOnlyFilesNote(path) {
                throw StoreError.cannotOpen(path: path, reason: named)
            }
            let reason = error.resultCode == .SQLITE_NOTADB
                ? "the file is not a SQLite database" : (error.message ?? "\(error.resultCode)") + fileSizeLimitNote
            throw StoreError.cannotOpen(path: path, reason: reason)
        }
    }

    /// The database's files this user may not write, named with their owner and mode: a `-wal` or
    /// `-shm` left by a moment when the database was read-only keeps that mode, and SQLite writes both
    /// for every command, reads too. Nil when each of them may be written.
    /// `FILE (owner NAME, mode 0444)`.
    private static func describedWithOwner(_ file: String) -> String {
        var info = stat()
        guard stat(file, &info) == 0 else { return file }
        let owner = getpwuid(info.st_uid).map { String(cString: $0.pointee.pw_name) } ?? "uid \(info.st_uid)"
        return "\(file) (owner \(owner), mode \(String(format: "%04o", info.st_mode & 0o7777)))"
    }

    static func readOnlyFilesNote(_ path: String) -> String? {
        let files: [String] = [path, path + "-wal", path + "-shm"]
        let stuck = files.filter { file in access(file, F_OK) == 0 && access(file, W_OK) != 0 }
        guard !stuck.isEmpty else { return nil }
        let named: [String] = stuck.map(describedWithOwner)
        let others: [String] = stuck.filter { $0 != path }
        let one = stuck.count == 1
        var remedy = "make it writable for the word book's users"
        if !others.isEmpty {
            let them = others.count == 1 ? "it" : "them", their = others.count == 1 ? "its" : "their"
            remedy = "give \(them) the database's own mode, as \(their) owner: chmod --reference=\(path) " + others.joined(separator: " ")
        }
        let subject = named.joined(separator: " and ")
        return subject + (one ? " is" : " are") + " read-only to this user, and SQLite writes " + (one ? "it" : "them")
            + " for every command, reads too: " + remedy
    }

    /// Runs `body` holding an exclusive open-file-description lock on `PATH.lock`, the worker's lock
    /// file. Not on the database itself: closing any descriptor of that file would drop the SQLite
    /// locks this process holds on it. The worker's own `flock` there is a lock of another kind, which
    /// this one neither waits for nor disturbs; the kernel lets go when the process ends.
    private static func whileHoldingMigrationLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let descriptor = Foundation.open(path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
        // A word book the user may only read is never migrated by them: nothing to guard.
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        var whole = flock()
        whole.l_type = Int16(F_WRLCK)
        whole.l_whence = Int16(SEEK_SET)
        let setLockWaiting: Int32 = 38  // F_OFD_SETLKW, which Glibc's Swift module leaves out
        while fcntl(descriptor, setLockWaiting, &whole) != 0 && errno == EINTR {}
        return try body()
    }

    /// With a file size limit (ulimit -f, the unit's LimitFSIZE=), a write past it fails with EFBIG
    /// (the executables ignore SIGXFSZ): said beside a write error, naming the limit; empty without one.
    public static var fileSizeLimitNote: String {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return "" }
        return " (perhaps \(String(cString: strerror(EFBIG)).lowercased()): no file may grow past \(limit.rlim_cur) bytes here, the limit ulimit -f or the unit's LimitFSIZE= sets)"
    }

    /// The database file; nil in memory.
    public var path: String? { (writer as? DatabasePool)?.path }

    /// An in-memory database for tests.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue())
    }
}

// MARK: - Filing

extension AppDatabase {
    /// The word already filed from a photo with these bytes.
    public func word(sourceSHA256: String) throws -> Word? {
        try writer.read { db in
            try Word.filter(Word.Columns.sourceSHA256 == sourceSHA256).fetchOne(db)
        }
    }

    /// Files a photo in one transaction: the day's word book (created when needed), the word, its image.
    public func file(_ filing: Filing, now: Date = Date()) throws -> FilingResult {
        do {
            return try writer.write { db in
                if let existing = try Word.filter(Word.Columns.sourceSHA256 == filing.sourceSHA256).fetchOne(db) {
                    return .duplicate(existing)
                }
                var book: WordBook
                if let existing = try WordBook.filter(Column("recordDate") == filing.captureDay).fetchOne(db) {
                    book = existing
                } else {
                    book = WordBook(id: nil, recordDate: filing.captureDay, createdAt: now, updatedAt: now)
                    try book.insert(db)
                }
                var word = Word(
                    id: nil, wordBookId: book.id!, word: filing.word,
                    targetLanguage: filing.language, masteryLevel: 0, notes: "",
                    createdAt: now, updatedAt: now, nextReviewDate: filing.nextReview,
                    reviewInterval: 1, reviewCount: 0, lastReviewDate: nil, status: filing.confirmed ? .confirmed : .proposed,
                    proposedWord: filing.word, confidence: filing.confidence,
                    candidates: filing.candidates, box: filing.box,
                    context: filing.context, sourceName: filing.sourceName,
                    sourceSHA256: filing.sourceSHA256, capturedAt: filing.capturedAt, wordsAround: filing.around)
                if let gloss = filing.gloss { word.setGloss(gloss.text, source: .dictionary, entry: gloss.entry, headword: gloss.headword) }
                try word.insert(db)
                try WordImage(wordId: word.id!, jpeg: filing.jpeg, width: filing.imageWidth, height: filing.imageHeight)
                    .insert(db)
                book.updatedAt = now
                try book.update(db)
                // As stored: dates keep milliseconds in SQLite.
                return .filed(try Word.fetchOne(db, key: word.id) ?? word)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // Another process filed the same photo between our check and our insert.
            if let existing = try word(sourceSHA256: filing.sourceSHA256) { return .duplicate(existing) }
            throw error
        }
    }
}

// MARK: - Settling proposals and reading

extension AppDatabase {
    /// Proposals, the least confident first, then the oldest; the index on (status, confidence,
    /// capturedAt) serves the filter and the order.
    static func pendingRequest() -> QueryInterfaceRequest<Word> {
        Word.filter(Word.Columns.status == WordStatus.proposed.rawValue)
            .order(Word.Columns.confidence, Word.Columns.capturedAt, Word.Columns.id)
    }

    public func pending() throws -> [Word] {
        try writer.read { db in try Self.pendingRequest().fetchAll(db) }
    }

    /// The proposal `pending` lists first (least confident, then oldest): the web app's next one.
    public func firstPending() throws -> Word? {
        try writer.read { db in try Self.pendingRequest().fetchOne(db) }
    }

    public func word(id: Int64) throws -> Word {
        guard let word = try writer.read({ db in try Word.fetchOne(db, key: id) }) else {
            throw StoreError.noSuchWord(id: id)
        }
        return word
    }

    /// The words read around the aim point in the word's photo, boxes in the stored photo's pixels,
    /// the proposal first: what the phone page lets the learner tap. Reads that column alone.
    public func wordsAround(id: Int64) throws -> [ReadWord] {
        let json = try writer.read { db in
            try String.fetchOne(db, Word.select(Word.Columns.wordsAround).filter(key: id))
        }
        guard let json else { throw StoreError.noSuchWord(id: id) }
        return try Word.databaseJSONDecoder(for: Word.Columns.wordsAround.name).decode([ReadWord].self, from: Data(json.utf8))
    }

    public func image(wordId: Int64) throws -> WordImage? {
        try writer.read { db in try WordImage.fetchOne(db, key: wordId) }
    }

    /// The stored photo's size in pixels, the photo itself left unread; nil without a photo.
    public func imageSize(wordId: Int64) throws -> (width: Int, height: Int)? {
        try writer.read { db in
            try Row.fetchOne(db, sql: "SELECT width, height FROM wordImage WHERE wordId = ?", arguments: [wordId])
                .map { ($0["width"], $0["height"]) }
        }
    }

    public func book(id: Int64) throws -> WordBook? {
        try writer.read { db in try WordBook.fetchOne(db, key: id) }
    }

    /// Words of one capture day, or of all days when `day` is nil, oldest first.
    public func words(onDay day: String?) throws -> [(word: Word, book: String)] {
        try writer.read { db in
            var book = Word.wordBook.select(Column("recordDate")).forKey("book")
            if let day { book = book.filter(Column("recordDate") == day) }
            let request = Word.including(required: book).order(Word.Columns.capturedAt, Word.Columns.id)
            return try Row.fetchAll(db, request).map { row in
                (try Word(row: row), row.scopes["book"]?["recordDate"] ?? "")
            }
        }
    }

    /// Marks words confirmed, all or none: an unknown ID changes nothing. An ID given twice counts once.
    public func confirm(ids: [Int64], now: Date = Date(), by command: String = "confirm") throws {
        try setStatus(.confirmed, ids: ids, now: now, command: command)
    }

    public func reject(ids: [Int64], now: Date = Date(), by command: String = "reject") throws {
        try setStatus(.rejected, ids: ids, now: now, command: command)
    }

    private func setStatus(_ status: WordStatus, ids: [Int64], now: Date, command: String) throws {
        var seen = Set<Int64>()
        let ids = ids.filter { seen.insert($0).inserted }
        try writeChange { db in
            var before: [Word] = []
            for id in ids {
                guard var word = try Word.fetchOne(db, key: id) else { throw StoreError.noSuchWord(id: id) }
                before.append(word)
                word.status = status
                word.updatedAt = now
                try word.update(db)
            }
            let verb = status == .confirmed ? "confirmed" : status == .rejected ? "rejected" : "reopened"
            let summary = "\(verb) " + before.map(\.named).joined(separator: ", ")
            return ((), try Self.record(db, command: command, summary: summary, now: now,
                                        words: before.map { ($0, nil, nil) }))
        }
    }

    /// Replaces the word and confirms it; the proposal stays in `proposedWord`. The dictionary's
    /// gloss of the new word replaces the old one's; a gloss the learner wrote stays.
    /// `box`, when given, is where the corrected word stands in the photo: the word the learner tapped;
    /// otherwise a word read around the aim with the corrected text gives its box.
    public func correct(
        id: Int64, to text: String, gloss: Gloss? = nil, box: PixelBox? = nil, now: Date = Date(), by command: String = "correct"
    ) throws -> Word {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty else { throw StoreError.emptyWord }
        try Self.refuseForbidden(typed, as: "word")
        return try writeChange { db in
            guard var word = try Word.fetchOne(db, key: id) else { throw StoreError.noSuchWord(id: id) }
            // "die Straße" files the noun; its gloss gives the gender.
            let text = word.targetLanguage.splittingArticle(typed).noun
            let before = word
            word.word = text
            word.context = Self.context(before.context, replacing: before.word, with: text)
            // The frame follows the word chosen: the box given, or that of the word read around the aim
            // that the correction names (a candidate picked by number, a word tapped).
            if let box = box ?? before.wordsAround.first(where: { $0.text == text })?.box { word.box = box }
            if word.glossSource != .learner { word.setGloss(gloss?.text, source: .dictionary, entry: gloss?.entry, headword: gloss?.headword) }
            word.status = .confirmed
            word.updatedAt = now
            try word.update(db)
            let was = before.word.isEmpty ? "" : " \(before.word)"
            let summary = "corrected #\(id)\(was) to \(text)"
            return (word, try Self.record(db, command: command, summary: summary, now: now, words: [(before, nil, nil)]))
        }
    }

    /// The line a word was read in, with the corrected word in place of the reading: the first word of
    /// the line that was the reading (the punctuation around it kept). A correction to another word of
    /// the line (the one beside the reading) leaves the line as it was, as does a reading not in it.
    static func context(_ line: String, replacing reading: String, with corrected: String) -> String {
        func core(_ token: Substring) -> Substring {
            let letters = CharacterSet.alphanumerics
            guard let first = token.unicodeScalars.firstIndex(where: letters.contains),
                  let last = token.unicodeScalars.lastIndex(where: letters.contains) else { return token[token.endIndex...] }
            return token[first...last]
        }
        let tokens = line.split(separator: " ", omittingEmptySubsequences: false)
        guard !reading.isEmpty, !tokens.contains(where: { core($0) == corrected }),
              let index = tokens.firstIndex(where: { core($0) == reading }) else { return line }
        let token = tokens[index], found = core(token)
        let rewritten = String(token[..<found.startIndex]) + corrected + String(token[found.endIndex...])
        return tokens.enumerated().map { $0.offset == index ? rewritten : String($0.element) }.joined(separator: " ")
    }

    /// Text the learner gives is refused whole when it holds a control or invisible character.
    static func refuseForbidden(_ text: String, as field: String, allowingLineBreaks: Bool = false) throws {
        if let character = text.forbiddenCharacter(allowingLineBreaks: allowingLineBreaks) {
            throw StoreError.forbiddenCharacter(field: field, character: character)
        }
    }

    /// Sets the learner's own gloss, which a later correction or refresh never replaces.
    public func setLearnerGloss(id: Int64, to text: String, now: Date = Date()) throws -> Word {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw StoreError.emptyGloss }
        try Self.refuseForbidden(text, as: "gloss")
        return try writeChange { db in
            guard var word = try Word.fetchOne(db, key: id) else { throw StoreError.noSuchWord(id: id) }
            let before = word
            word.setGloss(text, source: .learner, entry: nil)
            word.updatedAt = now
            try word.update(db)
            let summary = "glossed \(word.named) = \(text)"
            return (word, try Self.record(db, command: "gloss", summary: summary, now: now, words: [(before, nil, nil)]))
        }
    }

    /// Words with a word and no gloss yet: filed before glosses, or while a dictionary was missing.
    public func wordsWithoutGloss() throws -> [Word] {
        try writer.read { db in
            try Word.filter(Word.Columns.gloss == nil && Word.Columns.word != "").order(Word.Columns.id).fetchAll(db)
        }
    }

    /// Words whose gloss a dictionary gave, to be looked up again: the dictionaries, or how WordBook
    /// reads them, may give another since (one stored before migration v12 lacks the headword its
    /// article comes from).
    public func wordsGlossedByDictionary() throws -> [Word] {
        try writer.read { db in
            try Word.filter(Word.Columns.glossSource == GlossSource.dictionary.rawValue && Word.Columns.word != "")
                .order(Word.Columns.id).fetchAll(db)
        }
    }

    /// Stores a dictionary's gloss found later, unless the word changed meanwhile or the learner
    /// glossed it; a dictionary's gloss stored before is replaced where this one differs in its text,
    /// entry or headword. Returns whether it was stored.
    @discardableResult
    public func fillGloss(id: Int64, of text: String, with gloss: Gloss, now: Date = Date()) throws -> Bool {
        try writer.write { db in
            guard var word = try Word.fetchOne(db, key: id), word.word == text,
                  word.gloss == nil || word.glossSource == .dictionary,
                  word.gloss != gloss.text || word.glossEntry != gloss.entry || word.glossHeadword != gloss.headword else { return false }
            let before = word
            word.setGloss(gloss.text, source: .dictionary, entry: gloss.entry, headword: gloss.headword)
            try word.update(db)
            lastChange.value = try Self.record(
                db, command: "gloss", summary: "glossed \(word.named) = \(gloss.text) (dictionary)", now: now,
                words: [(before, nil, nil)])
            return true
        }
    }

    /// The languages of the words filed so far, from the language index alone.
    public func languages() throws -> [Language] {
        try writer.read { db in
            try Language.fetchAll(db, sql: "SELECT DISTINCT targetLanguage FROM word ORDER BY targetLanguage")
        }
    }

    /// The most recently filed word.
    public func lastFiled() throws -> Word? {
        try writer.read { db in
            try Word.order(Word.Columns.createdAt.desc, Word.Columns.id.desc).fetchOne(db)
        }
    }

    /// Words filed as confirmed (`auto_confirm`) that the learner has not touched since.
    public func confirmedOnFilingCount() throws -> Int {
        try writer.read { db in try Word.confirmedOnFiling().fetchCount(db) }
    }

    public func wordCount(status: WordStatus? = nil) throws -> Int {
        try writer.read { db in
            if let status { return try Word.filter(Word.Columns.status == status.rawValue).fetchCount(db) }
            return try Word.fetchCount(db)
        }
    }
}
