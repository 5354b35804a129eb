import ArgumentParser
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Revoke: ParsableCommand {
    static let configuration = WebCommands.revoke

    @OptionGroup var arguments: RevokeArguments

    func run() throws {
        let (database, _) = try arguments.options.openExisting()
        let session = try database.revokeWebSession(id: arguments.id.value)
        print("Signed out session #\(arguments.id.value) (\(session.label.prefix(60).description.escapingControlCharacters)): its browser must pair again.")
    }
}
