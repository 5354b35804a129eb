import Foundation
import Glibc
import Testing
@testable import WordBookCapture
@testable import WordBookPipeline
@testable import WordBookStore
import WordBookSettings

/// Anything a sync tool or a user can drop: each bad file lands in failed/ with a reason, good ones are
/// filed whatever their name, and the worker keeps going.
@Suite struct BadInputTests {
    @Test func everyKindOfBadFileGetsAReasonAndTheWorkerKeepsRunning() throws {
        let scratch = try Scratch()
        let inbox = scratch.inbox
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        let worker = try Worker(scratch)
        defer { _ = worker.stop() }
        #expect(worker.waitUntilWatching())

        let photo = try Data(contentsOf: URL(fileURLWithPath: LabeledImage.all.first { $0.file == "station.jpg" }!.path))
        let codec = try JPEGCodec()
        func write(_ data: Data, _ name: String) throws { try data.write(to: URL(fileURLWithPath: "\(inbox)/\(name)")) }

        // What must fail, and a word its reason must contain.
        var expectedFailures: [String: String] = [:]
        try write(Data(), "empty.jpg"); expectedFailures["empty.jpg"] = "empty"
        try write(photo.prefix(photo.count / 2), "truncated.jpg"); expectedFailures["truncated.jpg"] = "could not be decoded"
        var corrupt = [UInt8](photo)
        for index in stride(from: corrupt.count / 3, to: corrupt.count / 3 + 4000, by: 7) { corrupt[index] = 0xFF; corrupt[index + 1] = 0xD3 }
        try write(Data(corrupt), "corrupt-entropy.jpg"); expectedFailures["corrupt-entropy.jpg"] = "could not be decoded"
        var random = SystemRandomNumberGenerator()
        try write(Data((0..<50_000).map { _ in UInt8.random(in: 0...255, using: &random) }), "random.jpg")
        expectedFailures["random.jpg"] = "not a JPEG"
        // A PNG whose header claims 100,000 × 100,000 and a JPEG whose header claims 65,000 × 65,000.
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: LabeledImage.all.first { $0.file.hasSuffix(".png") }!.path)))
        png.replaceSubrange(16..<24, with: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0])
        try write(Data(png), "huge.png"); expectedFailures["huge.png"] = "more than the limit"
        var small = [UInt8](try codec.encode(try Picture(width: 64, height: 64, rgb: [UInt8](repeating: 90, count: 64 * 64 * 3)), quality: 80))
        if let sof = (0..<small.count - 9).first(where: { small[$0] == 0xFF && small[$0 + 1] == 0xC0 }) {
            small.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFD, 0xE8, 0xFD, 0xE8])
        }
        try write(Data(small), "bomb.jpg"); expectedFailures["bomb.jpg"] = "more than the limit"
        // iPhone photos: a HEIC cut in half, and one whose ispe property claims 100,000 × 100,000.
        let heic = [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("TestImages/heic/station.heic")))
        try write(Data(heic.prefix(heic.count / 2)), "truncated.heic"); expectedFailures["truncated.heic"] = "could not be decoded"
        try write(Data(try #require(HEICEndToEndTests.claimingHugeSize(heic))), "huge.heic"); expectedFailures["huge.heic"] = "more than the limit"
        mkfifo("\(inbox)/pipe.jpg", 0o644); expectedFailures["pipe.jpg"] = "not a regular file"
        symlink("/etc/hostname", "\(inbox)/outside.jpg"); expectedFailures["outside.jpg"] = "not a regular file"
        let chunk = Data((0..<1_048_576).map { _ in UInt8.random(in: 0...255, using: &random) })
        let big = FileHandle(forWritingAtPath: { _ = FileManager.default.createFile(atPath: "\(inbox)/big.jpg", contents: nil); return "\(inbox)/big.jpg" }())!
        for _ in 0..<200 { try big.write(contentsOf: chunk) }
        try big.close(); expectedFailures["big.jpg"] = "not a JPEG"

        // Good photos, whatever their names or their EXIF says.
        var expectedFiled: [String] = []
        for name in ["with spaces.jpg", "new\nline.jpg", "emoji 📷.jpg", String(repeating: "n", count: 251) + ".jpg"] {
            try write(photo + Data(name.utf8), name)
            expectedFiled.append(name)
        }
        for (name, builder) in [("orientation-9.jpg", EXIFBuilderLite.orientation(9)),
                                ("ifd-past-end.jpg", EXIFBuilderLite.ifdPastEnd()),
                                ("ifd-loop.jpg", EXIFBuilderLite.ifdLoop())] {
            try write(Data(EXIFBuilderLite.insert(builder, into: [UInt8](photo))), name)
            expectedFiled.append(name)
        }
        // A folder with a photo's name is a folder; a file written in two halves a second apart is one photo.
        try FileManager.default.createDirectory(atPath: "\(inbox)/folder.jpg", withIntermediateDirectories: true)
        let slow = FileHandle(forWritingAtPath: { _ = FileManager.default.createFile(atPath: "\(inbox)/slow.jpg", contents: nil); return "\(inbox)/slow.jpg" }())!
        try slow.write(contentsOf: photo.prefix(photo.count / 2) + Data())
        sleep(1)
        try slow.write(contentsOf: photo.suffix(from: photo.count / 2) + Data("slow".utf8))
        try slow.close()
        expectedFiled.append("slow.jpg")

        let settled = eventually(timeout: 180) {
            let waiting = scratch.files(under: "inbox")
            return waiting.isEmpty && (try? AppDatabase.open(path: scratch.database, create: false).wordCount()) == expectedFiled.count
        }
        #expect(settled, "still in the inbox: \(scratch.files(under: "inbox")); log: \(worker.output)")
        #expect(worker.process.isRunning, "the worker keeps running")
        let database = try AppDatabase.open(path: scratch.database, create: false)
        let filedNames = Set(try database.words(WordQuery()).map(\.word.sourceName))
        #expect(filedNames == Set(expectedFiled))
        for (name, reason) in expectedFailures {
            let note = (try? String(contentsOfFile: FailureNote.path(for: "\(scratch.data)/failed/\(name)"), encoding: .utf8)) ?? ""
            #expect(note.contains(reason), "\(name): \(note)")
        }
        #expect(FileManager.default.fileExists(atPath: "/etc/hostname"), "a link is never followed out")
        #expect(FileManager.default.fileExists(atPath: "\(inbox)/folder.jpg"))
        let peak = worker.peakRSSKilobytes ?? 0
        #expect(peak > 0 && peak < 1_000_000, "peak RSS \(peak) kB")
        print("bad inputs: \(expectedFailures.count) failed with reasons, \(expectedFiled.count) odd but good files filed; worker peak RSS \(peak) kB")
    }
}

/// EXIF blocks with hostile offsets, for whole photos.
enum EXIFBuilderLite {
    /// II*\0, IFD0 at 8 with the given entries, next IFD 0.
    static func tiff(entries: [(tag: UInt16, type: UInt16, count: UInt32, value: UInt32)], ifd0: UInt32 = 8) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        var out: [UInt8] = [0x49, 0x49] + u16(42) + u32(ifd0) + u16(UInt16(entries.count))
        for entry in entries { out += u16(entry.tag) + u16(entry.type) + u32(entry.count) + u32(entry.value) }
        return out + u32(0)
    }

    static func orientation(_ value: UInt32) -> [UInt8] { tiff(entries: [(0x0112, 3, 1, value)]) }
    static func ifdPastEnd() -> [UInt8] { tiff(entries: [(0x0112, 3, 1, 6)], ifd0: 0x7FFF_FFF0) }
    static func ifdLoop() -> [UInt8] { tiff(entries: [(0x0112, 3, 1, 3), (0x8769, 4, 1, 8)]) }

    static func insert(_ tiff: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg[2...])
    }
}

/// `capture.max_file_megabytes`: a file that is a JPEG by its first bytes but larger than the limit is
/// turned away before it is read whole; the same photo within the limit is filed.
@Suite struct FileSizeLimitTests {
    @Test func aJPEGLargerThanTheLimitLandsInFailedWithTheLimitNamed() throws {
        let scratch = try Scratch(workers: 1, capture: ["max_file_megabytes = 1"])
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        let photo = try Data(contentsOf: URL(fileURLWithPath: LabeledImage.all.first { $0.file == "station.jpg" }!.path))
        try #require(photo.count < 1_000_000)
        // Bytes after the end marker, which decoders ignore: without the limit this would be filed.
        try (photo + Data(count: 1_048_576 + 1 - photo.count)).write(to: URL(fileURLWithPath: "\(scratch.inbox)/over.jpg"))
        try (photo + Data(count: 1_048_576 - photo.count)).write(to: URL(fileURLWithPath: "\(scratch.inbox)/within.jpg"))
        let worker = try Worker(scratch)
        defer { _ = worker.stop() }

        let database = try AppDatabase.open(path: scratch.database, create: true)
        #expect(try eventually(timeout: 90) { try database.wordCount() == 1 && scratch.files(under: "inbox").isEmpty },
                "\(worker.output)")
        #expect(try database.words(WordQuery()).map(\.word.sourceName) == ["within.jpg"])
        #expect(scratch.files(under: "failed") == ["over.jpg", "over.jpg.error.txt"])
        let note = try String(contentsOfFile: "\(scratch.data)/failed/over.jpg.error.txt", encoding: .utf8)
        #expect(note == "over.jpg: the file is larger than 1 MB (capture.max_file_megabytes)\n")
    }
}
