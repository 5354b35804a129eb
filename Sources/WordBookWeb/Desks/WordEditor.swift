import Foundation
import WordBookGloss
import WordBookStore
import WordBookVocabulary

/// An edit on a word's page.
enum WordEdit: Equatable {
    case correct(to: String)
    case note(String)
    case tag(String)
    case untag(String)
}

/// Edits words from their pages through the store's own methods, one at a time, so that the check
/// of the word's state and the change are never split by another phone's edit; every edit goes into
/// the change log as `web`, for `wordbook history` and `wordbook undo`.
actor WordEditor: Desk {
    static let command = WordDesk.command
    static let longestNote = 2000
    static let longestTag = 100

    let words: WordDesk
    var memo = SessionMemo()
    private var database: AppDatabase { words.database }

    init(_ words: WordDesk) {
        self.words = words
    }

    func edit(_ edit: WordEdit, on id: Int64, seenVersion: String, session: Int64) throws -> DeskOutcome {
        guard let word = try database.wordIfFiled(id: id) else { return .gone(id) }
        guard word.pageVersion == seenVersion else { return .changedMeanwhile(word) }
        let name = word.named
        let done: String
        do {
            switch edit {
            case let .correct(text):
                let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if let refusal = TypedWord.refusal(typed) { return .refused(refusal) }
                guard typed != word.word || word.status != .confirmed else { return .refused("\(name) already says that.") }
                done = try words.correct(word, to: typed)
            case let .note(text):
                let note = text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                guard note.count <= Self.longestNote else { return .refused("A note holds \(Self.longestNote) characters at most.") }
                try database.setNote(id: id, to: note, by: Self.command)
                done = note.isEmpty ? "Cleared the note of \(name)." : "Saved the note of \(name)."
            case let .tag(text):
                let tag = text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !tag.isEmpty else { return .refused("Type the tag's name first.") }
                guard tag.count <= Self.longestTag, !tag.contains(where: \.isWhitespace) else {
                    return .refused("A tag is one word of \(Self.longestTag) characters at most, without spaces.")
                }
                _ = try database.retag(id: id, adding: [tag], removing: [], by: Self.command)
                done = "Tagged \(name) +\(tag)."
            case let .untag(tag):
                _ = try database.retag(id: id, adding: [], removing: [tag], by: Self.command)
                done = "Took the tag \(tag) off \(name)."
            }
        } catch let error as StoreError {
            return .refused("Nothing was saved: \(error).")
        }
        memo.say(done, to: session)
        return .done(done)
    }
}
