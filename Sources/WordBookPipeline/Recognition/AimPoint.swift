import Foundation
import WordBookVocabulary

/// Choosing the word the photographer aimed at: the one under the middle of the frame.
enum AimPoint {
    /// Where the photographer aimed: the middle of the picture.
    static func centre(width: Int, height: Int) -> (x: Double, y: Double) {
        (Double(width) / 2, Double(height) / 2)
    }

    /// The middle `share` of the picture's width and height, around the aim point.
    static func middle(width: Int, height: Int, share: Double) -> PixelBox {
        PixelBox(x: Int(Double(width) * (1 - share) / 2), y: Int(Double(height) * (1 - share) / 2),
                 width: Int(Double(width) * share), height: Int(Double(height) * share))
    }

    /// Words best first: the word whose centre is nearest the aim point (a learner puts the word in
    /// the middle of the frame), counting distance in the photo's letter height (the median word
    /// height, which one stray giant box cannot move), and believing confident words more. A single
    /// character is rarely the word a learner aims at.
    static func rank(_ words: [RecognizedWord], aim: (x: Double, y: Double)) -> [RecognizedWord] {
        ranked(words, aim: aim, unit: Double(max(1, median(words.map(\.box.height)))), box: \.box,
               confidence: { $0.confidence / 100 }, letters: { WordText.clean($0.text).filter(\.isLetter).count })
    }

    /// The one score both readers' words are ranked by: closeness to the aim in `unit`s of letter
    /// height, times the reader's confidence (0-1; a tenth of the weight stays, so a faint word under
    /// the aim still beats a clear one far off), less for a single character.
    static func ranked<Word>(
        _ words: [Word], aim: (x: Double, y: Double), unit: Double, box: (Word) -> PixelBox,
        confidence: (Word) -> Double, letters: (Word) -> Int
    ) -> [Word] {
        func score(_ word: Word) -> Double {
            closeness(box(word), to: aim, unit: unit) * (0.1 + 0.9 * confidence(word)) * (letters(word) >= 2 ? 1 : Tuning.loneAimFactor)
        }
        return words.map { ($0, score($0)) }.sorted { $0.1 > $1.1 }.map(\.0)
    }

    /// 1 when the aim point falls on the middle half of a word's midline, falling off with the
    /// distance from it in `unit`s: the aim lands on the word the learner framed, mostly near its middle.
    static func closeness(_ box: PixelBox, to aim: (x: Double, y: Double), unit: Double) -> Double {
        let distance = offset(of: box, from: aim) / max(unit, 1)
        return exp(-distance * distance / Tuning.aimSpread)
    }

    /// Whether the aim means the word in `box` rather than the reading of it in `other`, one holding
    /// the other (ROCKY of ROCKYMOUNTS, TOWING read cut short as TOW): the learner aims at the middle
    /// of the word meant, and a hand-held aim lands a letter or so from it (COTILLARD aimed between
    /// its L and A), so the aim is twice as near `box`'s middle as `other`'s, within the third of the
    /// way between the two middles that lies at `box`'s.
    static func means(_ box: PixelBox, over other: PixelBox, aimX: Double) -> Bool {
        2 * abs(aimX - box.midX) < abs(aimX - other.midX)
    }

    /// How far the aim point is from the middle half of a word's midline, in pixels.
    static func offset(of box: PixelBox, from aim: (x: Double, y: Double)) -> Double {
        let dx = sideways(of: box, from: aim.x), dy = box.midY - aim.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// How far `aimX` lies to either side of the middle half of a word's width, in pixels: 0 on it.
    static func sideways(of box: PixelBox, from aimX: Double) -> Double {
        let left = Double(box.x) + Double(box.width) / 4, right = Double(box.x) + Double(box.width) * 3 / 4
        return max(left - aimX, 0, aimX - right)
    }

    /// How sure the aim is: the chosen box's closeness against that of the other words of about its
    /// size (a page puts words on the next line as close as the one at the centre; a sign keeps its
    /// other words far; a plate's frame or a stray blob is no rival).
    static func certainty(of chosen: PixelBox, among others: [PixelBox], aim: (x: Double, y: Double), unit: Double) -> Double {
        let own = closeness(chosen, to: aim, unit: unit)
        let rivals = others
            .filter { $0.height * 2 >= chosen.height && $0.height <= chosen.height * 2 }
            .map { closeness($0, to: aim, unit: unit) }
            .reduce(0, +)
        return own + rivals > 0 ? own / (own + rivals) : 1
    }

    /// How far `point` is from `box`: 0 inside it.
    static func distance(from point: (x: Double, y: Double), to box: PixelBox) -> Double {
        let dx = max(Double(box.x) - point.x, 0, point.x - Double(box.x + box.width))
        let dy = max(Double(box.y) - point.y, 0, point.y - Double(box.y + box.height))
        return (dx * dx + dy * dy).squareRoot()
    }

    static func median(_ values: [Int]) -> Int {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func sameLine(_ other: RecognizedWord, _ word: RecognizedWord) -> Bool {
        abs(other.box.midY - word.box.midY) < Double(word.box.height) * 0.6
            && other.box.height * 2 >= word.box.height && other.box.height <= word.box.height * 2
    }

    /// The words on the same line as `word`, left to right, with `word` itself read as `text`.
    static func line(around word: RecognizedWord, in words: [RecognizedWord], replacingWith text: String) -> String {
        words
            .filter { sameLine($0, word) }
            .sorted { $0.box.x < $1.box.x }
            .map { $0 == word ? text : $0.text }
            .joined(separator: " ")
    }
}
