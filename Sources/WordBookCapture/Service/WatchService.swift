import Logging
import ServiceLifecycle

/// The inotify reader: reports what arrives in the inbox until the worker stops. When inotify can
/// no longer be read, it fails, and with it the worker, so that systemd starts it again.
struct WatchService: Service, CustomStringConvertible {
    let inbox: InboxService
    let watcher: InotifyWatcher

    var description: String { "the inotify reader" }

    func run() async throws {
        guard await inbox.started.wait() else { return try await stayUntilShutdown() }
        do {
            // Stopped last, or cancelled when the stop's time runs out.
            try await withTaskCancellationHandler {
                try await withGracefulShutdownHandler {
                    try await onOwnThread(named: "inotify") { [watcher] in try watcher.readEvents() }
                } onGracefulShutdown: { [watcher] in
                    watcher.stop()
                }
            } onCancel: { [watcher] in
                watcher.stop()
            }
        } catch {
            inbox.reportFailure(error)
            throw error
        }
    }
}

/// A service with nothing to do (the worker never started, or systemd wants no watchdog) still
/// ends only when the group asks it to: the group takes any earlier end for a failure.
func stayUntilShutdown() async throws {
    do { try await gracefulShutdown() } catch is CancellationError {}
}
