import Foundation
import WordBookSettings
import WordBookVocabulary

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
    /// What the photo says about the word, which the confidence is made from; nil when nothing was found.
    public var evidence: Evidence?
    /// The words the readers saw around the aim point, the proposal first, then nearest the aim
    /// first, at most `WordsAround.maximum`; boxes in the same pixels as `box`.
    public var around: [ReadWord]

    private enum CodingKeys: String, CodingKey { case word, confidence, candidates, box, context, around }

    public static let nothingFound = Proposal(word: "", confidence: 0, candidates: [], box: nil, context: "")

    /// Keeps the evidence and takes the confidence the rule gives it.
    mutating func judge(by evidence: Evidence) {
        self.evidence = evidence
        confidence = ConfidenceRule.confidence(evidence)
    }

    public init(
        word: String, confidence: Int, candidates: [String], box: PixelBox?, context: String, around: [ReadWord] = []
    ) {
        self.word = word
        self.confidence = confidence
        self.candidates = candidates
        self.box = box
        self.context = context
        self.around = around
    }
}

/// Turns an upright picture into a proposal. Holds one Tesseract engine per language,
/// each created on first use and kept. Not thread-safe: one recognizer per worker thread.
public final class Recognizer {
    public static let maximumCandidates = 4

    private let dataPath: String?
    private var engines: [Language: TesseractEngine] = [:]
    /// Where the scene-text models are; nil reads with Tesseract alone.
    private let sceneTextFiles: SceneTextFiles?
    private var sceneTextEngine: SceneText?
    /// Whether a text is a word of a language (its spelling dictionary); nil when the dictionary is
    /// missing. Decides between readers that disagree.
    public var lexicon: (@Sendable (String, Language) -> Bool?)?
    /// Whether the detector looks at a photo's middle at the coarse size first (`Recognizer.detect`);
    /// off, every photo is looked at at the full size alone, as before that look, for comparing the two.
    var looksCoarseFirst = true
    /// Why the scene-text models could not be used, once tried; photos are then read by Tesseract alone.
    public private(set) var sceneTextFailure: String?

    public init(dataPath: String? = nil, sceneText: SceneTextFiles? = nil) {
        self.dataPath = dataPath
        sceneTextFiles = sceneText
    }

    /// The detector and recogniser, loaded on first use; nil without models or when they fail to load.
    public func sceneText() -> SceneText? {
        if let sceneTextEngine { return sceneTextEngine }
        guard let files = sceneTextFiles, sceneTextFailure == nil else { return nil }
        do {
            sceneTextEngine = try SceneText.shared(files)
        } catch {
            sceneTextFailure = "\(error)"
        }
        return sceneTextEngine
    }

    public func engine(for language: Language) throws -> TesseractEngine {
        if let engine = engines[language] { return engine }
        let engine = try TesseractEngine(languageCode: language.tesseractCode, dataPath: dataPath)
        engines[language] = engine
        return engine
    }

    public func propose(_ picture: Picture, language: Language) throws -> Proposal {
        var proposal = try read(picture, language: language)
        // A shop's sign names its owner in the possessive (DOLAN'S, Domino's): the learner's word is the
        // name, and the sign's spelling stays the first candidate.
        if let name = WordText.withoutPossessive(proposal.word, language: language) {
            proposal.candidates = Candidates.distinct([proposal.word] + proposal.candidates, excluding: name)
            proposal.word = name
        }
        proposal.candidates = Candidates.forLearner(
            proposal.candidates, proposal: proposal.word, sure: proposal.confidence >= Certainty.sureFrom
        ) { [lexicon] in
            lexicon?($0, language)
        }
        proposal.around = WordsAround.gather(
            proposal.around, proposal: proposal.box.map { ReadWord(text: proposal.word, box: $0) },
            aim: AimPoint.centre(width: picture.width, height: picture.height))
        return proposal
    }

    private func read(_ picture: Picture, language: Language) throws -> Proposal {
        let engine = try engine(for: language)
        let grey = try picture.grey()
        let reader = WordReader(engine: engine)
        let scene = sceneText()
        if WordReader.isWordCrop(width: grey.width, height: grey.height) {
            // A small picture is a cropped word when its text fills it; a small photo (a head-worn
            // camera's, one passed on by a messaging app) holds its words somewhere inside it.
            if let scene, let colour = try? picture.rgb() {
                let lines = try scene.detector.lines(in: colour)
                // Lines that do not fill it make it a small photo: read as a photo is, never whole as one word.
                if !DetectedLines.fillsPicture(lines, width: grey.width, height: grey.height) {
                    return try proposeAimed(colour, grey, reader: reader, scene: scene, language: language)
                        ?? proposePhoto(grey, reader: reader, language: language, route: .page)
                }
                // No line at all: the text may be too small for the detector at the picture's size (a
                // small, soft photo of a sign). Its middle, around the aim, is looked at again enlarged;
                // lines there that do not fill it are a small photo's, read from that middle.
                let middle = AimPoint.middle(width: grey.width, height: grey.height, share: Tuning.enlargedWindow)
                if lines.isEmpty {
                    let enlarged = try scene.detector.lines(in: colour, within: middle)
                    if !enlarged.isEmpty, !DetectedLines.fillsPicture(enlarged, width: middle.width, height: middle.height),
                       let found = try proposeDetected(
                           colour, grey, reader: reader, scene: scene, language: language, window: Tuning.enlargedWindow, detected: enlarged) {
                        return found
                    }
                }
            }
            return try proposeCrop(grey, reader: reader, recogniser: scene?.reader, colour: picture, language: language)
        }
        if let scene, let found = try proposeAimed(try picture.rgb(), grey, reader: reader, scene: scene, language: language) {
            return found
        }
        return try proposePhoto(grey, reader: reader, language: language, route: scene == nil ? .photo : .page)
    }

    /// A picture that is about one word: read it whole as a line, by Tesseract and by the recogniser.
    private func proposeCrop(
        _ grey: Picture, reader: WordReader, recogniser: TextLineReader?, colour: Picture, language: Language
    ) throws -> Proposal {
        let whole = PixelBox(x: 0, y: 0, width: grey.width, height: grey.height)
        let textHeight = Double(grey.height) * Tuning.cropTextFraction
        let tesseract = try reader.read(grey, region: whole, textHeight: textHeight)
        var pool = tesseract
        var recognised: [String]?
        var seen = tesseract.flatMap(\.wordsSeen)
        if let recogniser {
            let line = TextLine(whole)
            let words = try recogniser.read(line, in: colour).words.filter { WordText.hasLetterOrDigit(WordText.clean($0.text)) }
            seen += words.compactMap { WordsAround.word($0.text, line.part(from: $0.start, to: $0.end).box) }
            // The picture is one word: the recogniser's pieces of it are one word too.
            if !words.isEmpty {
                var reading = Reading(
                    text: WordText.clean(words.map(\.text).joined()), confidence: words.map(\.confidence).min()! * 100,
                    line: words.map(\.text).joined(separator: " "))
                if words.count == 1 { reading.variants = words[0].variants.map { (WordText.clean($0), 0) } }
                pool.insert(reading, at: 0)
                recognised = [reading.text]
            }
        }
        let readings = preferringWords(WordReader.rank(pool), language: language)
        guard let best = readings.first else { return .nothingFound }
        var proposal = Proposal(
            word: best.text, confidence: Int(best.confidence.rounded()),
            candidates: Candidates.distinct(Reading.alternatives(readings), excluding: best.text),
            box: whole, context: best.line, around: seen)
        proposal.judge(by: evidence(
            .crop, best: best, tesseract: tesseract, recogniser: recognised, aim: 1, offset: 0, textHeight: textHeight,
            language: language))
        return proposal
    }

    /// The facts about the winning reading: which readers read it, whether it is a word of the language.
    func evidence(
        _ route: Evidence.Route, best: Reading, tesseract: [Reading], recogniser: [String]?, aim: Double,
        offset: Double, textHeight: Double, language: Language
    ) -> Evidence {
        let attempts = tesseract.filter { !$0.text.isEmpty }
        let agreeing = attempts.filter { $0.text.lowercased() == best.text.lowercased() }.count
        return Evidence(
            route: route, reading: best.confidence, recogniserAgrees: recogniser.map { $0.contains(best.text) },
            tesseractAgrees: WordReader.rank(attempts).first?.text == best.text,
            attemptsAgreeing: attempts.isEmpty ? 0 : Double(agreeing) / Double(attempts.count),
            inDictionary: best.text.filter(\.isLetter).count >= 2 ? lexicon?(best.text, language) : false,
            aim: aim, aimOffset: offset, shape: WordShape.plausibility(of: best.text), textHeight: textHeight,
            letters: best.text.filter(\.isLetter).count)
    }

    /// A photo: find the sharp text region at the aim point (a line, a sign's block, a patch of a page),
    /// find its words, and read the one under the aim point closely; when that reads nothing
    /// convincing, look for words all over the photo.
    private func proposePhoto(_ grey: Picture, reader: WordReader, language: Language, route: Evidence.Route) throws -> Proposal {
        let aim = AimPoint.centre(width: grey.width, height: grey.height)
        var tried: [(proposal: Proposal, confidence: Double)] = []
        if let (region, others) = try SharpText.aimedRegion(in: grey) {
            let margin = region.height / 5
            let padded = region.padded(dx: margin, dy: margin, within: (grey.width, grey.height))
            var words = try reader.words(in: grey, region: padded)
            if words.isEmpty {
                // Sparse text's layout analysis can take a plate standing out from its background for a
                // picture and find no text in it. A plate of several lines is a block of text: read it as
                // one. A single line is read whole below, as one line of large or unusual letters.
                let block = try reader.words(in: grey, region: padded, mode: .block)
                if Set(block.map(\.line)).count >= 2 { words = block }
            }
            if let found = try propose(among: words, in: grey, reader: reader, aim: aim, language: language, route: route, across: region, rivals: others) {
                if found.confidence >= Tuning.regionAccept { return found.proposal }
                tried.append(found)
            } else {
                // No words found apart: the region is one line of large or unusual letters. Read it whole.
                let readings = WordReader.rank(try reader.read(
                    grey, region: region, textHeight: Double(region.height) * Tuning.cropTextFraction, aim: aim.x))
                    .filter { WordText.hasLetter($0.text) }
                if let best = readings.first {
                    let box = best.box ?? region
                    let sure = AimPoint.certainty(of: box, among: best.neighbourBoxes + others, aim: aim, unit: Double(box.height))
                    var proposal = Self.proposal(readings, box: region, context: best.line, certainty: sure)
                    proposal.around = readings.flatMap(\.wordsSeen)
                    proposal.judge(by: evidence(
                        route, best: best, tesseract: readings, recogniser: nil, aim: sure,
                        offset: AimPoint.offset(of: box, from: aim) / Double(max(1, box.height)), textHeight: Double(box.height),
                        language: language))
                    if best.confidence >= Tuning.regionAccept { return proposal }
                    tried.append((proposal, best.confidence))
                }
            }
        }
        // The middle of the frame, where a learner puts the word (a page has no one sharp region there);
        // the whole photo only when the middle holds no word at all.
        let middle = AimPoint.middle(width: grey.width, height: grey.height, share: Tuning.aimWindow)
        if let found = try propose(among: try reader.words(in: grey, region: middle), in: grey, reader: reader, aim: aim, language: language, route: route) {
            tried.append(found)
        } else {
            let factor = min(1, Tuning.sparseEdge / Double(max(grey.width, grey.height)))
            let whole = PixelBox(x: 0, y: 0, width: grey.width, height: grey.height)
            if let found = try propose(among: try reader.words(in: grey, region: whole, scale: factor), in: grey, reader: reader, aim: aim, language: language, route: route) {
                tried.append(found)
            }
        }
        guard var chosen = tried.max(by: { $0.confidence < $1.confidence })?.proposal else { return .nothingFound }
        // Every search saw words around the aim: the chosen one's first.
        chosen.around += tried.flatMap(\.proposal.around)
        return chosen
    }

    /// Of the words found, the one at the aim point, re-read closely; with the confidence of its reading.
    private func propose(
        among found: [RecognizedWord], in grey: Picture, reader: WordReader, aim: (x: Double, y: Double),
        language: Language, route: Evidence.Route, across: PixelBox? = nil, rivals: [PixelBox] = []
    ) throws -> (proposal: Proposal, confidence: Double)? {
        guard !found.isEmpty else { return nil }
        let found = WordReader.joiningPieces(found)
        var ranked = AimPoint.rank(found, aim: aim)
        var aimed = ranked[0]
        let unit = Double(max(1, AimPoint.median(found.map(\.box.height))))
        let seen = found.compactMap { WordsAround.word($0.text, $0.box) }
        if AimPoint.offset(of: aimed.box, from: aim) > Tuning.aimMissHeights * unit {
            // The aim point holds no word (a digit, a logo, the sky): the learner picks from the words around.
            let words = ranked.map { WordText.clean($0.text) }.filter(WordText.hasLetter)
            return (Proposal(
                word: "", confidence: 0, candidates: Candidates.distinct(words, excluding: ""), box: nil, context: "",
                around: seen), 0)
        }
        // The aimed word's line across the whole region: a word Tesseract found only in part ("Hud" of a
        // stylised "Hudgens") is read whole there, and the aim picks it out of its line.
        func closeReadings(of word: RecognizedWord) throws -> [Reading] {
            let band = across.map { PixelBox(x: $0.x, y: word.box.y, width: $0.width, height: word.box.height) } ?? word.box
            var readings = try reader.read(grey, region: band, textHeight: Double(word.box.height), aim: word.box.midX)
            var detected = Reading(text: WordText.clean(word.text), confidence: word.confidence, line: word.text)
            detected.box = word.box
            if !detected.text.isEmpty { readings.append(detected) }
            return WordReader.rank(readings)
        }
        var readings = try closeReadings(of: aimed)
        var closeSeen = readings.flatMap(\.wordsSeen)
        // The word nearest the aim point lost only on the confidence of its detection (a plate read as a
        // block can rate a plain word low): read it closely too, and let the closer readings decide.
        let wordLike = found.filter { WordText.clean($0.text).filter(\.isLetter).count >= 2 }
        if let nearest = wordLike.min(by: { AimPoint.offset(of: $0.box, from: aim) < AimPoint.offset(of: $1.box, from: aim) }),
           nearest != aimed {
            let theirs = try closeReadings(of: nearest)
            closeSeen += theirs.flatMap(\.wordsSeen)
            func score(_ word: RecognizedWord, _ readings: [Reading]) -> Double {
                AimPoint.closeness(word.box, to: aim, unit: unit) * (0.1 + 0.9 * (readings.first?.confidence ?? 0) / 100)
            }
            if score(nearest, theirs) > score(aimed, readings) {
                aimed = nearest
                readings = theirs
                ranked = [nearest] + ranked.filter { $0 != nearest }
            }
        }
        guard let best = readings.first else { return nil }
        let others = ranked.dropFirst().filter { WordText.hasLetter(WordText.clean($0.text)) }
        let near = others.filter { AimPoint.distance(from: aim, to: $0.box) <= Tuning.nearbyHeights * unit }
        // Sharp regions outside the words found are rivals too, unless they hold those words.
        let outside = rivals.filter { rival in !found.contains { rival.contains($0.box) } }
        let sure = AimPoint.certainty(
            of: aimed.box, among: found.filter { $0 != aimed }.map(\.box) + outside, aim: aim, unit: unit)
        var proposal = Self.proposal(
            readings, box: aimed.box, context: AimPoint.line(around: aimed, in: found, replacingWith: best.text), certainty: sure,
            nearby: near.map { WordText.clean($0.text) },
            farther: others.filter { !near.contains($0) }.map { WordText.clean($0.text) })
        // The words read closely first: their boxes are the line's own, not the sparse search's.
        proposal.around = closeSeen + seen
        proposal.judge(by: evidence(
            route, best: best, tesseract: readings, recogniser: nil, aim: sure,
            offset: AimPoint.offset(of: best.box ?? aimed.box, from: aim) / unit, textHeight: Double(aimed.box.height), language: language))
        return (proposal, best.confidence)
    }

    /// The best reading as the proposal, with that reading's own confidence until `judge(by:)` weighs
    /// the evidence. Candidates: the other readings, taking turns with the words
    /// near the aim point (on a page the aimed word may be the next one), then the words farther off.
    /// When the doubt about which word was aimed at is the larger, the words near the aim point come
    /// first, all of them; otherwise the other spellings lead.
    static func proposal(
        _ ranked: [Reading], box: PixelBox?, context: String, certainty: Double = 1, nearby: [String]? = nil,
        farther: [String] = []
    ) -> Proposal {
        guard let best = ranked.first else { return .nothingFound }
        let alternatives = Reading.alternatives(ranked)
        let near = nearby ?? best.neighbours
        var others: [String] = []
        if certainty < best.confidence / 100 {
            others = near + alternatives
        } else {
            for index in 0..<max(alternatives.count, near.count) {
                if index < alternatives.count { others.append(alternatives[index]) }
                if index < near.count { others.append(near[index]) }
            }
        }
        return Proposal(
            word: best.text, confidence: Int(best.confidence.rounded()),
            candidates: Candidates.distinct(others + farther, excluding: best.text),
            box: best.box ?? box, context: context)
    }
}



