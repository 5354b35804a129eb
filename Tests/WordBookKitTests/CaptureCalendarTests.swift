import Foundation
import Testing
@testable import WordBookKit

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
}
