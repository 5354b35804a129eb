import Testing
@testable import WordBookPipeline
@testable import WordBookSettings

/// The confidence rule (ConfidenceRule.swift): what each fact about a reading does to it. The weights
/// are measured by bench/calibrate.py; these tests hold what a refit must keep.
@Suite("Confidence")
struct ConfidenceTests {
    /// A sign word both readers read alike and the dictionary knows, read confidently, well aimed.
    static let agreed = Evidence(
        route: .detected, reading: 99, recogniserAgrees: true, tesseractAgrees: true, attemptsAgreeing: 1,
        inDictionary: true, aim: 1, shape: 1, textHeight: 40)

    @Test("Two readers that read a dictionary word alike reach auto_confirm's 90")
    func agreementOnAWordIsConfident() {
        #expect(ConfidenceRule.confidence(Self.agreed) >= 90)
    }

    @Test("Each fact against the reading lowers the confidence, and no one of them alone reaches 90")
    func evidenceAgainstLowersIt() {
        let base = ConfidenceRule.confidence(Self.agreed)
        var oneReader = Self.agreed
        oneReader.tesseractAgrees = false
        var otherReader = Self.agreed
        otherReader.recogniserAgrees = false
        var neither = oneReader
        neither.recogniserAgrees = false
        var unknownWord = Self.agreed
        unknownWord.inDictionary = false
        var page = Self.agreed
        page.route = .page
        page.recogniserAgrees = nil
        var lone = Self.agreed
        lone.shape = 0.5
        for (what, evidence) in [
            ("one reader", oneReader), ("the other reader", otherReader), ("neither reader", neither), ("a page", page),
        ] {
            #expect(ConfidenceRule.confidence(evidence) < 90, "\(what)")
        }
        for (what, evidence) in [("a word the dictionary does not know", unknownWord), ("a lone letter", lone)] {
            #expect(ConfidenceRule.confidence(evidence) < base, "\(what)")
        }
        #expect(ConfidenceRule.confidence(neither) < ConfidenceRule.confidence(oneReader))
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
