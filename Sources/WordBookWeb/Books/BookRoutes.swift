import Foundation
import HTTPTypes
import Hummingbird
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// The word books, the accent-blind search, and a word's own page with its edits.
extension WebApp {
    /// The most words a day's page or a search lists.
    static let longestList = 500

    /// "2026-11-27 09:14", in the configured time zone.
    func shortTime(_ date: Date) -> String {
        String(configuration.calendar.iso8601(date).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// A word as a line of a list: the word, its status and the start of its gloss.
    func listed(_ word: Word) -> [String: Any] {
        var values: [String: Any] = ["id": word.id ?? 0, "language": word.targetLanguage.code, "status": word.status.rawValue]
        if !word.word.isEmpty { values["text"] = word.word }
        if let gloss = word.gloss, !gloss.isEmpty { values["gloss"] = gloss.count > 60 ? gloss.prefix(59) + "…" : gloss }
        return values
    }

    func listPage(_ heading: String, words: [Word], empty: String, query: String = "") throws -> Response {
        var values: [String: Any] = ["heading": heading, "words": words.prefix(Self.longestList).map(listed), "empty": empty, "query": query]
        if words.count > Self.longestList { values["more"] = "The first \(Self.longestList) of \(words.count) are shown: search to narrow them." }
        return pages.page("words", title: heading, values: values, waiting: try database.wordCount(status: .proposed))
    }

    func books(_ request: Request, _ context: WebContext) throws -> Response {
        let books = try database.books().map { book -> [String: Any] in
            var values: [String: Any] = ["day": book.day, "words": book.words, "one": book.words == 1]
            if book.mastered > 0 { values["mastered"] = book.mastered }
            return values
        }
        return pages.page("books", title: "Word books", values: ["books": books], waiting: try database.wordCount(status: .proposed))
    }

    func book(_ context: WebContext) throws -> Response {
        let day = context.parameters.get("day") ?? ""
        guard day.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil, try database.books().contains(where: { $0.day == day }) else {
            return pages.message("No such word book", "There is no word book for \(day.prefix(20)): the word books are listed by their day.",
                                 status: .notFound)
        }
        return try listPage(day, words: try database.words(onDay: day).map(\.word), empty: "Nothing is filed on this day.")
    }

    func search(_ request: Request) throws -> Response {
        let query = String(request.uri.queryParameters.get("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return .redirect(to: "/books") }
        guard query.count <= 200 else {
            return pages.message("Too long to search", "A search is 200 characters at most.", status: .badRequest)
        }
        let found = try database.search(query).map(\.word)
        return try listPage("Search: \(query)", words: found, empty: "No word, note or line matches \(query).", query: query)
    }

    // MARK: - A word's page

    func wordPage(_ context: WebContext, id: Int64? = nil, error: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        guard let id = id ?? Self.wordID(context), let listing = try database.listings(ids: [id]).first else { throw WebError.noSuchWord }
        let word = listing.word
        let session = context.session?.id ?? 0
        let csrf = FormToken.of(sessionToken: context.sessionToken ?? "")
        var values: [String: Any] = [
            "id": id, "language": word.targetLanguage.code, "languageName": word.targetLanguage.name, "status": word.status.rawValue,
            "book": listing.book, "csrf": csrf, "version": word.pageVersion, "notes": word.notes,
            "typed": word.word, "tags": listing.tags,
        ]
        if !word.word.isEmpty { values["text"] = word.targetLanguage.withArticle(word.word, gloss: word.gloss, headword: word.glossHeadword) }
        if let gloss = word.gloss, !gloss.isEmpty { values["gloss"] = gloss }
        if !word.context.isEmpty && word.context != word.word { values["context"] = word.context }
        if word.status == .confirmed { values["nextReview"] = word.reviewCount == 0 ? "new: not reviewed yet" : shortTime(word.nextReviewDate) }
        if word.status == .proposed { values["proposed"] = true }
        if let notice = await editor.takeNotice(session: session) { values["notice"] = notice }
        if let error { values["error"] = error }
        values["reviews"] = try database.reviews(of: id).reversed().map { review -> [String: Any] in
            ["at": shortTime(review.reviewedAt), "answer": FSRSRating(grade: review.level).name,
             "next": ReviewWait.interval(days: review.interval, from: review.reviewedAt, to: review.nextReviewDate)]
        }
        values["changes"] = try database.changes(wordId: id, limit: 20).map { change -> [String: Any] in
            ["at": shortTime(change.madeAt), "summary": change.summary, "command": change.command, "undone": change.undoneAt != nil]
        }
        return pages.page("word", title: word.word.isEmpty ? "#\(id)" : word.word, values: values,
                          waiting: try database.wordCount(status: .proposed), status: status)
    }

    func edit(_ request: Request, _ context: WebContext) async throws -> Response {
        let form = try await form(request, context)
        guard let id = Self.wordID(context) else { throw WebError.noSuchWord }
        let name = form.action ?? ""
        let edit: WordEdit
        switch name {
        case "correct": edit = .correct(to: form.word ?? "")
        case "note": edit = .note(form.note ?? "")
        case "tag": edit = .tag(form.tag ?? "")
        case "untag": edit = .untag(form.tag ?? "")
        default: throw WebError.unknownAction(name)
        }
        let outcome = try await editor.edit(edit, on: id, seenVersion: form.seen ?? "", session: context.session?.id ?? 0)
        return try await respond(to: outcome, next: "/words/\(id)", changed: { _ in
            "#\(id) was changed on another phone or on the box meanwhile, so nothing was saved: here it is as it is now."
        }, showAgain: { _, sentence, status in
            try await wordPage(context, id: id, error: sentence, status: status)
        })
    }
}
