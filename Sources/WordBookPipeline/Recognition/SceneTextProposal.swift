import Foundation
import WordBookSettings
import WordBookVocabulary

extension Recognizer {
    /// `proposeDetected` on the middle of the photo, where the learner put the word, and on the whole
    /// frame where the word found there reaches a side of that middle: a word set across most of the
    /// frame (a learner who fills the photo with it) runs on past the middle, and read there it is cut
    /// (EUROCENTRIC as UROCENTRIC; THE ARTS as THWARTS, cut inside ARTS).
    func proposeAimed(_ colour: Picture, _ grey: Picture, reader: WordReader, scene: SceneText, language: Language) throws -> Proposal? {
        guard let found = try proposeDetected(colour, grey, reader: reader, scene: scene, language: language) else { return nil }
        let middle = AimPoint.middle(width: grey.width, height: grey.height, share: Tuning.detectionWindow)
        guard let box = found.box, DetectedLines.reachesSide(box, of: middle) else { return found }
        return try proposeDetected(colour, grey, reader: reader, scene: scene, language: language, window: 1) ?? found
    }

    /// A photo, with the scene-text detector: the lines near the aim point, read by the recogniser; the
    /// word nearest the aim point, read again by Tesseract along its line. Nil when no line is near.
    /// The detector sees the middle `window` of the photo; `detected` are its lines there when it has
    /// already looked. `closer` is the second look, around an aim the first found no word on. `frame`
    /// is where the whole photo lies in the pictures' pixels when they hold only a part of it (the
    /// part a turned photo is turned in); the aim and the windows are the photo's.
    func proposeDetected(
        _ colour: Picture, _ grey: Picture, reader: WordReader, scene: SceneText, language: Language, straightened: Bool = false,
        window: Double = Tuning.detectionWindow, detected: [TextLine]? = nil, closer: Bool = false, frame: PixelBox? = nil
    ) throws -> Proposal? {
        let frame = frame ?? PixelBox(x: 0, y: 0, width: grey.width, height: grey.height)
        let centre = AimPoint.centre(width: frame.width, height: frame.height)
        let aim = (x: Double(frame.x) + centre.x, y: Double(frame.y) + centre.y)
        // The detector sees the middle of the frame, where the learner put the word: its time grows with the area.
        let middle = AimPoint.middle(width: frame.width, height: frame.height, share: window).offset(dx: frame.x, dy: frame.y)
        // The recogniser reads a line at 48 px high in `inputWidth` columns: a line longer than this
        // many heights is squeezed.
        let unsqueezed = Double(scene.reader.inputWidth) / 48
        let lines = try (detected ?? (looksCoarseFirst ? Self.detect(colour, within: middle, aim: aim, detector: scene.detector, unsqueezed: unsqueezed)
                                        : scene.detector.lines(in: colour, within: middle)))
            .map { $0.offset(dx: Double(middle.x), dy: Double(middle.y)) }
        let nearLines = DetectedLines.near(lines, aim: aim, reach: Tuning.aimMissHeights, count: Tuning.linesRead)
        // A phone held at a slant turns the lines: the recogniser reads a turned line from its own
        // rectified crop, but Tesseract reads the level band around it, where the line runs across the
        // band and the lines above and below reach in. The photo is turned level about the aim point (its
        // middle, which stays in place) and read again; the word's box is turned back. Only the middle
        // the detector sees is turned, with the margin Tesseract reads around a line there.
        if !straightened, let nearest = nearLines.first, nearest.length >= 2 * nearest.height,
           abs(nearest.slant) >= Tuning.levelSlant, abs(nearest.slant) <= Tuning.steepestSlant {
            let turn = -nearest.slant
            let reach = Int((Double(middle.height) * Tuning.detectedTextFraction * Tuning.margin).rounded(.up)) + 1
            let part = middle.padded(dx: reach, dy: reach, within: (frame.width, frame.height))
            if var proposal = try proposeDetected(
                try colour.rotated(by: turn, keeping: part), try grey.rotated(by: turn, keeping: part), reader: reader,
                scene: scene, language: language, straightened: true, window: window, closer: closer,
                frame: PixelBox(x: -part.x, y: -part.y, width: frame.width, height: frame.height)) {
                func back(_ box: PixelBox) -> PixelBox {
                    box.offset(dx: part.x, dy: part.y).rotated(by: -turn, inFrame: frame.width, frame.height)
                }
                proposal.box = proposal.box.map(back)
                proposal.around = proposal.around.map { ReadWord(text: $0.text, box: back($0.box)) }
                return proposal
            }
            // Turned level, no line lies near the aim (a line the detector found slanted is a curved
            // script or a logo, not a turned photo): it is read as found.
        }
        // Running text on a page (a line squeezed to less than half its width in the recogniser's input,
        // with lines like it above and below) is print, which Tesseract reads and places word by word
        // better than the recogniser does, squeezing the line.
        if let nearest = nearLines.first, DetectedLines.isRunningText(nearest, among: lines, squeezedPast: 2 * unsqueezed) {
            return nil
        }
        var words: [DetectedWord] = []
        var lineTexts: [LineText] = []
        for line in nearLines {
            let text = try scene.reader.read(line, in: colour)
            lineTexts.append(text)
            words += DetectedLines.words(of: text, in: line).filter { WordText.hasLetter($0.text) }
        }
        let ranked = DetectedLines.rank(words, aim: aim)
        guard let aimed = ranked.first else { return nil }
        let lineText = lineTexts[nearLines.firstIndex(of: aimed.line) ?? 0]
        let context = lineText.text
        var neural = Reading(text: aimed.text, confidence: aimed.word.confidence * 100, line: context)
        neural.box = aimed.box
        neural.variants = aimed.word.variants.map { (WordText.clean($0), 0) }
        // A line longer than the recogniser's input is squeezed into it, which thins every letter: read
        // the word again from its own part of the line, a letter height to either side.
        if aimed.line.length > aimed.line.height * unsqueezed {
            let margin = aimed.line.height / aimed.line.length
            let part = aimed.line.part(from: aimed.word.start - margin, to: aimed.word.end + margin)
            if let centred = try Self.centredWord(in: part, of: colour, reader: scene.reader) {
                neural.text = WordText.clean(centred.text)
                neural.confidence = centred.confidence * 100
                neural.variants = centred.variants.map { (WordText.clean($0), 0) }
            }
        }
        // Tesseract reads the word's line and keeps the word under the aim.
        let tesseract = try reader.read(
            grey, region: aimed.line.box, textHeight: aimed.line.height * Tuning.detectedTextFraction, aim: aimed.box.midX)
        var pool = [neural] + tesseract
        var recognised = [neural.text]
        var split: Reading?
        // The recogniser reads on across a word space it does not see (ROCKYMOUNTS) where Tesseract, which
        // splits words at gaps in the ink, sees two: the recogniser reads Tesseract's word alone too. That
        // reading counts when it is a word of the language or Tesseract's own reading of it.
        if let span = DetectedLines.tesseractWord(in: aimed, readings: WordReader.rank(tesseract)) {
            let margin = aimed.line.height * Tuning.splitMargin / aimed.line.length
            let part = aimed.line.part(from: span.start - margin, to: span.end + margin)
            if let word = try Self.centredWord(in: part, of: colour, reader: scene.reader) {
                var alone = Reading(text: WordText.clean(word.text), confidence: word.confidence * 100, line: context)
                alone.box = part.part(from: word.start, to: word.end).box
                let agreed = tesseract.contains { $0.text.lowercased() == alone.text.lowercased() }
                if agreed || lexicon?(alone.text, language) == true {
                    pool.append(alone)
                    recognised.append(alone.text)
                    split = alone
                }
            }
        }
        let readings = splittingRunTogether(
            wholeWhereAimed(
                endingAtInk(preferringWords(WordReader.rank(pool), language: language), split: split, language: language),
                at: aim.x, language: language),
            at: aim.x, fallback: aimed.box, language: language)
        let unit = max(1, DetectedLines.median(words.map { $0.line.height }))
        let others = ranked.dropFirst()
        let near = others.filter { AimPoint.distance(from: aim, to: $0.box) <= Tuning.nearbyHeights * unit }
        let sure = AimPoint.certainty(of: aimed.box, among: others.map(\.box), aim: aim, unit: unit)
        let shown = readings.first.map { DetectedLines.line(lineText, replacing: aimed.word, with: $0.text) } ?? context
        var proposal = Self.proposal(
            readings, box: aimed.box, context: shown, certainty: sure, nearby: near.map(\.text),
            farther: others.filter { other in !near.contains { $0.box == other.box } }.map(\.text))
        if let best = readings.first {
            proposal.judge(by: evidence(
                .detected, best: best, tesseract: tesseract, recogniser: recognised, aim: sure,
                offset: AimPoint.offset(of: best.box ?? aimed.box, from: aim) / max(1, aimed.line.height * Tuning.detectedTextFraction),
                textHeight: aimed.line.height * Tuning.detectedTextFraction, language: language))
        }
        // The words the readers saw: the readings of the aimed word, the words of the line Tesseract read
        // around it, and the recogniser's words of the aimed line. The recogniser places each word along
        // its line by the steps its letters were read at (CTC), so each word has its own part of the
        // line: no word's box is guessed from its share of the line's letters.
        var seen = readings.compactMap { WordsAround.word($0.text, $0.box) } + tesseract.flatMap(\.wordsSeen)
        seen += words.compactMap { WordsAround.word($0.text, $0.box) }
        // The other lines near the aim are read for a learner to tap the word meant when the proposal
        // is wrong, which a very sure one rarely is (`Certainty.verySureFrom`); each costs a
        // recogniser pass, as the aimed line does.
        if proposal.confidence < Certainty.verySureFrom {
            for line in DetectedLines.near(lines, aim: aim, reach: Tuning.aimMissHeights, count: WordsAround.lines) where !nearLines.contains(line) {
                seen += DetectedLines.words(of: try scene.reader.read(line, in: colour), in: line).compactMap { WordsAround.word($0.text, $0.box) }
            }
        }
        proposal.around = seen
        // The learner aims at the word: when the word found lies a letter height or more from the aim,
        // the detector may have missed the one there (small, faint, letter-spaced under a large one).
        // The middle around the aim is looked at again, twice as large; what is found there counts when
        // its word lies nearer the aim. A photo turned level is looked at closer as turned.
        if !closer, let offset = proposal.evidence?.aimOffset, offset >= Tuning.aimOnNoWord {
            let middle = AimPoint.middle(width: frame.width, height: frame.height, share: window / 2).offset(dx: frame.x, dy: frame.y)
            let found = try scene.detector.lines(in: colour, within: middle)
            if !found.isEmpty, let nearer = try proposeDetected(
                colour, grey, reader: reader, scene: scene, language: language, straightened: straightened,
                window: window / 2, detected: found, closer: true, frame: frame),
               let nearerOffset = nearer.evidence?.aimOffset, nearerOffset < offset {
                return nearer
            }
        }
        return proposal
    }

    /// The lines in `middle`, in its own coordinates. The detector's time grows with the area it sees,
    /// and most aimed words are large: it looks first at the coarse size (`Tuning.coarseDetectorSide`),
    /// and again at the full size only when the line nearest the aim is small there, or missing, or
    /// longer than the recogniser reads without squeezing it (`unsqueezed` heights): at the coarse size
    /// the gap between two words on a sign closes, and they come as one line (ARTS&CRAFTS, VISTA INC),
    /// which the full size parts.
    static func detect(_ colour: Picture, within middle: PixelBox, aim: (x: Double, y: Double), detector: TextDetector,
                       unsqueezed: Double) throws -> [TextLine] {
        let coarse = try detector.lines(in: colour, within: middle, longest: Tuning.coarseDetectorSide)
        let scale = detector.scale(of: middle, longest: Tuning.coarseDetectorSide)
        guard scale < detector.scale(of: middle) else { return coarse }  // a small photo: the coarse size is the full size
        let local = (x: aim.x - Double(middle.x), y: aim.y - Double(middle.y))
        if let nearest = DetectedLines.near(coarse, aim: local, reach: Tuning.aimMissHeights, count: 1).first,
           nearest.height * scale >= Tuning.coarseLineHeight, nearest.length <= nearest.height * unsqueezed {
            return coarse
        }
        return try detector.lines(in: colour, within: middle)
    }

    /// The word in the middle of `part` of a line, read by the recogniser alone: the part was cut around it.
    private static func centredWord(in part: TextLine, of colour: Picture, reader: TextLineReader) throws -> LineWord? {
        try reader.read(part, in: colour).words
            .filter { WordText.hasLetter(WordText.clean($0.text)) }
            .min { abs(($0.start + $0.end) / 2 - 0.5) < abs(($1.start + $1.end) / 2 - 0.5) }
    }

    /// Two words a sign sets close together, run into one by both readers (DAYSURGERY, ROCKYMOUNTS):
    /// when the best reading is no word of the language but splits into two that are, of three letters
    /// or more, the part under the aim point (by the letters' share of the word's box) is the first
    /// other reading. A name is as often two words written as one (WARFIELD, Gaslamp), which the
    /// letters alone do not tell apart; where the learner aimed does. The learner aims at the middle of
    /// the word meant: an aim twice as near the middle of the part as that of the whole run (ROCKY of
    /// ROCKYMOUNTS) means the part, which is then the proposal; a name set solid is aimed at its
    /// middle, and stays whole. A run with no such split but a word of three letters or more at one
    /// end, whose other letters make no word (MUSICI, ANINGPLACE: a neighbour's letters, or a word
    /// cut by the edge of the detector's view), is that word when the aim is twice as near its
    /// middle, and stays whole otherwise, with no part offered. A word of a hyphenated reading (SAVE
    /// of SAVE-WAY, read SAVE-WE where the detector's view ends) is the proposal when the aim means
    /// it. German writes its compounds as one word: its readings are not split.
    func splittingRunTogether(_ ranked: [Reading], at aimX: Double, fallback: PixelBox, language: Language) -> [Reading] {
        guard language != .german, let lexicon, let best = ranked.first else { return ranked }
        let letters = Array(best.text)
        let box = best.box ?? fallback
        func x(_ index: Int) -> Int { box.x + Int(Double(box.width) * Double(index) / Double(letters.count)) }
        func part(_ range: Range<Int>) -> Reading {
            var part = best
            part.text = String(letters[range])
            part.variants = []
            part.box = PixelBox(x: x(range.lowerBound), y: box.y, width: x(range.upperBound) - x(range.lowerBound), height: box.height)
            return part
        }
        func meant(_ part: Reading) -> Bool {
            part.box.map { AimPoint.means($0, over: box, aimX: aimX) } ?? false
        }
        if letters.contains("-"), letters.allSatisfy({ $0.isLetter || $0 == "-" }) {
            var parts: [Range<Int>] = [], start = 0
            for (index, character) in letters.enumerated() where character == "-" {
                parts.append(start..<index)
                start = index + 1
            }
            parts.append(start..<letters.count)
            guard let under = parts.filter({ $0.count >= 2 }).map(part).first(where: { meant($0) && lexicon($0.text, language) == true })
            else { return ranked }
            return [under, best] + ranked.dropFirst()
        }
        guard best.text.allSatisfy(\.isLetter), best.text.count >= 6, lexicon(best.text, language) == false else { return ranked }
        let splits = (3...(letters.count - 3)).filter { index in
            lexicon(String(letters[..<index]), language) == true && lexicon(String(letters[index...]), language) == true
        }
        // Of several ways to split, the most even: THEARTS is THE ARTS, not THEA RTS.
        if let index = splits.max(by: { min($0, letters.count - $0) < min($1, letters.count - $1) }) {
            let under = part(aimX < Double(x(index)) ? 0..<index : index..<letters.count)
            return (meant(under) ? [under, best] : [best, under]) + ranked.dropFirst()
        }
        let ends = (3..<letters.count).map { 0..<$0 } + (1...(letters.count - 3)).map { $0..<letters.count }
        let words = ends.map(part).filter { lexicon($0.text, language) == true }
        // The word whose middle is nearest the aim; of two as near, the longer.
        guard let nearest = words.min(by: { a, b in
            let da = abs(aimX - (a.box?.midX ?? 0)), db = abs(aimX - (b.box?.midX ?? 0))
            return da != db ? da < db : a.text.count > b.text.count
        }), meant(nearest) else { return ranked }
        return [nearest, best] + ranked.dropFirst()
    }

    /// A word whose letters a sign sets apart (TOW ING), read cut short by one reader and whole by
    /// another: the whole reading is the proposal when it is a word of the language and the aim
    /// means it (`AimPoint.means`: the learner aimed at its middle), off the cut reading's middle
    /// half. An aim on the cut reading's middle keeps it: a neighbour's letter read onto it makes
    /// another word as often (SHALL of SYMPHONY HALL), and its middle is then about the cut one's.
    func wholeWhereAimed(_ ranked: [Reading], at aimX: Double, language: Language) -> [Reading] {
        guard let lexicon, let best = ranked.first, let cut = best.box, AimPoint.sideways(of: cut, from: aimX) > 0 else { return ranked }
        let part = best.text.lowercased()
        guard let index = ranked.firstIndex(where: { reading in
            guard let box = reading.box, reading.text.count > best.text.count, reading.text.lowercased().contains(part),
                  AimPoint.means(box, over: cut, aimX: aimX) else { return false }
            return lexicon(reading.text, language) == true
        }) else { return ranked }
        var readings = ranked
        readings.insert(readings.remove(at: index), at: 0)
        return readings
    }

    /// Where Tesseract saw a word space inside the recogniser's word (a gap in the ink) and the
    /// recogniser, reading Tesseract's word alone, read a word of the language, while the whole run is
    /// none: both readers put the word's end at the gap, and the part is the proposal (ANINGPLACE, the
    /// end of CLEANING run into PLACE). A run that is a word itself stays (a compound set with a gap).
    func endingAtInk(_ ranked: [Reading], split: Reading?, language: Language) -> [Reading] {
        guard let lexicon, let split, let best = ranked.first, best.text != split.text,
              best.text.lowercased().contains(split.text.lowercased()), split.confidence >= Tuning.lexiconFloor,
              lexicon(best.text, language) == false, lexicon(split.text, language) == true,
              let index = ranked.firstIndex(where: { $0.text == split.text }) else { return ranked }
        var readings = ranked
        readings.insert(readings.remove(at: index), at: 0)
        return readings
    }

    /// Two readers that disagree: a reading that is a word of the language is the one the evidence
    /// supports over one that is not (ROCKYMOUNTS against MOUNTS, Restourant against Restaurant), when
    /// it is read confidently enough and may be a reading of the same word, and, where it is the
    /// start or end of the other, its box leaves out the letters it lacks (`readShort`); failing that,
    /// a spelling with one character the reader nearly chose instead (MJSEUM: MUSEUM).
    func preferringWords(_ ranked: [Reading], language: Language) -> [Reading] {
        guard let lexicon, let best = ranked.first, lexicon(best.text, language) == false else { return ranked }
        func known(_ text: String, _ confidence: Double) -> Bool {
            confidence >= Tuning.lexiconFloor && text.filter(\.isLetter).count >= 2 && lexicon(text, language) == true
        }
        var readings = ranked
        if let index = ranked.firstIndex(where: { reading in
            known(reading.text, reading.confidence) && WordShape.isReading(reading.text, of: best.text) { lexicon($0, language) == true }
                && !Self.readShort(reading, of: best)
        }) {
            readings.insert(readings.remove(at: index), at: 0)
        } else if let (reading, variant) = ranked.lazy
            .flatMap({ reading in reading.variants.map { (reading, $0) } })
            .first(where: { known($0.1.text, $0.0.confidence - $0.1.cost) && !Self.readShort($0.0, of: best) }) {
            var swapped = reading
            swapped.text = variant.text
            swapped.confidence = reading.confidence - variant.cost
            swapped.variants = []
            readings.insert(swapped, at: 0)
        }
        return readings
    }

    /// Whether `part`, a word at the start or end of the longer reading `run`, was read from the whole
    /// of the run's ink: its box reaches over the letters it lacks, leaving less than half their share
    /// of the run's box uncovered. It is then the same word read short (Tesseract's Biers over the
    /// whole of Biersch, Game over GameStop), not a word the other reader ran its neighbour into
    /// (MOUNTS, whose box leaves out ROCKY).
    static func readShort(_ part: Reading, of run: Reading) -> Bool {
        guard let partBox = part.box, let runBox = run.box, part.text.count < run.text.count,
              run.text.count - part.text.count > max(1, run.text.count / 4) else { return false }
        let whole = run.text.lowercased(), short = part.text.lowercased()
        let uncovered: Int
        if whole.hasPrefix(short) {
            uncovered = (runBox.x + runBox.width) - (partBox.x + partBox.width)
        } else if whole.hasSuffix(short) {
            uncovered = partBox.x - runBox.x
        } else {
            return false
        }
        let lacking = Double(runBox.width) * Double(run.text.count - part.text.count) / Double(run.text.count)
        return Double(uncovered) < lacking / 2
    }
}
