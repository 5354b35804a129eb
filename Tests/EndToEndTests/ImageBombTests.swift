import CTesseract
import Foundation
import Testing

/// An image of a few kilobytes that claims fewer pixels than `capture.max_pixels` but would take
/// hundreds of megabytes decoded whole (PNG, TIFF, WebP, HEIC) is refused before it is decoded, in
/// one sentence naming the setting.
@Suite struct ImageBombTests {
    /// A blank 1-bit PNG: a few kilobytes on disk, 400 MB as the colour picture the pipeline holds.
    func blankPNG(width: Int32, height: Int32) throws -> Data {
        let pix = try #require(pixCreate(width, height, 1))
        var copy: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&copy) }
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        try #require(pixWriteMem(&data, &size, pix, Int32(IFF_PNG)) == 0)
        defer { free(data) }
        return Data(bytes: data!, count: size)
    }

    @Test func aSmallFileThatWouldDecodeToHundredsOfMegabytesIsRefused() throws {
        let scratch = try Scratch(workers: 1)
        let bomb = "\(scratch.root)/bomb.png"
        try blankPNG(width: 9999, height: 9999).write(to: URL(fileURLWithPath: bomb))
        let result = try wordbook(["ingest", "--json", "--config", scratch.config, bomb])
        #expect(result.status == 1)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(line["status"] as? String == "failed")
        #expect((line["error"] as? String)?.contains("would take 382 MB once decoded, more than the 96 MB a worker may spend on one photo (capture.max_decode_megabytes)") == true, "\(line)")
    }

    @Test func anImageWithinTheBudgetIsStillFiled() throws {
        let scratch = try Scratch(workers: 1)
        let png = "\(scratch.root)/blank.png"
        try blankPNG(width: 3000, height: 2000).write(to: URL(fileURLWithPath: png))
        let result = try wordbook(["ingest", "--json", "--config", scratch.config, png])
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(line["status"] as? String == "filed", "\(line)")
    }
}
