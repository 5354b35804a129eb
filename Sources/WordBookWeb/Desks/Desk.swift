import Foundation
import WordBookStore

/// How a form sent from a page went, as the next page says it. The pending page's actions, the
/// review page's answers and a word page's edits all come to one of these.
enum DeskOutcome {
    /// Done, in one sentence for the page.
    case done(String)
    /// Another phone or the command line changed the word since the page showed it: nothing was
    /// done, and the word is as given.
    case changedMeanwhile(Word)
    /// The learner's input was refused, in one sentence; nothing was saved.
    case refused(String)

    /// The word was pruned, or never filed.
    static func gone(_ id: Int64) -> DeskOutcome {
        .refused("There is no word #\(id): it may have been pruned.")
    }
}

extension Word {
    /// The state a page shows a word in, sent back with its forms (`seen`) to tell whether the word
    /// changed meanwhile: its last change, in milliseconds.
    var pageVersion: String {
        String(Int64((updatedAt.timeIntervalSince1970 * 1000).rounded()))
    }
}

extension AppDatabase {
    /// The word as it is now; nil when there is none.
    func wordIfFiled(id: Int64) throws -> Word? {
        do {
            return try word(id: id)
        } catch StoreError.noSuchWord {
            return nil
        }
    }
}

/// What a desk keeps for each paired phone (by session): the sentence its next page shows once, and
/// its own actions to undo, newest last.
struct SessionMemo<Undoable> {
    private var notices: [Int64: String] = [:]
    private var undoable: [Int64: [Undoable]] = [:]

    mutating func say(_ sentence: String, to session: Int64) {
        notices[session] = sentence
    }

    /// The sentence for the session's next page, once.
    mutating func takeNotice(session: Int64) -> String? {
        notices.removeValue(forKey: session)
    }

    mutating func remember(_ action: Undoable, for session: Int64) {
        undoable[session, default: []].append(action)
    }

    mutating func popLast(session: Int64) -> Undoable? {
        undoable[session]?.popLast()
    }

    func last(session: Int64) -> Undoable? {
        undoable[session]?.last
    }
}
