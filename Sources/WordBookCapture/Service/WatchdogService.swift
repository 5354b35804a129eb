import ServiceLifecycle

/// systemd wants WATCHDOG=1 at least every half of WATCHDOG_USEC: pinged twice as often as that,
/// while the worker is healthy, from the moment it has said READY=1 (a ping before it would tell
/// systemd the worker lives before it has started).
struct WatchdogService: Service, CustomStringConvertible {
    let inbox: InboxService

    var description: String { "the watchdog" }

    func run() async throws {
        guard let half = inbox.notifier.watchdogPing else { return try await stayUntilShutdown() }
        guard await inbox.started.wait() else { return try await stayUntilShutdown() }
        do {
            try await cancelWhenGracefulShutdown { [inbox] in
                while true {
                    if inbox.isHealthy { inbox.notifier.notify("WATCHDOG=1") }
                    try await Task.sleep(for: .seconds(half / 2))
                }
            }
        } catch is CancellationError {}
    }
}
