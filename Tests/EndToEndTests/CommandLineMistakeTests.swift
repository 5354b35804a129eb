import Foundation
import Glibc
import Testing

/// Mistakes on the command line, through the real binary: one sentence in the tool's voice, and the
/// way on (the nearest command, the command's usage line).
@Suite struct CommandLineMistakeTests {
    @Test func aMistypedCommandGetsTheNearestRealOne() throws {
        let review = try wordbook(["reveiw"])
        #expect(review.status == 64 && review.stderr == "wordbook: there is no command 'reveiw': did you mean review?\n")
        #expect(try wordbook(["pendng", "--json"]).stderr == "wordbook: there is no command 'pendng': did you mean pending?\n")
        // The new commands are in the list too: it is read from the command tree.
        #expect(try wordbook(["histroy"]).stderr.contains("did you mean history?"))
        let unknown = try wordbook(["frobnicate"])
        #expect(unknown.status == 64 && unknown.stderr == "wordbook: there is no command 'frobnicate': wordbook --help lists them.\n")
    }

    /// The usage line puts --db and --config first: they work before the command as after it.
    @Test func theOptionsEveryCommandTakesWorkBeforeTheCommand() throws {
        let scratch = try Scratch()
        let photo = try distinctPhotos(1)[0]
        try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
        #expect(try wordbook(["--config", scratch.config, "ingest", "\(scratch.root)/\(photo.name)"]).status == 0)
        let listed = try wordbook(["--db", scratch.database, "list", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\"source\""), "\(listed.stdout)")
        let books = try wordbook(["--config=\(scratch.config)", "books"])
        #expect(books.status == 0 && books.stdout.contains("1 word"), "\(books.stderr)")
    }

    /// `database = "/dev/null"` once made /dev/null.lock: a device or a folder is refused in one
    /// sentence, and nothing is made beside it.
    @Test func aDatabaseThatIsNoFileIsRefusedAndNothingIsMadeBesideIt() throws {
        let scratch = try Scratch()
        let fifo = "\(scratch.root)/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try wordbook(["list", "--db", fifo])
        #expect(piped.status == 1 && piped.stderr == "wordbook: the database \(fifo) could not be opened: it is not a regular file\n", "\(piped.stderr)")
        let folder = try wordbook(["list", "--db", scratch.root])
        #expect(folder.status == 1 && folder.stderr.contains("it is a folder: name the database file in it"), "\(folder.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fifo + ".lock") && !FileManager.default.fileExists(atPath: scratch.root + ".lock"))
    }

    /// A file that cannot be read or written is a failure (1), not a mistake on the command line
    /// (64): a script can tell the two apart.
    @Test func aFileThatCannotBeReadOrWrittenIsStatusOneInOneSentence() throws {
        let scratch = try Scratch()
        let missing = "\(scratch.root)/no-such-backup.json"
        let imported = try wordbook(["import", missing, "--config", scratch.config])
        #expect(imported.status == 1)
        #expect(imported.stderr == "wordbook: \(missing) does not exist or cannot be read.\n", "\(imported.stderr)")
        let photo = try distinctPhotos(1)[0]
        try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
        #expect(try wordbook(["ingest", "\(scratch.root)/\(photo.name)", "--config", scratch.config]).status == 0)
        let unwritable = "\(scratch.root)/no-such-folder/backup.json"
        let exported = try wordbook(["export", unwritable, "--config", scratch.config])
        #expect(exported.status == 1)
        #expect(exported.stderr.hasPrefix("wordbook: \(unwritable) could not be written: "), "\(exported.stderr)")
        #expect(exported.stderr.split(separator: "\n").count == 1)
    }

    @Test func aMissingOrWrongArgumentShowsTheCommandsUsage() throws {
        let show = try wordbook(["show"])
        #expect(show.status == 64)
        #expect(show.stderr.hasPrefix("wordbook: show needs <id>.\nusage: wordbook show "), "\(show.stderr)")
        #expect(show.stderr.split(separator: "\n").count == 2)
        let grade = try wordbook(["grade", "1"])
        #expect(grade.stderr.hasPrefix("wordbook: grade needs <level>.\nusage: wordbook grade "), "\(grade.stderr)")
        #expect(try wordbook(["show", "1", "2"]).stderr.hasPrefix("wordbook: show takes no argument '2'.\nusage: "))
        #expect(try wordbook(["list", "--jsn"]).stderr.hasPrefix("wordbook: list has no option --jsn: did you mean --json?\n"))
        #expect(try wordbook(["review", "--limit", "x"]).stderr.hasPrefix("wordbook: 'x' is not a valid value for --limit <n>.\n"))
        #expect(try wordbook(["pending", "--json=3"]).stderr.hasPrefix("wordbook: --json takes no value, not '3'.\n"))
        #expect(try wordbook(["review", "--limit"]).stderr.hasPrefix("wordbook: --limit <n> needs a value.\n"))
    }
}
