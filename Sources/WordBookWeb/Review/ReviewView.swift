import WordBookStore
import WordBookVocabulary

/// What the review page shows of one word, front (the cue) and back (the word and the four answers),
/// as the template's values.
enum ReviewView {
    /// The day's counts as Anki shows them over a card: new, in their steps, reviews.
    static func counts(_ queue: ReviewQueue) -> [String: Any] {
        ["new": queue.new.count, "learning": queue.learning.count, "reviews": queue.reviews.count]
    }

    static func kind(_ kind: ReviewTurn.Kind) -> String {
        switch kind {
        case .new: "new word"
        case .learning: "in its learning steps"
        case .review: "review"
        }
    }

    /// The front: the photo with the word painted over, and the gloss with the word written over in it.
    static func front(of word: Word, kind: ReviewTurn.Kind, csrf: String) -> [String: Any] {
        var values = common(of: word)
        values["csrf"] = csrf
        values["kind"] = Self.kind(kind)
        if let gloss = word.gloss, !gloss.isEmpty {
            values["cue"] = Cloze.masking(word.word, in: gloss)
        }
        return values
    }

    /// The back: the word, what it means, the line it stood in, and each answer with its wait.
    static func back(of word: Word, previews: [(rating: FSRSRating, wait: String)], csrf: String) -> [String: Any] {
        var values = common(of: word)
        // The noun with its article, as a learner writes it (die Straße): its gender is the gloss's.
        values["text"] = word.targetLanguage.withArticle(word.word, gloss: word.gloss, headword: word.glossHeadword)
        values["csrf"] = csrf
        if let gloss = word.gloss, !gloss.isEmpty { values["gloss"] = gloss }
        if !word.context.isEmpty && word.context != word.word { values["context"] = word.context }
        values["answers"] = previews.map { preview in
            ["value": String(describing: preview.rating), "number": preview.rating.rawValue, "name": preview.rating.name,
             "wait": preview.wait, "good": preview.rating == .good] as [String: Any]
        }
        return values
    }

    private static func common(of word: Word) -> [String: Any] {
        ["id": word.id ?? 0, "language": word.targetLanguage.code, "languageName": word.targetLanguage.name,
         "version": word.pageVersion]
    }
}
