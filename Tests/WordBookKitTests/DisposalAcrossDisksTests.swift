import Foundation
import Glibc
import Testing
@testable import WordBookCapture
@testable import WordBookSettings

/// An archive on another file system, where no link can be made: the photo read is copied, flushed
/// and named there before it leaves the inbox; a copy cut short by a full disk leaves nothing behind
/// but the photo, still in the inbox, and a reason in the system's words.
@Suite(.serialized) struct DisposalAcrossDisksTests {
    /// The inbox in the temporary folder, the archive in `archiveRoot` (another file system).
    final class Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-across-\(UUID().uuidString)").path
        let archiveRoot: String
        var paths: DataPaths { DataPaths(database: "\(root)/wordbook.sqlite", inbox: "\(root)/inbox", archive: archiveRoot, failed: "\(archiveRoot)/failed") }

        init(archiveRoot: String) throws {
            self.archiveRoot = archiveRoot
            try FileManager.default.createDirectory(atPath: "\(root)/inbox", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: archiveRoot, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func photo(_ name: String, bytes: Int) throws -> (path: String, data: Data) {
            let data = Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            let path = "\(root)/inbox/\(name)"
            try data.write(to: URL(fileURLWithPath: path))
            return (path, data)
        }

        /// Every name in the archive's day folder, hidden ones included.
        func archived(day: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "\(archiveRoot)/\(day)")) ?? []).sorted()
        }
    }

    static func device(of path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_dev) : 0
    }

    @Test func aPhotoIsCopiedToAnArchiveOnAnotherDiskAndLeavesTheInbox() throws {
        let shm = "/dev/shm/wordbook-archive-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: shm) }
        let folders = try Folders(archiveRoot: shm)
        try #require(Self.device(of: folders.root) != Self.device(of: shm), "/dev/shm is a file system of its own")
        let disposal = Disposal(paths: folders.paths, afterFiling: .archive)
        for round in 1...2 {
            let (path, data) = try folders.photo("IMG_0001.jpg", bytes: 3_000_000 + round)
            let read = try #require(FileIdentity(path: path))
            let moved = try #require(try disposal.archive(path, day: "2026-11-27", identity: read))
            #expect(moved == "\(shm)/2026-11-27/" + (round == 1 ? "IMG_0001.jpg" : "IMG_0001 (2).jpg"))
            #expect(FileManager.default.contents(atPath: moved) == data)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        #expect(folders.archived(day: "2026-11-27") == ["IMG_0001 (2).jpg", "IMG_0001.jpg"], "no hidden copy is left")
    }

    @Test func aFullDiskLeavesThePhotoInTheInboxAndNoPartialCopy() throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: mountPoint) }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/usr/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0, "a 256 KB tmpfs is mounted (the tests run as root)")
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/usr/bin/umount")
            unmount.arguments = [mountPoint]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let folders = try Folders(archiveRoot: mountPoint + "/archive")
        let (path, data) = try folders.photo("IMG_0002.jpg", bytes: 1_000_000)
        let read = try #require(FileIdentity(path: path))
        #expect {
            try Disposal(paths: folders.paths, afterFiling: .archive).archive(path, day: "2026-11-27", identity: read)
        } throws: { error in
            "\(error)" == "\(path) could not be moved: No space left on device"
        }
        #expect(FileManager.default.contents(atPath: path) == data, "the photo stays in the inbox, whole")
        #expect(folders.archived(day: "2026-11-27") == [], "the copy cut short is removed")
    }
}
