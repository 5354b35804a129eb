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
        let reader = WordReader(engine: engine)
        if WordReader.isWordCrop(width: grey.width, height: grey.height) {
            return try proposeCrop(grey, reader: reader)
        }
        return try proposePhoto(grey, reader: reader)
    }

    /// A picture that is about one word: read it whole as a line.
    private func proposeCrop(_ grey: Picture, reader: WordReader) throws -> Proposal {
        let whole = PixelBox(x: 0, y: 0, width: grey.width, height: grey.height)
        let readings = WordReader.rank(try reader.read(grey, region: whole, textHeight: Double(grey.height) * Tuning.cropTextFraction))
        guard let best = readings.first else { return .nothingFound }
        return Proposal(
            word: best.text, confidence: Int(best.confidence.rounded()),
            candidates: Candidates.distinct(Reading.alternatives(readings), excluding: best.text),
            box: whole, context: best.line)
    }

    /// A photo: find the sharp text region at the aim point and read it like a word crop;
    /// when that reads nothing convincing, look for words all over the photo.
    private func proposePhoto(_ grey: Picture, reader: WordReader) throws -> Proposal {
        var regionReadings: [Reading] = []
        var regionBox: PixelBox?
        if let region = try SharpText.aimedRegion(in: grey) {
            regionBox = region
            regionReadings = WordReader.rank(try reader.read(grey, region: region, textHeight: Double(region.height) * Tuning.cropTextFraction))
            if let best = regionReadings.first, best.confidence >= Tuning.regionAccept {
                return Proposal(
                    word: best.text, confidence: Int(best.confidence.rounded()),
                    candidates: Candidates.distinct(Reading.alternatives(regionReadings), excluding: best.text),
                    box: region, context: best.line)
            }
        }
        return try proposeSparse(grey, reader: reader, earlier: regionReadings, earlierBox: regionBox)
    }

    /// Words found anywhere on a reduced copy; the one at the aim point is re-read closely.
    private func proposeSparse(_ grey: Picture, reader: WordReader, earlier: [Reading], earlierBox: PixelBox?) throws -> Proposal {
        let factor = min(1, Tuning.sparseEdge / Double(max(grey.width, grey.height)))
        let small = try grey.scaled(by: factor)
        let found = try reader.engine.recognize(small, mode: .sparseText)
            .filter { WordText.hasLetter($0.text) }
            .map { word -> RecognizedWord in
                var word = word
                word.box = word.box.scaled(by: 1 / factor)
                return word
            }
        guard !found.isEmpty else {
            guard let best = earlier.first else { return .nothingFound }
            return Proposal(
                word: best.text, confidence: Int(best.confidence.rounded()),
                candidates: Candidates.distinct(Reading.alternatives(earlier), excluding: best.text),
                box: earlierBox, context: best.line)
        }

        let ranked = AimPoint.rank(found, width: grey.width, height: grey.height)
        let aimed = ranked[0]
        let region = AimPoint.neighbours(of: aimed, in: found)
        var readings = try reader.read(grey, region: region, textHeight: Double(aimed.box.height))
        let detected = Reading(text: WordText.clean(aimed.text), confidence: aimed.confidence, line: aimed.text)
        if !detected.text.isEmpty { readings.append(detected) }
        readings = WordReader.rank(readings + earlier)
        guard let best = readings.first else { return .nothingFound }

        let others = Reading.alternatives(readings) + ranked.dropFirst().map { WordText.clean($0.text) }
        return Proposal(
            word: best.text, confidence: Int(best.confidence.rounded()),
            candidates: Candidates.distinct(others, excluding: best.text),
            box: region,
            context: AimPoint.line(around: aimed, in: found, replacingWith: best.text))
    }
}
