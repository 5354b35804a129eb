import Foundation

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
