import ArgumentParser
import WordBookCommandLine

struct WordBookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wordbook",
        abstract: "Turn photos of words into a word book you review.",
        discussion: """
            The worker (wordbook run) watches the inbox, proposes the word each photo shows and files it \
            into that day's word book. The other commands settle the proposals and read the word book.
            """,
        version: wordBookVersion,
        subcommands: [
            Run.self, Ingest.self, Status.self,
            Pending.self, Confirm.self, Correct.self, Reject.self, Triage.self,
            ReviewCommand.self, Grade.self, Due.self,
            List.self, Books.self, Search.self, Show.self, Open.self, Stats.self,
            Undo.self, History.self,
            Note.self, GlossCommand.self, TagCommand.self, Tags.self,
            Export.self, Import.self, Prune.self,
            Web.self,
        ]
    )
}
