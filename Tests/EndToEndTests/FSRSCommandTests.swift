import Foundation
import Testing
@testable import WordBookStore

/// `[review] scheduler = "fsrs"` through the real binary: grade, review, due, show, stats, backup.
@Suite(.serialized) struct FSRSCommandTests {
    let scratch: Scratch
    /// The same data folder under the interval rule.
    let intervalConfig: String

    init() throws {
        scratch = try Scratch()
        intervalConfig = "\(scratch.root)/interval.toml"
        let plain = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (plain + "\n[review]\nscheduler = \"interval\"\n").write(toFile: intervalConfig, atomically: true, encoding: .utf8)
        try (plain + "\n[review]\nscheduler = \"fsrs\"\nfsrs_fuzz = false\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String], config: String? = nil, input: String? = nil) throws -> CommandResult {
        let result = try wordbook(arguments + ["--config", config ?? scratch.config], input: input)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    func json(_ arguments: [String], config: String? = nil) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run(arguments + ["--json"], config: config).stdout.utf8)) as? [String: Any])
    }

    func word(_ id: Int) throws -> [String: Any] {
        try #require(try json(["show", "\(id)"])["word"] as? [String: Any])
    }

    @Test func gradesScheduleByFSRSAndTheStateShowsEverywhere() throws {
        let images = LabeledImage.all.filter { $0.language == "fr" }.prefix(2)
        try #require(images.count == 2)
        _ = try run(["ingest", "--language", "fr"] + images.map(\.path))
        _ = try run(["confirm", "1", "2"])
        #expect(try word(1)["stability"] == nil, "no state before the first grade")
        let before = try json(["due"])
        #expect(before["due"] as? Int == 0 && before["new"] as? Int == 2, "captured weeks ago, yet new, not overdue: \(before)")

        // A new word's first Good takes it to the second learning step: back in 10 minutes.
        let first = try run(["grade", "1", "4"])
        #expect(first.stdout.contains("grade 4") && first.stdout.contains("(in 10 minutes)"), "\(first.stdout)")
        var one = try word(1)
        #expect(one["fsrsState"] as? String == "learning" && one["fsrsStep"] as? Int == 1)
        #expect(one["stability"] as? Double == 2.3065 && one["reviewCount"] as? Int == 1 && one["mastery"] as? Int == 0)
        #expect(try run(["show", "1"]).stdout.contains("reviews     1, interval 10 minutes"))
        // In its step for 10 minutes, not due yet; the other is still new.
        let now = try json(["due"])
        #expect((now["words"] as! [Any]).isEmpty && now["new"] as? Int == 1, "\(now)")
        #expect((try json(["due", "--at", "2099-01-01"])["words"] as! [[String: Any]]).map { $0["id"] as! Int } == [1])

        // Good again the same day: short-term stability, and the word graduates to days.
        let scheduler = FSRSScheduler(enableFuzzing: false)
        let stability = scheduler.shortTermStability(2.3065, .good)
        let days = scheduler.nextInterval(stability)
        let second = try run(["grade", "1", "4"])
        #expect(second.stdout.contains("(in \(days) day\(days == 1 ? "" : "s"))"), "\(second.stdout)")
        one = try word(1)
        #expect(one["fsrsState"] as? String == "review" && one["fsrsStep"] == nil)
        #expect(abs((one["stability"] as? Double ?? 0) - stability) < 1e-12 && one["reviewInterval"] as? Int == days)
        #expect(try run(["show", "1"]).stdout.contains("FSRS review, stability \(String(format: "%.1f", stability)) days"))

        // review from a pipe: Again on a new word keeps it in the first step, a minute away.
        let review = try run(["review", "--no-image"], input: "1\n")
        #expect(review.stdout.contains("(in 1 minute)") && review.stdout.contains("Graded 1 of 1 due."), "\(review.stdout)")
        let two = try word(2)
        #expect(two["fsrsState"] as? String == "learning" && two["fsrsStep"] as? Int == 0 && two["mastery"] as? Int == 0)

        // Both were reviewed today: FSRS expects them fully recalled.
        let stats = try json(["stats"])
        #expect(stats["fsrsWords"] as? Int == 2 && stats["averageRetrievability"] as? Double == 1)
        #expect(try run(["stats"]).stdout.contains("FSRS       2 words with a memory state, 100.0% recall on average today"))

        // The backup carries the state and restores it exactly.
        let exported = "\(scratch.root)/first.json", again = "\(scratch.root)/second.json"
        _ = try run(["export", exported])
        let document = try BackupDocument.decode(try Data(contentsOf: URL(fileURLWithPath: exported)))
        #expect(document.words.map(\.fsrsState) == [.review, .learning])
        let restored = "\(scratch.root)/restored.sqlite"
        _ = try run(["import", exported, "--db", restored])
        _ = try run(["export", again, "--db", restored])
        #expect(try Data(contentsOf: URL(fileURLWithPath: exported)) == Data(contentsOf: URL(fileURLWithPath: again)))

        // Back on the interval rule, a grade follows the app's rule and drops the FSRS state.
        let interval = try run(["grade", "1", "4"], config: intervalConfig)
        let ruleDays = ReviewSchedule.interval(reviewCount: 3, level: 4)
        #expect(interval.stdout.contains("(in \(ruleDays) day\(ruleDays == 1 ? "" : "s"))"), "\(interval.stdout)")
        #expect(try word(1)["fsrsState"] == nil)
        #expect(try json(["stats"], config: intervalConfig)["fsrsWords"] as? Int == 1)
        // Under FSRS again, the state comes back from the word's three grades and this one.
        _ = try run(["grade", "1", "5"])
        #expect(try word(1)["fsrsState"] as? String == "review")
        #expect((try json(["show", "1"])["reviews"] as! [Any]).count == 4)
    }
}
