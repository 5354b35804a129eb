import Foundation
import Glibc
import Synchronization
import Testing
@testable import WordBookCapture
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// The filer threads of `run` and `ingest`: each filer is built and used on one thread, and no
/// thread files anything unless every filer could be built.
@Suite struct FilerPoolTests {
    private struct Broken: Error {}

    @Test func eachFilerIsUsedOnlyOnTheThreadThatBuiltIt() throws {
        let database = try AppDatabase.inMemory()
        let builtOn = Mutex([ObjectIdentifier: pthread_t]())
        let usedOn = Mutex([ObjectIdentifier: pthread_t]())
        let pool = try FilerPool(
            count: 3, named: "test",
            build: { _ in
                let filer = try PhotoFiler(database: database, configuration: Configuration())
                builtOn.withLock { $0[ObjectIdentifier(filer)] = pthread_self() }
                return filer
            },
            work: { filer in usedOn.withLock { $0[ObjectIdentifier(filer)] = pthread_self() } })
        pool.waitUntilDone()
        let built = builtOn.withLock { $0 }
        #expect(built.count == 3)
        #expect(Set(built.values).count == 3, "three threads")
        #expect(usedOn.withLock { $0 } == built)
    }

    @Test func aFilerThatCannotBeBuiltStopsEveryThreadBeforeItWorks() throws {
        let database = try AppDatabase.inMemory()
        let worked = Mutex(0)
        #expect(throws: Broken.self) {
            _ = try FilerPool(
                count: 3, named: "test",
                build: { index in
                    // The others are built first, so they would be ready to work.
                    if index == 2 { Thread.sleep(forTimeInterval: 0.2); throw Broken() }
                    return try PhotoFiler(database: database, configuration: Configuration())
                },
                work: { _ in worked.withLock { $0 += 1 } })
        }
        #expect(worked.withLock { $0 } == 0)
    }

    /// Once the pool is done, its threads hold nothing they were given, the word book included: the
    /// command that ends then closes it, and SQLite removes its `-wal` and `-shm`.
    @Test func whatTheThreadsWereGivenIsLetGoBeforeThePoolIsDone() throws {
        final class Token: Sendable {}
        weak var given: Token?
        let database = try AppDatabase.inMemory()
        // Filers with their Tesseract engines loaded, as `run` and `ingest` build them: such a filer
        // takes a while to let go, which a wait that ends first would not see.
        let build = PhotoFiler.builder(database: database, configuration: Configuration(), language: .english)
        let pool = try {
            let token = Token()
            given = token
            return try FilerPool(
                count: 2, named: "test",
                build: { index in
                    withExtendedLifetime(token) {}
                    return try build(index)
                },
                work: { _ in withExtendedLifetime(token) {} })
        }()
        pool.waitUntilDone()
        #expect(given == nil)
    }
}
