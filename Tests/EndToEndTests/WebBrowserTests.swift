import Foundation
import GRDB
import Testing

/// The learner's way through the pending page on a phone: the real server, headless Chromium at
/// 390 × 844, pairing by the printed address, then a word tapped on the photo, confirm, a candidate, a typed correction, a
/// rejection and undo, each one checked in the SQLite file.
@Suite(.serialized) struct WebBrowserTests {
    /// Where the phone-size screenshots go, to be looked at.
    static let screenshots = "/tmp/wordbook-web"

    @Test func aPhonePairsAndSettlesProposalsByConfirmPickCorrectRejectAndUndo() async throws {
        let server = try WebServer()
        let phone = try await PhoneBrowser()
        do {
            try await settle(on: phone, server)
        } catch {
            await phone.quit()
            throw error
        }
        await phone.quit()
    }

    func settle(on phone: PhoneBrowser, _ server: WebServer) async throws {
        try FileManager.default.createDirectory(atPath: Self.screenshots, withIntermediateDirectories: true)

        // Without pairing, the pairing page.
        try await phone.open(server.base.appendingPathComponent("pending"))
        #expect(try await phone.text().contains("Pair this phone first"))

        try await phone.open(try server.pairingURL())
        #expect(try await until { try await phone.evaluate("return location.pathname") as? String == "/pending" })
        let width = try await phone.evaluate("return window.innerWidth") as? Int
        #expect(width == 390)
        let overflow = try await phone.evaluate("return document.documentElement.scrollWidth > window.innerWidth") as? Bool
        #expect(overflow == false, "the page is wider than the phone")
        try await phone.screenshot(to: "\(Self.screenshots)/pending.png")

        func shown() async throws -> Int64? {
            (try await phone.evaluate("var a = document.querySelector('article'); return a ? a.dataset.word : null") as? String)
                .flatMap { Int64($0) }
        }
        // The words marked on the photo to tap, other than the proposal: index and text.
        func spots() async throws -> [(String, String)] {
            let found = try await phone.evaluate(
                "return Array.from(document.querySelectorAll('.spot:not(.current)')).map(b => [b.value, b.getAttribute('aria-label')])") as? [[String]] ?? []
            return found.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        }
        func candidates() async throws -> [String] {
            try await phone.evaluate("return Array.from(document.querySelectorAll('.candidates button')).map(b => b.textContent)") as? [String] ?? []
        }

        func submit(_ click: () async throws -> Void) async throws { try await phone.submit(click) }

        var done: [String: Int64] = [:]
        var lettersTried = false
        var doubtfulSeen = false
        var actions = 0
        var last: (id: Int64, word: String)?
        while done.count < 5 {
            guard let id = try await shown() else {
                try await phone.screenshot(to: "\(Self.screenshots)/no-proposal.png")
                Issue.record("no proposal left before every action was tried: \(done): \(try await phone.text())")
                return
            }
            let before = try server.word(id)
            // A guess looks like one: not sure, the candidates first, and Enter does not confirm it.
            let confidence = try server.read { db in try Int.fetchOne(db, sql: "SELECT confidence FROM word WHERE id = ?", arguments: [id]) } ?? 100
            if !before.word.isEmpty && confidence < 50 {
                doubtfulSeen = true
                #expect(try await phone.text().contains("Confirm the guess “\(before.word)”"), "#\(id)")
                #expect(try await phone.evaluate("return document.querySelector('button[value=confirm]').dataset.key || null") as? String == nil)
            }
            // The language's letters beyond a-z are a tap away: one goes into the field where the cursor is.
            let letters = try await phone.evaluate("return Array.from(document.querySelectorAll('.letter')).map(b => b.textContent)") as? [String] ?? []
            if !lettersTried, let letter = letters.last {
                lettersTried = true
                try await phone.type("Wo", into: "#typed")
                try await phone.click(".letter:last-child")
                #expect(try await phone.evaluate("return document.getElementById('typed').value") as? String == "Wo" + letter)
                try await phone.screenshot(to: "\(Self.screenshots)/letters.png")
                _ = try await phone.evaluate("document.getElementById('typed').value = ''; return null")
            }
            let picks = try await candidates()
            let taps = try await spots()
            let action: String
            if done["tap"] == nil && !taps.isEmpty {
                action = "tap"
            } else if done["pick"] == nil && !picks.isEmpty {
                action = "pick"
            } else {
                action = ["confirm", "correct", "reject"].first { done[$0] == nil && !($0 == "confirm" && before.word.isEmpty) } ?? "correct"
            }
            switch action {
            case "tap":
                // The last word marked: on a page, a line or more away from the aim.
                let (value, text) = try #require(taps.last)
                try await phone.screenshot(to: "\(Self.screenshots)/tap.png")
                let around = try server.read { db in try String.fetchOne(db, sql: "SELECT wordsAround FROM word WHERE id = ?", arguments: [id]) } ?? ""
                // Two fingers spread over the word zoom the photo there, and the page keeps its size.
                let spot = "button.spot[value='\(value)']"
                let frame = try await phone.rectangle(".tap"), before = try await phone.rectangle(spot)
                let middleX: Double = min(max(before.x + before.width / 2, frame.x + 40), frame.x + frame.width - 40)
                let middleY: Double = min(max(before.y + before.height / 2, frame.y + 10), frame.y + frame.height - 10)
                let left: [(x: Double, y: Double)] = [(middleX - 15, middleY), (max(2, middleX - 75), middleY)]
                let right: [(x: Double, y: Double)] = [(middleX + 15, middleY), (min(388, middleX + 75), middleY)]
                try await phone.touch([left, right])
                let zoomed = try await phone.rectangle(spot)
                #expect(zoomed.width > before.width * 3, "the photo did not zoom: \(before) then \(zoomed)")
                #expect((try await phone.evaluate("return window.visualViewport.scale") as? NSNumber)?.doubleValue == 1, "the page zoomed, not the photo")
                try await phone.screenshot(to: "\(Self.screenshots)/zoomed.png")
                // The word is still a tap away, now larger.
                let aim = (x: zoomed.x + zoomed.width / 2, y: zoomed.y + zoomed.height / 2)
                let inSight = frame.x < aim.x && aim.x < frame.x + frame.width && frame.y < aim.y && aim.y < frame.y + frame.height
                try #require(inSight, "the word zoomed out of sight: \(zoomed) in \(frame)")
                try await submit { try await phone.touch([[aim]], milliseconds: 0) }
                #expect(try await until { try server.word(id) == (text, "confirmed") }, "#\(id) \(text)")
                // The frame follows the word tapped: its box is now the tapped word's.
                let index = try #require(Int(value.dropFirst(4)))
                let boxes = try #require(try JSONSerialization.jsonObject(with: Data(around.utf8)) as? [[String: Any]])
                let box = try server.read { db in try String.fetchOne(db, sql: "SELECT box FROM word WHERE id = ?", arguments: [id]) } ?? ""
                let stored = try #require(try JSONSerialization.jsonObject(with: Data(box.utf8)) as? [String: Int])
                #expect(stored == boxes[index]["box"] as? [String: Int], "\(stored) \(boxes[index])")
            case "pick":
                try await submit { try await phone.click(".candidates button") }
                #expect(try await until { try server.word(id) == (picks[0], "confirmed") }, "#\(id)")
            case "confirm":
                try await submit { try await phone.click("button[value=confirm]") }
                #expect(try await until { try server.word(id) == (before.word, "confirmed") }, "#\(id)")
            case "correct":
                try await phone.type("Wörterbuch", into: "#typed")
                if done["correct"] == nil { try await phone.screenshot(to: "\(Self.screenshots)/typing.png") }
                try await submit { try await phone.click(".correct button") }
                #expect(try await until { try server.word(id) == ("Wörterbuch", "confirmed") }, "#\(id)")
            default:
                try await submit { try await phone.click(".reject") }
                #expect(try await until { try server.word(id) == (before.word, "rejected") }, "#\(id)")
            }
            done[action] = done[action] ?? id
            actions += 1
            last = (id, before.word)
            #expect(try await shown() != id)
        }
        #expect(lettersTried, "no page offered its language's letters")
        #expect(doubtfulSeen, "no proposal was a guess")
        #expect(try await phone.text().contains("Undo:"))
        try await phone.screenshot(to: "\(Self.screenshots)/after-actions.png")

        // Undo brings the last one back as it was, and shows it again.
        let undone = try #require(last)
        try await submit { try await phone.click(".undo button") }
        #expect(try await until { try server.word(undone.id) == (undone.word, "proposed") }, "#\(undone.id)")
        #expect(try await shown() == undone.id)
        #expect(try await phone.text().contains("Undone:"))
        try await phone.screenshot(to: "\(Self.screenshots)/undone.png")

        // Every action went into the change log, as the command line's do.
        let log = try server.read { db in
            try Row.fetchAll(db, sql: "SELECT command, undoneAt IS NOT NULL AS undone FROM change ORDER BY id")
                .map { ($0["command"] as String, $0["undone"] as Bool) }
        }
        #expect(log.count == actions)
        #expect(log.allSatisfy { $0.0 == "web" })
        // The undo is marked on the change it reverted, the last action's; the others stand.
        #expect(log.last?.1 == true && log.dropLast().allSatisfy { !$0.1 }, "\(log)")
    }
}
