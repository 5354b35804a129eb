import CTurboJPEG
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
        #expect(FailureVerdict.judge(ResourceLimitError(code: code), path: path) == (code == ENOMEM ? .shortOfMemory : .retryLater))
        #expect(String(describing: ResourceLimitError(code: code)).contains(code == ENOMEM ? "memory" : "files open"))
        #expect(FailureVerdict.judge(ImagingError.outOfMemory(width: 9999, height: 9999), path: path) == .shortOfMemory)
    }

    /// The worker runs out of descriptors while it runs (its limit lowered under it with prlimit to
    /// the descriptors it holds): the photo is held back with the limit named, and filed once the
    /// limit is raised again.
    @Test func aWorkerOutOfFileDescriptorsHoldsThePhotoAndSaysWhy() throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching(), "\(worker.output)")
        let pid = worker.process.processIdentifier
        let open = Set(((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).compactMap { Int($0) })
        let lowestFree = (0...).first { !open.contains($0) }!
        #expect(try runProgram("/usr/bin/prlimit", ["--pid", "\(pid)", "--nofile=\(lowestFree):4096"]).status == 0)
        let photo = try distinctPhotos(1)[0]
        try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
        #expect(rename("\(scratch.root)/\(photo.name)", "\(scratch.inbox)/\(photo.name)") == 0)
        #expect(eventually(timeout: 60) { worker.output.contains("\(photo.name) stays in the inbox") }, "\(worker.output)")
        #expect(worker.output.contains("as many files open as it may (its limit, ulimit -n"), "\(worker.output)")
        #expect(scratch.files(under: "inbox") == [photo.name])
        #expect(scratch.files(under: "failed").isEmpty)

        #expect(try runProgram("/usr/bin/prlimit", ["--pid", "\(pid)", "--nofile=4096:4096"]).status == 0)
        #expect(eventually(timeout: 60) { scratch.files(under: "archive").count == 1 }, "\(worker.output)")
        #expect(worker.stop() == 0, "\(worker.output)")
        #expect(scratch.files(under: "inbox").isEmpty && scratch.files(under: "failed").isEmpty)
    }

    /// A photo that needs more memory than the worker may have: its address space is capped (prlimit
    /// --as) a little above what it holds, and the photo's header promises 30000 × 30000 pixels, 56 MB
    /// at the smallest DCT scale. It is held back in the inbox, to be tried again, and the log says
    /// which try it was; the worker goes on. That the third shortfall sends it to failed/ with what to
    /// do is the ledger's rule (`InboxLedgerTests.aPhotoShortOfMemoryIsTriedThreeTimesThenFailedWithWhatToDo`).
    ///
    /// The worker runs with one malloc arena (`MALLOC_ARENA_MAX=1`) so that the cap is a cap on memory:
    /// glibc gives each further thread an arena that reserves 64 MB of address space up front, and a
    /// 56 MB picture can fit inside one such reservation without taking any new address space. The cap
    /// is set once the worker has filed a photo and its size has settled: the networks make their
    /// buffers on their first pass, and a worker in its steady state is what the cap is above.
    @Test func aPhotoThatRunsOutOfMemoryIsHeldBackAndTheWorkerGoesOn() throws {
        let scratch = try Scratch(workers: 1, capture: ["max_pixels = 1000000000"])
        let worker = try Worker(scratch, environment: ["MALLOC_ARENA_MAX": "1"])
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching(), "\(worker.output)")
        let photo = try distinctPhotos(1)[0]
        func file(_ data: Data, as name: String) throws {
            try data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(name)"))
            #expect(rename("\(scratch.root)/\(name)", "\(scratch.inbox)/\(name)") == 0)
        }
        try file(photo.data, as: photo.name)
        #expect(eventually(timeout: 60) { scratch.files(under: "archive").count == 1 }, "\(worker.output)")
        let pid = worker.process.processIdentifier
        func size() -> Int? {
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            return status?.split(separator: "\n").first { $0.hasPrefix("VmSize:") }
                .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
        }
        // Settled: the same size for three seconds running.
        var sizes: [Int] = []
        #expect(eventually(timeout: 60) {
            sizes.append(size() ?? 0)
            Thread.sleep(forTimeInterval: 0.5)
            return sizes.count >= 6 && Set(sizes.suffix(6)).count == 1
        }, "\(sizes)")
        let held = try #require(size())
        let limit = (held + 24 * 1024) * 1024
        #expect(try runProgram("/usr/bin/prlimit", ["--pid", "\(pid)", "--as=\(limit):\(limit)"]).status == 0)

        let name = "huge.jpg"
        try Self.jpegPromising(width: 30000, height: 30000).write(to: URL(fileURLWithPath: "\(scratch.root)/\(name)"))
        #expect(rename("\(scratch.root)/\(name)", "\(scratch.inbox)/\(name)") == 0)
        #expect(eventually(timeout: 60) {
            worker.output.contains("\(name) stays in the inbox and is tried again in 15 s (try 1 of \(InboxService.memoryAttempts))")
        }, "\(worker.output)")
        #expect(scratch.files(under: "inbox").contains(name) && scratch.files(under: "failed").isEmpty)

        // The worker goes on, under the same cap: it files the next photo (the first one's picture,
        // another file), which needs no more than it has had.
        try file(photo.data + Data(" again".utf8), as: "again-" + photo.name)
        #expect(eventually(timeout: 60) { scratch.files(under: "archive").count == 2 }, "\(worker.output)")
        #expect(worker.stop() == 0, "\(worker.output)")
    }

    /// A small grey JPEG whose frame header claims `width` × `height`, cut short after the start of its
    /// scan: the decoder allocates the picture the header promises before it finds the data missing.
    static func jpegPromising(width: Int, height: Int) throws -> Data {
        let compressor = try #require(tjInitCompress())
        defer { tjDestroy(compressor) }
        let grey = [UInt8](repeating: 128, count: 64 * 64)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(compressor, grey, 64, 64, 64, Int32(TJPF_GRAY.rawValue), &output, &size, Int32(TJSAMP_GRAY.rawValue), 90, 0)
        defer { if let output { tjFree(output) } }
        try #require(status == 0 && output != nil)
        var bytes = [UInt8](UnsafeBufferPointer(start: output, count: Int(size)))
        let frame = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(frame + 5..<frame + 9, with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        let scan = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let scanHeader = Int(bytes[scan + 2]) << 8 | Int(bytes[scan + 3])
        return Data(bytes.prefix(scan + 2 + scanHeader + 16))
    }

    /// At any limit on open files the worker never traps: it starts and files, holding a photo
    /// back when it runs out, or it refuses to start with one sentence naming the limit.
    @Test(arguments: [8, 12, 16, 17, 18, 24, 31, OpenFilesLimit.minimum, 40])
    func aWorkerAtAnyFileLimitStartsOrRefusesAndNeverTraps(limit: Int) throws {
        let scratch = try Scratch(workers: 1)
        let log = "\(scratch.root)/run.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n \(limit); exec \"$0\" run --config \"$1\"", wordbookBinary, scratch.config]
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(eventually(timeout: 60) { output.contains("watching") || !process.isRunning }, "\(output)")
        if !process.isRunning {
            #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(limit): \(output)")
            let lines = output.split(separator: "\n")
            #expect(lines == ["wordbook: \(OpenFilesLimit(limit: limit))"], "\(limit): \(output)")
            #expect(limit < OpenFilesLimit.minimum)
            return
        }
        #expect(limit >= OpenFilesLimit.minimum)
        let photo = try distinctPhotos(1)[0]
        try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
        #expect(rename("\(scratch.root)/\(photo.name)", "\(scratch.inbox)/\(photo.name)") == 0)
        #expect(eventually(timeout: 60) {
            scratch.files(under: "archive").count == 1 || output.contains("\(photo.name) stays in the inbox")
        }, "\(limit): \(output)")
        if scratch.files(under: "archive").isEmpty {
            #expect(output.contains("ulimit -n"), "\(limit): \(output)")
            #expect(scratch.files(under: "inbox") == [photo.name])
        }
        #expect(scratch.files(under: "failed").isEmpty, "\(limit): \(output)")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(limit): \(output)")
        #expect(scratch.files(under: "archive").count + scratch.files(under: "inbox").count == 1)
    }
}
