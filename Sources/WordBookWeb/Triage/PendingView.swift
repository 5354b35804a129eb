import WordBookStore
import WordBookVocabulary

/// What the pending page shows of one proposal, as the template's values.
enum PendingView {
    /// The confidence as a learner would say it.
    static func sureness(_ word: Word) -> String {
        if word.word.isEmpty { return "no word was read" }
        let words = switch word.confidence {
        case 90...: "very sure"
        case 70..<90: "fairly sure"
        case 40..<70: "not sure"
        default: "a guess"
        }
        return "\(words) (\(word.confidence) %)"
    }

    static func values(of word: Word, csrf: String, typed: String) -> [String: Any] {
        let language = word.targetLanguage.code
        let candidates = word.candidates.enumerated().filter { $0.element != word.word }.map { index, text in
            ["index": index, "number": index + 1, "text": text, "language": language] as [String: Any]
        }
        var values: [String: Any] = [
            "id": word.id ?? 0, "language": language, "languageName": word.targetLanguage.name,
            "sureness": sureness(word), "csrf": csrf, "version": TriageDesk.version(of: word), "typed": typed,
            "candidates": candidates, "hasCandidates": !candidates.isEmpty,
        ]
        if !word.word.isEmpty { values["text"] = word.word }
        if let gloss = word.gloss, !gloss.isEmpty { values["gloss"] = gloss }
        if !word.context.isEmpty && word.context != word.word { values["context"] = word.context }
        return values
    }
}
