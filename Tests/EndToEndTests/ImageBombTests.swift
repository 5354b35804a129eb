import CTesseract
import CTurboJPEG
import Foundation
import Testing

/// An image of a few kilobytes that claims fewer pixels than `capture.max_pixels` but would take
/// hundreds of megabytes to decode (PNG, TIFF, WebP and HEIC decoded whole; a progressive JPEG's
/// coefficients) is refused before it is decoded, in one sentence naming the setting.
@Suite struct ImageBombTests {
    /// A blank 1-bit image: a few kilobytes on disk, 400 MB as the colour picture of its full size.
    func blank(width: Int32, height: Int32, format: Int32 = Int32(IFF_PNG)) throws -> Data {
        let pix = try #require(pixCreate(width, height, 1))
        var copy: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&copy) }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        try #require(pixWriteMem(&data, &size, pix, format) == 0)
        defer { free(data) }
        return Data(bytes: data!, count: size)
    }

    func blankPNG(width: Int32, height: Int32) throws -> Data { try blank(width: width, height: height) }

    /// A TIFF is decoded whole (by libtiff, through Leptonica): one that would take more than the
    /// budget is refused from its header.
    @Test func aSmallFileThatWouldDecodeToHundredsOfMegabytesIsRefused() throws {
        let scratch = try Scratch(workers: 1)
        let bomb = "\(scratch.root)/bomb.tiff"
        try blank(width: 9999, height: 9999, format: Int32(IFF_TIFF_G4)).write(to: URL(fileURLWithPath: bomb))
        let result = try wordbook(["ingest", "--json", "--config", scratch.config, bomb])
        #expect(result.status == 1)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(line["status"] as? String == "failed")
        #expect((line["error"] as? String)?.contains("would take 763 MB once decoded, more than the 160 MB a worker may spend on one photo (capture.max_decode_megabytes)") == true, "\(line)")
    }

    /// The same picture as a PNG is read row by row and reduced as it is read: it is filed, and the
    /// worker holds no more for it than for a 12-MP photo.
    @Test func aPNGThatWouldDecodeToHundredsOfMegabytesIsFiledSmall() throws {
        let scratch = try Scratch(workers: 1)
        let png = "\(scratch.root)/large.png"
        try blankPNG(width: 9999, height: 9999).write(to: URL(fileURLWithPath: png))
        let (peak, line) = try peakKilobytes(ingesting: png, scratch)
        #expect(line["status"] as? String == "filed", "\(line)")
        #expect(peak < 250_000, "the worker's peak: \(peak) kB")
    }

    @Test func anImageWithinTheBudgetIsStillFiled() throws {
        let scratch = try Scratch(workers: 1)
        let png = "\(scratch.root)/blank.png"
        try blankPNG(width: 3000, height: 2000).write(to: URL(fileURLWithPath: png))
        let result = try wordbook(["ingest", "--json", "--config", scratch.config, png])
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(line["status"] as? String == "filed", "\(line)")
    }

    /// A strip one pixel wide keeps less than a pixel across once scaled to be read: it is refused
    /// saying what is wrong with it, not that an operation failed.
    @Test(arguments: [(1, 20000), (20000, 1), (3, 20000)])
    func aStripTooThinToHoldAWordIsRefusedSayingSo(width: Int32, height: Int32) throws {
        let scratch = try Scratch(workers: 1)
        let png = "\(scratch.root)/strip.png"
        try blankPNG(width: width, height: height).write(to: URL(fileURLWithPath: png))
        let result = try wordbook(["ingest", "--json", "--config", scratch.config, png])
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(line["status"] as? String == "failed")
        #expect(line["error"] as? String == "the image is \(width) × \(height) pixels: a strip too thin to hold a word", "\(line)")
    }

    /// A blank grey progressive JPEG: libjpeg keeps two bytes for every pixel's coefficient until the
    /// last scan, whatever scale it decodes at.
    func blankProgressiveJPEG(width: Int, height: Int) throws -> Data {
        let compressor = try #require(tjInitCompress())
        defer { tjDestroy(compressor) }
        let grey = [UInt8](repeating: 200, count: width * height)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(
            compressor, grey, Int32(width), Int32(width), Int32(height), Int32(TJPF_GRAY.rawValue),
            &output, &size, Int32(TJSAMP_GRAY.rawValue), 90, TJFLAG_PROGRESSIVE)
        defer { if let output { tjFree(output) } }
        try #require(status == 0 && output != nil)
        return Data(bytes: output!, count: Int(size))
    }

    /// The worker's peak memory (GNU time's maximum resident set, kB) while it ingests `path`.
    func peakKilobytes(ingesting path: String, _ scratch: Scratch) throws -> (kilobytes: Int, line: [String: Any]) {
        let (kilobytes, lines) = try peakKilobytes(ingesting: [path], scratch)
        return (kilobytes, try #require(lines.first))
    }

    /// The same for `paths`, filed one after the other; a line for each.
    func peakKilobytes(ingesting paths: [String], _ scratch: Scratch) throws -> (kilobytes: Int, lines: [[String: Any]]) {
        let time = Process()
        time.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        let worker = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent().appendingPathComponent("wordbook-worker").path
        time.arguments = ["-f", "peak %M", worker, "ingest", "--json", "--workers", "1", "--config", scratch.config] + paths
        let (output, errors) = (Pipe(), Pipe())
        time.standardOutput = output
        time.standardError = errors
        try time.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        time.waitUntilExit()
        let peak = try #require(stderr.firstMatch(of: /peak (\d+)/).flatMap { Int($0.1) }, "\(stderr)")
        let lines = try stdout.split(separator: UInt8(ascii: "\n")).map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any], "\(stderr)")
        }
        try #require(lines.count == paths.count, "\(stderr)")
        return (peak, lines)
    }

    /// A photo large to decode does not come on top of the buffers the detector kept from the photo
    /// before (about 50 MB): they are let go first (DecodeBudget), and the worker peaks about as it
    /// does when the large photo is its first. Kept, they added 50 MB.
    @Test func aPhotoLargeToDecodeDoesNotComeOnTopOfTheDetectorsBuffers() throws {
        let scratch = try Scratch(workers: 1)
        // 31 MP in several scans: libjpeg holds 61 MB of coefficients whatever the scale.
        let large = "\(scratch.root)/large.jpg"
        try blankProgressiveJPEG(width: 6400, height: 4800).write(to: URL(fileURLWithPath: large))
        let photo = "\(scratch.root)/photo.jpg"
        try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("TestImages/exit_sign_12mp.jpg").path, toPath: photo)
        let (alone, first) = try peakKilobytes(ingesting: large, scratch)
        let (after, lines) = try peakKilobytes(ingesting: [photo, large], try Scratch(workers: 1))
        #expect(first["status"] as? String == "filed", "\(first)")
        #expect(lines.map { $0["status"] as? String } == ["filed", "filed"], "\(lines)")
        #expect(after - alone < 25_000, "the large photo alone: \(alone) kB; after a photo: \(after) kB")
    }

    @Test func aProgressiveJPEGWhoseCoefficientsPassTheBudgetIsRefusedAndTheWorkerStaysSmall() throws {
        let scratch = try Scratch(workers: 1)
        let bomb = "\(scratch.root)/bomb.jpg"
        let data = try blankProgressiveJPEG(width: 10000, height: 10000)
        #expect(data.count < 2_000_000, "a small file: \(data.count) bytes")
        try data.write(to: URL(fileURLWithPath: bomb))
        let (peak, line) = try peakKilobytes(ingesting: bomb, scratch)
        #expect(line["status"] as? String == "failed")
        #expect((line["error"] as? String)?.contains("would take 215 MB once decoded, more than the 160 MB a worker may spend on one photo (capture.max_decode_megabytes)") == true, "\(line)")
        #expect(peak < 250_000, "the worker's peak: \(peak) kB")
    }

    @Test func aProgressiveJPEGWithinTheBudgetIsFiled() throws {
        let scratch = try Scratch(workers: 1)
        let photo = "\(scratch.root)/progressive.jpg"
        try blankProgressiveJPEG(width: 4000, height: 3000).write(to: URL(fileURLWithPath: photo))
        let (_, line) = try peakKilobytes(ingesting: photo, scratch)
        #expect(line["status"] as? String == "filed", "\(line)")
    }

    /// A picture of one colour, `width` × `height`, written by Leptonica in `format` to `path`.
    private func writeBlank(width: Int32, height: Int32, format: Int32, to path: String) throws {
        let pix = try #require(pixCreate(width, height, 32))
        var copy: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&copy) }
        pixSetAllArbitrary(pix, 0xC8_B4_A0_00)
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        try #require(pixWriteMem(&data, &size, pix, format) == 0)
        defer { free(data) }
        try Data(bytes: data!, count: size).write(to: URL(fileURLWithPath: path))
    }

    /// The peaks of filing a 12-MP baseline JPEG of the large picture's colour and then the large
    /// picture: the detector does the same work on each (no line, so its coarse look and its full
    /// one), and what differs is what decoding holds.
    private func peaksOfABlankJPEGAndThen(_ large: String, _ scratch: Scratch) throws -> (jpeg: Int, large: Int) {
        let photo = "\(scratch.root)/photo.jpg"
        try writeBlank(width: 4000, height: 3000, format: Int32(IFF_JFIF_JPEG), to: photo)
        let (jpegPeak, jpegLine) = try peakKilobytes(ingesting: photo, scratch)
        let (largePeak, largeLine) = try peakKilobytes(ingesting: large, scratch)
        #expect(jpegLine["status"] as? String == "filed" && largeLine["status"] as? String == "filed", "\(jpegLine) \(largeLine)")
        return (jpegPeak, largePeak)
    }

    /// A 6000 × 6000 lossy WebP (a 36-MP photo saved so) is reduced as libwebp decodes it: the worker
    /// holds no more for it than for a 12-MP JPEG. Decoded whole, as Leptonica does, it took 144 MB more.
    @Test func aLargeLossyWebPIsNeverHeldAtFullSize() throws {
        let scratch = try Scratch(workers: 1)
        try writeBlank(width: 6000, height: 6000, format: Int32(IFF_WEBP), to: "\(scratch.root)/large.webp")
        let (jpegPeak, webpPeak) = try peaksOfABlankJPEGAndThen("\(scratch.root)/large.webp", scratch)
        #expect(webpPeak - jpegPeak < 32_000, "the JPEG's peak \(jpegPeak) kB, the WebP's \(webpPeak) kB")
    }

    /// A 6000 × 6000 PNG (a 36-MP picture saved so) is reduced as libpng reads its rows: the worker
    /// holds no more for it than for a 12-MP JPEG. Decoded whole, as Leptonica does, it was counted at
    /// 275 MB and refused.
    @Test func aLargePNGIsNeverHeldAtFullSize() throws {
        let scratch = try Scratch(workers: 1)
        try writeBlank(width: 6000, height: 6000, format: Int32(IFF_PNG), to: "\(scratch.root)/large.png")
        let (jpegPeak, pngPeak) = try peaksOfABlankJPEGAndThen("\(scratch.root)/large.png", scratch)
        #expect(pngPeak - jpegPeak < 32_000, "the JPEG's peak \(jpegPeak) kB, the PNG's \(pngPeak) kB")
    }

    /// What follows a photo's image in its file is hashed but never held: a JPEG followed by 120 MB
    /// of padding (under `capture.max_file_megabytes`) costs the worker no more than the JPEG alone.
    /// Reading to the end held the padding once (190 MB of it peaked at 408 MB against 216 MB), and
    /// before that in several copies (646 MB).
    @Test func whatFollowsTheImageInItsFileIsNotHeld() throws {
        let scratch = try Scratch(workers: 1)
        let jpeg = try Data(contentsOf: repositoryRoot.appendingPathComponent("TestImages/cafe.jpg"))
        let padding = 120 * 1_048_576
        try jpeg.write(to: URL(fileURLWithPath: "\(scratch.root)/plain.jpg"))
        try (jpeg + Data(count: padding)).write(to: URL(fileURLWithPath: "\(scratch.root)/padded.jpg"))
        /// The peak resident size of `wordbook ingest` of one file, in bytes (GNU time's %M, in KiB).
        func peak(_ name: String) throws -> Int {
            let result = try runProgram("/usr/bin/time", ["-f", "peak %M", wordbookBinary, "ingest", "--json", "--config", scratch.config,
                                                          "\(scratch.root)/\(name)"])
            #expect(result.stdout.contains("\"filed\""), "\(result.stdout) \(result.stderr)")
            let kibibytes = try #require(result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) },
                                         "\(result.stderr)")
            return kibibytes * 1024
        }
        let plain = try peak("plain.jpg"), padded = try peak("padded.jpg")
        #expect(padded - plain < 16 * 1_048_576, "plain \(plain / 1_048_576) MB, padded \(padded / 1_048_576) MB")
    }
}
