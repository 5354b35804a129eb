import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// `export` and `import` of a word book whose backup runs to hundreds of megabytes: they hold one
/// word at a time, a command run meanwhile still writes, a killed import leaves nothing, and a
/// damaged file is refused with nothing imported. One at a time: each moves a few hundred megabytes.
@Suite(.serialized) struct LargeBackupTests {
    /// Peak resident memory either command may reach, in KiB.
    static let ceiling = 80 * 1024

    /// 1,200 words with a 100 KB photo each: a backup of 161 MB. Read or written whole, 2,000 such
    /// words (268 MB) took 1,004 MB to export and 490 MB to import.
    @Test func exportAndImportOfALargeWordBookStaySmall() throws {
        let (words, photoBytes) = (1_200, 100_000)
        let scratch = try Scratch()
        try makeWordBook(at: scratch.database, words: words, photoBytes: photoBytes)
        let backup = "\(scratch.root)/backup.json"

        let (exported, exportPeak) = try peakKibibytes(["export", backup, "--config", scratch.config])
        #expect(exported.stdout.contains("Exported \(words) words in 3 books"), "\(exported.stdout)\(exported.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: backup)[.size] as? Int)
        #expect(size > words * photoBytes * 4 / 3, "the backup holds every photo, base64: \(size) bytes")
        #expect(exportPeak < Self.ceiling, "export peaked at \(exportPeak / 1024) MB for a backup of \(size / 1_048_576) MB")

        let restored = "\(scratch.root)/restored.sqlite"
        let (imported, importPeak) = try peakKibibytes(["import", backup, "--db", restored, "--config", scratch.config])
        #expect(imported.stdout.contains("Imported \(words) words, 3 books, 2 tags; 0 already there."), "\(imported.stdout)\(imported.stderr)")
        #expect(importPeak < Self.ceiling, "import peaked at \(importPeak / 1024) MB for a backup of \(size / 1_048_576) MB")

        let database = try AppDatabase.open(path: restored, create: false)
        #expect(try database.wordCount() == words)
        #expect(try database.image(wordId: Int64(words))?.jpeg.count == photoBytes)
    }

    /// The word book is written only once the backup is read and checked, in one transaction that
    /// copies ready rows: `wordbook note`, run again and again from another process all along,
    /// waits at most that long (within the 10 s busy timeout) and is never turned away.
    @Test func aCommandRunDuringAnImportWaitsAndIsDone() throws {
        let scratch = try Scratch()
        try makeWordBook(at: scratch.database, words: 800, photoBytes: 100_000)
        let backup = "\(scratch.root)/backup.json"
        try #require(try wordbook(["export", backup, "--config", scratch.config]).status == 0)
        let target = "\(scratch.root)/target.sqlite"
        try makeWordBook(at: target, words: 1, photoBytes: 100)

        let importing = Process()
        importing.executableURL = URL(fileURLWithPath: wordbookBinary)
        importing.arguments = ["import", backup, "--db", target, "--config", scratch.config]
        let output = Pipe()
        importing.standardOutput = output
        importing.standardError = output
        try importing.run()
        var notes: [CommandResult] = []
        var duringImport = 0
        while importing.isRunning {
            notes.append(try wordbook(["note", "1", "written during the import, \(notes.count)", "--db", target, "--config", scratch.config]))
            if importing.isRunning { duringImport += 1 }
            usleep(100_000)
        }
        importing.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("Imported 799 words, 0 books, 0 tags; 1 already there."), "\(said)")
        #expect(duringImport >= 3, "\(duringImport) notes were written while the import ran")
        #expect(notes.allSatisfy { $0.status == 0 }, "\(notes.filter { $0.status != 0 }.map(\.stderr))")
        let database = try AppDatabase.open(path: target, create: false)
        #expect(try database.word(id: 1).notes == "written during the import, \(notes.count - 1)")
        #expect(try database.wordCount() == 800)
    }

    /// `kill -9` at moments spread over an import's run, reading the file and writing the word book
    /// alike: each leaves the word book with none of the backup's words or all of them (killed after
    /// the commit, while SQLite folds its log into the file), its integrity intact, and nothing in the
    /// temporary folder.
    @Test func aKilledImportLeavesNothing() throws {
        let scratch = try Scratch()
        let words = 400
        try makeWordBook(at: scratch.database, words: words, photoBytes: 100_000)
        let backup = "\(scratch.root)/backup.json"
        try #require(try wordbook(["export", backup, "--config", scratch.config]).status == 0)
        let temporary = "\(scratch.root)/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let target = "\(scratch.root)/target.sqlite"
        func emptyTarget() throws {
            for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: target + suffix) }
            _ = try AppDatabase.open(path: target, create: true)
        }

        try emptyTarget()
        let started = Date()
        let timed = try wordbook(["import", backup, "--db", target, "--config", scratch.config], environment: ["SQLITE_TMPDIR": temporary])
        let duration = Date().timeIntervalSince(started)
        try #require(timed.status == 0, "\(timed.stderr)")

        var leftNothing = 0
        for fraction in [0.1, 0.3, 0.5, 0.7, 0.8, 0.9] {
            try emptyTarget()
            let importing = Process()
            importing.executableURL = URL(fileURLWithPath: wordbookBinary)
            importing.arguments = ["import", backup, "--db", target, "--config", scratch.config]
            importing.environment = ProcessInfo.processInfo.environment.merging(["SQLITE_TMPDIR": temporary]) { $1 }
            importing.standardOutput = FileHandle.nullDevice
            importing.standardError = FileHandle.nullDevice
            try importing.run()
            usleep(useconds_t(duration * fraction * 1_000_000))
            kill(importing.processIdentifier, SIGKILL)
            importing.waitUntilExit()
            let database = try AppDatabase.open(path: target, create: false)
            let count = try database.wordCount()
            #expect(count == 0 || count == words, "killed at \(fraction) of the import's run: \(count) words")
            #expect(try database.books().count == (count == 0 ? 0 : 3))
            #expect(try DatabaseQueue(path: target).read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"])
            let left = try FileManager.default.contentsOfDirectory(atPath: temporary)
            #expect(left.isEmpty, "killed at \(fraction) of the import's run: \(left) left in the temporary folder")
            if count == 0 { leftNothing += 1 }
        }
        #expect(leftNothing >= 3, "only \(leftNothing) kills landed before the import's commit")
    }

    /// A backup cut short, or with a word that is not JSON in the middle of its list, is refused in one
    /// sentence, before a word book is made or touched.
    @Test func aDamagedBackupIsRefusedInOneSentenceAndNothingIsImported() throws {
        let scratch = try Scratch()
        try makeWordBook(at: scratch.database, words: 20, photoBytes: 2_000)
        let backup = "\(scratch.root)/backup.json"
        try #require(try wordbook(["export", backup, "--config", scratch.config]).status == 0)
        let text = try String(contentsOfFile: backup, encoding: .utf8)
        let tenth = try #require(text.range(of: #""sourceSHA256" : "sha-10""#))
        let damaged = [
            ("cut.json", String(text.prefix(text.count / 2)), "it ends in the middle, as a copy cut short would"),
            ("bad-word.json", text.replacingCharacters(in: tenth, with: #""sourceSHA256" : sha-10"#), "its word 10 is not one wordbook export writes"),
        ]
        for (name, content, reason) in damaged {
            let path = "\(scratch.root)/\(name)"
            try content.write(toFile: path, atomically: true, encoding: .utf8)
            let new = "\(scratch.root)/new-\(name).sqlite"
            let refused = try wordbook(["import", path, "--db", new, "--config", scratch.config])
            #expect(refused.status == 1)
            #expect(refused.stderr == "wordbook: \(path) is not a WordBook backup (wordbook export writes one): \(reason); nothing was imported.\n")
            #expect(!FileManager.default.fileExists(atPath: new), "no word book is made for a file that is no backup")

            let existing = try wordbook(["import", path, "--config", scratch.config])
            #expect(existing.status != 0 && existing.stderr.contains(reason))
            #expect(try AppDatabase.open(path: scratch.database, create: false).wordCount() == 20)
        }
    }

    /// A `wordbook` command run to its end, with its peak resident memory (GNU time's %M, in KiB).
    func peakKibibytes(_ arguments: [String]) throws -> (result: CommandResult, peak: Int) {
        let timed = try runProgram("/usr/bin/time", ["-f", "peak %M", wordbookBinary] + arguments)
        #expect(timed.status == 0, "\(arguments): \(timed.stderr)")
        let peak = try #require(timed.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) },
                                "\(timed.stderr)")
        return (timed, peak)
    }
}

/// A word book of `words` words over 3 days, each with a photo of `photoBytes` random bytes, 2 tags
/// on some words and a review on every third: made in SQL from one filed word, in a second or two,
/// since filing real photos one by one would take minutes.
func makeWordBook(at path: String, words: Int, photoBytes: Int) throws {
    let database = try AppDatabase.open(path: path, create: true)
    let captured = Date(timeIntervalSince1970: 1_793_000_000)
    let filing = Filing(
        sourceName: "de/Straße.jpg", sourceSHA256: "sha-1", capturedAt: captured, captureDay: "2026-10-24",
        nextReview: captured.addingTimeInterval(86_400), language: .german, word: "Straße", confidence: 88,
        candidates: ["Strasse"], box: nil, context: "Hauptstraße 5", jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]),
        imageWidth: 640, imageHeight: 480)
    guard case .filed = try database.file(filing) else { throw StoreError.other("the test's first word was not filed") }
    try database.writer.write { db in
        let copied = try db.columns(in: "word").map(\.name).filter { !["id", "sourceSHA256", "word", "wordBookId"].contains($0) }
            .map { "\"\($0)\"" }.joined(separator: ", ")
        try db.execute(sql: "INSERT INTO wordBook (id, recordDate, createdAt, updatedAt) SELECT 2, '2026-10-25', createdAt, updatedAt FROM wordBook WHERE id = 1")
        try db.execute(sql: "INSERT INTO wordBook (id, recordDate, createdAt, updatedAt) SELECT 3, '2026-10-26', createdAt, updatedAt FROM wordBook WHERE id = 1")
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO word (id, sourceSHA256, word, wordBookId, \(copied))
            SELECT n.i, 'sha-' || n.i, 'Wort' || n.i, 1 + n.i % 3, \(copied) FROM n, word WHERE word.id = 1 AND n.i <= ?
            """, arguments: [words, words])
        try db.execute(sql: "UPDATE wordImage SET jpeg = randomblob(?)", arguments: [photoBytes])
        try db.execute(sql: "INSERT INTO wordImage (wordId, jpeg, width, height) SELECT id, randomblob(?), 640, 480 FROM word WHERE id > 1",
                       arguments: [photoBytes])
        try db.execute(sql: "INSERT INTO tag (id, name, key) VALUES (1, 'Berlin', 'berlin'), (2, 'signs', 'signs')")
        try db.execute(sql: "INSERT INTO wordTag (wordId, tagId) SELECT id, 1 + id % 2 FROM word WHERE id % 5 = 0")
        try db.execute(sql: """
            INSERT INTO review (wordId, reviewedAt, level, interval, nextReviewDate)
            SELECT id, capturedAt, 3, 1, nextReviewDate FROM word WHERE id % 3 = 0
            """)
    }
}
