import Foundation

/// A proposal's confidence: how likely it is right, in percent, from its evidence. Each fact about
/// the reading adds its weight to the odds that the proposal is right (a logistic rule):
/// - two independent readers, the scene-text recogniser and Tesseract, that read the same letters
///   rarely make the same mistake; one reader alone, or a spelling neither read, is weaker;
/// - a misreading is rarely a word of the language, and a word the dictionary does not know (a
///   name, a brand) is more often misread;
/// - where the word was found: in a picture that is one word, on a sign in a photo, or in running
///   text on a page, where the word aimed at is often a line or a word off;
/// - a reader's low confidence in its letters, Tesseract's attempts that read it otherwise, and a
///   shape misreadings take (a lone letter, digits run into letters, case mixed inside the word; a
///   word of one or two letters, often a piece of a longer one) each lower it;
/// - letters a few pixels high are blurred into each other;
/// - a word beside the aim point rather than under it may be the neighbour of the one aimed at (the
///   aim point's distance from the word, in letter heights). How sure the aim is among rivals did not
///   help: on photos each aimed at one word its weight came out against the word, and it is left out.
///
/// The weights are measured, not chosen: bench/calibrate.py fits them on one half of the photos of
/// every dev set (a hash of the file's name picks the half) and reports the reliability of the rule
/// on the other half, which it never saw (docs/recognition.md, "How sure a proposal is").
enum ConfidenceRule {
    /// In the order of `features`; the first is the odds with none of the evidence.
    static let weights: [Double] = [
        -2.866, 2.585, 1.044, -1.098, -0.965, 0.848, -0.848, 0.512, -0.430, 2.811, 1.615, 0.139, 0.895, -0.253, -2.216,
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
            log(min(max(evidence.textHeight, 8), 64) / 64),
            flag(evidence.letters <= 2),
            log1p(min(max(evidence.aimOffset, 0), 8)),
        ]
    }

    /// 0-100; 0 when the evidence holds a number that is not one.
    static func confidence(_ evidence: Evidence) -> Int {
        let odds = zip(weights, features(evidence)).map(*).reduce(0, +)
        guard !odds.isNaN else { return 0 }
        return Int((100 / (1 + exp(-odds))).rounded())
    }
}
