import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Grade: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade one confirmed word 0-5 and reschedule it by the review rule.",
        discussion: """
            0-2 you did not know it, 3 hard, 4 good, 5 easy. The next review comes after
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
        let calendar = CaptureCalendar(timeZone: configuration.timeZone)
        let word = try database.grade(id: id.value, level: level, calendar: calendar, scheduler: configuration.reviewScheduler)
        print("#\(id.value) \(word.word.escapingControlCharacters): grade \(level), next review \(calendar.iso8601(word.nextReviewDate)) (\(wait(days: word.reviewInterval, from: word.lastReviewDate, to: word.nextReviewDate))).")
    }
}

struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Review the words due now, the most overdue first: see the photo and the word, grade 0-5.",
        discussion: """
            Answer each with a grade 0-5, s to skip, q to quit. Every grade is saved at once.
            Reads answers from a pipe too: printf '4\\n2\\n' | wordbook review --no-image

            Example: wordbook review --hide-word
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show the photo first and the word only after Enter.")
    var hideWord = false

    @Flag(help: "No photo thumbnails, even on a terminal.")
    var noImage = false

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = CaptureCalendar(timeZone: configuration.timeZone)
        // Fixed at the start: a word graded now is due later, so the IDs due stay the same through the session.
        let due = try database.dueIDs(by: Date())
        if due.isEmpty {
            print("Nothing is due.")
            return
        }
        print("\(grouped(due.count)) word\(due.count == 1 ? " is" : "s are") due; the most overdue come first.")
        var graded = 0
        var page: [Int64: WordListing] = [:]
        loop: for (index, id) in due.enumerated() {
            // A page at a time, so a backlog of thousands starts at once.
            if index % ListLength.onTerminal == 0 {
                let ids = Array(due[index..<min(index + ListLength.onTerminal, due.count)])
                page = Dictionary(uniqueKeysWithValues: try database.listings(ids: ids).map { ($0.word.id!, $0) })
            }
            guard let listing = page[id] else { continue }
            let word = listing.word
            print("\n[\(index + 1)/\(grouped(due.count))] #\(id)  \(word.targetLanguage)  from \(listing.book)")
            if stdoutIsTerminal && !noImage { printThumbnail(database, wordId: id) }
            if hideWord {
                guard ask("Enter shows the word: ") != nil else { break }
            }
            print("  \(word.word.escapingControlCharacters)" + (word.context.isEmpty || word.context == word.word ? "" : "   (\(word.context.escapingControlCharacters))"))
            if let gloss = glossLine(word) { print(gloss) }
            while true {
                guard let answer = ask("grade 0-5, s skip, q quit: ")?.trimmingCharacters(in: .whitespaces) else { break loop }
                if answer == "q" { break loop }
                if answer == "s" { continue loop }
                guard let level = Int(answer), ReviewSchedule.levels.contains(level) else {
                    print("  a grade is a number from 0 to 5.")
                    continue
                }
                let after = try database.grade(id: id, level: level, calendar: calendar, scheduler: configuration.reviewScheduler)
                graded += 1
                print("  next review \(calendar.iso8601(after.nextReviewDate)) (\(wait(days: after.reviewInterval, from: after.lastReviewDate, to: after.nextReviewDate)))")
                continue loop
            }
        }
        print("\nGraded \(graded) of \(grouped(due.count)) due.")
    }
}

struct Triage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triage",
        abstract: "Walk the pending proposals one at a time, least confident first, and settle each.",
        discussion: """
            Enter accepts the proposal, a number picks that candidate, other text is the right word,
            s skips, r rejects, q quits. Every choice is saved at once. Reads from a pipe too:
            printf '\\n2\\nStraße\\nr\\n' | wordbook triage --no-image

            Example: wordbook triage
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "No photo thumbnails, even on a terminal.")
    var noImage = false

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let dictionaries = Dictionaries(configuration)
        var query = WordQuery()
        query.status = .proposed
        query.sort = .confidence
        let pending = try database.words(query)
        if pending.isEmpty {
            print("Nothing is waiting: every proposal is settled.")
            return
        }
        var settled = 0
        loop: for (index, listing) in pending.enumerated() {
            let word = listing.word
            let id = word.id!
            print("\n[\(index + 1)/\(pending.count)] #\(id)  \(word.targetLanguage)  captured \(listing.book)  confidence \(word.confidence)%")
            if stdoutIsTerminal && !noImage { printThumbnail(database, wordId: id) }
            print("  \(word.word.isEmpty ? "(no word found)" : word.word.escapingControlCharacters)")
            if let gloss = glossLine(word) { print(gloss) }
            if !word.candidates.isEmpty { print("  or: \(numberedCandidates(word))") }
            if !word.context.isEmpty && word.context != word.word { print("  in: \(word.context.escapingControlCharacters)") }
            while true {
                guard let raw = ask("Enter accepts, 1-\(max(word.candidates.count, 1)) picks, or type the word; s skip, r reject, q quit: ") else { break loop }
                let answer = raw.trimmingCharacters(in: .whitespaces)
                switch answer {
                case "q":
                    break loop
                case "s":
                    continue loop
                case "r":
                    try database.reject(ids: [id])
                    print("  rejected")
                case "":
                    guard !word.word.isEmpty else {
                        print("  no word was found: type it, or r to reject.")
                        continue
                    }
                    try database.confirm(ids: [id])
                    print("  confirmed \(word.word.escapingControlCharacters)")
                default:
                    if let number = Int(answer) {
                        guard (1...max(1, word.candidates.count)).contains(number), number <= word.candidates.count else {
                            print("  there is no candidate \(number).")
                            continue
                        }
                        let corrected = try database.correct(id: id, to: word.candidates[number - 1], dictionaries: dictionaries)
                        print("  confirmed \(corrected.word.escapingControlCharacters)" + (corrected.gloss.map { " = \($0.escapingControlCharacters)" } ?? ""))
                    } else {
                        let corrected = try database.correct(id: id, to: answer, dictionaries: dictionaries)
                        print("  confirmed \(corrected.word.escapingControlCharacters)" + (corrected.gloss.map { " = \($0.escapingControlCharacters)" } ?? ""))
                    }
                }
                settled += 1
                continue loop
            }
        }
        print("\nSettled \(settled) of \(pending.count).")
    }
}
