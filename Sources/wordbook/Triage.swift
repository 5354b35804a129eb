import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Triage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triage",
        abstract: "Walk the pending proposals one at a time, least confident first, and settle each.",
        discussion: """
            Enter accepts the proposal, a number picks that candidate, other text is the right word \
            (a proposal under 50% is a guess: "not sure: pick one", and Enter accepts it only twice); \
            s skips, r rejects, u undoes the last choice, q quits, ? lists the keys. An answer without \
            a letter, or with a control character, is never saved. Every choice is saved at once. \
            Reads from a pipe too: printf '\\n2\\nStraße\\nr\\n' | wordbook triage --no-image

            Example: wordbook triage
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var photo: PhotoOptions

    static let keys = """
          Enter   accept the proposal          s  skip it for now
          1-9     pick that candidate          r  reject it
          a word  type the right word          u  undo the last choice
          q       quit                         ?  these keys
        """

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let dictionaries = Dictionaries(configuration)
        var query = WordQuery()
        query.status = .proposed
        query.sort = .confidence
        let pending = try database.words(query).map { $0.word.id! }
        if pending.isEmpty {
            print("Nothing is waiting: every proposal is settled.")
            return
        }
        let photos = photo.drawer(configuration)
        let reader = AnswerReader()
        var settled: [(position: Int, change: Int64)] = []
        var position = 0
        walk: while position < pending.count {
            let id = pending[position]
            // Read again, as an undo may have brought it back.
            guard let listing = try database.listings(ids: [id]).first, listing.word.status == .proposed else {
                position += 1
                continue
            }
            let word = listing.word
            print("\n[\(position + 1)/\(pending.count)] #\(id)  \(word.targetLanguage)  captured \(listing.book)  confidence \(word.confidence)%")
            photos?.draw(database, word: word)
            if word.isDoubtful {
                // A guess: the candidates first, and the guess's meaning said to be a guess's.
                print("  not sure: pick one" + (word.candidates.isEmpty ? ", or type the word" : ": \(numberedCandidates(word))"))
                print("  best guess: \(word.word.escapingControlCharacters)")
                if let gloss = word.gloss { print("  = \(gloss.escapingControlCharacters)  (if it is \(word.word.escapingControlCharacters))") }
            } else {
                print("  \(word.word.isEmpty ? "(no word found)" : word.word.escapingControlCharacters)")
                if let gloss = glossLine(word) { print(gloss) }
                if !word.candidates.isEmpty { print("  or: \(numberedCandidates(word))") }
            }
            // Where the aim is in doubt, the line shows which candidate is which.
            if !word.context.isEmpty && word.context != word.word {
                print("  in: \((word.isDoubtful ? numberedLine(word) : word.context).escapingControlCharacters)")
            }
            let picks = word.candidates.isEmpty ? "" : word.candidates.count == 1 ? "1 picks, " : "1-\(word.candidates.count) picks, "
            // A guess is filed by Enter only when asked twice.
            var guessConfirmed = !word.isDoubtful
            while true {
                let accepts = guessConfirmed ? "Enter accepts" : "Enter twice accepts the guess"
                guard let raw = reader.line("\(accepts), \(picks)a word corrects, ? keys: ") else { break walk }
                let answer = raw.trimmingCharacters(in: .whitespaces)
                switch answer {
                case "q":
                    break walk
                case "s":
                    position += 1
                    continue walk
                case "?":
                    print(Self.keys)
                    print(AnswerReader.editingKeys)
                    continue
                case "u":
                    guard let last = settled.popLast() else {
                        print("  nothing to undo in this triage yet.")
                        continue
                    }
                    do {
                        let undone = try database.undo(changeID: last.change)
                        print("  undid: \(undone.change.summary.escapingControlCharacters)")
                    } catch let error as StoreError {
                        // Another command changed the word since: the learner reads why, and triage goes on.
                        print("  \(error).")
                        continue
                    }
                    position = last.position
                    continue walk
                case "r":
                    try database.reject(ids: [id], by: "triage")
                    print("  rejected")
                case "":
                    guard !word.word.isEmpty else {
                        print("  no word was found: type it, or r to reject.")
                        continue
                    }
                    guard guessConfirmed else {
                        guessConfirmed = true
                        print("  \(word.word.escapingControlCharacters) is a guess (\(word.confidence)%): Enter again accepts it, or pick or type the word.")
                        continue
                    }
                    try database.confirm(ids: [id], by: "triage")
                    print("  confirmed \(word.word.escapingControlCharacters)")
                default:
                    var text = answer
                    if let number = Int(answer) {
                        guard (1...max(1, word.candidates.count)).contains(number), number <= word.candidates.count else {
                            print("  there is no candidate \(number).")
                            continue
                        }
                        text = word.candidates[number - 1]
                    } else if !isWordAnswer(answer) {
                        print(notAWord)
                        continue
                    }
                    if text == word.word {
                        try database.confirm(ids: [id], by: "triage")
                        print("  confirmed \(word.word.escapingControlCharacters)")
                        break
                    }
                    let corrected = try database.correct(id: id, to: text, dictionaries: dictionaries, by: "triage")
                    print("  confirmed \(corrected.word.escapingControlCharacters)" + (corrected.gloss.map { " = \($0.escapingControlCharacters)" } ?? ""))
                }
                if let change = database.lastChangeID { settled.append((position, change)) }
                position += 1
                continue walk
            }
        }
        print("\nSettled \(settled.count) of \(pending.count).")
    }
}
