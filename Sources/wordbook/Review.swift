import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade one confirmed word 0-5 and reschedule it by the review rule.",
        discussion: """
            0-2 you did not know it, 3 hard, 4 good, 5 easy; review's answers 1 Again, 2 Hard, 3 Good \
            and 4 Easy are the grades 1, 3, 4 and 5. The next review comes after \
            [1, 2, 4, 7, 15, 30] days by review count, scaled by max(0.5, grade / 5).
            With [review] scheduler = "fsrs" in the configuration, FSRS schedules it instead, \
            reading the grades as its answers: \(FSRSRating.gradeMeanings).

            Example: wordbook grade 12 4
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The word's ID.", valueName: "id"))
    var id: WordID

    @Argument(help: ArgumentHelp("How well you knew it, 0-5.", valueName: "level"))
    var level: Int

    func validate() throws {
        guard ReviewSchedule.levels.contains(level) else { throw ValidationError("a grade must be from 0 to 5, not \(level).") }
    }

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = configuration.calendar
        let word = try database.grade(id: id.value, level: level, calendar: calendar, scheduler: configuration.reviewScheduler)
        print("#\(id.value) \(word.word.escapingControlCharacters): grade \(level), next review \(calendar.iso8601(word.nextReviewDate)) (\(wait(days: word.reviewInterval, from: word.lastReviewDate, to: word.nextReviewDate))).")
    }
}

struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review the words due now, the most overdue first: answer 1 Again, 2 Hard, 3 Good or 4 Easy.",
        discussion: """
            Each answer shows the next review it would give. They are the grades 1, 3, 4 and 5 of \
            wordbook grade. s skips, u undoes the last answer, q quits, ? lists the keys. Every answer \
            is saved at once. With --hide-word the gloss is the cue: Enter shows the word, s and q act \
            at once. Reads answers from a pipe too: printf '3\\n1\\n' | wordbook review --no-image

            Examples:
              wordbook review --hide-word
              wordbook review --language de --limit 20
              wordbook review --book 2026-11-02
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show the gloss and the photo first, and the word only after Enter.")
    var hideWord = false

    @OptionGroup var photo: PhotoOptions

    @Option(help: ArgumentHelp("Only words of this language (\(Language.allowedNames)).", valueName: "language"))
    var language: String?

    @Option(help: ArgumentHelp("Only words captured on this day.", valueName: "YYYY-MM-DD"))
    var book: String?

    @Option(help: ArgumentHelp("At most this many words, the most overdue.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit).") }
        if let language { _ = try Language.option(language) }
    }

    static let keys = """
          1  Again: you did not know it        3  Good: you knew it
          2  Hard: you knew it, with effort    4  Easy: you knew it at once
          (each shows when the word comes back; they are grades 1, 3, 4, 5 of wordbook grade)
          s  skip    u  undo the last answer    q  quit    ?  these keys
        """

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = configuration.calendar
        let day = try book.map { try parseDay($0, option: "--book", calendar: calendar) }
        // Fixed at the start: a word graded now is due later, so the IDs due stay the same through the session.
        let due = try database.dueIDs(by: Date(), language: try language.map(Language.option), book: day,
                                      limit: limit)
        if due.isEmpty {
            print("Nothing is due.")
            return
        }
        print("\(grouped(due.count)) word\(due.count == 1 ? " is" : "s are") due; the most overdue come first.")
        let photos = photo.drawer(configuration)
        let reader = AnswerReader()
        var graded: [(position: Int, change: Int64)] = []
        var page: [Int64: WordListing] = [:]
        var position = 0
        walk: while position < due.count {
            let id = due[position]
            // A page at a time, so a backlog of thousands starts at once.
            if page[id] == nil {
                let ids = Array(due[position..<min(position + ListLength.onTerminal, due.count)])
                page = Dictionary(uniqueKeysWithValues: try database.listings(ids: ids).map { ($0.word.id!, $0) })
            }
            guard let listing = page[id] else {
                position += 1
                continue
            }
            let word = listing.word
            print("\n[\(position + 1)/\(grouped(due.count))] #\(id)  \(word.targetLanguage)  from \(listing.book)")
            // As the cue, the word's box is painted over.
            photos?.draw(database, word: word, hidingWord: hideWord)

            func undo() throws -> Bool {
                guard let last = graded.popLast() else {
                    print("  nothing to undo in this review yet.")
                    return false
                }
                do {
                    let undone = try database.undo(changeID: last.change)
                    print("  undid: \(undone.change.summary.escapingControlCharacters)")
                } catch let error as StoreError {
                    // Another command changed the word since: the learner reads why, and the review goes on.
                    print("  \(error).")
                    return false
                }
                page = [:]
                position = last.position
                return true
            }

            if hideWord {
                print(glossLine(word) ?? "  (no gloss: recall the word from the photo)")
                cue: while true {
                    guard let answer = reader.key("Enter shows the word, s skip, u undo, q quit, ? keys: ", keys: ["s", "q", "u", "?"])
                    else { break walk }
                    switch answer {
                    case "": break cue
                    case "q": break walk
                    case "s":
                        position += 1
                        continue walk
                    case "u":
                        if try undo() { continue walk }
                    case "?": print(Self.keys)
                    default: print("  Enter shows the word: ? shows the keys.")
                    }
                }
                // The answer is the word in the photo too: drawn again, its box no longer painted over.
                photos?.draw(database, word: word)
            }
            print("  \(word.word.escapingControlCharacters)" + (word.context.isEmpty || word.context == word.word ? "" : "   (\(word.context.escapingControlCharacters))"))
            if let gloss = glossLine(word) { print(gloss) }
            // One fuzz number for the word, so the interval shown on an answer is the one it gives.
            let fuzz = Double.random(in: 0..<1)
            let answers = FSRSRating.allCases
            let previews = try database.previewGrades(
                id: id, levels: answers.map(\.grade), calendar: calendar, scheduler: configuration.reviewScheduler, random: { fuzz })
            print("  " + zip(answers, previews).map { answer, after in
                "\(answer.rawValue) \(answer.name) (\(interval(days: after.reviewInterval, from: after.lastReviewDate, to: after.nextReviewDate)))"
            }.joined(separator: "   "))
            while true {
                guard let raw = reader.line("1-4, s skip, u undo, q quit, ? keys: ") else { break walk }
                let answer = raw.trimmingCharacters(in: .whitespaces)
                switch answer {
                case "q": break walk
                case "s":
                    position += 1
                    continue walk
                case "u":
                    if try undo() { continue walk }
                    continue
                case "?":
                    print(Self.keys)
                    print(AnswerReader.editingKeys)
                    continue
                default:
                    guard let number = Int(answer), let rating = FSRSRating(rawValue: number) else {
                        print("  not an answer: 1 Again, 2 Hard, 3 Good, 4 Easy; ? shows the keys.")
                        continue
                    }
                    let after = try database.grade(id: id, level: rating.grade, calendar: calendar,
                                                   scheduler: configuration.reviewScheduler, random: { fuzz }, by: "review")
                    graded.append((position, database.lastChangeID!))
                    print("  \(rating.name): next review \(calendar.iso8601(after.nextReviewDate)) (\(wait(days: after.reviewInterval, from: after.lastReviewDate, to: after.nextReviewDate)))")
                    position += 1
                    continue walk
                }
            }
        }
        print("\nGraded \(graded.count) of \(grouped(due.count)) due.")
    }
}
