import Foundation
import GRDB
import Testing

/// A review day on the phone: the real server and headless Chromium at 390 × 844, on words confirmed
/// by the command line. The cue hides the word, the answer shows Anki's four buttons with their
/// waits, each answer and its undo land in the SQLite file, and two phones answering one word grade
/// it once.
@Suite(.serialized) struct WebReviewTests {
    /// Confirms every proposal that has a word, as `wordbook confirm` does; their IDs, oldest filed first.
    func confirmAll(_ server: WebServer) throws -> [Int64] {
        let ids = try server.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM word WHERE status = 'proposed' AND word != '' ORDER BY id") }
        let result = try wordbook(["confirm"] + ids.map(String.init) + ["--config", server.scratch.config])
        #expect(result.status == 0, "\(result.stderr)")
        return ids
    }

    func reviews(_ server: WebServer, of id: Int64) throws -> [Int] {
        try server.read { db in try Int.fetchAll(db, sql: "SELECT level FROM review WHERE wordId = ? ORDER BY id", arguments: [id]) }
    }

    @Test func aPhoneReviewsTheDayWithAnkisAnswersAndUndoesOne() async throws {
        let server = try WebServer()
        let confirmed = try confirmAll(server)
        try #require(confirmed.count >= 3)
        let phone = try await PhoneBrowser()
        do {
            try await review(on: phone, server, confirmed: confirmed)
        } catch {
            await phone.quit()
            throw error
        }
        await phone.quit()
    }

    func review(on phone: PhoneBrowser, _ server: WebServer, confirmed: [Int64]) async throws {
        try FileManager.default.createDirectory(atPath: WebBrowserTests.screenshots, withIntermediateDirectories: true)
        try await phone.open(try server.pairingURL())
        #expect(try await until { try await phone.evaluate("return location.pathname") as? String == "/pending" })
        try await phone.open(server.base.appendingPathComponent("review"))

        func shown() async throws -> (id: Int64, side: String)? {
            let found = try await phone.evaluate("var a = document.querySelector('article'); return a ? [a.dataset.word, a.dataset.side] : null") as? [String]
            guard let found, found.count == 2, let id = Int64(found[0]) else { return nil }
            return (id, found[1])
        }

        // The new words come in filing order, the day's counts over them: all new, none in steps, none due.
        let first = try #require(try await shown())
        #expect(first.id == confirmed[0] && first.side == "front")
        let counts = try await phone.evaluate("return document.querySelector('.counts').textContent.replace(/\\s+/g, '')") as? String
        #expect(counts == "\(confirmed.count)+0+0", "\(counts ?? "none")")
        // The cue hides the word: it is nowhere on the page until it is asked for.
        let word = try server.word(first.id).word
        #expect(!(try await phone.text()).contains(word), "the front gives \(word) away")
        #expect(try await until { try await phone.evaluate("var i = document.querySelector('.photo'); return i.complete && i.naturalWidth > 0") as? Bool == true })
        let overflow = try await phone.evaluate("return document.documentElement.scrollWidth > window.innerWidth") as? Bool
        #expect(overflow == false, "the page is wider than the phone")
        try await phone.screenshot(to: "\(WebBrowserTests.screenshots)/review-front.png")

        // The back: the word, and the four answers with their waits, FSRS's steps for a new word.
        try await phone.submit { try await phone.click("button.primary") }
        #expect(try await shown()?.side == "back")
        #expect(try await phone.text().contains(word))
        let answers = try await phone.evaluate("return Array.from(document.querySelectorAll('.answers button')).map(b => b.textContent)") as? [String] ?? []
        #expect(answers == ["1 minuteAgain", "6 minutesHard", "10 minutesGood"] + answers.suffix(1) && answers.last?.hasSuffix("Easy") == true,
                "\(answers)")
        try await phone.screenshot(to: "\(WebBrowserTests.screenshots)/review-back.png")

        // Good: graded 4 by the web, the word back in 10 minutes, and the next new word shown.
        try await phone.submit { try await phone.click("button.answer.good") }
        #expect(try reviews(server, of: first.id) == [4])
        #expect(try await phone.text().contains("Good: #\(first.id) \(word) comes back in 10 minutes."))
        let second = try #require(try await shown())
        #expect(second.id == confirmed[1] && second.side == "front")

        // Again on the second, then undo: no review of it is left, and it is shown again first.
        try await phone.submit { try await phone.click("button.primary") }
        try await phone.submit { try await phone.click("button.answer.again") }
        #expect(try reviews(server, of: second.id) == [1])
        #expect(try await shown()?.id == confirmed[2])
        try await phone.submit { try await phone.click(".undo button") }
        #expect(try reviews(server, of: second.id) == [])
        #expect(try await phone.text().contains("Undone: Again: #\(second.id)"))
        #expect(try await shown()?.id == second.id)
        try await phone.screenshot(to: "\(WebBrowserTests.screenshots)/review-undone.png")

        // Skip puts the word aside on this phone: the next one comes, and nothing is saved.
        try await phone.submit { try await phone.click("button[value=skip]") }
        #expect(try await shown()?.id == confirmed[2])
        #expect(try reviews(server, of: second.id) == [])

        // Each answer went into the change log as the command line's do, the undone one marked.
        let log = try server.read { db in
            try Row.fetchAll(db, sql: "SELECT command, summary, undoneAt IS NOT NULL AS undone FROM change WHERE summary LIKE 'graded%' ORDER BY id")
                .map { ($0["command"] as String, $0["undone"] as Bool) }
        }
        #expect(log.count == 2 && log.allSatisfy { $0.0 == "web" } && log.map(\.1) == [false, true], "\(log)")
    }

    /// Two phones answer the word both show, at once: it is graded once, and the other phone is told
    /// and shown the next word.
    @Test func twoPhonesAnsweringOneWordGradeItOnce() async throws {
        let server = try WebServer()
        let confirmed = try confirmAll(server)
        let phones = [WebClient(), WebClient()]
        var backs: [String] = []
        for phone in phones {
            #expect(try await phone.pair(try server.pairingURL()).status == 303)
            let front = try await phone.get(server.base.appendingPathComponent("review"))
            #expect(WebClient.shownWord(in: front.body) == confirmed[0])
            backs.append(try await phone.get(server.base.appendingPathComponent("review/\(confirmed[0])")).body)
        }
        let url = server.base.appendingPathComponent("review/\(confirmed[0])")
        async let one = phones[0].post(url, [("csrf", WebClient.field("csrf", in: backs[0]) ?? ""),
                                             ("seen", WebClient.field("seen", in: backs[0]) ?? ""), ("action", "good")])
        async let other = phones[1].post(url, [("csrf", WebClient.field("csrf", in: backs[1]) ?? ""),
                                               ("seen", WebClient.field("seen", in: backs[1]) ?? ""), ("action", "easy")])
        let statuses = try await [one.status, other.status].sorted()
        #expect(statuses == [303, 409], "\(statuses)")
        #expect(try reviews(server, of: confirmed[0]).count == 1)

        // An answer that is not one of the four, or without the form's token, changes nothing.
        let before = try server.state()
        let back = try await phones[0].get(server.base.appendingPathComponent("review/\(confirmed[1])")).body
        let seen = WebClient.field("seen", in: back) ?? ""
        let wrong = try await phones[0].post(server.base.appendingPathComponent("review/\(confirmed[1])"),
                                             [("csrf", WebClient.field("csrf", in: back) ?? ""), ("seen", seen), ("action", "perfect")])
        #expect(wrong.status == 400, "\(wrong.status) \(wrong.body)")
        let forged = try await phones[0].post(server.base.appendingPathComponent("review/\(confirmed[1])"),
                                              [("csrf", "forged"), ("seen", seen), ("action", "good")])
        #expect(forged.status == 403, "\(forged.status)")
        #expect(try server.state() == before)
    }
}
