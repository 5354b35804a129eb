import Foundation
import Glibc
import Testing
@testable import WordBookStore

/// What becomes of a photo once it is filed: archived, or deleted when so configured; and when the
/// inbox will not let it go, it stays there, the log says why, and a later try finishes the job.
@Suite struct DisposalTests {
    /// A photo with its capture day in its EXIF, a day that is not today; distinct bytes per name.
    private func photo(_ name: String) throws -> Data {
        let station = LabeledImage.all.first { $0.file == "station.jpg" }!
        return try Data(contentsOf: URL(fileURLWithPath: station.path)) + Data(name.utf8)
    }

    /// A worker started on `en/held.jpg`, in an inbox folder that will not let it go.
    private func startOnAHeldPhoto(_ scratch: Scratch) throws -> (Worker, folder: String) {
        let folder = "\(scratch.inbox)/en"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try photo("held").write(to: URL(fileURLWithPath: "\(folder)/held.jpg"))
        #expect(Unremovable.set(folder, true))
        return (try Worker(scratch), folder)
    }

    @Test func afterFilingDeleteFilesThePhotoAndKeepsNoCopy() throws {
        let scratch = try Scratch(workers: 1, capture: ["after_filing = \"delete\""])
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        let worker = try Worker(scratch)
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching())
        try photo("a").write(to: URL(fileURLWithPath: "\(scratch.root)/a.jpg"))
        rename("\(scratch.root)/a.jpg", "\(scratch.inbox)/a.jpg")

        let database = try AppDatabase.open(path: scratch.database, create: true)
        #expect(try eventually(timeout: 90) { try database.wordCount() == 1 && scratch.files(under: "inbox").isEmpty },
                "\(worker.output)")
        #expect(try database.words(WordQuery()).map(\.word.sourceName) == ["a.jpg"])
        #expect(scratch.files(under: "archive").isEmpty, "deleted, not archived")
        #expect(scratch.files(under: "failed").isEmpty)
    }

    @Test(.enabled(if: Unremovable.possible, "needs chattr +a as root, or a user whom a folder's permissions bind"))
    func aFiledPhotoTheInboxWillNotReleaseStaysUntilItCanBeRemoved() throws {
        let scratch = try Scratch(workers: 1)
        let (worker, folder) = try startOnAHeldPhoto(scratch)
        defer {
            _ = worker.stop()
            Unremovable.set(folder, false)
        }

        // Filed and archived, but its inbox name cannot go: it stays, and the log says why.
        #expect(eventually(timeout: 90) { worker.output.contains("could not be removed from the inbox") }, "\(worker.output)")
        let database = try AppDatabase.open(path: scratch.database, create: false)
        #expect(try database.wordCount() == 1)
        #expect(scratch.files(under: "inbox") == ["en/held.jpg"])
        #expect(scratch.files(under: "archive") == ["2026-10-14/held.jpg"])

        // Once the folder lets it go, the next try removes it: one word, one archived copy.
        #expect(Unremovable.set(folder, false))
        #expect(eventually(timeout: 60) { scratch.files(under: "inbox").isEmpty }, "\(worker.output)")
        #expect(worker.output.contains("removed from the inbox at last"), "\(worker.output)")
        #expect(scratch.files(under: "archive") == ["2026-10-14/held.jpg"], "archived once")
        #expect(try database.wordCount() == 1)
        #expect(scratch.files(under: "failed").isEmpty)
    }

    @Test(.enabled(if: Unremovable.possible, "needs chattr +a as root, or a user whom a folder's permissions bind"))
    func aPhotoThatCannotBeDeletedStaysUntilItCanBe() throws {
        let scratch = try Scratch(workers: 1, capture: ["after_filing = \"delete\""])
        let (worker, folder) = try startOnAHeldPhoto(scratch)
        defer {
            _ = worker.stop()
            Unremovable.set(folder, false)
        }

        #expect(eventually(timeout: 90) { worker.output.contains("could not be deleted") }, "\(worker.output)")
        let database = try AppDatabase.open(path: scratch.database, create: false)
        #expect(try database.wordCount() == 1)
        #expect(scratch.files(under: "inbox") == ["en/held.jpg"])

        #expect(Unremovable.set(folder, false))
        #expect(eventually(timeout: 60) { scratch.files(under: "inbox").isEmpty }, "\(worker.output)")
        #expect(try database.wordCount() == 1, "filed once")
        #expect(scratch.files(under: "archive").isEmpty && scratch.files(under: "failed").isEmpty)
    }
}

/// A folder from which files cannot be removed, though new names can be added and its files linked
/// elsewhere: append-only (`chattr +a`) for root, whom permissions do not stop; read-only otherwise.
enum Unremovable {
    static let possible: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-unremovable-\(UUID())").path
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil,
              FileManager.default.createFile(atPath: "\(folder)/probe", contents: Data("x".utf8)) else { return false }
        defer {
            _ = set(folder, false)
            try? FileManager.default.removeItem(atPath: folder)
        }
        guard set(folder, true) else { return false }
        return unlink("\(folder)/probe") != 0
    }()

    @discardableResult
    static func set(_ folder: String, _ on: Bool) -> Bool {
        guard getuid() == 0 else { return chmod(folder, on ? 0o555 : 0o755) == 0 }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") else { return false }
        return (try? runProgram("/usr/bin/chattr", [on ? "+a" : "-a", folder]).status) == 0
    }
}
