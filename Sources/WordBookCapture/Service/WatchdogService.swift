import ServiceLifecycle

/// systemd wants WATCHDOG=1 at least every half of WATCHDOG_USEC: pinged twice as often as that,
/// while the worker is healthy.
struct WatchdogService: Service, CustomStringConvertible {
    let inbox: InboxService

    var description: String { "the watchdog" }

    func run() async throws {
        guard let half = inbox.notifier.watchdogPing else { return try await stayUntilShutdown() }
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
