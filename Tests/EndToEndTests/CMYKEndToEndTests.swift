import CTurboJPEG
import Foundation
import Testing
@testable import WordBookPipeline

/// A JPEG saved in inks (CMYK, as print work and some scanners write it, stored as YCCK by
/// libjpeg) is filed like its RGB original: the same word, and a stored copy as light as it.
@Suite struct CMYKEndToEndTests {
    /// `rgb` (3 bytes a pixel) as an Adobe-style inverted CMYK JPEG, as Photoshop writes one.
    func inkJPEG(rgb: [UInt8], width: Int, height: Int) throws -> Data {
        var inks = [UInt8](repeating: 255, count: width * height * 4)
        for pixel in 0..<(width * height) {
            // Inverted inks: 255 is none. Cyan, magenta and yellow carry the colour, no black.
            for channel in 0..<3 { inks[pixel * 4 + channel] = rgb[pixel * 3 + channel] }
        }
        let compressor = try #require(tjInitCompress())
        defer { tjDestroy(compressor) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(compressor, &inks, Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_CMYK.rawValue),
                                 &output, &size, Int32(TJSAMP_444.rawValue), 90, 0)
        defer { if let output { tjFree(output) } }
        try #require(status == 0 && output != nil)
        return Data(bytes: output!, count: Int(size))
    }

    func meanBrightness(_ jpeg: Data) throws -> Double {
        let picture = try JPEGCodec().decode([UInt8](jpeg), longEdge: 64, maxPixels: 100_000_000).picture
        let bytes = try picture.rgbBytes()
        return Double(bytes.reduce(0) { $0 + Int($1) }) / Double(bytes.count)
    }

    @Test func aCMYKPhotoIsFiledWithItsWord() throws {
        let scratch = try Scratch()
        let image = try #require(LabeledImage.all.first { $0.language == "en" && $0.file.hasSuffix(".jpg") && !$0.file.contains("12mp") && $0.orientation == 1 })
        let original = try Data(contentsOf: URL(fileURLWithPath: image.path))
        let decoded = try JPEGCodec().decode([UInt8](original), longEdge: 100_000, maxPixels: 100_000_000).picture
        let cmyk = try inkJPEG(rgb: try decoded.rgbBytes(), width: decoded.width, height: decoded.height)
        let path = "\(scratch.root)/inks.jpg"
        try cmyk.write(to: URL(fileURLWithPath: path))

        let result = try wordbook(["ingest", "--json", "--config", scratch.config, path])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(line["status"] as? String == "filed", "\(line)")
        #expect((line["word"] as? String)?.lowercased() == image.word.lowercased())

        let id = try #require(line["id"] as? Int)
        let stored = "\(scratch.root)/stored.jpg"
        #expect(try wordbook(["show", "\(id)", "--image", stored, "--config", scratch.config]).status == 0)
        let storedBrightness = try meanBrightness(try Data(contentsOf: URL(fileURLWithPath: stored)))
        let originalBrightness = try meanBrightness(original)
        #expect(abs(storedBrightness - originalBrightness) < 12, "stored \(storedBrightness), original \(originalBrightness)")
    }

    @Test func theAdobeMarkerIsFoundAmongTheHeaders() throws {
        let cmyk = try inkJPEG(rgb: [UInt8](repeating: 200, count: 16 * 16 * 3), width: 16, height: 16)
        #expect(JPEGCodec.hasAdobeMarker([UInt8](cmyk)))
        let rgb = try JPEGCodec().encode(try Picture(width: 16, height: 16, rgb: [UInt8](repeating: 200, count: 16 * 16 * 3)), quality: 80)
        #expect(!JPEGCodec.hasAdobeMarker([UInt8](rgb)))
    }
}
