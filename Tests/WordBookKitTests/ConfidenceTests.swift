import Foundation
import Testing
@testable import WordBookPipeline
@testable import WordBookSettings
import WordBookVocabulary

/// The confidence rule (ConfidenceRule.swift): what each fact about a reading does to it. The weights
/// are measured by bench/calibrate.py; these tests hold what a refit must keep.
@Suite("Confidence")
struct ConfidenceTests {
    /// A sign word both readers read alike and the dictionary knows, read confidently, well aimed.
    static let agreed = Evidence(
        route: .detected, reading: 99, recogniserAgrees: true, tesseractAgrees: true, attemptsAgreeing: 1,
        inDictionary: true, aim: 1, aimOffset: 0, shape: 1, textHeight: 40, letters: 5)

    @Test("Every fact has its weight, as bench/calibrate.py fits them")
    func everyFeatureHasAWeight() throws {
        #expect(ConfidenceRule.weights.count == ConfidenceRule.features(Self.agreed).count)
        let script = try String(contentsOf: Self.root.appendingPathComponent("bench/calibrate.py"), encoding: .utf8)
        let list = try #require(script.range(of: "FEATURES = [").map { script[$0.upperBound...] }?.prefix { $0 != "]" })
        #expect(list.split(separator: ",").filter { $0.contains("\"") }.count == ConfidenceRule.weights.count)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Two readers that read a dictionary word alike reach auto_confirm's 90")
    func agreementOnAWordIsConfident() {
        #expect(ConfidenceRule.confidence(Self.agreed) >= 90)
    }

    @Test("Each fact against the reading lowers the confidence, and no one of them alone reaches 90")
    func evidenceAgainstLowersIt() {
        var oneReader = Self.agreed
        oneReader.tesseractAgrees = false
        oneReader.attemptsAgreeing = 0
        var otherReader = Self.agreed
        otherReader.recogniserAgrees = false
        var neither = oneReader
        neither.recogniserAgrees = false
        var page = Self.agreed
        page.route = .page
        page.recogniserAgrees = nil
        for (what, evidence) in [
            ("one reader", oneReader), ("the other reader", otherReader), ("neither reader", neither), ("a page", page),
        ] {
            #expect(ConfidenceRule.confidence(evidence) < 90, "\(what)")
        }
        #expect(ConfidenceRule.confidence(neither) < ConfidenceRule.confidence(oneReader))
        // Below the top, where rounding to a percentage hides nothing.
        var middling = Self.agreed
        middling.reading = 60
        middling.attemptsAgreeing = 0.3
        let base = ConfidenceRule.confidence(middling)
        var unknownWord = middling
        unknownWord.inDictionary = false
        var lone = middling
        lone.shape = 0.5
        lone.letters = 1
        var small = middling
        small.textHeight = 10
        var offAim = middling
        offAim.aimOffset = 2
        for (what, evidence) in [("a word the dictionary does not know", unknownWord), ("a lone letter", lone),
                                 ("small letters", small), ("a word beside the aim point", offAim)] {
            #expect(ConfidenceRule.confidence(evidence) < base, "\(what)")
        }
    }

    @Test("No evidence takes the confidence out of 0-100 or stops the rule")
    func anyEvidenceGivesAPercentage() {
        for reading in [0, 100, -5, .nan, .infinity] as [Double] {
            for aim in [0, 1, -1, .nan] as [Double] {
                var evidence = Self.agreed
                evidence.reading = reading
                evidence.aim = aim
                evidence.shape = aim
                evidence.attemptsAgreeing = reading
                #expect((0...100).contains(ConfidenceRule.confidence(evidence)))
            }
        }
    }

    @Test("An English shop name in the possessive is proposed as the name", arguments: [
        ("DOLAN’S", "en", "DOLAN"), ("Domino's", "en", "Domino"), ("MAX'S", "en", "MAX"),
        ("IT'S", "en", nil), ("let's", "en", nil), ("it's", "en", nil), ("A's", "en", nil), ("Anna's", "de", nil),
        ("O'S", "en", nil), ("Rock'n'Roll's", "en", nil),
    ] as [(String, String, String?)])
    func possessive(text: String, language: String, name: String?) {
        let language = [Language.english, .german].first { $0.code == language }!
        #expect(WordText.withoutPossessive(text, language: language) == name)
    }
}
