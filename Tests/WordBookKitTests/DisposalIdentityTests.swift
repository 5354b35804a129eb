import Foundation
import Glibc
import Testing
@testable import WordBookCapture
@testable import WordBookSettings

/// Only the file the worker read is moved: another photo renamed over its name (a sync tool's atomic
/// replace, or two phones' IMG_0001.jpg) stays in the inbox, whatever becomes of the first.
@Suite struct DisposalIdentityTests {
    final class Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-disposal-\(UUID().uuidString)").path
        var paths: DataPaths { DataPaths(database: "\(root)/wordbook.sqlite", inbox: "\(root)/inbox", archive: "\(root)/archive", failed: "\(root)/failed") }

        init() throws {
            try FileManager.default.createDirectory(atPath: "\(root)/inbox", withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Writes `text` beside the inbox and renames it to `name` there, as a sync tool does.
        func drop(_ text: String, as name: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(root)/incoming"))
            #expect(rename("\(root)/incoming", "\(root)/inbox/\(name)") == 0)
        }

        func contents(_ path: String) -> String? {
            FileManager.default.contents(atPath: "\(root)/\(path)").map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Each way a photo leaves the inbox, after another was renamed over it.
    enum Way: CaseIterable { case archive, delete, fail }

    @Test(arguments: Way.allCases)
    func aPhotoRenamedOverTheOneReadStaysInTheInbox(way: Way) throws {
        let folders = try Folders()
        try folders.drop("photo A", as: "IMG_0001.jpg")
        let path = "\(folders.root)/inbox/IMG_0001.jpg"
        let read = try #require(FileIdentity(path: path))
        try folders.drop("photo B", as: "IMG_0001.jpg")

        let disposal = Disposal(paths: folders.paths, afterFiling: way == .delete ? .delete : .archive)
        #expect {
            switch way {
            case .archive, .delete: try disposal.archive(path, day: "2026-11-27", identity: read)
            case .fail: try disposal.fail(path, reason: "no word", identity: read)
            }
        } throws: { error in
            (error as? DisposalError)?.left == .replaced
        }
        #expect(folders.contents("inbox/IMG_0001.jpg") == "photo B")
        #expect(folders.contents("archive/2026-11-27/IMG_0001.jpg") == nil)
        #expect(folders.contents("failed/IMG_0001.jpg") == nil && folders.contents("failed/IMG_0001.jpg.error.txt") == nil)
    }

    @Test(arguments: Way.allCases)
    func theFileReadIsMovedAsBefore(way: Way) throws {
        let folders = try Folders()
        try folders.drop("photo A", as: "IMG_0001.jpg")
        let path = "\(folders.root)/inbox/IMG_0001.jpg"
        let read = try #require(FileIdentity(path: path))

        let disposal = Disposal(paths: folders.paths, afterFiling: way == .delete ? .delete : .archive)
        switch way {
        case .archive:
            try disposal.archive(path, day: "2026-11-27", identity: read)
            #expect(folders.contents("archive/2026-11-27/IMG_0001.jpg") == "photo A")
        case .delete:
            try disposal.archive(path, day: "2026-11-27", identity: read)
        case .fail:
            try disposal.fail(path, reason: "no word", identity: read)
            #expect(folders.contents("failed/IMG_0001.jpg") == "photo A")
        }
        #expect(folders.contents("inbox/IMG_0001.jpg") == nil)
    }

    /// Removed by someone else once read: nothing to move, and no later try.
    @Test(arguments: Way.allCases)
    func aPhotoRemovedAfterItWasReadIsNotTriedAgain(way: Way) throws {
        let folders = try Folders()
        try folders.drop("photo A", as: "IMG_0001.jpg")
        let path = "\(folders.root)/inbox/IMG_0001.jpg"
        let read = try #require(FileIdentity(path: path))
        #expect(unlink(path) == 0)
        let disposal = Disposal(paths: folders.paths, afterFiling: way == .delete ? .delete : .archive)
        if way == .delete {
            // Deleting what is gone is done.
            #expect(try disposal.archive(path, day: "2026-11-27", identity: read) == nil)
            return
        }
        #expect {
            if way == .archive { try disposal.archive(path, day: "2026-11-27", identity: read) } else { try disposal.fail(path, reason: "no word", identity: read) }
        } throws: { error in
            (error as? DisposalError)?.left == .vanished
        }
        #expect(!FileManager.default.fileExists(atPath: "\(folders.root)/failed/IMG_0001.jpg.error.txt"))
    }

    /// A photo rewritten in place (same inode, new size) is another photo too.
    @Test func aPhotoRewrittenInPlaceStaysInTheInbox() throws {
        let folders = try Folders()
        try folders.drop("photo A", as: "IMG_0001.jpg")
        let path = "\(folders.root)/inbox/IMG_0001.jpg"
        let read = try #require(FileIdentity(path: path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(" and more".utf8))
        try handle.close()

        #expect(throws: DisposalError.self) { try Disposal(paths: folders.paths, afterFiling: .archive).archive(path, day: "2026-11-27", identity: read) }
        #expect(folders.contents("inbox/IMG_0001.jpg") == "photo A and more")
    }
}
