import Foundation
import WordBookGloss
import WordBookStore
import WordBookVocabulary

/// What the learner asked for on the pending page.
enum TriageAction: Equatable {
    case confirm
    case pick(candidate: Int)
    /// A word read around the aim, tapped on the photo.
    case tap(word: Int)
    case correct(to: String)
    case reject
}

/// Settles proposals for every phone through the store's own methods, one action at a time, so that
/// the check of a word's state and the change that follows it are never split by another phone's
/// action; keeps each session's own actions to undo, newest last.
actor TriageDesk: Desk {
    static let command = WordDesk.command

    let words: WordDesk
    var memo = SessionMemo()
    private var database: AppDatabase { words.database }

    init(_ words: WordDesk) {
        self.words = words
    }

    func act(_ action: TriageAction, on id: Int64, seenVersion: String, session: Int64) throws -> DeskOutcome {
        guard let word = try database.wordIfFiled(id: id) else { return .gone(id) }
        guard word.status == .proposed, word.pageVersion == seenVersion else { return .changedMeanwhile(word) }
        let done: String
        switch action {
        case .confirm:
            guard !word.word.isEmpty else { return .refused("No word was found in this photo: type it, or reject it.") }
            try database.confirm(ids: [id], by: Self.command)
            done = "Confirmed #\(id) \(word.word)."
        case let .pick(index):
            guard word.candidates.indices.contains(index) else {
                return .refused("There is no such candidate for #\(id) any more.")
            }
            done = try settle(word, as: word.candidates[index])
        case let .tap(index):
            guard word.wordsAround.indices.contains(index) else {
                return .refused("That word is no longer marked on #\(id)'s photo: reload the page.")
            }
            done = try settle(word, as: word.wordsAround[index].text, box: word.wordsAround[index].box)
        case let .correct(text):
            let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if let refusal = TypedWord.refusal(typed) { return .refused(refusal) }
            done = try settle(word, as: typed)
        case .reject:
            try database.reject(ids: [id], by: Self.command)
            done = "Rejected #\(id)" + (word.word.isEmpty ? "." : " \(word.word).")
        }
        memo.remember(done, word: id, from: database, for: session)
        return .done(done)
    }

    /// Confirms the word when `text` is what it already says, else corrects it, with the new word's
    /// gloss and its box (the one given, or the store finds it among the words read around the aim).
    private func settle(_ word: Word, as text: String, box: PixelBox? = nil) throws -> String {
        if text == word.word {
            try database.confirm(ids: [word.id!], by: Self.command)
            return "Confirmed #\(word.id!) \(text)."
        }
        return try words.correct(word, to: text, box: box)
    }

    /// Reverts this session's last action; a later change to the same word, from anywhere, refuses it.
    func undo(session: Int64) {
        _ = memo.undoLast(session: session, in: database, nothing: "There is nothing to undo from this phone.")
    }
}
