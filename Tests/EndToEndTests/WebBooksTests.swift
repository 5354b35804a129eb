import Foundation
import GRDB
import Testing

/// The word books on the phone: the real server and headless Chromium at 390 × 844. From the books
/// to a day, to a word's page; a correction, a note and a tag saved there land in the SQLite file
/// and the change log; the search is accent-blind; an edit made elsewhere since the page was shown
/// saves nothing. The status page says what `wordbook status` says.
@Suite(.serialized) struct WebBooksTests {
    @Test func aPhoneFindsAWordThroughItsBookAndTheSearchAndEditsIt() async throws {
        let server = try WebServer()
        let phone = try await PhoneBrowser()
        do {
            try await browse(on: phone, server)
        } catch {
            await phone.quit()
            throw error
        }
        await phone.quit()
    }

    func browse(on phone: PhoneBrowser, _ server: WebServer) async throws {
        try FileManager.default.createDirectory(atPath: WebBrowserTests.screenshots, withIntermediateDirectories: true)
        try await phone.open(try server.pairingURL())
        #expect(try await until { try await phone.evaluate("return location.pathname") as? String == "/pending" })

        // The books, newest day first, as wordbook books lists them.
        try await phone.submit { try await phone.click("nav a[href='/books']") }
        let days = try server.read { db in try String.fetchAll(db, sql: "SELECT recordDate FROM wordBook ORDER BY recordDate DESC") }
        let shown = try await phone.evaluate("return Array.from(document.querySelectorAll('.list .day')).map(e => e.textContent)") as? [String]
        #expect(shown == days)
        try await phone.screenshot(to: "\(WebBrowserTests.screenshots)/books.png")

        // The café's day, then its word.
        let (id, day) = try server.read { db in
            let row = try #require(try Row.fetchOne(db, sql: """
                SELECT word.id, wordBook.recordDate FROM word JOIN wordBook ON wordBook.id = word.wordBookId WHERE word.word = 'Café'
                """))
            return (row[0] as Int64, row[1] as String)
        }
        try await phone.submit { try await phone.click("a[href='/books/\(day)']") }
        #expect(try await phone.text().contains("Café"))
        try await phone.submit { try await phone.click("a[href='/words/\(id)']") }
        #expect(try await phone.evaluate("return document.querySelector('article').dataset.word") as? String == "\(id)")

        // A note with a line break, a tag, and a correction: each saved, each in the change log as the web's.
        try await phone.type("on the corner\nby the station", into: "#note")
        try await phone.submit { try await phone.click(".note button") }
        try await phone.type("drinks", into: ".addtag input[name=tag]")
        try await phone.submit { try await phone.click(".addtag button") }
        #expect(try await phone.text().contains("Tagged #\(id) Café +drinks."))
        _ = try await phone.evaluate("document.getElementById('typed').value = ''; return null")
        try await phone.type("café", into: "#typed")
        try await phone.submit { try await phone.click(".correct button") }
        let saved = try server.read { db in
            try #require(try Row.fetchOne(db, sql: "SELECT word, notes, status FROM word WHERE id = ?", arguments: [id]))
        }
        #expect(saved["word"] as String == "café" && saved["notes"] as String == "on the corner\nby the station" && saved["status"] as String == "confirmed")
        #expect(try server.read { db in
            try String.fetchAll(db, sql: "SELECT tag.name FROM tag JOIN wordTag ON wordTag.tagId = tag.id WHERE wordTag.wordId = ?", arguments: [id])
        } == ["drinks"])
        let log = try server.read { db in try String.fetchAll(db, sql: "SELECT command FROM change ORDER BY id") }
        #expect(log == ["web", "web", "web"], "\(log)")
        #expect(try await phone.evaluate("return document.querySelectorAll('.log li').length") as? Int ?? 0 >= 3)
        try await phone.screenshot(to: "\(WebBrowserTests.screenshots)/word.png")

        // The tag comes off with a tap.
        try await phone.submit { try await phone.click(".tags button") }
        #expect(try server.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM wordTag WHERE wordId = ?", arguments: [id]) } == 0)

        // The search, over the books, ignores accents and case: CAFE finds café.
        try await phone.submit { try await phone.click("nav a[href='/books']") }
        try await phone.type("CAFE", into: ".search input[name=q]")
        try await phone.submit { try await phone.click(".search button") }
        let found = try await phone.evaluate("return Array.from(document.querySelectorAll('.list a')).map(a => a.getAttribute('href'))") as? [String]
        #expect(found?.contains("/words/\(id)") == true, "\(found ?? [])")
        let overflow = try await phone.evaluate("return document.documentElement.scrollWidth > window.innerWidth") as? Bool
        #expect(overflow == false, "the page is wider than the phone")

        // Another edit since the page was shown: the note typed here is not saved, and the page says so.
        try await phone.open(server.base.appendingPathComponent("words/\(id)"))
        #expect(try wordbook(["note", "\(id)", "from the box", "--config", server.scratch.config]).status == 0)
        _ = try await phone.evaluate("document.getElementById('note').value = ''; return null")
        try await phone.type("from the phone", into: "#note")
        try await phone.submit { try await phone.click(".note button") }
        #expect(try server.read { db in try String.fetchOne(db, sql: "SELECT notes FROM word WHERE id = ?", arguments: [id]) } == "from the box")
        #expect(try await phone.text().contains("changed on another phone or on the box meanwhile"))

        // Status, as wordbook status says it, and why a photo failed, from its NAME.error.txt.
        let failed = "\(server.scratch.data)/failed"
        try FileManager.default.createDirectory(atPath: failed, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: "\(failed)/broken.jpg"))
        try "broken.jpg: the JPEG image could not be decoded\nmore detail\n".write(toFile: "\(failed)/broken.jpg.error.txt", atomically: true, encoding: .utf8)
        try await phone.submit { try await phone.click("nav a[href='/status']") }
        let status = try await phone.text()
        let cli = try wordbook(["status", "--config", server.scratch.config])
        for line in cli.stdout.split(separator: "\n") where line.hasPrefix("inbox") || line.hasPrefix("failed") || line.hasPrefix("words") {
            #expect(status.contains(line.dropFirst(11)), "\(line) is not on the page: \(status)")
        }
        #expect(status.contains("broken.jpg: the JPEG image could not be decoded") && !status.contains("more detail"), "\(status)")
        #expect(try await phone.evaluate("return document.querySelector('header').getBoundingClientRect().height") as? Double ?? 99 < 60,
                "the header takes more than one line")
        let wide = try await phone.evaluate("return document.documentElement.scrollWidth > window.innerWidth") as? Bool
        #expect(wide == false, "the status page is wider than the phone")
        try await phone.screenshot(to: "\(WebBrowserTests.screenshots)/status.png")
    }
}
