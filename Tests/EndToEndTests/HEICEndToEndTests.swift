import Foundation
import Testing
import WordBookVocabulary

/// iPhone photos are HEIC: `wordbook ingest` files them as it files the JPEG they were made from
/// (TestImages/heic, made by scripts/make-heic-test-images.sh).
@Suite struct HEICEndToEndTests {
    /// The HEIC files with the labelled JPEG each was made from.
    static let photos: [(heic: String, source: LabeledImage)] = ["station", "cafe", "manana_portrait"].map { name in
        ("\(repositoryRoot.path)/TestImages/heic/\(name).heic", LabeledImage.all.first { $0.file == "\(name).jpg" }!)
    }

    /// `heic` with its ispe property (type, version and flags, then width and height as 32-bit
    /// big-endian numbers) claiming 100,000 × 100,000 pixels; nil without one.
    static func claimingHugeSize(_ heic: [UInt8]) -> [UInt8]? {
        guard let ispe = heic.indices.dropLast(16).first(where: { Array(heic[$0..<($0 + 4)]) == Array("ispe".utf8) })
        else { return nil }
        var patched = heic
        patched.replaceSubrange((ispe + 8)..<(ispe + 16), with: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0])
        return patched
    }

    @Test func aHEICIsFiledAsTheSameWordAsItsJPEGOnTheDayItWasTaken() throws {
        let scratch = try Scratch()
        let calendar = CaptureCalendar(timeZone: scratch.timeZone)
        for (heic, source) in Self.photos {
            let result = try wordbook(["ingest", "--json", "--language", source.language, "--config", scratch.config, heic])
            #expect(result.status == 0, "\(heic): \(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["status"] as? String == "filed", "\(heic): \(object)")
            // manana_portrait.heic is stored on its side with an irot box and Exif orientation 6: read upright
            // only when libheif's rotation is applied and the Exif orientation is not applied again.
            #expect(object["word"] as? String == source.word, "\(heic): \(object)")
            let captured = try #require(source.captured)
            #expect(object["book"] as? String == calendar.day(of: captured), "the capture day comes from the Exif block")
        }
    }

    @Test func aTruncatedOrHugeHEICFailsWithOneSentence() throws {
        let scratch = try Scratch()
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.photos[0].heic))
        let truncated = "\(scratch.root)/truncated.heic", huge = "\(scratch.root)/huge.heic"
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        try Data(try #require(Self.claimingHugeSize([UInt8](whole)))).write(to: URL(fileURLWithPath: huge))

        for (path, reason) in [(truncated, "the HEIC image could not be decoded: "),
                               (huge, "the image claims 100000 × 100000 pixels, more than the limit")] {
            let result = try wordbook(["ingest", "--json", "--config", scratch.config, path])
            #expect(result.status != 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(object["status"] as? String == "failed")
            let error = try #require(object["error"] as? String)
            #expect(error.hasPrefix(reason), "\(error)")
            #expect(!error.contains("\n") && !error.dropLast().contains(". "), "one sentence: \(error)")
        }
    }
}
