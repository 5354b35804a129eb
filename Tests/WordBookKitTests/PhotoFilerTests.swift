import Foundation
import GRDB
import Testing
@testable import WordBookCapture
@testable import WordBookSettings
@testable import WordBookStore
import WordBookVocabulary

@Suite struct PhotoFilerTests {
    private let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestImages/station.jpg").path

    /// SQLITE_LOCKED, as a second connection to a shared cache holding the write lock gives it: the photo
    /// is deferred (it stays in the inbox for a later try), not failed; once the lock is gone it is filed.
    @Test func aLockedDatabaseDefersThePhotoAndALaterTryFilesIt() throws {
        let uri = "file:wordbook-locked-\(UUID().uuidString)?mode=memory&cache=shared"
        let database = try AppDatabase(DatabaseQueue(path: uri))
        var holding = GRDB.Configuration()
        holding.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: uri, configuration: holding)
        try holder.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let filer = try PhotoFiler(database: database, configuration: Configuration())

        let outcome = filer.file(path: photo, name: "station.jpg", language: .english)
        guard case let .deferred(reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.contains("locked"), "\(reason)")
        #expect(try database.wordCount() == 0)

        try holder.inDatabase { db in try db.execute(sql: "COMMIT") }
        guard case let .filed(word, _) = filer.file(path: photo, name: "station.jpg", language: .english) else {
            Issue.record("not filed on the later try"); return
        }
        #expect(word.word == "Station")
    }
}
