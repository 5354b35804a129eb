import Foundation
import Testing
@testable import WordBookPipeline
import WordBookVocabulary

@Suite struct CaptureCalendarTests {
    let iso = ISO8601DateFormatter()

    @Test func aPhotoJustBeforeMidnightBelongsToThatDay() {
        let berlin = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let exif = ExifMetadata(dateTimeOriginal: "2026:10:24 23:59:59", offsetTimeOriginal: "+02:00")
        let captured = exif.captureDate(in: berlin.timeZone)!
        #expect(berlin.day(of: captured) == "2026-10-24")
        #expect(berlin.iso8601(berlin.startOfNextDay(after: captured)) == "2026-10-25T00:00:00+02:00")
    }

    @Test func aPhotoJustAfterMidnightBelongsToTheNewDay() {
        let berlin = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let captured = iso.date(from: "2026-10-24T22:00:00Z")!  // 00:00 in Berlin
        #expect(berlin.day(of: captured) == "2026-10-25")
    }

    @Test func theSameMomentFallsOnDifferentDaysInDifferentZones() {
        let captured = ExifMetadata(dateTimeOriginal: "2026:11:02 00:10:00", offsetTimeOriginal: "+01:00")
            .captureDate(in: .gmt)!
        #expect(CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Paris")!).day(of: captured) == "2026-11-02")
        #expect(CaptureCalendar(timeZone: TimeZone(identifier: "UTC")!).day(of: captured) == "2026-11-01")
        #expect(CaptureCalendar(timeZone: TimeZone(identifier: "America/New_York")!).day(of: captured) == "2026-11-01")
        #expect(CaptureCalendar(timeZone: TimeZone(identifier: "Asia/Tokyo")!).day(of: captured) == "2026-11-02")
    }

    @Test func theNextDayStartsAtLocalMidnightAcrossADaylightSavingChange() {
        // Europe/Berlin leaves summer time on 2026-10-25.
        let berlin = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let captured = iso.date(from: "2026-10-25T10:00:00Z")!
        #expect(berlin.iso8601(berlin.startOfNextDay(after: captured)) == "2026-10-26T00:00:00+01:00")
    }

    @Test func daysAreParsedStrictly() {
        let utc = CaptureCalendar(timeZone: .gmt)
        #expect(utc.startOfDay("2026-10-24") == iso.date(from: "2026-10-24T00:00:00Z"))
        #expect(utc.startOfDay("2026-02-30") == nil)
        #expect(utc.startOfDay("24.10.2026") == nil)
        #expect(utc.startOfDay("2026-1-4") == nil)
    }

    @Test("ISO 8601 text is what ISO8601DateFormatter writes, in every kind of zone", arguments: [
        "UTC", "Europe/Berlin", "America/New_York", "America/St_Johns", "Asia/Kolkata", "Asia/Kathmandu",
        "Pacific/Chatham", "Pacific/Kiritimati", "America/Sao_Paulo", "Australia/Lord_Howe",
    ])
    func iso8601MatchesTheFormatter(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let calendar = CaptureCalendar(timeZone: timeZone)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        var generator = SystemRandomNumberGenerator()
        // From 1960 to 2100, fractions of a second included, and each side of every clock change.
        var moments = (0..<2_000).map { _ in Date(timeIntervalSince1970: Double.random(in: -315_619_200...4_102_444_800, using: &generator)) }
        var moment = Date(timeIntervalSince1970: 1_700_000_000)
        for _ in 0..<8 {
            guard let change = timeZone.nextDaylightSavingTimeTransition(after: moment) else { break }
            moments += [change.addingTimeInterval(-0.5), change, change.addingTimeInterval(0.5)]
            moment = change
        }
        for date in moments {
            #expect(calendar.iso8601(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }
}
