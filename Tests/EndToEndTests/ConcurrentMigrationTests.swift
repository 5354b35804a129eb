import Foundation
import GRDB
import Testing
@testable import WordBookStore

/// Commands started together on a word book that does not exist yet: one creates the schema, the
/// others wait for it, and none fails with "table already exists".
@Suite struct ConcurrentMigrationTests {
    @Test func threeCommandsCreatingOneNewDatabaseAtOnceAllSucceed() throws {
        let scratch = try Scratch()
        let backup = "\(scratch.root)/empty.json"
        try #"{"schemaVersion": "", "books": [], "tags": [], "words": []}"#.write(toFile: backup, atomically: true, encoding: .utf8)
        for round in 0..<10 {
            let database = "\(scratch.root)/new-\(round).sqlite"
            nonisolated(unsafe) var results = [CommandResult?](repeating: nil, count: 3)
            let lock = NSLock()
            let config = scratch.config
            DispatchQueue.concurrentPerform(iterations: results.count) { index in
                let result = try? wordbook(["import", backup, "--db", database, "--config", config])
                lock.withLock { results[index] = result }
            }
            for result in results {
                #expect(result?.status == 0, "round \(round): \(result?.stderr ?? "did not run")")
            }
            let migrations = try DatabaseQueue(path: database).read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
            #expect(migrations == AppDatabase.migrator.migrations)
        }
    }
}
