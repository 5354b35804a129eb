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
        abstract: "Review this review day's words as Anki does: words in their steps, words due, then new words up to the day's limit.",
        discussion: """
            Answer with one key: 1 Again, 2 Hard, 3 Good, 4 Easy (Space or Enter is Good); each answer shows \
            when the word comes back. A new or forgotten word goes through its learning steps ([review] \
            learning_steps, 1 and 10 minutes by default) and comes back in the same session when its step \
            comes, or up to 20 minutes early when nothing else is left, as in Anki. A review day starts at \
            [review] day_starts_at (4 a.m.) and introduces at most [review] new_per_day new words. \
            s skips, u undoes the last answer, q quits, ? lists the keys. Every answer is saved at once. \
            With --hide-word the gloss is the cue, the word written over in it: Space or Enter shows the word. \
            Reads answers from a pipe too, one a line: printf '3\\n1\\n' | wordbook review --no-image

            Examples:
              wordbook review --hide-word
              wordbook review --language de --limit 20
              wordbook review --at 2026-11-28
              wordbook review --ahead 3
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show the gloss and the photo first, and the word only after Space or Enter.")
    var hideWord = false

    @OptionGroup var photo: PhotoOptions

    @Option(help: ArgumentHelp("Only words of this language (\(Language.allowedNames)).", valueName: "language"))
    var language: String?

    @Option(help: ArgumentHelp("Only words captured on this day.", valueName: "YYYY-MM-DD"))
    var book: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("At most this many words, reviews before new words.", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Review as on this review day, from its start, the clock running from there: to play days forward.",
                               valueName: "YYYY-MM-DD"))
    var at: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Also review the words due in the next n days (Anki's custom study, review ahead).", valueName: "n"))
    var ahead: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit).") }
        if let ahead, !(1...365).contains(ahead) { throw ValidationError("--ahead must be a number of days from 1 to 365, not \(ahead).") }
        if let language { _ = try Language.option(language) }
    }

    static let keys = """
          1  Again: you did not know it        3  Good: you knew it (also Space, Enter)
          2  Hard: you knew it, with effort    4  Easy: you knew it at once
          (each shows when the word comes back; they are grades 1, 3, 4, 5 of wordbook grade)
          s  skip    u  undo the last answer    q  quit    ?  these keys
        """

    /// One word of the session, and where it came from.
    private enum Source: Equatable {
        /// The day's queue, at this position.
        case queue(Int)
        /// Back from a learning step this session.
        case step(due: Date)

        var isStep: Bool {
            if case .step = self { return true }
            return false
        }
    }

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = configuration.calendar
        let bookDay = try book.map { try parseDay($0, option: "--book", calendar: calendar) }
        // The session's clock: now, or the start of --at's day, running on from there.
        let started = Date()
        let origin = try at.map { try calendar.startOfReviewDay(parseDay($0, option: "--at", calendar: calendar))! } ?? started
        let now = { origin.addingTimeInterval(Date().timeIntervalSince(started)) }
        var day = ReviewDay(now: now(), calendar: calendar, newPerDay: configuration.newPerDay)
        if let ahead { day = day.reviewingAhead(days: ahead, calendar: calendar) }
        // Fixed at the start, as Anki's counts are; words graded into a step join it as they come back.
        let queue = try database.reviewQueue(day, language: try language.map(Language.option), book: bookDay, limit: limit)
        let words = queue.learning + queue.reviews + queue.new
        let newIDs = Set(queue.new)
        if words.isEmpty {
            print(queue.learningLater > 0
                ? "Nothing is due yet: \(grouped(queue.learningLater)) word\(queue.learningLater == 1 ? " is in its" : "s are in their") learning steps; run wordbook review again in a few minutes."
                : "Nothing is due.")
            if queue.newWaiting > 0 { print(newWordsLine(queue, perDay: configuration.newPerDay)) }
            return
        }
        print("\(grouped(queue.reviews.count)) to review, \(grouped(queue.new.count)) new, \(grouped(queue.learning.count)) in their steps"
            + (at.map { " (as on \($0))" } ?? "") + ".")
        let photos = photo.drawer(configuration)
        let reader = AnswerReader()
        var answered: [(id: Int64, source: Source, addedStep: Bool, change: Int64)] = []
        var steps: [(id: Int64, due: Date)] = []
        var page: [Int64: WordListing] = [:]
        var position = 0
        var graded = Set<Int64>()
        // Shown before anything else: what an undo puts back.
        var front: [(Int64, Source)] = []

        /// The next word: a step come due, else the queue's next, else a step due within the learn-ahead limit.
        func next() -> (Int64, Source)? {
            if !front.isEmpty { return front.removeFirst() }
            let moment = now()
            if let index = steps.indices.min(by: { steps[$0].due < steps[$1].due }) {
                let step = steps[index]
                if step.due <= moment || (position >= words.count && step.due <= moment.addingTimeInterval(ReviewDay.learnAhead)) {
                    steps.remove(at: index)
                    return (step.id, .step(due: step.due))
                }
            }
            guard position < words.count else { return nil }
            defer { position += 1 }
            return (words[position], .queue(position))
        }

        walk: while let (id, source) = next() {
            if page[id] == nil, case let .queue(at) = source {
                // A page at a time, so a backlog of thousands starts at once.
                let ids = Array(words[at..<min(at + ListLength.onTerminal, words.count)])
                page = Dictionary(uniqueKeysWithValues: try database.listings(ids: ids).map { ($0.word.id!, $0) })
            }
            // A word back from its step is read again: the page holds it as it was before its grade.
            let cached = source.isStep ? nil : page[id]
            guard let listing = try cached ?? database.listings(ids: [id]).first else { continue }
            let word = listing.word
            let kind: String
            switch source {
            case let .queue(at):
                kind = "[\(at + 1)/\(grouped(words.count))]"
            case .step:
                kind = "[again]"
            }
            print("\n\(kind) #\(id)  \(word.targetLanguage)  from \(listing.book)" + (word.reviewCount == 0 && newIDs.contains(id) ? "  (new word)" : ""))
            // As the cue, the word's box is painted over.
            photos?.draw(database, word: word, hidingWord: hideWord)

            func undo() throws -> Bool {
                guard let last = answered.popLast() else {
                    print("  nothing to undo in this review yet.")
                    return false
                }
                do {
                    let undone = try database.undo(changeID: last.change)
                    print("  undid: \(undone.change.summary.escapingControlCharacters)")
                } catch let error as StoreError {
                    // Another command changed the word since: the learner reads why, and the review goes on.
                    answered.append(last)
                    print("  \(error).")
                    return false
                }
                if last.addedStep, let index = steps.lastIndex(where: { $0.id == last.id }) { steps.remove(at: index) }
                if case .queue = last.source { graded.remove(last.id) }
                page = [:]
                // The word undone comes next, then the one on screen.
                front = [(last.id, last.source)]
                switch source {
                case let .queue(current): position = current
                case .step: front.append((id, source))
                }
                return true
            }

            if hideWord {
                print(cueLine(word) ?? "  (no gloss: recall the word from the photo)")
                cue: while true {
                    guard let answer = reader.key("Space shows the word, s skip, u undo, q quit, ? keys: ", keys: ["s", "q", "u", "?", " "])
                    else { break walk }
                    switch answer {
                    case "", " ": break cue
                    case "q": break walk
                    case "s": continue walk
                    case "u":
                        if try undo() { continue walk }
                    case "?": print(Self.keys)
                    default: print("  Space or Enter shows the word: ? shows the keys.")
                    }
                }
                // The answer is the word in the photo too: drawn again, its box no longer painted over.
                photos?.draw(database, word: word)
            }
            // The noun with its article, as a learner writes it (die Straße): its gender is the gloss's.
            let shown = word.targetLanguage.withArticle(word.word, gloss: word.gloss, headword: word.glossHeadword)
            print("  \(shown.escapingControlCharacters)" + (word.context.isEmpty || word.context == word.word ? "" : "   (\(word.context.escapingControlCharacters))"))
            if let gloss = glossLine(word) { print(gloss) }
            // One fuzz number for the word, so the interval shown on an answer is the one it gives.
            let fuzz = Double.random(in: 0..<1)
            let answers = FSRSRating.allCases
            let previews = try database.previewGrades(
                id: id, levels: answers.map(\.grade), now: now(), calendar: calendar, scheduler: configuration.reviewScheduler,
                random: { fuzz })
            print("  " + zip(answers, previews).map { answer, after in
                "\(answer.rawValue) \(answer.name) (\(interval(days: after.reviewInterval, from: after.lastReviewDate, to: after.nextReviewDate)))"
            }.joined(separator: "   "))
            while true {
                guard let answer = reader.key("1-4 (Space Good), s skip, u undo, q quit, ? keys: ",
                                              keys: ["1", "2", "3", "4", " ", "s", "u", "q", "?"]) else { break walk }
                switch answer {
                case "q": break walk
                case "s": continue walk
                case "u":
                    if try undo() { continue walk }
                    continue
                case "?":
                    print(Self.keys)
                    continue
                default:
                    let rating: FSRSRating
                    if answer == "" || answer == " " {
                        rating = .good
                    } else if let number = Int(answer), let chosen = FSRSRating(rawValue: number) {
                        rating = chosen
                    } else {
                        print("  not an answer: 1 Again, 2 Hard, 3 Good, 4 Easy; ? shows the keys.")
                        continue
                    }
                    let after = try database.grade(id: id, level: rating.grade, now: now(), calendar: calendar,
                                                   scheduler: configuration.reviewScheduler, random: { fuzz }, by: "review")
                    // A step shorter than the day brings the word back in this session.
                    let again = after.reviewInterval < 1 && after.nextReviewDate < day.end
                    if again { steps.append((id, after.nextReviewDate)) }
                    answered.append((id, source, again, database.lastChangeID!))
                    graded.insert(id)
                    print("  \(rating.name): next review \(calendar.iso8601(after.nextReviewDate)) (\(wait(days: after.reviewInterval, from: after.lastReviewDate, to: after.nextReviewDate)))"
                        + (again ? ", in this session" : ""))
                    continue walk
                }
            }
        }
        print("\nGraded \(graded.count) of \(grouped(words.count)) due.")
        // Words left in their steps, the one on screen at a quit included, as the word book has them now.
        let left = try database.reviewQueue(ReviewDay(now: now(), calendar: calendar, newPerDay: 0),
                                            language: try language.map(Language.option), book: bookDay)
        let inSteps = left.learning.count + left.learningLater
        if inSteps > 0 {
            print("\(grouped(inSteps)) word\(inSteps == 1 ? " is still in its" : "s are still in their") learning steps: run wordbook review again"
                + (left.learning.isEmpty ? " in a few minutes." : " now."))
        }
    }
}
