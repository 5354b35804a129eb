import ArgumentParser
import Foundation

/// The web app's commands, as both executables describe them: `wordbook web ...` hands them to
/// `wordbook-web`, which does the work, so that `wordbook` never links the server.
public enum WebCommands {
    public static func group(subcommands: [any ParsableCommand.Type], defaultSubcommand: any ParsableCommand.Type)
        -> CommandConfiguration {
        CommandConfiguration(
            commandName: "web",
            abstract: "Settle proposals from the phone: serve the web app, pair a phone, list and revoke sessions.",
            discussion: """
                wordbook web alone serves the app, as wordbook web serve does. Pair a phone with \
                wordbook web pair and open the URL it prints (or scan its QR code) on the phone.

                Example: wordbook web pair
                """,
            subcommands: subcommands,
            defaultSubcommand: defaultSubcommand)
    }

    public static let serve = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the web app on [web] listen (default 127.0.0.1:8080) until stopped.",
        discussion: """
            Nothing is served to a browser without a session: pair it first with wordbook web pair. \
            SIGTERM or Ctrl-C stops the server.

            Example: wordbook web serve --listen 192.168.1.20:8080
            """)

    public static let pair = CommandConfiguration(
        commandName: "pair",
        abstract: "Print a one-time URL (and its QR code) that signs a phone in to the web app.",
        discussion: """
            The URL works once, within 10 minutes; opening it on the phone keeps the phone signed in \
            for [web] session_days. The address is [web] url, else [web] listen's.

            Example: wordbook web pair --url https://wordbook.example.org
            """)

    public static let sessions = CommandConfiguration(
        commandName: "sessions",
        abstract: "List the phones and browsers signed in to the web app.",
        discussion: "Example: wordbook web sessions")

    public static let revoke = CommandConfiguration(
        commandName: "revoke",
        abstract: "Sign a phone or browser out of the web app, by its session ID.",
        discussion: "Example: wordbook web revoke 3      (IDs as wordbook web sessions lists them)")

    /// The arguments `wordbook` hands over: those after `web`.
    public static func handedOver(_ arguments: [String] = CommandLine.arguments) -> [String] {
        guard let web = arguments.dropFirst().firstIndex(of: "web") else { return Array(arguments.dropFirst()) }
        // --db and --config given before `web` (wordbook --db X web pair) go along, after the subcommand's own.
        return Array(arguments[(web + 1)...]) + Array(arguments[1..<web])
    }
}

/// `web serve`'s options.
public struct ServeArguments: ParsableArguments {
    public init() {}

    @OptionGroup public var options: GlobalOptions

    @Option(help: ArgumentHelp("Listen here instead of [web] listen, as HOST:PORT (port 0 takes a free one).",
                               valueName: "address"))
    public var listen: String?
}

/// `web pair`'s options.
public struct PairArguments: ParsableArguments {
    public init() {}

    @OptionGroup public var options: GlobalOptions

    @Option(help: ArgumentHelp("The address the phone opens, instead of [web] url (e.g. a reverse proxy's).",
                               valueName: "url"))
    public var url: String?

    @Flag(help: "No QR code, even on a terminal.")
    public var noQR = false

    public func validate() throws {
        if let url, !(url.hasPrefix("http://") || url.hasPrefix("https://")) {
            throw ValidationError("--url must start with https:// or http://.")
        }
    }
}

/// `web sessions`' options.
public struct SessionsArguments: ParsableArguments {
    public init() {}

    @OptionGroup public var options: GlobalOptions
}

/// `web revoke`'s options and session ID.
public struct RevokeArguments: ParsableArguments {
    public init() {}

    @OptionGroup public var options: GlobalOptions

    @Argument(help: ArgumentHelp("The session's ID, as wordbook web sessions lists it.", valueName: "id"))
    public var id: WordID
}
