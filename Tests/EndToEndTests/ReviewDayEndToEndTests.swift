import Foundation
import Testing

/// A learner's days played forward with `review --at`: new words introduced at the day's limit, a
/// failed word back in the same session when its step comes, the rest waiting for the next day.
@Suite struct ReviewDayEndToEndTests {
    func json(_ arguments: [String], _ scratch: Scratch) throws -> [String: Any] {
        let result = try wordbook(arguments + ["--json", "--config", scratch.config])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func daysPlayedForwardIntroduceNewWordsAtTheLimitAndBringAFailedWordBack() throws {
        let scratch = try Scratch()
        let plain = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (plain + "\n[review]\nnew_per_day = 2\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
        let photos = try distinctPhotos(3)
        for photo in photos { try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)")) }
        let ingested = try wordbook(["ingest", "--config", scratch.config] + photos.map { "\(scratch.root)/\($0.name)" })
        #expect(ingested.status == 0, "\(ingested.stderr)")
        #expect(try wordbook(["confirm", "1", "2", "3", "--config", scratch.config]).status == 0)

        // Captured weeks before, the words are new, not overdue: two to learn on the first day.
        var due = try json(["due", "--at", "2026-12-01"], scratch)
        #expect(due["due"] as? Int == 0 && due["new"] as? Int == 2 && due["newWaiting"] as? Int == 3, "\(due)")

        // Again on the first: it comes back in this session, after the second, through both steps.
        let review = try wordbook(["review", "--no-image", "--at", "2026-12-01", "--config", scratch.config], input: "1\n3\n3\n3\n3\n")
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("0 to review, 2 new, 0 in their steps (as on 2026-12-01)."), "\(review.stdout)")
        #expect(review.stdout.contains("Again: next review 2026-12-01T04:01"), "\(review.stdout)")
        #expect(review.stdout.components(separatedBy: "[again] #1").count - 1 == 2, "\(review.stdout)")
        #expect(review.stdout.components(separatedBy: "[again] #2").count - 1 == 1, "\(review.stdout)")
        #expect(review.stdout.contains("Graded 2 of 2 due."), "\(review.stdout)")
        #expect(!review.stdout.contains("#3"), "the third waits: the day's limit is 2")

        // The same day has no new word left; the next day introduces the third.
        due = try json(["due", "--at", "2026-12-01"], scratch)
        #expect(due["new"] as? Int == 0 && due["newWaiting"] as? Int == 1, "\(due)")
        due = try json(["due", "--at", "2026-12-02"], scratch)
        #expect(due["new"] as? Int == 1, "\(due)")

        for id in [1, 2] {
            let word = try #require(try json(["show", "\(id)"], scratch)["word"] as? [String: Any])
            #expect(word["reviewCount"] as? Int == (id == 1 ? 3 : 2) && (word["reviewInterval"] as? Int ?? 0) >= 1, "\(word)")
            #expect((word["mastery"] as? Int ?? 9) < 4, "a day's learning does not master a word: \(word)")
        }
    }

    @Test func dueOnATerminalSaysAWordInItsStepsComesBackLaterThisDay() throws {
        let scratch = try Scratch()
        // The day starts twelve hours from now, so that a step ten minutes away falls in this day whenever the test runs.
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = scratch.timeZone
        let start = (berlin.component(.hour, from: Date()) + 12) % 24
        let plain = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (plain + "\n[review]\nday_starts_at = \(start)\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
        let photo = try #require(try distinctPhotos(1).first)
        try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
        #expect(try wordbook(["ingest", "--config", scratch.config, "\(scratch.root)/\(photo.name)"]).status == 0)
        #expect(try wordbook(["confirm", "1", "--config", scratch.config]).status == 0)
        // Good on a new word: its next step is 10 minutes away, so nothing is due now.
        let review = try wordbook(["review", "--no-image", "--config", scratch.config], input: "3\nq\n")
        #expect(review.stdout.contains("Good: next review") && review.stdout.contains("in this session"), "\(review.stdout)")
        let screen = try wordbook(["due", "--config", scratch.config], terminal: true)
        #expect(screen.stdout.contains("No review is due.") && screen.stdout.contains(
            "1 word in its learning steps comes back later this day (wordbook review shows them up to 20 minutes early)."), "\(screen.stdout)")
        #expect(!(try wordbook(["due", "--config", scratch.config]).stdout.contains("learning steps")), "a pipe gets the words due only")
        // stats counts it the same way.
        #expect(try wordbook(["stats", "--config", scratch.config]).stdout.contains("due today  0, and 1 in its learning steps later this day\n"))
        let stats = try json(["stats"], scratch)
        #expect(stats["dueToday"] as? Int == 0 && stats["stepsLaterToday"] as? Int == 1, "\(stats)")
        let due = try json(["due"], scratch)
        #expect(due["due"] as? Int == 0 && due["stepsLater"] as? Int == 1, "\(due)")
    }
}
