import Foundation

/// What recognition proposes for one photo: the word the learner most likely aimed at.
public struct Proposal: Sendable, Equatable, Codable {
    /// The proposed word; empty when the photo shows no readable word.
    public var word: String
    /// 0-100.
    public var confidence: Int
    /// Up to four other readings or nearby words, best first, all different from `word`.
    public var candidates: [String]
    /// Where the word is, in the pixels of the picture that was recognised.
    public var box: PixelBox?
    /// The line of text the word stands in.
    public var context: String

    public static let nothingFound = Proposal(word: "", confidence: 0, candidates: [], box: nil, context: "")

    public init(word: String, confidence: Int, candidates: [String], box: PixelBox?, context: String) {
        self.word = word
        self.confidence = confidence
        self.candidates = candidates
        self.box = box
        self.context = context
    }
}

/// Turns an upright picture into a proposal. Holds one Tesseract engine per language,
/// each created on first use and kept. Not thread-safe: one recognizer per worker thread.
public final class Recognizer {
    public static let maximumCandidates = 4

    private let dataPath: String?
    private var engines: [Language: TesseractEngine] = [:]

    public init(dataPath: String? = nil) {
        self.dataPath = dataPath
    }

    public func engine(for language: Language) throws -> TesseractEngine {
        if let engine = engines[language] { return engine }
        let engine = try TesseractEngine(languageCode: language.tesseractCode, dataPath: dataPath)
        engines[language] = engine
        return engine
    }

    public func propose(_ picture: Picture, language: Language) throws -> Proposal {
        let engine = try engine(for: language)
        let grey = try picture.grey()
        let words = try engine.recognize(grey, mode: .sparseText).filter { WordText.hasLetter($0.text) }
        guard !words.isEmpty else { return .nothingFound }

        let ranked = AimPoint.rank(words, width: grey.width, height: grey.height)
        let aimed = ranked[0]
        var readings = [Reading(text: WordText.clean(aimed.text), confidence: aimed.confidence)]
        if let refined = try readCrop(around: aimed.box, of: grey, engine: engine) {
            readings.append(refined)
        }
        readings.sort { $0.confidence > $1.confidence }

        let best = readings[0]
        var candidates: [String] = []
        func offer(_ text: String) {
            guard !text.isEmpty, text != best.text, !candidates.contains(text),
                  candidates.count < Self.maximumCandidates else { return }
            candidates.append(text)
        }
        readings.dropFirst().forEach { offer($0.text) }
        ranked.dropFirst().forEach { offer(WordText.clean($0.text)) }

        return Proposal(
            word: best.text,
            confidence: Int(best.confidence.rounded()),
            candidates: candidates,
            box: aimed.box,
            context: AimPoint.line(around: aimed, in: words, replacingWith: best.text))
    }

    private struct Reading {
        var text: String
        var confidence: Double
    }

    /// Reads a padded crop around the chosen word as a single line, at a height Tesseract reads well.
    private func readCrop(around box: PixelBox, of grey: Picture, engine: TesseractEngine) throws -> Reading? {
        let pad = max(6, box.height * 2 / 5)
        let region = box.padded(dx: pad, dy: pad, within: (grey.width, grey.height))
        guard region.width > 4, region.height > 4 else { return nil }
        var crop = try grey.cropped(to: region)
        var scale = 1.0
        if box.height < 30 { scale = 40 / Double(max(box.height, 1)) }
        if box.height > 110 { scale = 80 / Double(box.height) }
        crop = try crop.scaled(by: scale)
        let words = try engine.recognize(crop, mode: .singleLine).filter { WordText.hasLetter($0.text) }
        // The word the crop was made for sits where the original box sits inside the crop.
        let target = box.offsetBy(dx: -region.x, dy: -region.y).scaled(by: scale)
        guard let match = words.min(by: { abs($0.box.midX - target.midX) < abs($1.box.midX - target.midX) }) else {
            return nil
        }
        let text = WordText.clean(match.text)
        return text.isEmpty ? nil : Reading(text: text, confidence: match.confidence)
    }
}

/// Choosing the word the photographer aimed at: near the centre, large, confident.
enum AimPoint {
    static func score(_ word: RecognizedWord, width: Int, height: Int, tallest: Int) -> Double {
        let dx = (word.box.midX - Double(width) / 2) / (Double(width) / 2)
        let dy = (word.box.midY - Double(height) / 2) / (Double(height) / 2)
        let distance = (dx * dx + dy * dy).squareRoot() / 2.0.squareRoot()
        let centrality = exp(-pow(distance / 0.35, 2))
        let size = 0.3 + 0.7 * Double(word.box.height) / Double(max(tallest, 1))
        let confidence = 0.2 + 0.8 * word.confidence / 100
        return centrality * size * confidence
    }

    /// Words best first.
    static func rank(_ words: [RecognizedWord], width: Int, height: Int) -> [RecognizedWord] {
        let tallest = words.map(\.box.height).max() ?? 1
        return words
            .map { ($0, score($0, width: width, height: height, tallest: tallest)) }
            .sorted { $0.1 > $1.1 }
            .map(\.0)
    }

    /// The words on the same line as `word`, left to right, with `word` itself read as `text`.
    static func line(around word: RecognizedWord, in words: [RecognizedWord], replacingWith text: String) -> String {
        let band = Double(word.box.height) * 0.6
        return words
            .filter { other in
                abs(other.box.midY - word.box.midY) < band
                    && other.box.height * 2 >= word.box.height && other.box.height <= word.box.height * 2
            }
            .sorted { $0.box.x < $1.box.x }
            .map { $0 == word ? text : $0.text }
            .joined(separator: " ")
    }
}

/// Tidying what Tesseract read into a word a learner would write down.
enum WordText {
    static func hasLetter(_ text: String) -> Bool {
        text.unicodeScalars.contains { CharacterSet.letters.contains($0) }
    }

    /// The word without punctuation around it ("«Café»," → "Café").
    static func clean(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet.alphanumerics.inverted)
    }
}

extension PixelBox {
    func offsetBy(dx: Int, dy: Int) -> PixelBox {
        PixelBox(x: x + dx, y: y + dy, width: width, height: height)
    }
}
