import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Sessions: ParsableCommand {
    static let configuration = WebCommands.sessions

    @OptionGroup var arguments: SessionsArguments

    func run() throws {
        let (database, configuration) = try arguments.options.openExisting()
        let sessions = try database.webSessions()
        if sessions.isEmpty {
            print("No phone is paired: wordbook web pair prints the address that pairs one.")
            return
        }
        let format = Date.FormatStyle(date: .numeric, time: .shortened, timeZone: configuration.timeZone)
        print("ID  paired             last seen          until              browser")
        for session in sessions {
            let columns = [session.createdAt, session.lastSeenAt, session.expiresAt].map { $0.formatted(format).padding(toLength: 18, withPad: " ", startingAt: 0) }
            print("\(String(session.id ?? 0).padding(toLength: 3, withPad: " ", startingAt: 0)) \(columns.joined(separator: " ")) \(session.label.prefix(60).description.escapingControlCharacters)")
        }
    }
}
