import ArgumentParser
import WordBookCommandLine

/// The half of WordBook that links the web server (Hummingbird on SwiftNIO): what `wordbook web`
/// hands over to, and what the systemd unit wordbook-web.service starts.
struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wordbook-web",
        abstract: "Serve the web app for the phone, and pair phones with it: the work wordbook web hands over.",
        discussion: "Started by wordbook web and by the systemd unit wordbook-web.service.",
        version: wordBookVersion,
        subcommands: [Serve.self, Pair.self, Sessions.self, Revoke.self],
        defaultSubcommand: Serve.self
    )
}

await runAsyncCommandLine(WebCommand.self)
