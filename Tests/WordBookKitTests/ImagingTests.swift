import Foundation
import Testing
@testable import WordBookPipeline
@testable import WordBookSettings
@testable import WordBookThumbnail
import WordBookVocabulary

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

    @Test func theStoredCopyIsDecodedStraightToItsSizeWhenADCTScaleLandsCloseBelowTheLimit() {
        // 3/8 of 4032 is 1512: nine tenths of 1600 or more, so no resampling after.
        #expect(JPEGCodec.scale(forWidth: 4032, height: 3024, within: 1600) == (3, 8))
        #expect(JPEGCodec.scale(forWidth: 2000, height: 1125, within: 1600) == (3, 4))
        #expect(JPEGCodec.scale(forWidth: 1920, height: 1440, within: 1600) == (3, 4))
        // 1/4 of 4624 (1156) would lose too much: 3/8 (1734), reduced after.
        #expect(JPEGCodec.scale(forWidth: 4624, height: 3472, within: 1600) == (3, 8))
        #expect(JPEGCodec.scale(forWidth: 8064, height: 6048, within: 1600) == (1, 4))
        #expect(JPEGCodec.scale(forWidth: 1200, height: 900, within: 1600) == (1, 1))
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
        let stored = try decoder.decode(try solidJPEG(width: 4032, height: 3024), within: 1600)
        #expect(stored.picture.width == 1512 && stored.picture.height == 1134)
    }

    /// The refusal comes from the header alone: a JPEG cut after its scan header holds no pixel data
    /// at all, which a decoder could only fail on, and the budget refuses it all the same.
    @Test func thePixelBudgetRefusesBeforeDecoding() throws {
        let whole = try solidJPEG(width: 2000, height: 1000)
        let scan = try #require(whole.indices.dropLast().first { whole[$0] == 0xFF && whole[$0 + 1] == 0xDA })
        let headers = Array(whole[..<(scan + 2 + (Int(whole[scan + 2]) << 8) + Int(whole[scan + 3]))])
        #expect(throws: ImagingError.tooManyPixels(width: 2000, height: 1000, limit: 1_000_000)) {
            try PhotoDecoder(maxPixels: 1_000_000).decode(headers, longEdge: 1600)
        }
        #expect(throws: ImagingError.tooManyPixels(width: 2000, height: 1000, limit: 1_000_000)) {
            try PhotoDecoder(maxPixels: 1_000_000).decode(whole, longEdge: 1600)
        }
        // Within the budget, the same headers go on to the decoder, which finds no pixels to decode.
        #expect(throws: ImagingError.self) { try PhotoDecoder(maxPixels: 100_000_000).decode(headers, longEdge: 1600) }
        #expect(try PhotoDecoder(maxPixels: 100_000_000).decode(whole, longEdge: 1600).picture.width >= 1600)
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

import CTesseract
import CWebP
import CZlib

@Suite struct ImageFileFormatTests {
    /// A 40 × 20 picture: left half red, right half blue.
    func halves() throws -> Picture {
        var bytes: [UInt8] = []
        for _ in 0..<20 { for x in 0..<40 { bytes += x < 20 ? [220, 20, 20] : [20, 20, 220] } }
        return try Picture(width: 40, height: 20, rgb: bytes)
    }

    func encoded(_ picture: Picture, format: Int32) throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&data, &size, picture.pix, format) == 0, let data else {
            throw ImagingError.operationFailed("write test image")
        }
        defer { free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    @Test(arguments: [(Int32(IFF_PNG), ImageFormat.png), (Int32(IFF_TIFF_ZIP), .tiff), (Int32(IFF_WEBP), .webp)])
    func pngTiffAndWebPAreRead(format: Int32, expected: ImageFormat) throws {
        let bytes = try encoded(try halves(), format: format)
        let photo = try PhotoDecoder(maxPixels: 1_000_000).decode(bytes, longEdge: 1600)
        #expect(photo.format == expected)
        #expect(photo.picture.width == 40 && photo.picture.height == 20)
        let rgb = try photo.picture.rgbBytes()
        let left = (10 * 40 + 5) * 3, right = (10 * 40 + 35) * 3
        #expect(rgb[left] > 150 && rgb[left + 2] < 100, "left half red")
        #expect(rgb[right] < 100 && rgb[right + 2] > 150, "right half blue")
    }

    /// A 4000 × 2000 picture of the two halves, as a lossy or a lossless WebP (libwebp's encoder).
    func largeWebP(lossless: Bool) throws -> [UInt8] {
        let (width, height) = (4000, 2000)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height { for x in 0..<width { rgb.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: x < width / 2 ? [220, 20, 20] : [20, 20, 220]) } }
        var output: UnsafeMutablePointer<UInt8>?
        let size = lossless ? WebPEncodeLosslessRGB(rgb, Int32(width), Int32(height), Int32(width * 3), &output)
            : WebPEncodeRGB(rgb, Int32(width), Int32(height), Int32(width * 3), 80, &output)
        defer { WebPFree(output) }
        try #require(size > 0 && output != nil)
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// A WebP larger than the pipeline asks for comes out at that size, reduced as it is decoded, with
    /// its colours where they were; its size in the file is kept.
    @Test(arguments: [false, true])
    func aLargeWebPIsReducedAsItIsDecoded(lossless: Bool) throws {
        let photo = try PhotoDecoder(maxPixels: 100_000_000).decode(try largeWebP(lossless: lossless), within: 1600)
        #expect(photo.format == .webp)
        #expect(photo.picture.width == 1600 && photo.picture.height == 800)
        #expect(photo.originalWidth == 4000 && photo.originalHeight == 2000)
        let rgb = try photo.picture.rgbBytes()
        let left = (400 * 1600 + 200) * 3, right = (400 * 1600 + 1400) * 3
        #expect(rgb[left] > 150 && rgb[left + 2] < 100, "left half red: \(rgb[left..<left + 3])")
        #expect(rgb[right] < 100 && rgb[right + 2] > 150, "right half blue: \(rgb[right..<right + 3])")
    }

    /// A lossless WebP holds its whole image while it decodes, whatever size it comes out at: it is
    /// counted so, and refused from its header when that passes the budget. A lossy one is not.
    @Test func aLosslessWebPIsCountedAtItsFullSize() throws {
        let decoder = try PhotoDecoder(maxPixels: 100_000_000, budget: DecodeBudget(megabytes: 30))
        #expect(throws: ImagingError.tooLargeDecoded(width: 4000, height: 2000, megabytes: 36, limitMegabytes: 30)) {
            try decoder.decode(try largeWebP(lossless: true), within: 1600)
        }
        #expect(try decoder.decode(try largeWebP(lossless: false), within: 1600).picture.width == 1600)
    }

    /// A 4000 × 2000 PNG of the two halves.
    func largePNG() throws -> [UInt8] {
        let (width, height) = (4000, 2000)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height { for x in 0..<width { rgb.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: x < width / 2 ? [220, 20, 20] : [20, 20, 220]) } }
        return try encoded(try Picture(width: width, height: height, rgb: rgb), format: Int32(IFF_PNG))
    }

    /// A PNG larger than the pipeline asks for comes out at that size, reduced as its rows are read,
    /// with its colours where they were; its size in the file is kept.
    @Test func aLargePNGIsReducedAsItIsRead() throws {
        let photo = try PhotoDecoder(maxPixels: 100_000_000).decode(try largePNG(), within: 1600)
        #expect(photo.format == .png)
        #expect(photo.picture.width == 1600 && photo.picture.height == 800)
        #expect(photo.originalWidth == 4000 && photo.originalHeight == 2000)
        let rgb = try photo.picture.rgbBytes()
        let left = (400 * 1600 + 200) * 3, right = (400 * 1600 + 1400) * 3
        #expect(rgb[left..<left + 3] == [220, 20, 20], "left half red")
        #expect(rgb[right..<right + 3] == [20, 20, 220], "right half blue")
        // The boundary falls inside an output pixel in no row: each column of the picture is the mean of 2.5 of the image's.
        let edge = (400 * 1600 + 799) * 3
        #expect(rgb[edge..<edge + 3] == [220, 20, 20] && rgb[edge + 3..<edge + 6] == [20, 20, 220])
    }

    /// Every kind of PNG a camera, a scanner or an editor writes (1, 2, 4, 8 and 16-bit grey, a
    /// palette, RGB, RGBA) comes out as the colours Leptonica reads from it, pixel for pixel.
    @Test(arguments: [1, 2, 4, 8, 16, -8, 24, 32])
    func everyKindOfPNGIsReadAsLeptonicaReadsIt(kind: Int32) throws {
        let (width, height): (Int32, Int32) = (37, 23)
        let depth = kind == 24 ? 32 : abs(kind)
        let pix = try #require(pixCreate(width, height, depth))
        var owned: UnsafeMutablePointer<PIX>? = pix
        defer { pixDestroy(&owned) }
        for y in 0..<height {
            for x in 0..<width {
                let value = UInt32((x * 7 + y * 13) % 256)
                switch depth {
                case 32: pixSetPixel(pix, x, y, (value << 24) | ((255 - value) << 16) | (UInt32(y * 11 % 256) << 8) | UInt32(x * 5 % 256))
                default: pixSetPixel(pix, x, y, value % (depth >= 16 ? 65_536 : 1 << UInt32(depth)) * (depth == 16 ? 257 : 1))
                }
            }
        }
        if kind == -8 {
            // A palette of 256 colours.
            let colormap = try #require(pixcmapCreate(8))
            for index in 0..<256 { pixcmapAddColor(colormap, Int32(index), Int32(255 - index), Int32(index / 2)) }
            pixSetColormap(pix, colormap)
        }
        if kind == 32 { pixSetSpp(pix, 4) } else if kind == 24 { pixSetSpp(pix, 3) }
        let bytes = try encoded(Picture(owning: pixClone(pix)), format: Int32(IFF_PNG))
        let read = try PhotoDecoder(maxPixels: 1_000_000).decode(bytes, longEdge: 1600).picture
        let leptonica = try bytes.withUnsafeBufferPointer { buffer in
            try Picture(owning: try #require(pixReadMem(buffer.baseAddress, buffer.count))).rgb()
        }
        #expect(read.width == Int(width) && read.height == Int(height))
        let same = try read.rgbBytes() == leptonica.rgbBytes()
        #expect(same, "kind \(kind)")
    }

    /// A PNG in chunks, each with its length and CRC.
    func png(width: UInt32, height: UInt32, colourType: UInt8, interlaced: Bool, rows: [UInt8]) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
            return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body + withUnsafeBytes(of: crc.bigEndian, Array.init)
        }
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(UInt(rows.count))))
        var size = UInt(compressed.count)
        _ = compress(&compressed, &size, rows, UInt(rows.count))
        let header = withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init)
            + [8, colourType, 0, 0, interlaced ? 1 : 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Array(compressed.prefix(Int(size)))) + chunk("IEND", [])
    }

    /// An interlaced PNG comes in seven passes over the whole image, which are not read row by row:
    /// it is read whole, as before. One pixel, in the first pass alone.
    @Test func anInterlacedPNGIsReadWhole() throws {
        let bytes = png(width: 1, height: 1, colourType: 2, interlaced: true, rows: [0, 200, 30, 90])
        let photo = try PhotoDecoder(maxPixels: 1_000_000).decode(bytes, longEdge: 1600)
        #expect(photo.picture.width == 1 && photo.picture.height == 1)
        #expect(try photo.picture.rgbBytes() == [200, 30, 90])
    }

    /// A PNG cut short inside its pixels, or whose pixels are damaged, is refused saying which.
    @Test func aPNGCutShortOrDamagedIsRefusedSayingWhich() throws {
        let bytes = try largePNG()
        let decoder = try PhotoDecoder(maxPixels: 100_000_000)
        #expect(throws: ImagingError.corrupt(format: "PNG", reason: "the file ends before its pixels do")) {
            try decoder.decode(Array(bytes.prefix(bytes.count / 2)), within: 1600)
        }
        var damaged = png(width: 2, height: 1, colourType: 2, interlaced: false, rows: [0, 1, 2, 3, 4, 5, 6])
        damaged[damaged.count - 20] ^= 0xFF  // inside IDAT: its CRC no longer matches
        #expect(throws: ImagingError.corrupt(format: "PNG", reason: "the pixel data is damaged")) {
            try decoder.decode(damaged, within: 1600)
        }
    }

    @Test func aPNGClaimingHugeDimensionsIsRefusedFromItsHeader() throws {
        var bytes = try encoded(try halves(), format: Int32(IFF_PNG))
        // IHDR width and height sit at bytes 16-23; claim 100,000 × 100,000.
        let huge: [UInt8] = [0x00, 0x01, 0x86, 0xA0]
        bytes.replaceSubrange(16..<20, with: huge)
        bytes.replaceSubrange(20..<24, with: huge)
        #expect(throws: ImagingError.tooManyPixels(width: 100_000, height: 100_000, limit: 100_000_000)) {
            try PhotoDecoder(maxPixels: 100_000_000).decode(bytes, longEdge: 1600)
        }
    }
}

@Suite struct TurnedPartTests {
    /// A photo held at a slant is turned level only where the detector looks: that part, turned alone,
    /// has the very pixels the whole photo turned has there, in colour and in grey, at even and odd
    /// sizes, either way round.
    @Test(arguments: [(1512, 1134, 0.14), (1133, 1511, -0.09), (641, 479, 0.3), (480, 640, -0.35)])
    func aPartTurnedAloneIsTheWholeTurnedCutToThatPart(width: Int, height: Int, radians: Double) throws {
        // Noise: every pixel differs from its neighbours, so every neighbour the turn reads shows.
        var state: UInt32 = 2_463_534_242
        let bytes = (0..<width * height * 3).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        let colour = try Picture(width: width, height: height, rgb: bytes)
        let grey = try colour.grey()
        let middle = AimPoint.middle(width: width, height: height, share: Tuning.detectionWindow)
        let offCentre = PixelBox(x: width / 10, y: height / 3, width: width / 2, height: height / 4)
        for picture in [colour, grey] {
            for part in [middle, offCentre] {
                let alone = try picture.rotated(by: radians, keeping: part)
                let whole = try picture.rotated(by: radians).cropped(to: part)
                #expect(alone.width == part.width && alone.height == part.height)
                #expect(try alone.rgbBytes() == whole.rgbBytes(), "\(picture.isGrey ? "grey" : "colour"), \(part)")
            }
        }
    }
}

@Suite struct ThumbnailTests {
    @Test func aPhotoBecomesRowsOfColouredHalfBlocks() throws {
        // 80 × 40: top half red, bottom half blue.
        var bytes: [UInt8] = []
        for y in 0..<40 { for _ in 0..<80 { bytes += y < 20 ? [230, 10, 10] : [10, 10, 230] } }
        let jpeg = try JPEGCodec().encode(try Picture(width: 80, height: 40, rgb: bytes), quality: 95)
        let text = try TerminalImage(jpeg: jpeg, box: nil, for: .blocks, room: ImageRoom(columns: 40, rows: 24)).draw()
        let rows = text.split(separator: "\n")
        #expect(rows.count == 10, "40 columns of an 80 × 40 photo: 20 pixel rows, two per line")
        #expect(rows.allSatisfy { $0.components(separatedBy: "▀").count - 1 == 40 })
        #expect(rows.first?.hasPrefix("\u{1B}[38;2;2") == true, "red on top")
        #expect(rows.last?.contains("\u{1B}[48;2;") == true && rows.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    }
}
