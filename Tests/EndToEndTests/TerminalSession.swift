import Foundation
import Glibc

/// The real binary on a real terminal: a tmux session of its own (its own server socket), driven
/// with send-keys and read with capture-pane, as a learner types and sees.
final class TerminalSession {
    private let socket = "wordbook-test-\(UUID().uuidString)"
    private let name = "learner"

    /// Starts `arguments` (the wordbook binary's) in a terminal of `columns` x `rows`, with
    /// `environment` added to the shell's.
    init(_ arguments: [String], columns: Int = 100, rows: Int = 50, environment: [String: String] = [:]) throws {
        let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value)) " }.joined()
        let command = settings + ([wordbookBinary] + arguments).map(Self.quoted).joined(separator: " ")
        // The shell stays after the command, so its last screen can still be read, with the
        // terminal's line settings as the command left them.
        guard tmux(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
                    "\(command); echo \"[exited $?]\"; stty -a; sleep 600"]) != nil
        else { throw POSIXError(.ECHILD) }
    }

    deinit {
        tmux(["kill-server"])
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs tmux and returns what it printed, nil when it failed. Spawned and waited for directly:
    /// the server a first tmux call starts outlives that call, which Foundation's Process does not expect.
    @discardableResult
    private func tmux(_ arguments: [String]) -> String? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.merging(["TERM": "xterm-256color"]) { $1 }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        // The test's threads block most signals and a child inherits that mask: tmux, the shell and
        // wordbook get none blocked and every handler at its default, as in a learner's terminal.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environment) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { return nil }
        return try? String(contentsOfFile: output, encoding: .utf8)
    }

    /// The command's process ID, a child of the pane's shell; nil once it has ended.
    var commandPID: pid_t? {
        guard let shell = tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])?
            .trimmingCharacters(in: .whitespacesAndNewlines),
              let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Keys by tmux's names: "Up", "Left", "Home", "BSpace", "DC", "Enter", "C-u", "C-w".
    func press(_ keys: String...) throws {
        guard tmux(["send-keys", "-t", name] + keys) != nil else { throw POSIXError(.EIO) }
    }

    /// Text typed as it is, each character a key.
    func type(_ text: String) throws {
        guard tmux(["send-keys", "-t", name, "-l", text]) != nil else { throw POSIXError(.EIO) }
    }

    /// What the terminal shows now, the lines scrolled off included, without trailing blanks.
    var screen: String {
        (tmux(["capture-pane", "-p", "-J", "-S", "-2000", "-t", name]) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n")
    }

    /// Waits until the screen shows `text` `count` times, at most `timeout` seconds; returns whether it did.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 30) -> Bool {
        eventually(timeout: timeout) { screen.components(separatedBy: text).count - 1 >= count }
    }

    /// The screen's last line that holds the prompt, as the learner sees it while typing.
    func lastLine(containing prompt: String) -> String? {
        screen.split(separator: "\n").last { $0.contains(prompt) }.map(String.init)
    }
}
