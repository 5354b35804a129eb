import Foundation

/// A proposal's confidence: how likely it is right, in percent, from its evidence. Each fact about
/// the reading adds its weight to the odds that the proposal is right (a logistic rule):
/// - two independent readers, the scene-text recogniser and Tesseract, that read the same letters
///   rarely make the same mistake; one reader alone, or a spelling neither read, is weaker;
/// - a misreading is rarely a word of the language, and a word the dictionary does not know (a
///   name, a brand) is more often misread;
/// - a word found in a photo may be a piece of a word or two words run together, where a picture that
///   is one word is read whole; a word picked from running text on a page is often the neighbour of
///   the one aimed at;
/// - a reader's low confidence in its letters, Tesseract's attempts that read it otherwise, and a
///   shape misreadings take (a lone letter, digits run into letters, case mixed inside the word) each
///   lower it.
/// How sure the aim is does not enter: on photos each aimed at one word, its weight came out against
/// the word, which nothing about text explains; it orders the candidates instead.
///
/// The weights are measured, not chosen: bench/calibrate.py fits them on one half of the photos of
/// every dev set (a hash of the file's name picks the half) and reports the reliability of the rule
/// on the other half, which it never saw (README, "How sure a proposal is").
enum ConfidenceRule {
    /// In the order of `features`; the first is the odds with none of the evidence.
    static let weights: [Double] = [
        -1.160, 2.058, 0.843, -0.691, -0.836, 0.549, -0.549, -0.433, -0.906, 1.725, 0.564, 0.647,
    ]

    /// The evidence as numbers, as bench/calibrate.py's `features` reads the same evidence.
    static func features(_ evidence: Evidence) -> [Double] {
        func flag(_ value: Bool) -> Double { value ? 1 : 0 }
        let recogniser = evidence.recogniserAgrees, tesseract = evidence.tesseractAgrees
        return [
            1,
            flag(recogniser == true && tesseract),
            flag(recogniser == true && !tesseract),
            flag(recogniser == false && tesseract),
            flag(recogniser == nil && tesseract),
            flag(evidence.inDictionary == true),
            flag(evidence.inDictionary == false),
            flag(evidence.route != .crop),
            flag(evidence.route == .page),
            evidence.reading / 100,
            evidence.attemptsAgreeing,
            log(max(evidence.shape, 0.05)),
        ]
    }

    /// 0-100; 0 when the evidence holds a number that is not one.
    static func confidence(_ evidence: Evidence) -> Int {
        let odds = zip(weights, features(evidence)).map(*).reduce(0, +)
        guard !odds.isNaN else { return 0 }
        return Int((100 / (1 + exp(-odds))).rounded())
    }
}
