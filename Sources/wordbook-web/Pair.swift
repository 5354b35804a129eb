import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookWeb

struct Pair: ParsableCommand {
    static let configuration = WebCommands.pair

    @OptionGroup var arguments: PairArguments

    func run() throws {
        let (database, configuration) = try arguments.options.openExisting()
        let code = try database.newPairingCode(lifetime: WebApp.pairingLifetime)
        let url = Self.base(arguments.url ?? configuration.webURL, configuration) + "pair/" + code
        print("Open this address on the phone within 10 minutes; it works once:\n\n  \(url)\n")
        if !arguments.noQR && isatty(STDOUT_FILENO) == 1, let qr = QRCode(url) {
            print(qr.terminalText)
        }
        if arguments.url == nil && configuration.webURL.isEmpty && configuration.webAddress.host.hasPrefix("127.") {
            print("The server listens on this machine only ([web] listen): a phone reaches it through a reverse proxy, named with --url or [web] url.")
        }
    }

    /// The address ending in a slash: the one given, else listen's.
    static func base(_ given: String, _ configuration: Configuration) -> String {
        if !given.isEmpty { return given.hasSuffix("/") ? given : given + "/" }
        let (host, port) = configuration.webAddress
        let shown = host == "0.0.0.0" || host == "::" ? ProcessInfo.processInfo.hostName : host
        return "\(configuration.webServesTLS ? "https" : "http")://\(shown.contains(":") ? "[\(shown)]" : shown):\(port)/"
    }
}
