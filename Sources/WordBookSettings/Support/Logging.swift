import Foundation
import Glibc
import Logging
import Synchronization

/// Log lines on stderr; under systemd's journal (`JOURNAL_STREAM` set) each line carries its
/// syslog priority as `<N>` so the journal files it at the right level.
public struct StderrLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let journal: Bool
    private let output: LogOutput

    public init(label: String, level: Logger.Level = .info, environment: [String: String] = ProcessInfo.processInfo.environment,
                output: LogOutput = .standardError) {
        self.label = label
        logLevel = level
        journal = environment["JOURNAL_STREAM"] != nil
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // One event, one line: a photo's name or a word cannot forge lines or run escape sequences.
        var text = "\(event.message)".escapingControlCharacters
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            text += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)".escapingControlCharacters }.joined(separator: " ")
        }
        output.write(line(event.level, text)) { unwritten, reason in
            line(.warning, "\(unwritten) log line\(unwritten == 1 ? "" : "s") could not be written: \(reason)")
        }
    }

    private func line(_ level: Logger.Level, _ text: String) -> String {
        if journal { return "<\(Self.priority(level))>\(text)\n" }
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
        return "\(stamp) \(level) \(text)\n"
    }

    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }
}

/// Where log lines go. A line that cannot be written (a full disk behind a redirect) is dropped and
/// counted, never a trap; the next line that can be written is preceded by a note of how many were lost.
public final class LogOutput: Sendable {
    public static let standardError = LogOutput(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    private let lost = Mutex<(lines: Int, reason: WriteError?)>((0, nil))

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Lines dropped since the last one that could be written.
    public var unwrittenLines: Int { lost.withLock { $0.lines } }

    /// Writes `line`, first the note `lossNote` makes of the lines lost before it, if any.
    func write(_ line: String, lossNote: (Int, WriteError) -> String) {
        lost.withLock { lost in
            do throws(WriteError) {
                if lost.lines > 0, let reason = lost.reason {
                    try writeAll(lossNote(lost.lines, reason), to: descriptor)
                    lost = (0, nil)
                }
                try writeAll(line, to: descriptor)
            } catch {
                lost = (lost.lines + 1, error)
            }
        }
    }
}
