import Foundation
import Logging

/// Log lines on stderr; under systemd's journal (`JOURNAL_STREAM` set) each line carries its
/// syslog priority as `<N>` so the journal files it at the right level.
public struct StderrLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String
    private let journal: Bool

    public init(label: String, level: Logger.Level = .info, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        logLevel = level
        journal = environment["JOURNAL_STREAM"] != nil
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var text = "\(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            text += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        let line: String
        if journal {
            line = "<\(Self.priority(event.level))>\(text)\n"
        } else {
            let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
            line = "\(stamp) \(event.level) \(text)\n"
        }
        FileHandle.standardError.write(Data(line.utf8))
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
