import Foundation

/// Runs `body`, which blocks (Tesseract, poll), on a thread of its own named `name`, and awaits
/// its result without holding one of the concurrency pool's few threads.
func onOwnThread<T: Sendable>(named name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result(catching: body)) }
        thread.name = name
        thread.start()
    }
}
