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

/// Finding the word the photographer aimed at by its sharpness: the camera focused on it,
/// the background is softer.
enum SharpText {
    static func aimedRegion(in grey: Picture) throws -> PixelBox? {
        let factor = searchFactor(longEdge: max(grey.width, grey.height))
        let small = try grey.scaled(by: factor)
        let unit = Double(max(small.width, small.height)) / 800
        let boxes = try small.sharpRegions(
            edge: Tuning.edgeThreshold, closeWidth: Int(Tuning.closeWidth * unit), closeHeight: Int(Tuning.closeHeight * unit))
        let minimum = Int(Tuning.minimumRegion * unit)
        let area = Double(small.width * small.height)
        let plausible = merged(boxes.filter { $0.height >= 3 && $0.width >= 3 }).filter { box in
            box.height >= minimum && box.width >= minimum && Double(box.width * box.height) <= 0.5 * area
        }
        guard !plausible.isEmpty else { return nil }
        let tallest = plausible.map(\.height).max() ?? 1
        let best = plausible.max { a, b in
            AimPoint.score(box: a, confidence: 100, width: small.width, height: small.height, tallest: tallest)
                < AimPoint.score(box: b, confidence: 100, width: small.width, height: small.height, tallest: tallest)
        }!
        let scaled = best.scaled(by: 1 / factor)
        return scaled.padded(dx: 0, dy: 0, within: (grey.width, grey.height))
    }
}

extension SharpText {
    /// The reduction to about `Tuning.regionEdge` pixels. When halving (or quartering) lands within a tenth
    /// of it, that exact power of two is taken: Leptonica reduces by 2 several times faster than by an
    /// arbitrary factor, and a photo stored at 1440-1760 px lands there.
    static func searchFactor(longEdge: Int) -> Double {
        let exact = min(1, Tuning.regionEdge / Double(longEdge))
        let power = pow(2, log2(exact).rounded())
        return abs(power / exact - 1) <= 0.1 ? power : exact
    }

    /// Boxes that overlap, or stand on one line with a gap under `Tuning.mergeGap` heights, become one.
    static func merged(_ boxes: [PixelBox]) -> [PixelBox] {
        var boxes = boxes
        var changed = true
        while changed {
            changed = false
            outer: for i in boxes.indices {
                for j in boxes.indices where j > i && belongTogether(boxes[i], boxes[j]) {
                    boxes[i] = boxes[i].union(boxes[j])
                    boxes.remove(at: j)
                    changed = true
                    break outer
                }
            }
        }
        return boxes
    }

    static func belongTogether(_ a: PixelBox, _ b: PixelBox) -> Bool {
        let overlapX = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let overlapY = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        if overlapX > 0 && overlapY > 0 { return true }
        let lower = min(a.height, b.height), higher = max(a.height, b.height)
        guard Double(overlapY) >= 0.5 * Double(lower), Double(higher) <= 3 * Double(lower) else { return false }
        return Double(-overlapX) <= Tuning.mergeGap * Double(higher)
    }
}

/// Settings chosen by measurement with bench/accuracy.py (iiit5k-train, photos-dev, TestImages).
enum Tuning {
    /// Share of a word crop's height that the letters fill.
    static let cropTextFraction = 0.7
    /// Letter heights to read at: 48 px suits the line finder; 64 px adds a second opinion.
    static let textHeights: [Double] = [48, 64]
    /// Margin around the text, in letter heights: more makes PSM 8 and 13 shrink the text.
    static let margin = 0.1
    /// Pieces of a line closer than this many heights are one word Tesseract split ("GREE N").
    static let joinGap = 0.6
    /// Confidence added to a reading for each other attempt that reads the same.
    static let voteBonus = 5.0
    /// A sharp region read at least this confidently is taken without a sparse search of the photo.
    static let regionAccept = 60.0
    /// Long edge of the copy searched for sharp regions, and the scale the next three refer to.
    static let regionEdge = 800.0
    /// Sobel strength (0-255) that counts as in focus: blurred background stays under it.
    static let edgeThreshold = 25
    /// Closing that joins letters into words.
    static let closeWidth = 15.0, closeHeight = 5.0
    /// Regions smaller than this are specks.
    static let minimumRegion = 10.0
    /// Sharp regions on one line closer than this many heights are one (widely spaced letters).
    static let mergeGap = 1.2
    /// Long edge of the copy searched for words when no sharp region reads well.
    static let sparseEdge = 1600.0
    /// Confidence a candidate loses for letters in mixed case ("FREEaEDOM"; not "Straße", "STRAßE" or "BAÑO"),
    /// for punctuation inside it ("FREE‘AEDOM"), and per character of length it differs from the best
    /// reading by (an attempt that lost or doubled a letter).
    static let mixedCasePenalty = 20.0, innerPunctuationPenalty = 10.0, lengthPenalty = 5.0
}

/// How unlike a written word a reading looks: misreadings mix case and grow punctuation.
enum WordShape {
    static func oddity(of text: String, besides best: String) -> Double {
        var oddity = Double(abs(text.count - best.count)) * Tuning.lengthPenalty
        if hasMixedCase(text) { oddity += Tuning.mixedCasePenalty }
        if text.unicodeScalars.contains(where: { !CharacterSet.alphanumerics.contains($0) }) {
            oddity += Tuning.innerPunctuationPenalty
        }
        return oddity
    }

    /// Letters neither all capitals, all small, nor one capital then small ones. ß has no capital
    /// on most signs, so it counts as either ("STRAßE").
    static func hasMixedCase(_ text: String) -> Bool {
        let letters = text.filter { $0.isLetter && $0 != "ß" }
        guard let first = letters.first else { return false }
        let rest = letters.dropFirst()
        if letters.allSatisfy({ !$0.isLowercase }) || letters.allSatisfy({ !$0.isUppercase }) { return false }
        return !(first.isUppercase && rest.allSatisfy { !$0.isUppercase })
    }
}

/// One hypothesis for the aimed word.
struct Reading {
    var text: String
    var confidence: Double
    /// Everything read on the line.
    var line: String
    /// Other spellings from the characters Tesseract nearly chose, likeliest first, with how much
    /// less confident the network was in each swapped character.
    var variants: [(text: String, cost: Double)] = []

    /// The other readings and the variants of each, ordered by confidence less the cost of the swap
    /// and less how unlike a written word each looks beside the best reading.
    static func alternatives(_ ranked: [Reading]) -> [String] {
        guard let best = ranked.first?.text else { return [] }
        let others = ranked.dropFirst().map { ($0.text, $0.confidence) }
        let swapped = ranked.flatMap { reading in reading.variants.map { ($0.text, reading.confidence - $0.cost) } }
        return (others + swapped)
            .map { text, confidence in (text, confidence - WordShape.oddity(of: text, besides: best)) }
            .enumerated()
            .sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
            .map(\.element.0)
    }
}

/// Reads one word region several cheap ways and ranks the readings by Tesseract's confidence.
struct WordReader {
    let engine: TesseractEngine

    /// A picture small and wide enough to be one word rather than a scene.
    static func isWordCrop(width: Int, height: Int) -> Bool {
        let short = min(width, height), long = max(width, height)
        return (short <= 400 && long <= 3000) || (height <= 600 && width >= 3 * height)
    }

    /// Readings of the text in `region`, one per attempt, in the order tried.
    func read(_ grey: Picture, region: PixelBox, textHeight: Double) throws -> [Reading] {
        let wanted = Int(textHeight * Tuning.margin)
        let padded = region.padded(dx: wanted, dy: wanted, within: (grey.width, grey.height))
        let realPad = min(region.x - padded.x, region.y - padded.y,
                          padded.x + padded.width - region.x - region.width, padded.y + padded.height - region.y - region.height)
        let whole = padded == PixelBox(x: 0, y: 0, width: grey.width, height: grey.height)
        let crop = whole ? grey : try grey.cropped(to: padded)
        var readings: [Reading] = []
        func attempt(_ picture: Picture, _ mode: PageSegmentation, target: Double, choices: Bool = false) throws {
            let factor = target / max(textHeight, 1)
            let scaled = try picture.scaled(by: factor)
            let border = max(4, Int((Double(wanted - realPad) * factor).rounded()))
            let framed = try scaled.extendingEdges(by: border)
            let words = try engine.recognize(framed, mode: mode, choices: choices).filter { WordText.hasLetterOrDigit($0.text) }
            if let reading = Self.compose(words, centreX: Double(framed.width) / 2) {
                readings.append(reading)
            }
        }
        for target in Tuning.textHeights {
            try attempt(crop, .singleLine, target: target, choices: true)
        }
        // The other attempts are extra evidence: one that fails (a picture too small to binarise) is skipped.
        let first = Tuning.textHeights[0]
        try? attempt(crop, .singleWord, target: first, choices: true)
        try? attempt(crop, .rawLine, target: first, choices: true)
        if let inverted = try? crop.inverted() {
            try? attempt(inverted, .singleLine, target: first)
        }
        if let binary = try? crop.sauvolaBinarized(window: Int(textHeight * 2)) {
            try? attempt(binary, .singleLine, target: first)
        }
        return readings
    }

    /// Distinct readings, best first: the most confident, with a bonus for each other attempt that agrees.
    static func rank(_ readings: [Reading]) -> [Reading] {
        var merged: [String: Reading] = [:]
        var order: [String] = []
        for reading in readings where !reading.text.isEmpty {
            if var known = merged[reading.text] {
                known.confidence = max(known.confidence, reading.confidence)
                merged[reading.text] = known
            } else {
                merged[reading.text] = reading
                order.append(reading.text)
            }
        }
        func support(_ text: String) -> Int {
            readings.filter { $0.text.lowercased() == text.lowercased() }.count - 1
        }
        var ranked = order.map { text -> Reading in
            var reading = merged[text]!
            reading.confidence = min(100, reading.confidence + Tuning.voteBonus * Double(support(text)))
            return reading
        }
        ranked.sort { $0.confidence > $1.confidence }
        // A reading that differs from a better one only in case tells the learner little: keep it last.
        var seenFolded: Set<String> = []
        let fresh = ranked.filter { seenFolded.insert($0.text.lowercased()).inserted }
        return fresh + ranked.filter { reading in !fresh.contains { $0.text == reading.text } }
    }

    /// The word in a line of pieces: pieces close together are one word split by Tesseract
    /// ("GREE N"); of groups far apart, the one nearest the centre.
    static func compose(_ words: [RecognizedWord], centreX: Double) -> Reading? {
        let sorted = words.sorted { $0.box.x < $1.box.x }
        guard !sorted.isEmpty else { return nil }
        var groups: [[RecognizedWord]] = [[sorted[0]]]
        for word in sorted.dropFirst() {
            let previous = groups[groups.count - 1].last!
            let gap = Double(word.box.x - (previous.box.x + previous.box.width))
            let size = Double(max(word.box.height, previous.box.height))
            if gap < Tuning.joinGap * size {
                groups[groups.count - 1].append(word)
            } else {
                groups.append([word])
            }
        }
        func distance(_ group: [RecognizedWord]) -> Double {
            let left = Double(group.first!.box.x), right = Double(group.last!.box.x + group.last!.box.width)
            return centreX < left ? left - centreX : centreX > right ? centreX - right : 0
        }
        let group = groups.min { distance($0) < distance($1) }!
        let text = WordText.clean(group.map { WordText.clean($0.text) }.joined())
        guard WordText.hasLetterOrDigit(text) else { return nil }
        let letters = group.map { Double(max(1, $0.text.count)) }
        let confidence = zip(group, letters).map { $0.confidence * $1 }.reduce(0, +) / letters.reduce(0, +)
        return Reading(
            text: text, confidence: confidence, line: sorted.map(\.text).joined(separator: " "),
            variants: variants(of: group.flatMap(\.choices)))
    }

    /// Spellings that swap one character for the alternative the network rated closest to its choice.
    static func variants(of symbols: [[SymbolChoice]], count: Int = 3) -> [(text: String, cost: Double)] {
        var swaps: [(cost: Double, index: Int, text: String)] = []
        for (index, choices) in symbols.enumerated() {
            guard let chosen = choices.first else { continue }
            // A letter or digit in place of another character is news; punctuation rarely is.
            for alternative in choices.dropFirst() where WordText.hasLetterOrDigit(alternative.text) {
                swaps.append((chosen.confidence - alternative.confidence, index, alternative.text))
            }
        }
        return swaps.sorted { $0.cost < $1.cost }.prefix(count).map { swap in
            var texts = symbols.map { $0.first?.text ?? "" }
            texts[swap.index] = swap.text
            return (WordText.clean(texts.joined()), swap.cost)
        }
    }
}

enum Candidates {
    /// Up to `Recognizer.maximumCandidates` distinct readings, none equal to `proposal`, none without a
    /// letter or digit. Readings that differ from a better one only in case come last.
    static func distinct(_ texts: [String], excluding proposal: String) -> [String] {
        let usable = texts.filter { !$0.isEmpty && $0 != proposal && WordText.hasLetterOrDigit($0) }
        var keys: Set<String> = [key(proposal)]
        let fresh = usable.filter { keys.insert(key($0)).inserted }
        var result: [String] = []
        for text in fresh + usable where !result.contains(text) {
            result.append(text)
            if result.count == Recognizer.maximumCandidates { break }
        }
        return result
    }

    static func key(_ text: String) -> String {
        text.lowercased()
    }
}

/// Choosing the word the photographer aimed at: near the centre, large, confident.
enum AimPoint {
    static func score(_ word: RecognizedWord, width: Int, height: Int, tallest: Int) -> Double {
        score(box: word.box, confidence: word.confidence, width: width, height: height, tallest: tallest)
    }

    static func score(box: PixelBox, confidence: Double, width: Int, height: Int, tallest: Int) -> Double {
        let dx = (box.midX - Double(width) / 2) / (Double(width) / 2)
        let dy = (box.midY - Double(height) / 2) / (Double(height) / 2)
        let distance = (dx * dx + dy * dy).squareRoot() / 2.0.squareRoot()
        let centrality = exp(-pow(distance / 0.35, 2))
        let size = 0.3 + 0.7 * Double(box.height) / Double(max(tallest, 1))
        return centrality * size * (0.2 + 0.8 * confidence / 100)
    }

    /// Words best first.
    static func rank(_ words: [RecognizedWord], width: Int, height: Int) -> [RecognizedWord] {
        let tallest = words.map(\.box.height).max() ?? 1
        return words
            .map { ($0, score($0, width: width, height: height, tallest: tallest)) }
            .sorted { $0.1 > $1.1 }
            .map(\.0)
    }

    /// The aimed word's box joined with pieces of the same line close beside it (a word Tesseract split).
    static func neighbours(of word: RecognizedWord, in words: [RecognizedWord]) -> PixelBox {
        var box = word.box
        var grew = true
        while grew {
            grew = false
            for other in words where other != word {
                let sameLine = abs(other.box.midY - box.midY) < Double(box.height) * 0.5
                    && other.box.height * 2 >= word.box.height && other.box.height <= word.box.height * 2
                let gap = max(other.box.x - (box.x + box.width), box.x - (other.box.x + other.box.width))
                guard sameLine, Double(gap) < Tuning.joinGap * Double(word.box.height) else { continue }
                let union = box.union(other.box)
                if union != box { box = union; grew = true }
            }
        }
        return box
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

    static func hasLetterOrDigit(_ text: String) -> Bool {
        text.unicodeScalars.contains { CharacterSet.alphanumerics.contains($0) }
    }

    /// The word without punctuation around it ("«Café»," → "Café").
    static func clean(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet.alphanumerics.inverted)
    }
}

extension PixelBox {
    func union(_ other: PixelBox) -> PixelBox {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }
}
