import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookWeb

struct Serve: AsyncParsableCommand {
    static let configuration = WebCommands.serve

    @OptionGroup var arguments: ServeArguments

    func validate() throws {
        if let listen = arguments.listen, Configuration.hostAndPort(listen) == nil {
            throw ValidationError("--listen must be HOST:PORT, such as 127.0.0.1:8080, not \(listen.escapingControlCharacters).")
        }
    }

    func run() async throws {
        let (database, configuration) = try arguments.options.openExisting()
        let address = arguments.listen.flatMap(Configuration.hostAndPort) ?? configuration.webAddress
        let app = try WebApp(database: database, configuration: configuration, paths: try arguments.options.paths(configuration))
        let scheme = configuration.webServesTLS ? "https" : "http"
        try await app.run(host: address.host, port: address.port, logger: makeLogger("wordbook-web")) { port in
            let host = address.host.contains(":") ? "[\(address.host)]" : address.host
            print("Serving the web app on \(scheme)://\(host):\(port)/ (pair a phone with wordbook web pair).")
            fflush(nil)
        }
    }
}
