import Foundation
import WordBookGloss
import WordBookStore
import WordBookVocabulary

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

/// A word typed on a page, as the pending page's correction and a word page's edit take it.
enum TypedWord {
    static let longest = 200

    /// Why `typed` (trimmed) is no word to save, in one sentence; nil when it is one.
    static func refusal(_ typed: String) -> String? {
        if typed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "A word cannot hold control characters (such as a tab or a line break): type it again."
        }
        guard typed.contains(where: \.isLetter) else { return "Type the word as it should be: it needs at least one letter." }
        guard typed.count <= longest else { return "That is longer than a word (\(longest) letters at most)." }
        return nil
    }
}

/// The word book a desk changes words in, and the dictionaries that gloss a word as the learner
/// corrects it: what the pending page's desk and a word page's editor share.
struct WordDesk: Sendable {
    static let command = "web"

    let database: AppDatabase
    let glossary: Glossary?

    /// Saves `word` as `text`, with the dictionary's gloss of the new word and its box (the one given,
    /// or the store finds it among the words read around the aim); says so in one sentence.
    func correct(_ word: Word, to text: String, box: PixelBox? = nil) throws -> String {
        let gloss = glossary?.lookUp(text, language: word.targetLanguage).gloss
        let corrected = try database.correct(id: word.id!, to: text, gloss: gloss, box: box, by: Self.command)
        return "Saved #\(word.id!) \(corrected.word)" + (corrected.gloss.map { " = \($0)." } ?? ".")
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

/// A change a phone made, which it may undo.
struct UndoableChange {
    /// The change log's row.
    let change: Int64
    let word: Int64
    /// What the page said it did.
    let summary: String
}

/// What a desk keeps for each paired phone (by session): the sentence its next page shows once, and
/// its own changes to undo, newest last.
struct SessionMemo {
    private var notices: [Int64: String] = [:]
    private var undoable: [Int64: [UndoableChange]] = [:]

    mutating func say(_ sentence: String, to session: Int64) {
        notices[session] = sentence
    }

    /// The sentence for the session's next page, once.
    mutating func takeNotice(session: Int64) -> String? {
        notices.removeValue(forKey: session)
    }

    /// The change `database` made last, for `session` to undo; `summary` is also said on its next page.
    mutating func remember(_ summary: String, word: Int64, from database: AppDatabase, for session: Int64) {
        if let change = database.lastChangeID {
            undoable[session, default: []].append(UndoableChange(change: change, word: word, summary: summary))
        }
        say(summary, to: session)
    }

    func last(session: Int64) -> UndoableChange? {
        undoable[session]?.last
    }

    /// Reverts the session's last change through the change log, where a later change to the same
    /// word, from anywhere, refuses it; the session's next page says how it went (`nothing` when
    /// there was nothing to undo). The change undone, when it was.
    mutating func undoLast(session: Int64, in database: AppDatabase, nothing: String) -> UndoableChange? {
        guard let last = undoable[session]?.popLast() else {
            say(nothing, to: session)
            return nil
        }
        do {
            _ = try database.undo(changeID: last.change)
            say("Undone: \(last.summary)", to: session)
            return last
        } catch {
            say("Could not undo: \(error).", to: session)
            return nil
        }
    }
}

/// An actor that acts on words for every phone, one action at a time, keeping each phone's memo.
protocol Desk: Actor {
    var memo: SessionMemo { get set }
}

extension Desk {
    /// The sentence the session's page shows once, after an action or an undo.
    func takeNotice(session: Int64) -> String? {
        memo.takeNotice(session: session)
    }

    /// What the session's Undo button would undo.
    func lastUndoable(session: Int64) -> String? {
        memo.last(session: session)?.summary
    }
}
