import Foundation
import Glibc

/// Long output through the learner's pager when standard output is a terminal, as git does:
/// `$PAGER`, or `less` with `LESS=FRX` (it quits at once when the text fits the screen, passes
/// colours, and leaves the text on the screen). Off a terminal, or with `PAGER=cat` or an empty
/// `PAGER`, the lines are printed as they are.
enum Pager {
    static func page(_ lines: [String]) {
        guard stdoutIsTerminal, lines.count > rows() - 2, let command = command() else {
            for line in lines { print(line) }
            return
        }
        fflush(nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        process.environment = environment
        let pipe = Pipe()
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            for line in lines { print(line) }
            return
        }
        // The learner may quit the pager before it has read everything: the rest is not written.
        signal(SIGPIPE, SIG_IGN)
        let text = Array((lines.joined(separator: "\n") + "\n").utf8)
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        var written = 0
        while written < text.count {
            let count = text[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// `$PAGER` as the shell runs it; `less` when unset and installed; nil for none.
    static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let pager = environment["PAGER"] {
            let trimmed = pager.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/less") ? "less" : nil
    }

    /// The terminal's height in lines; 24 when it does not say.
    static func rows() -> Int {
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 ? Int(size.ws_row) : 24
    }
}
