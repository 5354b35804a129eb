import Foundation
import Glibc
import Testing
@testable import WordBookCapture
@testable import WordBookPipeline

/// Limits of the process or the machine are not the photo's fault: they are named, and the photo
/// is held back rather than failed; a file size limit is an error, not a silent death by SIGXFSZ.
@Suite struct ResourceLimitTests {
    @Test func aFileSizeLimitIsReportedNotFatal() throws {
        let scratch = try Scratch(workers: 1)
        let backup = "\(scratch.root)/empty.json"
        try #"{"schemaVersion": "", "books": [], "tags": [], "words": []}"#.write(toFile: backup, atomically: true, encoding: .utf8)
        #expect(try wordbook(["import", backup, "--config", scratch.config]).status == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: scratch.database)[.size] as? Int)
        let photo = try #require(LabeledImage.all.first { $0.file.hasSuffix(".jpg") && !$0.file.contains("12mp") })
        // Room to open the word book, none for a photo's copy: sh counts the limit in 512-byte blocks.
        let blocks = size / 512 + 20
        // SIGXFSZ as a login shell has it: this process's own runner may ignore it, and its children with it.
        let result = try runProgram("/usr/bin/env", ["--default-signal=XFSZ", "/bin/sh", "-c", "ulimit -f \(blocks); exec \"$0\" \"$@\"",
                                                     wordbookBinary, "ingest", "--json", "--config", scratch.config, photo.path])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(line["status"] as? String == "failed")
        let error = line["error"] as? String ?? ""
        #expect(error.contains("file too large") && error.contains("ulimit -f"), "\(error)")
        // Nothing half-written: the word book is whole and the photo can be filed once the limit is lifted.
        #expect(try filedHashes(scratch.database).integrity == "ok")
        #expect(try wordbook(["ingest", "--config", scratch.config, photo.path]).status == 0)
    }

    @Test(arguments: [EMFILE, ENFILE, ENOMEM])
    func runningShortOfFilesOrMemoryHoldsThePhotoBack(code: Int32) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("limit-\(UUID().uuidString).jpg").path
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FailureVerdict.judge(ResourceLimitError(code: code), path: path) == .retryLater)
        #expect(String(describing: ResourceLimitError(code: code)).contains(code == ENOMEM ? "memory" : "files open"))
        #expect(FailureVerdict.judge(ImagingError.outOfMemory(width: 9999, height: 9999), path: path) == .retryLater)
    }
}
