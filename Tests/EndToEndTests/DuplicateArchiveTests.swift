import Foundation
import Testing
import WordBookVocabulary

/// A photo dropped again is archived by the same day rule as the first copy: its capture day, not
/// the day it arrived.
@Suite struct DuplicateArchiveTests {
    @Test func aDuplicateGoesUnderItsCaptureDay() throws {
        let scratch = try Scratch(workers: 1)
        let image = try #require(LabeledImage.all.first { $0.captured != nil && $0.file.hasSuffix(".jpg") && !$0.file.contains("12mp") })
        let day = CaptureCalendar(timeZone: scratch.timeZone).day(of: image.captured!)
        #expect(day != CaptureCalendar(timeZone: scratch.timeZone).day(of: Date()))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: image.path))

        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        for name in ["first.jpg", "again.jpg"] {
            let staging = "\(scratch.root)/\(name)"
            try bytes.write(to: URL(fileURLWithPath: staging))
            #expect(rename(staging, "\(scratch.inbox)/\(name)") == 0)
            #expect(eventually(timeout: 120) { scratch.files(under: "archive").contains { $0.hasSuffix(name) } }, "\(worker.output)")
        }
        #expect(worker.stop() == 0)
        #expect(worker.output.contains("again.jpg repeats #1"))
        #expect(scratch.files(under: "archive") == ["\(day)/again.jpg", "\(day)/first.jpg"])
    }
}
