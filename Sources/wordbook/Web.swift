import ArgumentParser
import WordBookCommandLine

/// Handed to wordbook-web, which links the web server this command line does not.
struct Web: ParsableCommand {
    static let configuration = WebCommands.group(
        subcommands: [WebServe.self, WebPair.self, WebSessions.self, WebRevoke.self], defaultSubcommand: WebServe.self)
}

struct WebServe: ParsableCommand {
    static let configuration = WebCommands.serve

    @OptionGroup var arguments: ServeArguments

    func run() throws {
        try WorkerHandOff.replaceProcess(arguments: WebCommands.handedOver(), executable: WorkerHandOff.webExecutableName)
    }
}

struct WebPair: ParsableCommand {
    static let configuration = WebCommands.pair

    @OptionGroup var arguments: PairArguments

    func run() throws {
        try WorkerHandOff.replaceProcess(arguments: WebCommands.handedOver(), executable: WorkerHandOff.webExecutableName)
    }
}

struct WebSessions: ParsableCommand {
    static let configuration = WebCommands.sessions

    @OptionGroup var arguments: SessionsArguments

    func run() throws {
        try WorkerHandOff.replaceProcess(arguments: WebCommands.handedOver(), executable: WorkerHandOff.webExecutableName)
    }
}

struct WebRevoke: ParsableCommand {
    static let configuration = WebCommands.revoke

    @OptionGroup var arguments: RevokeArguments

    func run() throws {
        try WorkerHandOff.replaceProcess(arguments: WebCommands.handedOver(), executable: WorkerHandOff.webExecutableName)
    }
}
