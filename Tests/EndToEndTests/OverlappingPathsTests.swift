import Foundation
import Glibc
import Testing
@testable import WordBookCapture
@testable import WordBookSettings

/// Data, archive and failed folders that overlap the inbox: refused where no photo could ever leave
/// the inbox, safe everywhere else (nothing of WordBook's own is taken for a photo, and no photo's
/// only copy is unlinked).
@Suite struct OverlappingPathsTests {
    /// A configuration whose `[paths]` table is `paths`, in a scratch folder.
    func scratch(paths: [String], workers: Int = 1) throws -> Scratch {
        let scratch = try Scratch(workers: workers)
        try """
            [paths]
            \(paths.joined(separator: "\n"))
            [capture]
            workers = \(workers)
            [time]
            time_zone = "\(scratch.timeZone.identifier)"
            """.write(toFile: scratch.config, atomically: true, encoding: .utf8)
        return scratch
    }

    @Test(arguments: ["archive", "failed"])
    func anArchiveOrFailedFolderThatIsTheInboxIsRefusedInOneSentence(key: String) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-e2e-\(UUID().uuidString)").path
        let scratch = try scratch(paths: ["data = \"\(base)\"", "inbox = \"\(base)/sync\"", "\(key) = \"\(base)/sync/\""])
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: "\(base)/sync", withIntermediateDirectories: true)
        let photo = try distinctPhotos(1)[0]
        try photo.data.write(to: URL(fileURLWithPath: "\(base)/sync/\(photo.name)"))

        let worker = try Worker(scratch)
        let exited = eventually(timeout: 60) { !worker.process.isRunning }
        if !exited { worker.kill9() }
        #expect(exited && worker.process.terminationStatus == 1)
        let lines = worker.output.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("paths.\(key) is the inbox itself"), "\(worker.output)")
        #expect(FileManager.default.contents(atPath: "\(base)/sync/\(photo.name)") == photo.data)
    }

    /// `paths.inbox = "~"` would have the worker move a home folder's documents to archive/ and failed/.
    @Test func aHomeFolderAsTheInboxIsRefusedInOneSentence() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-e2e-\(UUID().uuidString)").path
        let home = "\(base)/home"
        let scratch = try scratch(paths: ["data = \"\(base)/data\"", "inbox = \"~\""])
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try Data("my letter".utf8).write(to: URL(fileURLWithPath: "\(home)/letter.txt"))

        let worker = try Worker(scratch, environment: ["HOME": home])
        let exited = eventually(timeout: 60) { !worker.process.isRunning }
        if !exited { worker.kill9() }
        #expect(exited && worker.process.terminationStatus == 1)
        #expect(worker.output.contains("paths.inbox is \(home), your home folder, whose files the worker would move"), "\(worker.output)")
        #expect(FileManager.default.contents(atPath: "\(home)/letter.txt") == Data("my letter".utf8))
    }

    /// A documents folder named as the inbox of a new word book: the worker refuses to start, names a
    /// few of the files, and moves none; once the word book exists, or with photos in it, it starts.
    @Test func aNewWordBooksInboxOfDocumentsIsRefusedAndNothingMoves() throws {
        let scratch = try Scratch(workers: 1)
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        for number in 1...24 {
            try Data("notes \(number)".utf8).write(to: URL(fileURLWithPath: "\(scratch.inbox)/notes-\(number).txt"))
        }
        let photos = try distinctPhotos(2)
        for photo in photos { try photo.data.write(to: URL(fileURLWithPath: "\(scratch.inbox)/\(photo.name)")) }

        let worker = try Worker(scratch)
        let exited = eventually(timeout: 60) { !worker.process.isRunning }
        if !exited { worker.kill9() }
        #expect(exited && worker.process.terminationStatus == 1)
        #expect(worker.output.contains("the inbox \(scratch.inbox) holds 26 files, 24 of them no photos (notes-1.txt, notes-10.txt, notes-11.txt, …)"), "\(worker.output)")
        #expect(worker.output.contains("Point paths.inbox at the folder your phone's photos arrive in"))
        #expect(scratch.files(under: "inbox").count == 26 && scratch.files(under: "failed").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.database), "no word book is made")

        // Fewer than 20 files, or most of them photos, is an inbox: the same folder less a few notes starts.
        for number in 1...10 { unlink("\(scratch.inbox)/notes-\(number).txt") }
        let second = try Worker(scratch)
        #expect(second.waitUntilWatching(), "\(second.output)")
        #expect(second.stop() == 0)
    }

    @Test func theRootAndSystemFoldersAreNoInbox() {
        #expect(DataPaths.unsafeInbox("/", home: "/home/ana") == "the root of the file system")
        #expect(DataPaths.unsafeInbox("/home/ana/", home: "/home/ana") == "your home folder")
        #expect(DataPaths.unsafeInbox("/home/bob", home: "/home/ana") == "a home folder")
        #expect(DataPaths.unsafeInbox("/etc/wordbook", home: nil) == "in /etc, a folder of the system")
        #expect(DataPaths.unsafeInbox("/usr/share", home: nil) != nil)
        #expect(DataPaths.unsafeInbox("/home/ana/Sync/wordbook", home: "/home/ana") == nil)
        #expect(DataPaths.unsafeInbox("/srv/sync/wordbook", home: nil) == nil)
        #expect(DataPaths.unsafeInbox("/var/lib/wordbook/inbox", home: nil) == nil)
        #expect(DataPaths.unsafeInbox("/root/.local/share/wordbook/inbox", home: "/root") == nil, "root's own data folder")
        #expect(DataPaths.unsafeInbox("/root", home: "/root") == "your home folder")
    }

    @Test func theInboxAsTheDataFolderKeepsTheDatabaseAndTheArchiveInside() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-e2e-\(UUID().uuidString)").path
        // A sync folder that is the whole data folder: the database, archive/ and failed/ inside the inbox.
        let scratch = try scratch(paths: ["data = \"\(base)\"", "inbox = \"\(base)\""])
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let photos = try distinctPhotos(2)
        try photos[0].data.write(to: URL(fileURLWithPath: "\(base)/\(photos[0].name)"))

        var worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        #expect(eventually(timeout: 120) { contentHashes(under: "\(base)/archive").count == 1 }, "\(worker.output)")
        #expect(worker.stop() == 0)

        // Started again with the archived copy and a new photo in the inbox's tree: the start-up scan
        // lists archive/ first, and the one worker takes photos in that order.
        try photos[1].data.write(to: URL(fileURLWithPath: "\(base)/\(photos[1].name)"))
        worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        #expect(eventually(timeout: 120) { contentHashes(under: "\(base)/archive").count == 2 }, "\(worker.output)")
        #expect(worker.stop() == 0)

        #expect(Set(contentHashes(under: "\(base)/archive")) == Set(photos.map { sha256($0.data) }))
        #expect(!worker.output.contains("repeats"), "\(worker.output)")
        #expect(FileManager.default.fileExists(atPath: "\(base)/wordbook.sqlite"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: "\(base)/failed")) ?? [] == [])
        let filed = try filedHashes("\(base)/wordbook.sqlite")
        #expect(filed.hashes.sorted() == photos.map { sha256($0.data) }.sorted() && filed.integrity == "ok")
    }

    @Test func aPhotoWhoseDestinationIsItsOwnNameIsNeverUnlinked() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        // Past the configuration check: failed/ reached through a link to the inbox.
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.data)/failed", withDestinationPath: scratch.inbox)
        let paths = DataPaths(database: scratch.database, inbox: scratch.inbox, archive: "\(scratch.data)/archive",
                              failed: "\(scratch.data)/failed")
        let photo = "\(scratch.inbox)/broken.jpg"
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: photo))
        #expect(throws: PathError.self) { try paths.checkOverlaps() }
        #expect(throws: DisposalError.self) { try Disposal(paths: paths, afterFiling: .archive).fail(photo, reason: "damaged") }
        #expect(FileManager.default.contents(atPath: photo) == Data("not a photo".utf8))
    }

    @Test func theInboxScanLeavesOutTheArchiveFailedAndTheDatabaseWhereverTheyAre() throws {
        let scratch = try Scratch()
        let inbox = scratch.inbox
        let paths = DataPaths(database: "\(inbox)/wordbook.sqlite", inbox: inbox, archive: "\(inbox)/done", failed: "\(inbox)/bad")
        for folder in ["\(inbox)/done/2026-11-01", "\(inbox)/bad", "\(inbox)/de"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in ["done/2026-11-01/a.jpg", "bad/b.jpg", "de/c.jpg", "d.jpg", "wordbook.sqlite", "wordbook.sqlite-wal",
                     "wordbook.sqlite-shm", "wordbook.sqlite.lock", "de/wordbook.sqlite"] {
            _ = FileManager.default.createFile(atPath: "\(inbox)/\(file)", contents: Data("x".utf8))
        }
        let scanner = InboxScanner(paths: paths, rules: IgnoreRules())
        #expect(scanner.files() == ["\(inbox)/d.jpg", "\(inbox)/de/c.jpg", "\(inbox)/de/wordbook.sqlite"])
        #expect(scanner.folders() == [inbox, "\(inbox)/de"])
    }
}
