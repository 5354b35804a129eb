import Foundation
import HTTPTypes
import Hummingbird
import WordBookSettings
import WordBookStore

/// The review page's routes: the front of the day's next word, its back, an answer, and undo.
extension WebApp {
    /// The front of the day's next word, or what is left when nothing is due.
    func review(_ context: WebContext, error: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let session = context.session?.id ?? 0
        let csrf = FormToken.of(sessionToken: context.sessionToken ?? "")
        var values: [String: Any] = ["csrf": csrf]
        if let notice = await reviews.takeNotice(session: session) { values["notice"] = notice }
        if let error { values["error"] = error }
        if let undo = await reviews.lastUndoable(session: session) { values["undo"] = undo }
        let turn = try await reviews.next(session: session)
        let queue: ReviewQueue
        if let turn, let word = try? database.word(id: turn.id) {
            queue = turn.queue
            values["counts"] = ReviewView.counts(queue)
            values["front"] = ReviewView.front(of: word, kind: turn.kind, csrf: csrf)
        } else {
            queue = try database.reviewQueue(reviews.day())
            values["done"] = Self.nothingDue(queue, perDay: configuration.newPerDay)
        }
        return pages.page("review", title: turn == nil ? "Nothing due" : "Review", values: values,
                          waiting: try database.wordCount(status: .proposed), due: queue.count, status: status)
    }

    /// What the review page says when nothing is left to show.
    static func nothingDue(_ queue: ReviewQueue, perDay: Int) -> String {
        var sentence = queue.learningLater > 0
            ? "Nothing is due yet: \(queue.learningLater) word\(queue.learningLater == 1 ? " is in its" : "s are in their") learning steps, so come back in a few minutes."
            : "Nothing is due: the day's reviews are done."
        let later = queue.newWaiting - queue.new.count
        if later > 0 {
            sentence += " \(later) new word\(later == 1 ? " waits" : "s wait") for the next days (\(perDay) a day)."
        }
        return sentence
    }

    /// The back of a word: the word and the four answers, each with its wait.
    func reviewBack(_ context: WebContext) async throws -> Response {
        guard let id = Self.wordID(context) else { throw WebError.noSuchWord }
        guard let word = try? database.word(id: id), word.status == .confirmed else { return .redirect(to: "/review") }
        let csrf = FormToken.of(sessionToken: context.sessionToken ?? "")
        let values: [String: Any] = ["back": ReviewView.back(of: word, previews: try await reviews.previews(of: word), csrf: csrf)]
        return pages.page("review", title: word.word, values: values, waiting: try database.wordCount(status: .proposed),
                          due: try database.reviewQueue(reviews.day()).count)
    }

    func answer(_ request: Request, _ context: WebContext) async throws -> Response {
        let form = try await form(request, context)
        guard let id = Self.wordID(context) else { throw WebError.noSuchWord }
        let name = form.action ?? ""
        let action: ReviewAction
        if name == "skip" {
            action = .skip
        } else if let rating = FSRSRating.allCases.first(where: { String(describing: $0) == name }) {
            action = .answer(rating)
        } else {
            throw WebError.unknownAction(name)
        }
        let outcome = try await reviews.act(action, on: id, seenVersion: form.seen ?? "", session: context.session?.id ?? 0)
        return try await respond(to: outcome, next: "/review", changed: { word in
            "\(word.named) was answered or changed on another phone or on the box meanwhile, so nothing was done: here is the next word."
        }, showAgain: { _, sentence, status in
            try await review(context, error: sentence, status: status)
        })
    }

    func undoAnswer(_ request: Request, _ context: WebContext) async throws -> Response {
        _ = try await form(request, context)
        let session = context.session?.id ?? 0
        await reviews.undo(session: session)
        return .redirect(to: "/review")
    }
}
