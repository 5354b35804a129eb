import Foundation
import ServiceLifecycle

/// Once a second: the inbox still there (and watched and locked again once it is made again),
/// settled files and photos held back taken, and the periodic rescan.
struct HousekeepingService: Service, CustomStringConvertible {
    let inbox: InboxService
    let watcher: InotifyWatcher

    var description: String { "the housekeeping" }

    func run() async throws {
        guard await inbox.started.wait() else { return try await stayUntilShutdown() }
        do {
            try await cancelWhenGracefulShutdown { [inbox, watcher] in
                var lastRescan = Date()
                while true {
                    try inbox.keepHouse(watcher: watcher, lastRescan: &lastRescan)
                    try await Task.sleep(for: .seconds(1))
                }
            }
        } catch is CancellationError {
        } catch {
            inbox.reportFailure(error)
            throw error
        }
    }
}
