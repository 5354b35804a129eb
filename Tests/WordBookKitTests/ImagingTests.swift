import Foundation
import Testing
@testable import WordBookKit

@Suite struct ImagingTests {
    @Test func formatsAreToldByMagicBytesNotNames() {
        #expect(ImageFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]) == .jpeg)
        #expect(ImageFormat(sniffing: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ImageFormat(sniffing: Array("II*\0".utf8)) == .tiff)
        #expect(ImageFormat(sniffing: Array("MM\0*".utf8)) == .tiff)
        #expect(ImageFormat(sniffing: Array("RIFF\0\0\0\0WEBP".utf8)) == .webp)
        #expect(ImageFormat(sniffing: Array("RIFF\0\0\0\0WAVE".utf8)) == nil)
        #expect(ImageFormat(sniffing: Array("hello, this is text".utf8)) == nil)
        #expect(ImageFormat(sniffing: []) == nil)
    }

    @Test func theDCTScaleIsTheSmallestThatStillCoversTheLongEdge() {
        #expect(JPEGCodec.scale(forWidth: 4032, height: 3024, longEdge: 1600) == (1, 2))
        #expect(JPEGCodec.scale(forWidth: 4032, height: 3024, longEdge: 1000) == (1, 4))
        #expect(JPEGCodec.scale(forWidth: 4032, height: 3024, longEdge: 400) == (1, 8))
        #expect(JPEGCodec.scale(forWidth: 1200, height: 900, longEdge: 1600) == (1, 1))
    }

    func solidJPEG(width: Int, height: Int) throws -> [UInt8] {
        let picture = try Picture(width: width, height: height, rgb: [UInt8](repeating: 128, count: width * height * 3))
        return [UInt8](try JPEGCodec().encode(picture, quality: 80))
    }

    @Test func aLargeJPEGIsDecodedAtAReducedScale() throws {
        let decoder = try PhotoDecoder(maxPixels: 100_000_000)
        let photo = try decoder.decode(try solidJPEG(width: 4032, height: 3024), longEdge: 1600)
        #expect(photo.originalWidth == 4032)
        #expect(photo.picture.width == 2016 && photo.picture.height == 1512)
    }

    @Test func thePixelBudgetRefusesBeforeDecoding() throws {
        let decoder = try PhotoDecoder(maxPixels: 1_000_000)
        #expect(throws: ImagingError.tooManyPixels(width: 2000, height: 1000, limit: 1_000_000)) {
            try decoder.decode(try solidJPEG(width: 2000, height: 1000), longEdge: 1600)
        }
    }

    @Test func brokenInputGivesAReasonNotACrash() throws {
        let decoder = try PhotoDecoder(maxPixels: 100_000_000)
        let jpeg = try solidJPEG(width: 640, height: 480)
        #expect(throws: ImagingError.empty) { try decoder.decode([], longEdge: 1600) }
        #expect(throws: ImagingError.unsupportedFormat) { try decoder.decode(Array("not an image".utf8), longEdge: 1600) }
        #expect(throws: ImagingError.self) { try decoder.decode(Array(jpeg.prefix(jpeg.count / 2)), longEdge: 1600) }
        #expect(throws: ImagingError.self) { try decoder.decode([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3], longEdge: 1600) }
    }

    @Test func ignoredNamesAreTheTempAndLitterOfSyncTools() {
        let rules = IgnoreRules(extraPatterns: ["*.heic"])
        for name in ["photo.jpg.part", "x.tmp", "y.filepart", "z.crdownload", "a.jpg~", ".syncthing.a.jpg.tmp",
                     ".~lock", ".DS_Store", "._photo.jpg", "desktop.ini", "Thumbs.db", ".hidden.jpg", "IMG_1.heic"] {
            #expect(rules.ignoresFile(named: name), "\(name)")
        }
        for name in ["IMG_2041.jpg", "Straße.png", "scan 1.tiff", "photo.part.jpg"] {
            #expect(!rules.ignoresFile(named: name), "\(name)")
        }
        for folder in [".stfolder", ".stversions", "@eaDir", ".Trashes", "__MACOSX"] {
            #expect(rules.ignoresFolder(named: folder))
        }
        #expect(!rules.ignoresFolder(named: "de"))
    }
}
