import Foundation
import Glibc
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// Triage and review as the learner uses them: the real binary on a terminal (tmux), keys pressed
/// one by one, the screen read back, the word book checked through the command line.
@Suite(.serialized) struct LearnerLoopTests {
    let scratch: Scratch
    /// Filed in capture order, which is triage's and review's order: Café, Station, Brötchen.
    let ids: [Int]
    let words = ["Café", "Station", "Brötchen"]

    static let filed = Result { try FiledWordBook([("cafe.jpg", "fr"), ("station.jpg", "en"), ("broetchen.jpg", "de")]) }

    init() throws {
        scratch = try Scratch()
        let filed = try Self.filed.get()
        try filed.copy(to: scratch)
        ids = try ["cafe.jpg", "station.jpg", "broetchen.jpg"].map { try #require(filed.filed[$0]?["id"] as? Int) }
    }

    func word(_ id: Int) throws -> [String: Any] {
        let result = try wordbook(["show", "\(id)", "--json", "--config", scratch.config])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object?["word"] as? [String: Any], "\(result.stderr)")
    }

    func session(_ arguments: [String]) throws -> TerminalSession {
        try TerminalSession(arguments + ["--config", scratch.config])
    }

    @Test func triageOnATerminalEditsTheLineIgnoresOtherKeysAndUndoes() throws {
        let prompt = "Enter accepts"
        let triage = try session(["triage", "--no-image"])
        #expect(triage.waitFor(prompt), "\(triage.screen)")

        // Up and Enter: the arrow is a key, never text in the answer; Enter accepts the proposal as it is.
        try triage.press("Up", "Enter")
        #expect(triage.waitFor("confirmed Café"), "\(triage.screen)")
        #expect(try word(ids[0])["word"] as? String == "Café" && word(ids[0])["status"] as? String == "confirmed")
        #expect(!triage.screen.contains("[A"))

        // ? lists the keys.
        #expect(triage.waitFor(prompt, count: 2))
        try triage.type("?")
        try triage.press("Enter")
        #expect(triage.waitFor("u  undo the last choice"), "\(triage.screen)")
        #expect(triage.screen.contains("Ctrl-W deletes a word"))

        // An answer without a letter is refused in one sentence, and the word stays a proposal.
        #expect(triage.waitFor(prompt, count: 3))
        try triage.type("...")
        try triage.press("Enter")
        #expect(triage.waitFor("not a word: ? shows the keys."), "\(triage.screen)")
        #expect(try word(ids[1])["status"] as? String == "proposed")

        // Editing: Ctrl-U clears, arrows move, Backspace and Delete remove, Home and End jump,
        // Ctrl-W takes the last word back; Escape and F1 do nothing.
        #expect(triage.waitFor(prompt, count: 4))
        try triage.type("junk words")
        try triage.press("C-u")
        try triage.type("Bahnhfo")
        try triage.press("Left", "BSpace", "End", "Escape", "F1")
        try triage.type("f")
        try triage.press("Home")
        try triage.type("X")
        try triage.press("Home", "DC", "End")
        try triage.type(" extra")
        try triage.press("C-w")
        #expect(eventually(timeout: 30) { triage.lastLine(containing: prompt)?.hasSuffix(": Bahnhof") == true },
                "\(triage.screen)")
        try triage.press("Enter")
        #expect(triage.waitFor("confirmed Bahnhof"), "\(triage.screen)")
        #expect(try word(ids[1])["word"] as? String == "Bahnhof")

        // u undoes the correction, says so, and shows the word again to settle.
        #expect(triage.waitFor(prompt, count: 5))
        try triage.type("u")
        try triage.press("Enter")
        #expect(triage.waitFor("undid: corrected #\(ids[1]) Station to Bahnhof"), "\(triage.screen)")
        let again = try word(ids[1])
        #expect(again["word"] as? String == "Station" && again["status"] as? String == "proposed")
        #expect(triage.waitFor("[2/3] #\(ids[1])", count: 2))

        #expect(triage.waitFor(prompt, count: 6))
        try triage.type("q")
        try triage.press("Enter")
        #expect(triage.waitFor("Settled 1 of 3."), "\(triage.screen)")
        #expect(triage.waitFor("[exited 0]"))
    }

    @Test func aTriageEndedBySIGTERMLeavesTheTerminalAsItWas() throws {
        let triage = try session(["triage", "--no-image"])
        #expect(triage.waitFor("Enter accepts"), "\(triage.screen)")
        try triage.type("Caf")
        let pid = try #require(triage.commandPID)
        #expect(kill(pid, SIGTERM) == 0)
        #expect(triage.waitFor("[exited 143]"), "\(triage.screen)")
        // Lines are read and echoed again: the shell after it is usable.
        #expect(triage.waitFor(" icanon"), "\(triage.screen)")
        #expect(triage.screen.contains(" echo ") && !triage.screen.contains("-icanon"), "\(triage.screen)")
        #expect(try word(ids[0])["status"] as? String == "proposed")
    }

    /// The interval an answer gives, as review prints it.
    static func shown(_ seconds: TimeInterval) -> String {
        if seconds < 86_400 {
            let minutes = Int((seconds / 60).rounded())
            return "\(minutes) minute\(minutes == 1 ? "" : "s")"
        }
        let days = Int(seconds / 86_400)
        return "\(days) day\(days == 1 ? "" : "s")"
    }

    @Test(arguments: ["interval", "fsrs"])
    func reviewShowsTheFourAnswersWithTheIntervalEachGives(scheduler: String) throws {
        let plain = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (plain + "\n[review]\nscheduler = \"\(scheduler)\"\nfsrs_fuzz = false\n")
            .write(toFile: scratch.config, atomically: true, encoding: .utf8)
        #expect(try wordbook(["confirm"] + ids.map(String.init) + ["--config", scratch.config]).status == 0)
        // Each word is new: its first review, computed by the scheduler the configuration names.
        let fsrs = FSRSScheduler(enableFuzzing: false)
        let expected: String = FSRSRating.allCases.map { answer -> String in
            let wait = scheduler == "fsrs"
                ? Self.shown(fsrs.review(FSRSCard(due: Date()), rating: answer, at: Date()).interval)
                : Self.shown(TimeInterval(ReviewSchedule.interval(reviewCount: 1, level: answer.grade)) * 86_400)
            return "\(answer.rawValue) \(answer.name) (\(wait))"
        }.joined(separator: "   ")

        let review = try session(["review", "--no-image"])
        #expect(review.waitFor("1 Again"), "\(review.screen)")
        #expect(review.screen.contains(expected), "expected \(expected) in \(review.screen)")

        // Easy, one key: the word comes back when its answer said.
        try review.type("4")
        #expect(review.waitFor("Easy: next review"), "\(review.screen)")
        let graded = try word(ids[0])
        // Under FSRS mastery is earned over days: one Easy gives days, not mastery.
        let mastery = scheduler == "fsrs" ? FSRSScheduler.mastery(state: .review, intervalDays: graded["reviewInterval"] as? Int ?? -1) : 5
        #expect(graded["mastery"] as? Int == mastery && graded["reviewCount"] as? Int == 1, "\(graded)")
        if scheduler == "fsrs" { #expect(mastery < 4, "one answer does not master a word") }
        let easy = try #require(expected.components(separatedBy: "4 Easy (").last?.dropLast())
        #expect(review.screen.contains("(in \(easy))"))

        // 0 and 5 are not answers here (they are grades of wordbook grade): nothing happens; u takes the last answer back.
        #expect(review.waitFor("1 Again", count: 2))
        try review.type("5")
        try review.type("u")
        #expect(review.waitFor("undid: graded #\(ids[0]) Café 5 (Easy)"), "\(review.screen)")
        let undone = try word(ids[0])
        #expect(undone["reviewCount"] as? Int == 0 && undone["mastery"] as? Int == 0)
        #expect(review.waitFor("[1/3] #\(ids[0])", count: 2))
        #expect(try word(ids[1])["reviewCount"] as? Int == 0, "5 graded nothing")
        try review.type("q")
        #expect(review.waitFor("Graded 0 of 3 due."), "\(review.screen)")
    }

    @Test func hiddenWordReviewCuesWithTheGlossAndActsAtOnceOnSkipAndQuit() throws {
        #expect(try wordbook(["confirm"] + ids.map(String.init) + ["--config", scratch.config]).status == 0)
        let gloss = try #require(try word(ids[0])["gloss"] as? String)
        let review = try session(["review", "--no-image", "--hide-word"])
        let cue = "Space shows the word"
        #expect(review.waitFor(cue), "\(review.screen)")
        // The cue is the meaning, the word written over in it (Café = coffee, […], ...); the word is not on the screen yet.
        #expect(review.screen.contains("= \(Cloze.masking("Café", in: gloss))"), "\(review.screen)")
        #expect(!review.screen.lowercased().contains("café"), "\(review.screen)")
        #expect(!review.screen.contains("  Café"), "\(review.screen)")
        // Keys the cue does not use change nothing.
        try review.type("x7")
        try review.press("Enter")
        // The answer: the noun with the article of the gender its gloss names, as a learner writes it.
        #expect(gloss.hasSuffix("(n, masc)"), "\(gloss)")
        #expect(review.waitFor("  le Café"), "\(review.screen)")
        #expect(review.waitFor("1 Again"))
        try review.type("3")
        #expect(review.waitFor("Good: next review"))

        // s at the cue skips at once, without Enter; so does q quit.
        #expect(review.waitFor(cue, count: 2))
        try review.type("s")
        #expect(review.waitFor("[3/3] #\(ids[2])"), "\(review.screen)")
        #expect(!review.screen.contains("  Station"), "the skipped word was not shown")
        #expect(review.waitFor(cue, count: 3))
        try review.type("q")
        #expect(review.waitFor("Graded 1 of 3 due."), "\(review.screen)")
        #expect(try word(ids[1])["reviewCount"] as? Int == 0 && word(ids[2])["reviewCount"] as? Int == 0)
    }
}
