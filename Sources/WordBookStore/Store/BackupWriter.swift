import Foundation
import GRDB

/// A backup document made a piece at a time, byte for byte what `BackupDocument.encoded()` makes of
/// the same values, so that a backup of any size is written holding one word.
///
/// JSONEncoder with `.sortedKeys` and `.prettyPrinted` puts the top-level keys in the order books,
/// schemaVersion, tags, words, indents two spaces a level, and writes an empty list as `[`, an empty
/// line and `]`. The frame is written here to match, and each value inside it is encoded by the same
/// encoder and indented to its depth; `BackupWriterTests` holds the two to the same bytes.
struct BackupWriter {
    private let encoder = BackupDocument.encoder()
    private(set) var wordCount = 0

    /// Everything before the first word: `document`'s books, schema version and tags (its words are not read).
    func opening(_ document: BackupDocument) throws -> Data {
        var data = Data("{\n".utf8)
        data += try member("books", document.books) + Data(",\n".utf8)
        data += try member("schemaVersion", document.schemaVersion) + Data(",\n".utf8)
        data += try member("tags", document.tags) + Data(",\n".utf8)
        data += Data("  \"words\" : [".utf8)
        return data
    }

    /// The next word, with the comma before it if it is not the first.
    mutating func word(_ entry: BackupDocument.Entry) throws -> Data {
        let data = Data((wordCount == 0 ? "\n    " : ",\n    ").utf8) + Self.indented(try encoder.encode(entry), by: 4)
        wordCount += 1
        return data
    }

    /// The end of the words' list and of the document.
    func closing() -> Data {
        Data((wordCount == 0 ? "\n\n  ]\n}" : "\n  ]\n}").utf8)
    }

    private func member(_ key: String, _ value: some Encodable) throws -> Data {
        Data("  \"\(key)\" : ".utf8) + Self.indented(try encoder.encode(value), by: 2)
    }

    /// `json` as it reads `depth` spaces in: every line after the first indented, except an empty one
    /// (an empty list's). Strings hold no line breaks (JSON escapes them), so each is the layout's.
    static func indented(_ json: Data, by depth: Int) -> Data {
        let newline = UInt8(ascii: "\n")
        let indent = Data(repeating: UInt8(ascii: " "), count: depth)
        var result = Data(capacity: json.count + json.count / 16)
        json.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while let found = memchr(base + start, Int32(newline), bytes.count - start) {
                let line = base.distance(to: found) + 1
                result.append(contentsOf: bytes[start..<line])
                if line < bytes.count && bytes[line] != newline { result.append(indent) }
                start = line
            }
            result.append(contentsOf: bytes[start...])
        }
        return result
    }
}

extension AppDatabase {
    /// Writes the whole word book as a backup to `output` a piece at a time (the opening, then each
    /// word with its photo, then the closing), holding one word at a time: the bytes
    /// `exportDocument().encoded()` gives, from one read transaction.
    @discardableResult
    public func exportBackup(to output: (Data) throws -> Void) throws -> (books: Int, words: Int) {
        try writer.read { db in
            let head = try Self.backupHead(db)
            var backup = BackupWriter()
            try output(try backup.opening(head))
            try Self.forEachBackupEntry(db) { try output(try backup.word($0)) }
            try output(backup.closing())
            return (head.books.count, backup.wordCount)
        }
    }
}
