import Foundation
import WordBookStore
import WordBookVocabulary

/// What the pending page shows of one proposal, as the template's values.
enum PendingView {
    /// The confidence as a learner would say it.
    static func sureness(_ word: Word) -> String {
        if word.word.isEmpty { return "no word was read" }
        let words = switch word.confidence {
        case Certainty.verySureFrom...: "very sure"
        case 70..<Certainty.verySureFrom: "fairly sure"
        case 40..<70: "not sure"
        default: "a guess"
        }
        return "\(words) (\(word.confidence) %)"
    }

    /// The words read around the aim as spots to tap on the photo, each placed in percent of the
    /// region `PhotoRegion` shows of a photo of `size`; nil when none were kept.
    static func tap(_ word: Word, photo size: (width: Int, height: Int)) -> [String: Any]? {
        guard !word.wordsAround.isEmpty else { return nil }
        let region = PhotoRegion.region(box: word.box, around: word.wordsAround, width: size.width, height: size.height)
        func percent(_ value: Int, of whole: Int) -> String { String(format: "%.2f", Double(value) * 100 / Double(whole)) }
        let spots = word.wordsAround.enumerated().compactMap { index, read -> [String: Any]? in
            guard let box = read.box.clamped(width: size.width, height: size.height) else { return nil }
            return ["index": index, "text": read.text, "current": read.text == word.word,
                    "left": percent(box.x - region.x, of: region.width), "top": percent(box.y - region.y, of: region.height),
                    "width": percent(box.width, of: region.width), "height": percent(box.height, of: region.height)]
        }
        return ["width": region.width, "height": region.height, "spots": spots]
    }

    static func values(of word: Word, csrf: String, typed: String, photo size: (width: Int, height: Int)? = nil) -> [String: Any] {
        let language = word.targetLanguage.code
        let candidates = word.candidates.enumerated().filter { $0.element != word.word }.map { index, text in
            ["index": index, "number": index + 1, "text": text, "language": language] as [String: Any]
        }
        var values: [String: Any] = [
            "id": word.id ?? 0, "language": language, "languageName": word.targetLanguage.name,
            "sureness": sureness(word), "csrf": csrf, "version": word.pageVersion, "typed": typed,
            "candidates": candidates, "hasCandidates": !candidates.isEmpty,
            "letters": word.targetLanguage.lettersBeyondASCII, "hasLetters": !word.targetLanguage.lettersBeyondASCII.isEmpty,
        ]
        if !word.word.isEmpty { values["text"] = word.word }
        // A guess: the candidates first, its gloss said to be a guess's, and no Enter to confirm it.
        if word.isDoubtful { values["doubtful"] = true }
        if let size, let tap = tap(word, photo: size) { values["tap"] = tap }
        if let gloss = word.gloss, !gloss.isEmpty { values["gloss"] = gloss }
        if !word.context.isEmpty && word.context != word.word { values["context"] = word.context }
        return values
    }
}
