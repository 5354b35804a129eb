import Foundation

/// Why a file could not be read as a backup, as the end of a sentence about the file.
public enum BackupFileError: Error, CustomStringConvertible, Equatable {
    /// The file ends before the document does: a copy cut short, or a disk that filled while it was written.
    case cutShort
    /// A byte stands where JSON allows none.
    case notJSON(offset: Int)
    /// The JSON does not hold a backup: a word (counted from 1) or the rest is not as export writes it.
    case notAWord(number: Int)
    case notABackup
    /// Reading failed (`EIO`, `EISDIR`).
    case unreadable(code: Int32)

    public var description: String {
        switch self {
        case .cutShort: "it ends in the middle, as a copy cut short would"
        case let .notJSON(offset): "it is not JSON at byte \(offset)"
        case let .notAWord(number): "its word \(number) is not one wordbook export writes"
        case .notABackup: "its books, tags or schema version are not as wordbook export writes them"
        case let .unreadable(code): "it could not be read (\(String(cString: strerror(code))))"
        }
    }
}

/// A backup read from a file a word at a time: each element of its `"words"` list is decoded by
/// itself and handed on, and the other members (books, tags, schema version) are decoded together
/// once the file ends, in whatever order they stand. Foundation's JSONDecoder takes only a whole
/// document, so the top-level object is walked here (`JSONByteStream`) and each part is given to the
/// same decoder `BackupDocument.decode` uses.
public struct BackupFile: BackupSource {
    private let descriptor: Int32
    private let chunkSize: Int

    /// Reads `descriptor` from where it stands to its end; the caller closes it.
    public init(descriptor: Int32, chunkSize: Int = 1 << 16) {
        self.descriptor = descriptor
        self.chunkSize = chunkSize
    }

    public func read(entries entry: (BackupDocument.Entry) throws -> Void) throws -> BackupDocument {
        var stream = JSONByteStream(descriptor: descriptor, chunkSize: chunkSize)
        let decoder = BackupDocument.decoder()
        // The members other than "words", copied as they stand, to be decoded as one small document.
        var rest = Data("{".utf8)
        var hasWords = false
        var element = Data()
        var count = 0
        try expect(UInt8(ascii: "{"), in: &stream)
        if try stream.peek() == UInt8(ascii: "}") {
            _ = try stream.next()
        } else {
            repeat {
                guard try stream.peek() == UInt8(ascii: "\"") else { throw try unexpected(&stream) }
                var key = Data()
                try stream.value(appendingTo: &key)
                try expect(UInt8(ascii: ":"), in: &stream)
                let isWords = (try? decoder.decode(String.self, from: key)) == "words"
                // Two lists of words: JSONDecoder would have kept one of them.
                if isWords && hasWords { throw BackupFileError.notABackup }
                guard isWords else {
                    rest.append(contentsOf: rest.count > 1 ? Data(",".utf8) + key + Data(":".utf8) : key + Data(":".utf8))
                    try stream.value(appendingTo: &rest)
                    continue
                }
                hasWords = true
                try expect(UInt8(ascii: "["), in: &stream)
                if try stream.peek() == UInt8(ascii: "]") {
                    _ = try stream.next()
                    continue
                }
                repeat {
                    element.removeAll(keepingCapacity: true)
                    try stream.value(appendingTo: &element)
                    count += 1
                    guard let decoded = try? decoder.decode(BackupDocument.Entry.self, from: element) else {
                        throw BackupFileError.notAWord(number: count)
                    }
                    try entry(decoded)
                } while try separator(closing: UInt8(ascii: "]"), in: &stream)
            } while try separator(closing: UInt8(ascii: "}"), in: &stream)
        }
        guard try stream.next() == nil else { throw BackupFileError.notJSON(offset: stream.offset - 1) }
        if hasWords { rest.append(contentsOf: Data((rest.count > 1 ? ",\"words\":[]}" : "\"words\":[]}").utf8)) } else { rest.append(UInt8(ascii: "}")) }
        guard let document = try? decoder.decode(BackupDocument.self, from: rest) else { throw BackupFileError.notABackup }
        return document
    }

    private func expect(_ byte: UInt8, in stream: inout JSONByteStream) throws {
        guard try stream.peek() == byte else { throw try unexpected(&stream) }
        _ = try stream.next()
    }

    /// After a member or an element: true at a comma, false at `closing`.
    private func separator(closing: UInt8, in stream: inout JSONByteStream) throws -> Bool {
        switch try stream.peek() {
        case UInt8(ascii: ","): _ = try stream.next(); return true
        case closing: _ = try stream.next(); return false
        default: throw try unexpected(&stream)
        }
    }

    /// The error for the next byte, which is not one the walk can take: the end, or a byte out of place.
    private func unexpected(_ stream: inout JSONByteStream) throws -> BackupFileError {
        try stream.peek() == nil ? .cutShort : .notJSON(offset: stream.offset)
    }
}
