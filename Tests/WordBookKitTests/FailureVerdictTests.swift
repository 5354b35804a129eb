import Foundation
import GRDB
import Testing
@testable import WordBookCapture
@testable import WordBookPipeline
@testable import WordBookSettings
@testable import WordBookStore
import WordBookVocabulary

/// One place decides what becomes of a photo that could not be filed.
@Suite struct FailureVerdictTests {
    static func file(_ bytes: [UInt8], modifiedSecondsAgo: TimeInterval) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("verdict-\(UUID().uuidString).jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-modifiedSecondsAgo)], ofItemAtPath: path)
        return path
    }

    @Test func aBrokenPhotoLeftAloneFailsForGood() throws {
        let path = try Self.file([0xFF, 0xD8, 0x00], modifiedSecondsAgo: 60)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FailureVerdict.judge(ImagingError.unsupportedFormat, path: path) == .final)
    }

    @Test func aPhotoWrittenAMomentAgoMayStillBeFilling() throws {
        let path = try Self.file([0xFF, 0xD8, 0x00], modifiedSecondsAgo: 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FailureVerdict.judge(ImagingError.unsupportedFormat, path: path) == .stillBeingWritten)
    }

    /// A clock ahead gives a time in the future, which says nothing about writing: a broken photo
    /// modified "next year" fails now rather than waiting for a year.
    @Test func aTimeInTheFutureIsNoSignOfWriting() throws {
        let path = try Self.file([0xFF, 0xD8, 0x00], modifiedSecondsAgo: -365 * 86_400)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FailureVerdict.judge(ImagingError.unsupportedFormat, path: path) == .final)
        #expect(FailureVerdict.mayBeWriting(modified: Date().addingTimeInterval(1)), "a second ahead is a clock's skew")
    }

    @Test func anEmptyFileJustCreatedGetsLongerToFill() throws {
        let path = try Self.file([], modifiedSecondsAgo: 60)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FailureVerdict.judge(ImagingError.empty, path: path) == .stillBeingWritten)
        #expect(FailureVerdict.judge(ImagingError.empty, path: path, now: Date().addingTimeInterval(60)) == .final)
    }

    @Test func aBusyOrFullDatabaseIsWorthAnotherTry() throws {
        let path = try Self.file([0xFF, 0xD8, 0x00], modifiedSecondsAgo: 60)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for code in [ResultCode.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_FULL] {
            #expect(FailureVerdict.judge(DatabaseError(resultCode: code), path: path) == .retryLater)
        }
        #expect(FailureVerdict.judge(DatabaseError(resultCode: .SQLITE_CONSTRAINT), path: path) == .final)
        // SQLite out of memory says nothing about the photo, but a photo may be what takes it all.
        #expect(FailureVerdict.judge(DatabaseError(resultCode: .SQLITE_NOMEM), path: path) == .shortOfMemory)
    }

    @Test func stagesAreTimedOnlyForTheObserverTheCallerPasses() throws {
        let database = try AppDatabase.inMemory()
        let filer = try PhotoFiler(database: database, configuration: Configuration())
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let photo = root.appendingPathComponent("TestImages/cafe.jpg").path
        let observer = StageObserver()
        guard case .filed = filer.file(path: photo, name: "cafe.jpg", language: .french, observer: observer) else {
            Issue.record("not filed")
            return
        }
        let timings = observer.finished()
        #expect(timings[.decode] > 0 && timings[.recognize] > 0 && timings[.store] > 0)
        #expect(timings[.tesseract] > 0 && timings[.tesseract] <= timings[.recognize])
        #expect(timings.tesseractCalls > 0)
        #expect(timings.totalMilliseconds >= timings[.recognize])
    }
}
