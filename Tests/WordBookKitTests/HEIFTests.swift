import Foundation
import Testing
@testable import WordBookPipeline
import WordBookSettings

/// HEIC/HEIF: told by its ftyp brands, decoded by libheif upright by its stored rotation, dated by its Exif block.
@Suite struct HEIFTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestImages")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// An ftyp box: size, "ftyp", major brand, minor version 0, compatible brands.
    static func ftyp(_ major: String, _ compatible: [String], size: Int? = nil) -> [UInt8] {
        let body = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
        let total = size ?? 8 + body.count
        return [UInt8(total >> 24 & 0xFF), UInt8(total >> 16 & 0xFF), UInt8(total >> 8 & 0xFF), UInt8(total & 0xFF)]
            + Array("ftyp".utf8) + body
    }

    @Test func heifIsToldByTheMajorOrACompatibleBrand() throws {
        #expect(ImageFormat(sniffing: Self.ftyp("heic", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat(sniffing: Self.ftyp("msf1", [])) == .heif)
        #expect(ImageFormat(sniffing: Self.ftyp("abcd", ["isom", "heix"])) == .heif, "a compatible brand is enough")
        #expect(ImageFormat(sniffing: Self.ftyp("isom", ["mp41", "avc1"])) == nil, "a video is not a photo")
        #expect(ImageFormat(sniffing: Self.ftyp("avif", ["avif", "miaf"])) == nil)
        // A brand past the box's own size, or a box too small to hold a major brand, does not count.
        #expect(ImageFormat(sniffing: Self.ftyp("isom", ["mp41", "heic"], size: 20)) == nil)
        #expect(ImageFormat(sniffing: Self.ftyp("heic", [], size: 8)) == nil)
        #expect(ImageFormat(sniffing: Array(Self.ftyp("heic", []).prefix(11))) == nil)
        #expect(ImageFormat(sniffing: Array("\0\0\0\u{18}moovheic".utf8)) == nil)
        #expect(ImageFormat(sniffing: try Self.bytes("heic/station.heic")) == .heif)
    }

    @Test func theExifBlockIsReadPastItsOffsetToTheTIFFHeader() {
        let tiff = EXIFBuilder(littleEndian: false, orientation: 6, dateTimeOriginal: "2026:10:12 18:40:10",
                               offsetTimeOriginal: "+02:00").tiff()
        let expected = ExifMetadata(orientation: .right, dateTimeOriginal: "2026:10:12 18:40:10", offsetTimeOriginal: "+02:00")
        #expect(EXIFReader.read(heifExif: [0, 0, 0, 0] + tiff) == expected)
        #expect(EXIFReader.read(heifExif: [0, 0, 0, 6] + Array("Exif\0\0".utf8) + tiff) == expected)
        #expect(EXIFReader.read(heifExif: [0, 0, 0, 7] + Array("Exif\0\0".utf8) + tiff) == ExifMetadata())
        #expect(EXIFReader.read(heifExif: [0xFF, 0xFF, 0xFF, 0xFF] + tiff) == ExifMetadata())
        #expect(EXIFReader.read(heifExif: [0, 0, 0]) == ExifMetadata())
        #expect(EXIFReader.read(heifExif: [0, 0, 0, 0]) == ExifMetadata())
    }

    @Test func aHEICIsDecodedInItsColoursWithItsCaptureTime() throws {
        let decoder = try PhotoDecoder(maxPixels: 100_000_000)
        let heic = try decoder.decode(try Self.bytes("heic/station.heic"), longEdge: 4000)
        #expect(heic.format == .heif)
        #expect(heic.picture.width == 2000 && heic.picture.height == 1500)
        #expect(heic.exif.dateTimeOriginal == "2026:10:14 07:58:00")
        #expect(heic.exif.offsetTimeOriginal == "+02:00")
        // The same pixels as the JPEG it was made from, channel for channel.
        let jpeg = try decoder.decode(try Self.bytes("station.jpg"), longEdge: 4000)
        let a = try heic.picture.rgbBytes(), b = try jpeg.picture.rgbBytes()
        #expect(a.count == b.count)
        var difference = [0, 0, 0]
        for index in stride(from: 0, to: min(a.count, b.count), by: 3 * 97) {
            for channel in 0..<3 { difference[channel] += abs(Int(a[index + channel]) - Int(b[index + channel])) }
        }
        let samples = min(a.count, b.count) / (3 * 97)
        #expect(difference.allSatisfy { $0 / samples < 6 }, "mean difference per channel: \(difference.map { $0 / samples })")
    }

    @Test func theStoredRotationIsAppliedAndTheExifOrientationIsNot() throws {
        let bytes = try Self.bytes("heic/manana_portrait.heic")
        #expect(bytes.indices.dropLast(4).contains { Array(bytes[$0..<($0 + 4)]) == Array("irot".utf8) },
                "the test image carries a stored rotation")
        let photo = try PhotoDecoder(maxPixels: 100_000_000).decode(bytes, longEdge: 4000)
        #expect(photo.exif.orientation == .right, "the Exif block says a quarter turn, as a phone's does")
        #expect(photo.orientation == .up)
        // Stored 1600 × 1200 on its side; upright it is a portrait.
        #expect(photo.picture.width == 1200 && photo.picture.height == 1600)
        #expect(photo.originalWidth == 1200 && photo.originalHeight == 1600)
    }

    @Test func aTruncatedOrHugeHEICFailsWithAReasonBeforeDecoding() throws {
        let decoder = try PhotoDecoder(maxPixels: 100_000_000)
        let whole = try Self.bytes("heic/station.heic")
        #expect {
            try decoder.decode(Array(whole.prefix(whole.count / 2)), longEdge: 1600)
        } throws: { error in
            guard case let .corrupt(format, reason)? = error as? ImagingError else { return false }
            return format == "HEIC" && !reason.isEmpty && !reason.contains("\n")
        }
        var huge = whole
        let ispe = try #require(huge.indices.dropLast(16).first { Array(huge[$0..<($0 + 4)]) == Array("ispe".utf8) })
        // ispe: type, version and flags, then width and height as 32-bit big-endian numbers.
        huge.replaceSubrange((ispe + 8)..<(ispe + 16), with: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0])
        #expect(throws: ImagingError.tooManyPixels(width: 100_000, height: 100_000, limit: 100_000_000)) {
            try decoder.decode(huge, longEdge: 1600)
        }
    }

    /// The picture a HEIC's HEVC configuration declares is what the decoder allocates: a file whose
    /// `ispe` says fewer pixels than that is refused before it is decoded, however small it claims to be.
    /// A box: its size, its type, its payload.
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = 8 + payload.count
        return [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + payload
    }

    /// A file's `meta` with an `iref` of 16-bit `dimg` references: each image and those it is built from.
    static func references(_ derivations: [(Int, [Int])]) -> [UInt8] {
        func id(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        let dimg = derivations.flatMap { from, to in box("dimg", id(from) + id(to.count) + to.flatMap(id)) }
        return ftyp("heic", ["mif1", "heic"]) + box("meta", [0, 0, 0, 0] + box("iref", [0, 0, 0, 0] + dimg))
    }

    /// libheif follows the images a grid or an overlay is built from without looking for a loop: an
    /// image built from itself, or from images deeper than any camera writes, is refused before
    /// libheif reads it. A grid of tiles, an overlay of grids, stay.
    @Test func imagesBuiltFromThemselvesOrTooDeepAreRefused() throws {
        #expect(HEIFItems.fault(in: Self.references([(1, [2, 3, 4, 5])])) == nil)
        #expect(HEIFItems.fault(in: Self.references([(9, [1, 6]), (1, [2, 3]), (6, [7, 8])])) == nil)
        #expect(HEIFItems.fault(in: Self.references([(2, [2])])) == "an image in it is built from itself")
        #expect(HEIFItems.fault(in: Self.references([(1, [2]), (2, [3]), (3, [1])])) == "an image in it is built from itself")
        let chain = (1...10).map { ($0, [$0 + 1]) }
        #expect(HEIFItems.fault(in: Self.references(chain)) == "its images are built from images more than 8 deep")
        #expect(HEIFItems.fault(in: Self.references(Array(chain.prefix(8)))) == nil)
    }

    /// The file `make fuzz` found: a grid whose tile is itself. It killed the worker; now it fails in a sentence.
    @Test func aGridBuiltFromItselfFailsInASentence() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/grid-built-from-itself.heic")))
        #expect(throws: ImagingError.corrupt(format: "HEIC", reason: "an image in it is built from itself")) {
            try PhotoDecoder(maxPixels: 100_000_000).decode(bytes, longEdge: 1600)
        }
    }

    /// A `meta` whose item 1 is a grid or an overlay (`infe` version 2), its data in `idat` (`iloc`
    /// version 1, construction method 1): version 0, `flags`, then the type's fields.
    static func composed(_ type: String, flags: UInt8, fields: [UInt8]) -> [UInt8] {
        let data = [0, flags] + fields
        let infe = box("infe", [2, 0, 0, 0, 0, 1, 0, 0] + Array(type.utf8) + [0])
        let iinf = box("iinf", [0, 0, 0, 0, 0, 1] + infe)
        // offset and length 2 bytes each, no base offset or index; one item, method 1, one extent.
        let iloc = box("iloc", [1, 0, 0, 0, 0x22, 0x00, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, UInt8(data.count)])
        return ftyp("heic", ["mif1", "heic"]) + box("meta", [0, 0, 0, 0] + iinf + iloc + box("idat", data))
    }

    /// The size a grid or an overlay composes is read from its own data, in 16 or 32 bits.
    @Test func theSizeAGridOrAnOverlayComposesIsRead() throws {
        // A grid of 2 × 3 tiles composing 1024 × 768 in 16-bit fields, and 40000 × 30000 in 32-bit ones.
        let grid16 = Self.composed("grid", flags: 0, fields: [1, 2, 0x04, 0x00, 0x03, 0x00])
        let grid32 = Self.composed("grid", flags: 1, fields: [1, 2, 0, 0, 0x9C, 0x40, 0, 0, 0x75, 0x30])
        // An overlay: four fill values, then its canvas.
        let overlay = Self.composed("iovl", flags: 0, fields: [0, 0, 0, 0, 0, 0, 0, 0, 0x8F, 0x0D, 0x7A, 0x90])
        #expect(HEIFItems.composedSizes(in: grid16).map { [$0.width, $0.height] } == [[1024, 768]])
        #expect(HEIFItems.composedSizes(in: grid32).map { [$0.width, $0.height] } == [[40000, 30000]])
        #expect(HEIFItems.composedSizes(in: overlay).map { [$0.width, $0.height] } == [[36621, 31376]])
        #expect(HEIFItems.composedSizes(in: try Self.bytes("heic/station.heic")).isEmpty, "one coded image")
    }

    /// The file `make fuzz` found next: a 24 × 16 image built from an overlay that claims a canvas of
    /// 36621 × 31376, which libheif allocated (3.4 GB). It is refused before it is decoded.
    @Test func anOverlayLargerThanItsImageIsRefusedBeforeDecoding() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/overlay-larger-than-its-image.heic")))
        #expect(throws: ImagingError.corrupt(format: "HEIC", reason: "its header gives 24 × 16 pixels, but its picture is composed at 36621 × 31376")) {
            try PhotoDecoder(maxPixels: 100_000_000).decode(bytes, longEdge: 1600)
        }
    }

    @Test func aHEICWhoseHeaderUndersellsItsPictureIsRefusedBeforeDecoding() throws {
        for name in ["station", "manana_portrait", "cafe"] {
            let bytes = try Self.bytes("heic/\(name).heic")
            let shown = try PhotoDecoder(maxPixels: 100_000_000).decode(bytes, longEdge: 4000).picture
            let coded = try #require(HEVCPictureSize.declared(in: bytes).first, "\(name)")
            // The coded picture is the one shown, on its side or not, padded to whole coding blocks.
            let (long, short) = (max(coded.width, coded.height), min(coded.width, coded.height))
            #expect(long - max(shown.width, shown.height) < 64 && short - min(shown.width, shown.height) < 64 && long >= max(shown.width, shown.height),
                    "\(name): coded \(coded), shown \(shown.width) × \(shown.height)")
        }
        var liar = try Self.bytes("heic/station.heic")
        let ispe = try #require(liar.indices.dropLast(16).first { Array(liar[$0..<($0 + 4)]) == Array("ispe".utf8) })
        liar.replaceSubrange((ispe + 8)..<(ispe + 16), with: [0, 0, 0, 1, 0, 0, 0, 1])
        let coded = try #require(HEVCPictureSize.declared(in: liar).first)
        #expect(throws: ImagingError.corrupt(
            format: "HEIC", reason: "its header gives 1 × 1 pixels, but its picture is coded at \(coded.width) × \(coded.height)")) {
            try PhotoDecoder(maxPixels: 100_000_000).decode(liar, longEdge: 1600)
        }
    }

    /// HEVC decodes only whole, so a HEIC is reduced as it is copied out of libheif, each pixel the
    /// mean of a square: the picture the pipeline holds is the size it needs, in the same colours.
    @Test func aHEICIsReducedAsItIsCopiedOut() throws {
        let bytes = try Self.bytes("heic/station.heic")
        let decoder = try PhotoDecoder(maxPixels: 100_000_000)
        let whole = try decoder.decode(bytes, longEdge: 2000).picture, half = try decoder.decode(bytes, longEdge: 1000)
        #expect(half.picture.width == 1000 && half.picture.height == 750)
        #expect(half.originalWidth == 2000 && half.originalHeight == 1500)
        let a = try whole.fitting(longEdge: 1000).rgbBytes(), b = try half.picture.rgbBytes()
        let difference = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / a.count
        #expect(difference < 4, "mean difference per channel \(difference)")
    }

    /// A 24-MP HEIC, an iPhone's default, is within the default budget: libde265's and libheif's
    /// copies and the reduced picture take about 155 MB. (Its header is made to say 5712 × 4284 over a smaller
    /// picture, which decoding then refuses: the budget let it through.)
    @Test func aTwentyFourMegapixelHEICIsWithinTheDefaultBudget() throws {
        var bytes = try Self.bytes("heic/station.heic")
        let ispe = try #require(bytes.indices.dropLast(16).first { Array(bytes[$0..<($0 + 4)]) == Array("ispe".utf8) })
        bytes.replaceSubrange((ispe + 8)..<(ispe + 16), with: [0x00, 0x00, 0x16, 0x50, 0x00, 0x00, 0x10, 0xBC])  // 5712 × 4284
        let configuration = Configuration()
        let decoder = try PhotoDecoder(maxPixels: configuration.maxPixels, budget: DecodeBudget(megabytes: configuration.maxDecodeMegabytes))
        #expect(throws: ImagingError.corrupt(format: "HEIC", reason: "its header gives 5712 × 4284 pixels, but it decodes to 2000 × 1500")) {
            try decoder.decode(bytes, within: configuration.maxEdge)
        }
        let tighter = try PhotoDecoder(maxPixels: configuration.maxPixels, budget: DecodeBudget(megabytes: 128))
        #expect(throws: ImagingError.self) { try tighter.decode(bytes, within: configuration.maxEdge) }
    }
}
