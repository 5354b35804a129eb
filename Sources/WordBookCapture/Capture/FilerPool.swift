import Foundation
import Synchronization
import WordBookGloss
import WordBookPipeline
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// The filer threads of `run` and `ingest`. Each thread builds its own `PhotoFiler` (Tesseract
/// blocks, and its engines serve one thread) and alone uses it: no filer ever crosses a thread.
/// The threads start work only once every filer is built; if one cannot be built, none works.
final class FilerPool: Sendable {
    private struct State {
        var built = 0
        var failure: (any Error)?
        /// Set once every thread has built its filer or given up: whether they may work.
        var go: Bool?
    }

    private let count: Int
    private let state = Mutex(State())
    private let decided = NSCondition()
    private let threadsDone = DispatchGroup()

    /// What one thread is given; let go before the thread says it is done, so that nothing it held
    /// (the filer, the word book) outlives the wait for it: a word book closed when its command ends
    /// checkpoints its write-ahead log and leaves no `-wal` behind.
    private final class Jobs: Sendable {
        typealias Build = @Sendable (Int) throws -> PhotoFiler
        typealias Work = @Sendable (PhotoFiler) -> Void
        private let jobs: Mutex<(build: Build, work: Work)?>

        init(build: @escaping Build, work: @escaping Work) { jobs = Mutex((build, work)) }

        func take() -> (build: Build, work: Work)? { jobs.withLock { $0.take() } }
    }

    /// Starts `count` threads named `name-1`, `name-2`…; each builds its filer with `build(index)`,
    /// waits for the others, then calls `work(filer)` and ends when it returns. Blocks until every
    /// filer is built, and throws the first error of a build (the threads then end without working).
    init(
        count: Int, named name: String,
        build: @escaping @Sendable (Int) throws -> PhotoFiler,
        work: @escaping @Sendable (PhotoFiler) -> Void
    ) throws {
        self.count = max(1, count)
        for index in 0..<self.count {
            threadsDone.enter()
            let jobs = Jobs(build: build, work: work)
            let thread = Thread { [self] in
                if let (build, work) = jobs.take() { file(index, build: build, work: work) }
                threadsDone.leave()
            }
            thread.name = "\(name)-\(index + 1)"
            thread.start()
        }
        decided.lock()
        while state.withLock({ $0.go }) == nil { decided.wait() }
        decided.unlock()
        if let failure = state.withLock({ $0.failure }) {
            threadsDone.wait()
            throw failure
        }
    }

    /// One thread's life: its filer built, and used once every other is; all of it let go on return.
    private func file(_ index: Int, build: Jobs.Build, work: Jobs.Work) {
        let filer: PhotoFiler
        do {
            filer = try build(index)
        } catch {
            _ = built(failing: error)
            return
        }
        if built(failing: nil) { work(filer) }
    }

    /// One thread's build is over; waits for every other, and says whether the threads may work.
    private func built(failing failure: (any Error)?) -> Bool {
        decided.lock()
        defer { decided.unlock() }
        state.withLock { state in
            state.built += 1
            if state.failure == nil, let failure { state.failure = failure }
            if state.built == count { state.go = state.failure == nil }
        }
        decided.broadcast()
        while true {
            if let go = state.withLock({ $0.go }) { return go }
            decided.wait()
        }
    }

    /// Blocks until every thread's work has returned.
    func waitUntilDone() {
        threadsDone.wait()
    }

    /// Returns once every thread's work has returned, without holding a thread meanwhile, or once
    /// the task is cancelled (a filer cannot be stopped mid-photo): true when every thread's work is done.
    func done() async -> Bool {
        let waiter = Mutex<CheckedContinuation<Bool, Never>?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.withLock { $0 = continuation }
                threadsDone.notify(queue: .global()) { waiter.withLock { $0.take() }?.resume(returning: true) }
                if Task.isCancelled { waiter.withLock { $0.take() }?.resume(returning: false) }
            }
        } onCancel: {
            waiter.withLock { $0.take() }?.resume(returning: false)
        }
    }
}

extension PhotoFiler {
    /// What builds one filer on each of a pool's threads: the configured glossary is shared, and
    /// each filer has `language`'s model and the scene-text networks loaded before its first photo.
    static func builder(
        database: AppDatabase, configuration: WordBookSettings.Configuration, language: Language
    ) -> @Sendable (Int) throws -> PhotoFiler {
        let glossary = Glossary.configured(configuration)
        return { _ in
            let filer = try PhotoFiler(database: database, configuration: configuration, glossary: glossary)
            try filer.prepare(language)
            return filer
        }
    }
}
