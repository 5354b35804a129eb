import Foundation
import WordBookVocabulary

/// A word the scene-text recogniser read in a detected line, placed in the picture.
struct DetectedWord {
    var word: LineWord
    var line: TextLine
    /// The word's part of the line, and its bounds.
    var part: TextLine
    var box: PixelBox { part.box }
    var text: String { WordText.clean(word.text) }
}

/// Finding the aimed word among the detector's lines: the lines near the aim point, read, and their words.
enum DetectedLines {
    /// Whether `box` reaches the left or right side of `window`, to within a tenth of its height: what
    /// the detector found there may go on past what it saw.
    static func reachesSide(_ box: PixelBox, of window: PixelBox) -> Bool {
        let slack = max(1, box.height / 10)
        return box.x <= window.x + slack || box.x + box.width >= window.x + window.width - slack
    }

    /// How far the aim point lies from a line's box, in pixels: 0 inside it.
    static func distance(from aim: (x: Double, y: Double), to line: TextLine) -> Double {
        // In the line's own frame: along its top edge and across it.
        let origin = line.corners[0]
        let ux = line.corners[1].x - origin.x, uy = line.corners[1].y - origin.y
        let length = max(hypot(ux, uy), 1)
        let along = ((aim.x - origin.x) * ux + (aim.y - origin.y) * uy) / length
        let across = (-(aim.x - origin.x) * uy + (aim.y - origin.y) * ux) / length
        let dx = max(0, -along, along - line.length), dy = max(0, -across, across - line.height)
        return hypot(dx, dy)
    }

    /// The lines whose box is within `reach` letter heights of the aim point, nearest first, at most `count`.
    static func near(_ lines: [TextLine], aim: (x: Double, y: Double), reach: Double, count: Int) -> [TextLine] {
        let unit = max(1, median(lines.map(\.height)))
        return lines
            .map { ($0, distance(from: aim, to: $0)) }
            .filter { $0.1 <= reach * unit }
            .sorted { $0.1 < $1.1 }
            .prefix(count)
            .map(\.0)
    }

    /// The words of a line the recogniser read, each with its part of the line.
    static func words(of text: LineText, in line: TextLine) -> [DetectedWord] {
        text.words.map { DetectedWord(word: $0, line: line, part: line.part(from: $0.start, to: $0.end)) }
    }

    /// Words best first, as `AimPoint.rank` ranks Tesseract's: nearest the aim point in letter heights,
    /// confident, longer than one letter.
    static func rank(_ words: [DetectedWord], aim: (x: Double, y: Double)) -> [DetectedWord] {
        AimPoint.ranked(words, aim: aim, unit: max(1, median(words.map(\.line.height))), box: \.box,
                        confidence: \.word.confidence, letters: { $0.text.filter(\.isLetter).count })
    }

    /// Whether `line` is a line of a paragraph: longer than `squeezedPast` times its height, with at
    /// least two lines of about its height and much of its extent within three of its heights above or below.
    static func isRunningText(_ line: TextLine, among lines: [TextLine], squeezedPast aspect: Double) -> Bool {
        guard line.length > line.height * aspect else { return false }
        let box = line.box
        let neighbours = lines.filter { other in
            let otherBox = other.box
            let overlap = min(box.x + box.width, otherBox.x + otherBox.width) - max(box.x, otherBox.x)
            return other != line && other.height >= line.height / Tuning.paragraphHeightRatio
                && other.height <= line.height * Tuning.paragraphHeightRatio
                && abs(otherBox.midY - box.midY) <= Tuning.paragraphReach * line.height
                && Double(overlap) >= Tuning.paragraphOverlap * Double(min(box.width, otherBox.width))
        }
        return neighbours.count >= 2
    }

    /// Where Tesseract's word under the aim lies along the recogniser's word's line, as shares of its
    /// length, when Tesseract found a word space inside the recogniser's word: another of its words lies
    /// at least half within it. Nil when the two agree on where the word ends.
    static func tesseractWord(in word: DetectedWord, readings: [Reading]) -> (start: Double, end: Double)? {
        guard let best = readings.first, let box = best.box else { return nil }
        let span = word.box
        func inside(_ other: PixelBox) -> Bool {
            let overlap = min(other.x + other.width, span.x + span.width) - max(other.x, span.x)
            return abs(other.midY - span.midY) < Double(span.height) / 2 && Double(overlap) >= 0.5 * Double(other.width)
        }
        guard best.neighbourBoxes.contains(where: inside) else { return nil }
        let start = word.line.share(at: (Double(box.x), box.midY)), end = word.line.share(at: (Double(box.x + box.width), box.midY))
        return end > start ? (start, end) : nil
    }

    /// The line as read, with `word` read as `text` (MJSEUM OF MAN: MUSEUM OF MAN). A word that holds
    /// `text` stays as read: the proposal is a part of it that a word space cut out.
    static func line(_ line: LineText, replacing word: LineWord, with text: String) -> String {
        var words = line.words.map(\.text)
        guard let index = line.words.firstIndex(of: word), !words[index].lowercased().contains(text.lowercased()) else {
            return line.text
        }
        let core = WordText.clean(words[index])
        words[index] = core.isEmpty ? text : words[index].replacingOccurrences(of: core, with: text)
        return words.joined(separator: " ")
    }

    /// Whether the text fills the picture, as in a cropped word: no line found at all, or the line
    /// nearest the middle is 40 % of the picture's height, or spans most of its width at a quarter of
    /// its height. A cropped word's letters fill the picture's height; a sign's line in a small photo
    /// may span its width, but at a fraction of its height.
    static func fillsPicture(_ lines: [TextLine], width: Int, height: Int) -> Bool {
        let middle = (Double(width) / 2, Double(height) / 2)
        guard let nearest = lines.min(by: { distance(from: middle, to: $0) < distance(from: middle, to: $1) }) else { return true }
        let box = nearest.box
        return Double(box.height) >= Tuning.croppedWordHeight * Double(height)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
