import Foundation
import Glibc
import Testing

/// The learner's umask decides who may read what WordBook creates; only the package's shared word
/// book (a setgid, group-writable data folder) opens it to the group.
@Suite struct UmaskTests {
    /// Runs `wordbook` under `umask` as a shell would start it.
    func wordbookUnder(umask mask: String, _ arguments: [String]) throws -> CommandResult {
        try runProgram("/bin/sh", ["-c", "umask \(mask); exec \"$0\" \"$@\"", wordbookBinary] + arguments)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test func aPrivateUmaskKeepsTheWordBookPrivate() throws {
        let scratch = try Scratch(workers: 1)
        let photo = try #require(LabeledImage.all.first { $0.file.hasSuffix(".jpg") && !$0.file.contains("12mp") })
        let result = try wordbookUnder(umask: "077", ["ingest", "--config", scratch.config, photo.path])
        #expect(result.status == 0, "\(result.stderr)")
        for file in [scratch.database, scratch.database + "-wal", scratch.data] where FileManager.default.fileExists(atPath: file) {
            #expect(mode(file) & 0o077 == 0, "\(file): \(String(mode(file), radix: 8))")
        }
        let image = "\(scratch.root)/photo.jpg"
        #expect(try wordbookUnder(umask: "077", ["show", "1", "--image", image, "--config", scratch.config]).status == 0)
        #expect(mode(image) == 0o600)
    }

    @Test func aSetgidGroupWritableDataFolderIsSharedWithTheGroup() throws {
        let scratch = try Scratch(workers: 1)
        try FileManager.default.createDirectory(atPath: scratch.data, withIntermediateDirectories: true)
        #expect(chmod(scratch.data, 0o2770) == 0)
        let photo = try #require(LabeledImage.all.first { $0.file.hasSuffix(".jpg") && !$0.file.contains("12mp") })
        let result = try wordbookUnder(umask: "077", ["ingest", "--config", scratch.config, photo.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(mode(scratch.database) == 0o660, "\(String(mode(scratch.database), radix: 8))")
    }
}
