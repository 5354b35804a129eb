import ServiceLifecycle

/// The filers, each on a thread of its own (Tesseract blocks): starts the worker, then files what
/// the queue holds. On graceful shutdown the queue closes, the photos in flight are finished and
/// the ones waiting stay in the inbox.
struct FilingService: Service, CustomStringConvertible {
    let inbox: InboxService
    let watcher: InotifyWatcher

    var description: String { "the filing" }

    func run() async throws {
        try await withGracefulShutdownHandler {
            try await inbox.startAndFile(watcher: watcher)
        } onGracefulShutdown: { [inbox] in
            inbox.beginStopping()
        }
    }
}
