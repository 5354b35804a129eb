import Foundation
import Glibc

/// A JSON text read from a file a chunk at a time, with what walking one object by hand needs: the
/// next byte past blanks, and one whole value copied out. A value's end is found by following its
/// strings (and their escapes) and the nesting of its brackets; whether the value is good JSON inside
/// is left to the decoder it is handed to. Strings are crossed with `memchr`, so a photo's base64
/// is not looked at byte by byte.
struct JSONByteStream {
    private let descriptor: Int32
    private var buffer: [UInt8]
    private var position = 0
    private var end = 0
    private var finished = false
    /// Bytes of the file before `buffer`'s first.
    private var consumed = 0
    /// While a value is copied out: where it starts in `buffer`, and what earlier chunks held of it.
    private var captureStart: Int?
    private var captured = Data()

    init(descriptor: Int32, chunkSize: Int) {
        self.descriptor = descriptor
        buffer = [UInt8](repeating: 0, count: max(chunkSize, 1))
    }

    /// The offset in the file of the next byte.
    var offset: Int { consumed + position }

    /// The next byte that is not a blank, consumed; nil at the end of the file.
    mutating func next() throws(BackupFileError) -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    /// The next byte that is not a blank, left to be read; nil at the end of the file.
    mutating func peek() throws(BackupFileError) -> UInt8? {
        while try available() {
            let byte = buffer[position]
            if !Self.isBlank(byte) { return byte }
            position += 1
        }
        return nil
    }

    /// Appends the value that starts at the next byte past blanks to `output`, and moves past it.
    mutating func value(appendingTo output: inout Data) throws(BackupFileError) {
        guard try peek() != nil else { throw .cutShort }
        captured = output
        output = Data()
        captureStart = position
        var closers: [UInt8] = []
        repeat {
            guard try available() else { throw .cutShort }
            let byte = buffer[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "{"):
                closers.append(UInt8(ascii: "}"))
            case UInt8(ascii: "["):
                closers.append(UInt8(ascii: "]"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard closers.last == byte else { throw .notJSON(offset: offset - 1) }
                closers.removeLast()
            default:
                // A number, true, false or null runs to the next delimiter, which is left.
                if closers.isEmpty {
                    while try available(), !Self.isDelimiter(buffer[position]) { position += 1 }
                }
            }
        } while !closers.isEmpty
        captured.append(contentsOf: buffer[captureStart!..<position])
        captureStart = nil
        output = captured
        captured = Data()
    }

    /// Moves past the rest of a string whose opening quote has been read.
    private mutating func skipString() throws(BackupFileError) {
        while true {
            guard try available() else { throw .cutShort }
            let (quote, backslash) = buffer.withUnsafeBytes { bytes in
                let start = bytes.baseAddress! + position
                let quote = memchr(start, Int32(UInt8(ascii: "\"")), end - position).map { start.distance(to: $0) } ?? end - position
                let backslash = memchr(start, Int32(UInt8(ascii: "\\")), quote).map { start.distance(to: $0) }
                return (position + quote, backslash.map { position + $0 })
            }
            if let backslash {
                // The escaped byte, which may be the next chunk's first, is never the string's end.
                position = backslash + 1
                guard try available() else { throw .cutShort }
                position += 1
            } else if quote < end {
                position = quote + 1
                return
            } else {
                position = end
            }
        }
    }

    /// Whether a byte is there to read, reading the next chunk when this one is used up.
    private mutating func available() throws(BackupFileError) -> Bool {
        if position < end { return true }
        if finished { return false }
        if let start = captureStart {
            captured.append(contentsOf: buffer[start..<end])
            captureStart = 0
        }
        consumed += end
        position = 0
        end = 0
        var count: Int
        repeat {
            count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else { throw .unreadable(code: errno) }
        end = count
        finished = count == 0
        return count > 0
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }
}
