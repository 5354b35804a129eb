import Foundation
import Glibc
import Synchronization
import Testing
@testable import WordBookCapture
import WordBookSettings
import WordBookStore

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
}
