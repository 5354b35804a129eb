import Foundation
import Testing
@testable import WordBookAnki
import WordBookVocabulary

@Suite struct AnkiTests {
    @Test func tagsLoseTheirSpacesAndFieldsShowTextAsTyped() {
        #expect(AnkiExport.tag("street signs") == "street_signs")
        #expect(AnkiExport.tag("  trip\tberlin 2026 ") == "trip_berlin_2026")
        #expect(AnkiExport.tag("Straße") == "Straße")
        #expect(AnkiExport.html("Fish & Chips <b>\"fresh\"</b>\nsecond line") ==
            "Fish &amp; Chips &lt;b&gt;&quot;fresh&quot;&lt;/b&gt;<br>second line")
        #expect(AnkiExport.html("Mañana") == "Mañana")
    }

    @Test func gradesMapOntoAnkisFourAnswers() {
        #expect((0...5).map(AnkiExport.ease(level:)) == [1, 1, 1, 2, 3, 4])
    }

    @Test func dueDaysCountCalendarDaysAcrossAClockChange() throws {
        let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let days = DayCounter(calendar: calendar, firstDay: "2026-10-24")
        // The clocks go back on 2026-10-25: that day has 25 hours, and is still one day.
        #expect(days.count(to: try #require(calendar.startOfDay("2026-10-24"))) == 0)
        #expect(days.count(to: try #require(calendar.startOfDay("2026-10-26")).addingTimeInterval(60)) == 2)
        #expect(days.count(to: try #require(calendar.startOfDay("2026-10-27")).addingTimeInterval(-60)) == 2)
        #expect(calendar.day(of: days.collectionCreation) == "2026-10-24")
    }

    @Test func stableIDsAndChecksums() {
        // The same in every run, so a second export lands in the same deck. Fixed values, because a
        // per-process hash (Swift's Hasher) would equal itself within one run and change in the next.
        // FNV-1a 64 of the name, mod 500,000,000,000, plus 1,500,000,000,000 (computed apart, in Python).
        #expect(AnkiDeck(name: "WordBook::German").id == 1_545_514_884_022)
        #expect(AnkiDeck(name: "WordBook::French").id == 1_619_780_243_996)
        #expect(AnkiDeck(name: "WordBook::German").id != AnkiDeck(name: "WordBook::French").id)
        // Anki's own value for "Straße": int(sha1("Straße".encode()).hexdigest()[:8], 16).
        #expect(AnkiCollection.checksum("Straße") == 2_282_514_566)
        var ids = UniqueMilliseconds()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect([ids.next(now), ids.next(now), ids.next(now)] == [1_800_000_000_000, 1_800_000_000_001, 1_800_000_000_002])
    }
}
