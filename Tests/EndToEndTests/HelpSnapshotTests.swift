import Foundation
import Testing

/// The commands as the parser itself lists them: `wordbook --experimental-dump-help`, which
/// swift-argument-parser writes from the root command's configuration (ArgumentParser's own `help`
/// left out).
func parserCommands() throws -> [String] {
    let dump = try wordbook(["--experimental-dump-help"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
    let subcommands = try #require((root["command"] as? [String: Any])?["subcommands"] as? [[String: Any]], "\(dump.stderr)")
    return subcommands.compactMap { $0["commandName"] as? String }.filter { $0 != "help" }
}

/// `--help` of the root and of every command, and the completion scripts, against the files in
/// Tests/EndToEndTests/Snapshots, as swift-argument-parser's own tests check theirs. After changing
/// a command's help on purpose, write them again and review the diff:
///
///     WORDBOOK_RECORD_SNAPSHOTS=1 swift test --filter HelpSnapshotTests
@Suite struct HelpSnapshotTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Snapshots")
    static let recording = ProcessInfo.processInfo.environment["WORDBOOK_RECORD_SNAPSHOTS"] == "1"
    /// Help is wrapped to the terminal's width: a fixed one, so the snapshot does not depend on who runs it.
    static let environment = ["COLUMNS": "100"]

    /// Compares `actual` with the snapshot `name`, or writes it when recording.
    func expectSnapshot(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = Self.folder.appendingPathComponent(name)
        if Self.recording {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("there is no snapshot \(name): run WORDBOOK_RECORD_SNAPSHOTS=1 swift test --filter HelpSnapshotTests", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "\(name) differs from its snapshot; if the change is meant, record it again", sourceLocation: sourceLocation)
    }

    @Test func theHelpOfEveryCommandIsItsSnapshot() throws {
        let commands = try parserCommands()
        #expect(commands.count > 20 && commands.contains("triage"), "\(commands)")
        try expectSnapshot(try wordbook(["--help"], environment: Self.environment).stdout, "help/wordbook.txt")
        for command in commands {
            let help = try wordbook([command, "--help"], environment: Self.environment)
            #expect(help.status == 0, "\(command): \(help.stderr)")
            try expectSnapshot(help.stdout, "help/\(command).txt")
        }
        // A snapshot of a command that no longer exists is a leftover.
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("help").path)
        #expect(Set(files) == Set((commands + ["wordbook"]).map { "\($0).txt" }))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theCompletionScriptIsItsSnapshot(shell: String) throws {
        let script = try wordbook(["--generate-completion-script", shell])
        #expect(script.status == 0, "\(script.stderr)")
        try expectSnapshot(script.stdout, "completions/wordbook.\(shell)")
    }

    /// What `make install` and the .deb install: scripts/install-manuals.sh run on the binary, into a
    /// scratch prefix. `man wordbook-review` finds its page there, which names the command and its options.
    @Test func installingPutsAManPageForEveryCommandAndTheCompletionsWhereTheirToolsLook() throws {
        let scratch = try Scratch()
        let prefix = "\(scratch.root)/usr/local"
        let tool = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent().appendingPathComponent("generate-manual").path
        try #require(FileManager.default.isExecutableFile(atPath: tool), "swift build --build-tests builds the argument parser's generate-manual")
        let installed = try runProgram(
            "/bin/bash", [repositoryRoot.appendingPathComponent("scripts/install-manuals.sh").path, wordbookBinary, prefix],
            environment: ["GENERATE_MANUAL": tool])
        #expect(installed.status == 0, "\(installed.stderr)")

        let pages = try FileManager.default.contentsOfDirectory(atPath: "\(prefix)/share/man/man1")
        let commands = try parserCommands()
        #expect(Set(pages).isSuperset(of: (["wordbook"] + commands.map { "wordbook-\($0)" }).map { "\($0).1.gz" }), "\(pages.sorted())")
        let page = try runProgram("/usr/bin/man", ["wordbook-review"], environment: ["MANPATH": "\(prefix)/share/man", "MANPAGER": "cat", "MANWIDTH": "100"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("wordbook-review") && page.stdout.contains("wordbook review") && page.stdout.contains("--at"), "\(page.stdout)")

        for (file, shell) in [("share/bash-completion/completions/wordbook", "bash"), ("share/zsh/site-functions/_wordbook", "zsh"),
                              ("share/fish/vendor_completions.d/wordbook.fish", "fish")] {
            let script = try String(contentsOfFile: "\(prefix)/\(file)", encoding: .utf8)
            var generated = try wordbook(["--generate-completion-script", shell]).stdout
            // bash-completion sources the file: its #! line goes.
            if shell == "bash", generated.hasPrefix("#!"), let newline = generated.firstIndex(of: "\n") {
                generated.removeSubrange(...newline)
            }
            #expect(script == generated && script.contains("review"), "\(file)")
        }
    }
}
