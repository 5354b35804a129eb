import Foundation
import WordBookVocabulary

/// Reads one word region several cheap ways and ranks the readings by Tesseract's confidence.
struct WordReader {
    let engine: TesseractEngine

    /// A picture small and wide enough to be one word rather than a scene.
    static func isWordCrop(width: Int, height: Int) -> Bool {
        let short = min(width, height), long = max(width, height)
        return (short <= 400 && long <= 3000) || (height <= 600 && width >= 3 * height)
    }

    /// The words Tesseract finds anywhere in `region` (sparse text, or `mode`), scaled by `scale` first;
    /// boxes in `grey`'s pixels. Only words with a letter: a learner collects words, not numbers.
    func words(in grey: Picture, region: PixelBox, scale: Double = 1, mode: PageSegmentation = .sparseText) throws -> [RecognizedWord] {
        let whole = region == PixelBox(x: 0, y: 0, width: grey.width, height: grey.height)
        let crop = whole ? grey : try grey.cropped(to: region)
        let scaled = scale == 1 ? crop : try crop.scaled(by: scale)
        return try engine.recognize(scaled, mode: mode)
            .filter { WordText.hasLetter($0.text) }
            .map { word in
                var word = word
                word.box = word.box.scaled(by: 1 / scale).offset(dx: region.x, dy: region.y)
                return word
            }
    }

    /// Readings of the text in `region`, one per attempt, in the order tried. With an `aim`, the
    /// words Tesseract separated stay apart and each reading is the word under (or nearest) the
    /// aim point's x, in `grey`'s coordinates; without, the region is one word and its pieces join.
    func read(_ grey: Picture, region: PixelBox, textHeight: Double, aim: Double? = nil) throws -> [Reading] {
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
            let centreX = aim.map { ($0 - Double(padded.x)) * factor + Double(border) } ?? Double(framed.width) / 2
            if var reading = Self.compose(words, centreX: centreX, joinGap: aim == nil ? Tuning.joinGap : Tuning.photoJoinGap) {
                // Back to `grey`'s pixels: the framed picture is the padded crop, scaled, with a border.
                func inGrey(_ box: PixelBox) -> PixelBox {
                    box.offset(dx: -border, dy: -border).scaled(by: 1 / factor).offset(dx: padded.x, dy: padded.y)
                }
                reading.box = reading.box.map(inGrey)
                reading.neighbourBoxes = reading.neighbourBoxes.map(inGrey)
                reading.lineWords = reading.lineWords.map { ReadWord(text: $0.text, box: inGrey($0.box)) }
                readings.append(reading)
            }
        }
        for target in Tuning.textHeights {
            try attempt(crop, .singleLine, target: target, choices: true)
        }
        // The other attempts are extra evidence: one that fails (a picture too small to binarise) is skipped.
        // Two more were tried, and every dev set reads as many words right without them: a raw line
        // (Tesseract's mode 13) on a crop that is already one line reads what the single line does;
        // and the crop inverted, for light letters on a dark sign, is what Tesseract 5.3 tries itself
        // on every line whose confidence is under its `invert_threshold` (docs/recognition.md).
        let first = Tuning.textHeights[0]
        try? attempt(crop, .singleWord, target: first, choices: true)
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
        // Below 100 a reading's confidence counts the attempts that agree on it; at 100 it hides them.
        // So of two readings both at 100, the one with more belief before the cap comes first: POLICE,
        // read surely three times, over POLICED read twice; the recogniser's sure `to` (99.98, and
        // Tesseract once) over Tesseract's `lo` read three ways (at most 94). Case twins, which agree
        // alike, and equals below 100 keep the order they were read in.
        let believed = order.map { text in (reading: merged[text]!, belief: merged[text]!.confidence + Tuning.voteBonus * Double(support(text))) }
        // Case twins share their support, and so the belief that orders them at 100: the likeliest twin's.
        var twinBelief: [String: Double] = [:]
        for (reading, belief) in believed { twinBelief[reading.text.lowercased()] = max(twinBelief[reading.text.lowercased()] ?? 0, belief) }
        func key(_ item: (reading: Reading, belief: Double)) -> (Double, Double) {
            let capped = min(100, item.belief)
            return (capped, capped == 100 ? twinBelief[item.reading.text.lowercased()]! : 0)
        }
        let ranked = believed
            .sorted { key($0) > key($1) }
            .map { item -> Reading in
                var reading = item.reading
                reading.confidence = min(100, item.belief)
                return reading
            }
        // A reading that differs from a better one only in case tells the learner little: keep it last.
        var seenFolded: Set<String> = []
        let fresh = ranked.filter { seenFolded.insert($0.text.lowercased()).inserted }
        return fresh + ranked.filter { reading in !fresh.contains { $0.text == reading.text } }
    }

    /// The word in a line of pieces: pieces closer than `joinGap` heights are one word split by
    /// Tesseract ("GREE N"); of the groups, the one under or nearest `centreX`. The other groups,
    /// nearest first, are the reading's neighbours.
    static func compose(_ words: [RecognizedWord], centreX: Double, joinGap: Double) -> Reading? {
        let sorted = words.sorted { $0.box.x < $1.box.x }
        guard !sorted.isEmpty else { return nil }
        // The line's letter height: the median box, not the taller of two neighbours, whose box may
        // take in the edge of a plate and make a word space look like a gap inside a word.
        let size = Double(AimPoint.median(sorted.map(\.box.height)))
        var groups: [[RecognizedWord]] = [[sorted[0]]]
        for word in sorted.dropFirst() {
            let previous = groups[groups.count - 1].last!
            let gap = Double(word.box.x - (previous.box.x + previous.box.width))
            if gap < joinGap * size {
                groups[groups.count - 1].append(word)
            } else {
                groups.append([word])
            }
        }
        func distance(_ group: [RecognizedWord]) -> Double {
            let left = Double(group.first!.box.x), right = Double(group.last!.box.x + group.last!.box.width)
            return centreX < left ? left - centreX : centreX > right ? centreX - right : 0
        }
        func text(_ group: [RecognizedWord]) -> String {
            WordText.clean(group.map { WordText.clean($0.text) }.joined())
        }
        func box(_ group: [RecognizedWord]) -> PixelBox {
            group.dropFirst().reduce(group[0].box) { $0.union($1.box) }
        }
        let byDistance = groups.sorted { distance($0) < distance($1) }
        guard let group = byDistance.first(where: { WordText.hasLetterOrDigit(text($0)) }) else { return nil }
        let letters = group.map { Double(max(1, $0.text.count)) }
        let confidence = zip(group, letters).map { $0.confidence * $1 }.reduce(0, +) / letters.reduce(0, +)
        return Reading(
            text: text(group), confidence: confidence, line: sorted.map(\.text).joined(separator: " "),
            variants: variants(of: group.flatMap(\.choices)),
            box: box(group),
            neighbours: byDistance.filter { $0 != group }.map(text).filter(WordText.hasLetter),
            neighbourBoxes: byDistance.filter { $0 != group }.map(box),
            lineWords: groups.compactMap { WordsAround.word(text($0), box($0)) })
    }

    /// The words of a search with the pieces of a split word joined: Tesseract's layout analysis can
    /// cut a word where two letters stand apart by a hair ("silio" + "nne" of a kerned "nn", even put
    /// in two of its lines), and a word space is several times wider than that. Pieces side by side
    /// on one line of the photo, closer than `joinGap` of the letter height, as `compose` joins a
    /// line's pieces, are one word.
    static func joiningPieces(_ words: [RecognizedWord], joinGap: Double = Tuning.photoJoinGap) -> [RecognizedWord] {
        let size = Double(AimPoint.median(words.map(\.box.height)))
        var pieces: [RecognizedWord] = []
        for word in words.sorted(by: { $0.box.x < $1.box.x }) {
            let index = pieces.lastIndex { piece in
                let gap = Double(word.box.x - (piece.box.x + piece.box.width))
                let shared = min(piece.box.y + piece.box.height, word.box.y + word.box.height) - max(piece.box.y, word.box.y)
                return abs(gap) < joinGap * size && 2 * shared >= min(piece.box.height, word.box.height)
            }
            guard let index else {
                pieces.append(word)
                continue
            }
            let last = pieces[index]
            let letters = (Double(max(1, last.text.count)), Double(max(1, word.text.count)))
            pieces[index] = RecognizedWord(
                text: last.text + word.text,
                confidence: (last.confidence * letters.0 + word.confidence * letters.1) / (letters.0 + letters.1),
                box: last.box.union(word.box), line: last.line, choices: last.choices + word.choices)
        }
        return pieces
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

/// One hypothesis for the aimed word.
struct Reading {
    var text: String
    var confidence: Double
    /// Everything read on the line.
    var line: String
    /// Other spellings from the characters Tesseract nearly chose, likeliest first, with how much
    /// less confident the network was in each swapped character.
    var variants: [(text: String, cost: Double)] = []
    /// Where the word is, when it was read from a photo.
    var box: PixelBox?
    /// The other words of the line, nearest first.
    var neighbours: [String] = []
    /// Where every other word of the line is.
    var neighbourBoxes: [PixelBox] = []
    /// Every word of the line with its box, the reading's own among them.
    var lineWords: [ReadWord] = []

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
