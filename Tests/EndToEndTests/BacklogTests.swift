import Foundation
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// A learner back after some days: `due` and `list` on a terminal stop after 50 words and say how
/// many more there are, pipes and JSON get every word, and `review` starts with the most overdue.
@Suite struct BacklogTests {
    static let words = 60

    /// A word book of 60 confirmed words captured over the last 100 days, filed out of date order,
    /// each reviewed once then, all due now; their IDs, the most overdue first.
    func backlog(_ scratch: Scratch) throws -> [Int64] {
        let database = try AppDatabase.open(path: scratch.database, create: true)
        let calendar = CaptureCalendar(timeZone: scratch.timeZone)
        for index in 0..<Self.words {
            let captured = Date().addingTimeInterval(-Double(10 + index * 37 % Self.words) * 86_400)
            let filing = Filing(
                sourceName: "\(index).jpg", sourceSHA256: "backlog-\(index)", capturedAt: captured,
                captureDay: calendar.day(of: captured), nextReview: calendar.startOfNextDay(after: captured),
                language: .english, word: "word\(index)", confidence: 90, candidates: [], box: nil, context: "", jpeg: Data([0xFF, 0xD8, 0xFF, 0xD9]), imageWidth: 1, imageHeight: 1)
            guard case let .filed(word) = try database.file(filing) else { throw StoreError.other("not filed") }
            try database.confirm(ids: [word.id!])
            // Studied once on its capture day, for a day: due since.
            _ = try database.grade(id: word.id!, level: 3, now: captured, calendar: calendar)
        }
        return try database.words(onDay: nil).sorted { ($0.word.nextReviewDate, $0.word.id!) < ($1.word.nextReviewDate, $1.word.id!) }
            .map { $0.word.id! }
    }

    func wordLines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("#") } }

    @Test func dueOnATerminalShowsTheFiftyMostOverdueAndHowManyMore() throws {
        let scratch = try Scratch()
        let ids = try backlog(scratch)
        let config = ["--config", scratch.config]

        let screen = try wordbook(["due"] + config, terminal: true)
        #expect(screen.status == 0, "\(screen.stderr)")
        #expect(wordLines(screen.stdout).map { $0.split(separator: " ")[0] } == ids.prefix(50).map { "#\($0)" })
        #expect(screen.stdout.hasSuffix("… and 10 more due: wordbook due --all, or review them with wordbook review\n"))

        let all = try wordbook(["due", "--all"] + config, terminal: true)
        #expect(wordLines(all.stdout).count == 60 && !all.stdout.contains("more due"))
        let ten = try wordbook(["due", "--limit", "10"] + config, terminal: true)
        #expect(wordLines(ten.stdout).count == 10 && ten.stdout.contains("… and 50 more due"))
        let later = try wordbook(["due", "--at", "2099-01-01"] + config, terminal: true)
        #expect(later.stdout.hasSuffix("… and 10 more due by 2099-01-01: wordbook due --at 2099-01-01 --all\n"))

        // A pipe gets every word and nothing else, or exactly --limit's number.
        let piped = try wordbook(["due"] + config)
        #expect(wordLines(piped.stdout).count == 60 && piped.stdout.split(separator: "\n").count == 60)
        let pipedTen = try wordbook(["due", "--limit", "10"] + config)
        #expect(pipedTen.stdout.split(separator: "\n").count == 10)
        // JSON is never cut short, on a terminal either.
        let json = try wordbook(["due", "--json"] + config, terminal: true)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["count"] as? Int == 60)
        #expect((document?["words"] as? [[String: Any]])?.map { Int64($0["id"] as! Int) } == ids)

        for (arguments, message) in [(["--limit", "0"], "--limit must be 1 or more, not 0."),
                                     (["--limit", "-3"], "--limit must be 1 or more, not -3."),
                                     (["--all", "--limit", "5"], "--all and --limit do not go together: give one of them.")] {
            for command in ["due", "list"] {
                let refused = try wordbook([command] + arguments + config)
                #expect(refused.status != 0 && refused.stderr == "wordbook: \(message)\n", "\(command) \(arguments): \(refused.stderr)")
            }
        }
        for (arguments, message) in [(["--limit", "-3"], "--limit must be 1 or more, not -3."),
                                     (["--ahead", "-1"], "--ahead must be a number of days from 1 to 365, not -1.")] {
            let refused = try wordbook(["review"] + arguments + config)
            #expect(refused.status == 64 && refused.stderr.hasPrefix("wordbook: \(message)\n"), "review \(arguments): \(refused.stderr)")
        }
    }

    @Test func listOnATerminalStopsAtFiftyAndAPipeGetsEverything() throws {
        let scratch = try Scratch()
        _ = try backlog(scratch)
        let config = ["--config", scratch.config]
        let screen = try wordbook(["list"] + config, terminal: true)
        #expect(wordLines(screen.stdout).count == 50)
        #expect(screen.stdout.hasSuffix("… and 10 more: add --all for every one, or --offset 50 for the next 50\n"))
        let page = try wordbook(["list", "--limit", "20", "--offset", "30"] + config, terminal: true)
        #expect(wordLines(page.stdout).count == 20 && page.stdout.contains("… and 10 more: add --all for every one, or --offset 50 for the next 20"))
        #expect(wordLines(try wordbook(["list", "--all"] + config, terminal: true).stdout).count == 60)
        #expect(try wordbook(["list"] + config).stdout.split(separator: "\n").count == 60)
        #expect(try wordbook(["list", "--count"] + config, terminal: true).stdout == "60\n")
        let negative = try wordbook(["list", "--offset", "-5"] + config)
        #expect(negative.status != 0 && negative.stderr == "wordbook: --offset must be 0 or more, not -5.\n")
    }

    @Test func reviewStartsWithTheMostOverdueAndSaysHowManyAreDue() throws {
        let scratch = try Scratch()
        let ids = try backlog(scratch)
        // Skip the first, grade the next two, quit.
        let review = try wordbook(["review", "--no-image", "--config", scratch.config], input: "s\n4\n3\nq\n")
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.hasPrefix("60 to review, 0 new, 0 in their steps.\n"), "\(review.stdout)")
        #expect(review.stdout.contains("[1/60] #\(ids[0]) ") && review.stdout.contains("[3/60] #\(ids[2]) "))
        #expect(review.stdout.contains("Graded 2 of 60 due."))
        let due = try wordbook(["due", "--config", scratch.config])
        #expect(wordLines(due.stdout).count == 58 && wordLines(due.stdout).first?.hasPrefix("#\(ids[0]) ") == true)
    }
}
