import Foundation
import Glibc
import Testing
@testable import WordBookCapture
@testable import WordBookSettings

/// A symbolic link planted where WordBook writes (an error note in a group-writable failed/, the
/// file `show --image` or `export` names, the worker's lock) is replaced or refused, and the file it
/// points at is never written.
@Suite struct SymlinkWriteTests {
    let scratch: Scratch
    /// What a planted link points at; it must keep its text.
    let victim: String

    init() throws {
        scratch = try Scratch()
        victim = "\(scratch.root)/victim.txt"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
    }

    var victimText: String { (try? String(contentsOfFile: victim, encoding: .utf8)) ?? "" }

    func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    @Test func anErrorNotePlantedAsALinkIsReplacedNotFollowed() throws {
        let paths = DataPaths(database: scratch.database, inbox: scratch.inbox, archive: "\(scratch.data)/archive",
                              failed: "\(scratch.data)/failed")
        for folder in [paths.inbox, paths.failed] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let photo = "\(paths.inbox)/broken.jpg"
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: photo))
        try FileManager.default.createSymbolicLink(atPath: "\(paths.failed)/broken.jpg.error.txt", withDestinationPath: victim)

        let moved = try Disposal(paths: paths, afterFiling: .archive).fail(photo, reason: "the file is damaged")
        #expect(victimText == "precious\n")
        let note = "\(paths.failed)/broken.jpg.error.txt"
        #expect(!isLink(note))
        #expect(try String(contentsOfFile: note, encoding: .utf8).contains("the file is damaged"))
        #expect(moved == "\(paths.failed)/broken.jpg" && FileManager.default.fileExists(atPath: moved))
    }

    @Test func showImageAndExportOntoALinkReplaceTheLink() throws {
        let photo = try #require(LabeledImage.all.first { $0.file.hasSuffix(".jpg") && !$0.file.contains("12mp") })
        let filed = try wordbook(["ingest", "--config", scratch.config, "--json", photo.path])
        #expect(filed.status == 0, "\(filed.stderr)")
        let id = try #require((try JSONSerialization.jsonObject(with: Data(filed.stdout.utf8)) as? [String: Any])?["id"] as? Int)

        let image = "\(scratch.root)/photo.jpg"
        try FileManager.default.createSymbolicLink(atPath: image, withDestinationPath: victim)
        let shown = try wordbook(["show", "\(id)", "--image", image, "--config", scratch.config])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(victimText == "precious\n")
        #expect(!isLink(image))
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)).starts(with: [0xFF, 0xD8]))

        let backup = "\(scratch.root)/backup.json"
        try FileManager.default.createSymbolicLink(atPath: backup, withDestinationPath: victim)
        let exported = try wordbook(["export", backup, "--config", scratch.config])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(victimText == "precious\n")
        #expect(!isLink(backup))
    }

    /// `export /dev/full` as root once put a regular file in place of the device: a device or a FIFO
    /// is refused in one sentence and stays what it was.
    @Test func showImageAndExportOntoADeviceOrAFIFOAreRefused() throws {
        let photo = try #require(LabeledImage.all.first { $0.file.hasSuffix(".jpg") && !$0.file.contains("12mp") })
        let filed = try wordbook(["ingest", "--config", scratch.config, "--json", photo.path])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(filed.stdout.utf8)) as? [String: Any])?["id"] as? Int)
        let fifo = "\(scratch.root)/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        var specials = [(fifo, S_IFIFO)]
        // A node like /dev/full's (1, 7), where root may make one.
        let device = "\(scratch.root)/full"
        if getuid() == 0, mknod(device, S_IFCHR | 0o600, dev_t(1 << 8 | 7)) == 0 { specials.append((device, S_IFCHR)) }
        for (path, kind) in specials {
            for command in [["export", path], ["show", "\(id)", "--image", path]] {
                let refused = try wordbook(command + ["--config", scratch.config])
                // The command line was right: the file is what cannot be written (1, not 64).
                #expect(refused.status == 1, "\(command)")
                #expect(refused.stderr.contains("is a device, a pipe or a socket, not a file"), "\(command): \(refused.stderr)")
                var info = stat()
                #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == kind, "\(path) is still what it was")
            }
        }
    }

    @Test func aLockFilePlantedAsALinkIsRefusedInOneSentence() throws {
        try FileManager.default.createDirectory(atPath: scratch.data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.database).lock", withDestinationPath: victim)
        let paths = DataPaths(database: scratch.database, inbox: scratch.inbox, archive: "\(scratch.data)/archive",
                              failed: "\(scratch.data)/failed")
        let error = #expect(throws: WorkerLockError.self) { _ = try WorkerLock.acquire(paths: paths) }
        #expect(String(describing: error).contains("symbolic link"))
        #expect(victimText == "precious\n")
    }
}
