import Foundation
import WordBookVocabulary

/// The words the readers saw around the aim point, each with its box, so that a learner who aimed
/// beside the word meant (the next word of a line, the line below) taps it instead.
enum WordsAround {
    /// As many words as stay around the aim: a phone held to a page frames some ten lines of some
    /// eight words, and the forty nearest the aim are the lines just above and below it, where a
    /// mis-aimed word stands; a dense page's list stays a few kilobytes.
    static let maximum = 40
    /// Detected lines nearest the aim whose words are read for the learner to tap: a sign's plate
    /// holds one to three lines, and a line farther off is another sign, which the learner did not frame.
    static let lines = 3

    /// A reader's text as a word to tap: cleaned as candidates are, nil when no letter is left (a
    /// number, a bullet, a stray mark).
    static func word(_ text: String, _ box: PixelBox?) -> ReadWord? {
        let cleaned = WordText.clean(text)
        guard let box, box.width > 0, box.height > 0, WordText.hasLetter(cleaned) else { return nil }
        return ReadWord(text: cleaned, box: box)
    }

    /// The words in `seen`, led by the proposal, each text once where its boxes overlap, the
    /// `maximum` nearest the aim point, nearest first.
    static func gather(_ seen: [ReadWord], proposal: ReadWord?, aim: (x: Double, y: Double)) -> [ReadWord] {
        var kept: [ReadWord] = []
        for word in ([proposal].compactMap { $0 } + seen) {
            guard let word = Self.word(word.text, word.box) else { continue }
            // The first reading of a place stays: the proposal's own, then the readers' in the order given.
            if kept.contains(where: { $0.text == word.text && sameWord($0.box, word.box) }) { continue }
            kept.append(word)
        }
        // Sorting is stable: at one distance (a point inside several boxes) the proposal stays first.
        // Spelled out: the compiler took 8.5 s to infer the chained form's types.
        var measured: [(word: ReadWord, order: Int, distance: Double)] = []
        for (order, word) in kept.enumerated() {
            measured.append((word, order, AimPoint.distance(from: aim, to: word.box)))
        }
        measured.sort { (a, b) -> Bool in a.distance != b.distance ? a.distance < b.distance : a.order < b.order }
        return measured.prefix(maximum).map(\.word)
    }

    /// Whether two boxes are one word's: two readers' boxes of a word differ in their margins (the
    /// detector's box takes in space around the letters), so they share most of the smaller box,
    /// while two words of a line, a word space apart, share almost none of theirs.
    static func sameWord(_ a: PixelBox, _ b: PixelBox) -> Bool {
        let width = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let height = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard width > 0, height > 0 else { return false }
        return 2 * width * height >= min(a.width * a.height, b.width * b.height)
    }
}

extension Reading {
    /// The words this reading saw: its own, then the words of its line.
    var wordsSeen: [ReadWord] {
        [WordsAround.word(text, box)].compactMap { $0 } + lineWords
    }
}
