import CTesseract
import CWebP
import Foundation
import Testing
@testable import WordBookCapture
import WordBookDigest
@testable import WordBookPipeline

/// A photo's file is hashed whole and held only as far as its image goes: what follows the image
/// (a motion photo's video, padding) is never held, and a file that must be held whole (TIFF, HEIF)
/// is refused before it is read when it alone passes what a worker may spend on one photo.
@Suite struct PhotoReadTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestImages")

    /// Bytes after an image that look like its markers: an end-of-image, a PNG `IEND` chunk and a
    /// JPEG's start, then zeros.
    static let trailer: [UInt8] = [0xFF, 0xD9, 0x00, 0x00, 0x00, 0x00] + Array("IEND".utf8) + [0xFF, 0xD8, 0xFF, 0xE1]
        + [UInt8](repeating: 0, count: 3000)

    static func photo(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: images.appendingPathComponent(name)))
    }

    /// The same picture written by Leptonica in another format (`IFF_…`); `progressive` for a JPEG in several scans.
    static func rewritten(_ name: String, format: Int, progressive: Bool = false) throws -> [UInt8] {
        var pix = pixRead(images.appendingPathComponent(name).path)
        defer { pixDestroy(&pix) }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        if format == Int(IFF_JFIF_JPEG) {
            try #require(pixWriteMemJpeg(&data, &size, pix, 85, progressive ? 1 : 0) == 0)
        } else {
            try #require(pixWriteMem(&data, &size, pix, Int32(format)) == 0)
        }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    static func end(of bytes: [UInt8], step: Int? = nil) throws -> Int? {
        var extent = ImageExtent(format: try #require(ImageFormat(sniffing: bytes)))
        var seen = 0
        repeat {
            seen = min(bytes.count, seen + (step ?? bytes.count))
            bytes[..<seen].withUnsafeBytes { extent.advance(over: $0) }
        } while seen < bytes.count && extent.end == nil
        return extent.end
    }

    @Test(arguments: ["cafe.jpg", "station.jpg", "exit_sign_12mp.jpg", "bakery_upside_down.jpg"])
    func aJPEGEndsAtItsEndOfImageWhateverFollows(name: String) throws {
        let jpeg = try Self.photo(name)
        #expect(try Self.end(of: jpeg) == jpeg.count)
        #expect(try Self.end(of: jpeg + Self.trailer) == jpeg.count)
        // Read a few bytes at a time, as a file comes in pieces, the walk ends in the same place.
        #expect(try Self.end(of: jpeg + Self.trailer, step: 4093) == jpeg.count)
    }

    @Test func aProgressiveJPEGEndsAfterItsLastScan() throws {
        let jpeg = try Self.rewritten("cafe.jpg", format: Int(IFF_JFIF_JPEG), progressive: true)
        #expect(JPEGCodec.coefficientBytes(of: jpeg, width: 100, height: 100) > 0, "several scans")
        #expect(try Self.end(of: jpeg + Self.trailer, step: 997) == jpeg.count)
    }

    @Test(arguments: [Int(IFF_PNG), Int(IFF_WEBP)])
    func aPNGOrWebPEndsWhereItsChunksSay(format: Int) throws {
        let image = try Self.rewritten("cafe.jpg", format: format)
        #expect(try Self.end(of: image + Self.trailer, step: 1000) == image.count)
    }

    @Test func aTIFFHasNoEndBeforeTheFilesEnd() throws {
        let tiff = try Self.rewritten("cafe.jpg", format: Int(IFF_TIFF_ZIP))
        #expect(try Self.end(of: tiff + Self.trailer) == nil)
    }

    /// A file on disk, read as the filer reads it.
    static func stream(_ bytes: [UInt8], holdingAtMost megabytes: Int = 96) throws -> (bytes: [UInt8], digest: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photo-read-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        return try PhotoRead.stream(descriptor, size: bytes.count, holdingAtMost: megabytes)
    }

    @Test func whatFollowsAJPEGIsHashedButNotHeld() throws {
        let jpeg = try Self.photo("station.jpg")
        // More than one chunk of padding, so the image's end is found in the first and the rest only hashed.
        let file = jpeg + Self.trailer + [UInt8](repeating: 0, count: 3 * PhotoRead.chunk)
        let read = try Self.stream(file)
        #expect(read.bytes == jpeg)
        #expect(read.digest == Digest.sha256Hex(file), "the whole file is the photo's identity")
    }

    /// A WebP's header says where it ends before its pixels are read: one of several chunks is held
    /// to that end, not cut at the first chunk (a 1.9 MB WebP photo was refused as damaged).
    @Test func aWebPLargerThanOneChunkIsHeldToItsEnd() throws {
        let (width, height) = (1500, 1500)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt32 = 1
        for index in rgb.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            rgb[index] = UInt8(state >> 24)
        }
        var output: UnsafeMutablePointer<UInt8>?
        let size = WebPEncodeRGB(rgb, Int32(width), Int32(height), Int32(width * 3), 90, &output)
        defer { WebPFree(output) }
        let webp = Array(UnsafeBufferPointer(start: try #require(output), count: size))
        #expect(webp.count > PhotoRead.chunk, "\(webp.count) bytes")
        let file = webp + Self.trailer + [UInt8](repeating: 0, count: PhotoRead.chunk)
        let read = try Self.stream(file)
        let whole = read.bytes == webp  // a Bool: a failing comparison of two such arrays takes minutes to print
        #expect(whole, "held \(read.bytes.count) of the WebP's \(webp.count) bytes")
        #expect(try PhotoDecoder(maxPixels: 100_000_000).decode(read.bytes, within: 1600).picture.width == 1500)
    }

    @Test func aJPEGWhoseStructureBreaksIsHeldWholeForItsDecoderToJudge() throws {
        let jpeg = try Self.photo("station.jpg")
        // Where the second marker should follow the first segment, a byte that starts none.
        var broken = jpeg + Self.trailer
        broken[4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))] = 0x00
        #expect(try Self.stream(broken).bytes == broken)
    }

    @Test func aTIFFLargerThanTheBudgetIsRefusedBeforeItIsRead() throws {
        let tiff = try Self.rewritten("cafe.jpg", format: Int(IFF_TIFF_ZIP))
        let file = tiff + [UInt8](repeating: 0, count: 17 * 1_048_576)
        #expect(throws: ImagingError.tooLargeFile(format: .tiff, megabytes: (file.count + 1_048_575) / 1_048_576, limitMegabytes: 16)) {
            try Self.stream(file, holdingAtMost: 16)
        }
        #expect(try Self.stream(tiff, holdingAtMost: 16).bytes == tiff)
    }

    @Test func aJPEGWhoseImageNeverEndsIsRefusedOnceItPassesTheBudget() throws {
        // A start of scan, then entropy-coded data with no marker for 20 MB.
        let jpeg = try Self.photo("station.jpg")
        let scan = try #require(JPEGCodec.segments(jpeg).last { $0.marker == 0xDA })
        let endless = Array(jpeg[..<scan.payload.upperBound]) + [UInt8](repeating: 0x55, count: 20 * 1_048_576)
        #expect(throws: ImagingError.tooLargeFile(format: .jpeg, megabytes: 17, limitMegabytes: 16)) {
            try Self.stream(endless, holdingAtMost: 16)
        }
    }
}
