import Foundation
import Synchronization

/// Where an entry sits in the uncompressed dictionary text.
struct EntryLocation: Equatable {
    var offset: Int
    var length: Int
}

/// A dictd `.index`: one line per entry, `key<TAB>offset<TAB>length`, sorted by the bytes of the key.
/// dictfmt writes each key lower-cased with everything but letters, digits and spaces dropped, so
/// `Straße`, `STRASSE` and `abat-jour` are looked up as `straße`, `strasse` and `abatjour`.
/// The file stays mapped; a look-up is a binary search over its bytes, about twenty lines read.
struct DictionaryIndex: Sendable {
    let file: MappedFile

    init(path: String) throws(GlossError) {
        file = try MappedFile(path: path)
    }

    /// The key dictfmt would have written for a headword.
    static func key(for word: String) -> String {
        var key = String.UnicodeScalarView()
        for scalar in word.lowercased().unicodeScalars {
            // ASCII, most of every dictionary, answered without Unicode's tables.
            let kept = scalar.isASCII
                ? (scalar.value >= 0x61 && scalar.value <= 0x7A) || (scalar.value >= 0x30 && scalar.value <= 0x39) || scalar.isSpace
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar.properties.isWhitespace
            if kept { key.append(scalar) }
        }
        return String(key)
    }

    /// A key without its accents, ß as ss: what a word written without them (`estacion`, `Strasse`,
    /// `ENTREE` as signs in capitals have it) shares with the headword.
    static func folded(_ key: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in key.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default:
                if scalar == "ß" { folded.append(contentsOf: "ss".unicodeScalars) } else { folded.append(scalar) }
            }
        }
        return String(folded)
    }

    /// Every key with an accent or ß, under its folded form, in the index's order. Read through the
    /// whole index once, when a word is first missing as written.
    func accentedKeys() -> [String: [String]] {
        let bytes = file.bytes
        var keys: [String: [String]] = [:]
        var start = 0
        while start < bytes.count {
            var end = start
            var accented = false
            while end < bytes.count, bytes[end] != UInt8(ascii: "\t"), bytes[end] != UInt8(ascii: "\n") {
                if bytes[end] >= 0x80 { accented = true }
                end += 1
            }
            if accented {
                let key = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                let folded = Self.folded(key)
                if folded != key, keys[folded]?.last != key { keys[folded, default: []].append(key) }
            }
            start = lineEnd(from: end) + 1
        }
        return keys
    }

    /// dictd's base64 number: digits A–Z a–z 0–9 + /, the most significant first. Nil for any other character.
    static func number(base64 digits: some Sequence<UInt8>) -> Int? {
        var value = 0
        var any = false
        for digit in digits {
            let sixBits: Int
            switch digit {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sixBits = Int(digit - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sixBits = Int(digit - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sixBits = Int(digit - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): sixBits = 62
            case UInt8(ascii: "/"): sixBits = 63
            default: return nil
            }
            guard value <= Int.max >> 6 else { return nil }
            value = value << 6 | sixBits
            any = true
        }
        return any ? value : nil
    }

    /// Every entry filed under `key`, in the index's order (the dictionary's own order of its senses).
    func locations(forKey key: String) -> [EntryLocation] {
        let target = Array(key.utf8)
        let bytes = file.bytes
        var start = firstLine(notBefore: target)
        var found: [EntryLocation] = []
        while start < bytes.count {
            let end = lineEnd(from: start)
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0].elementsEqual(target) else { break }
            if let offset = Self.number(base64: fields[1]), let length = Self.number(base64: fields[2]) {
                found.append(EntryLocation(offset: offset, length: length))
            }
            start = end + 1
        }
        return found
    }

    /// The start of the first line whose key is not less than `target`, or the end of the file.
    private func firstLine(notBefore target: [UInt8]) -> Int {
        // Every line starting before `low` has a smaller key; every line starting at `high` or later does not.
        var low = 0, high = file.bytes.count
        while low < high {
            let middle = low + (high - low) / 2
            let start = lineStart(notBefore: middle)
            if start >= high {
                high = middle
            } else if Self.key(ofLineAt: start, in: file.bytes, sortsBefore: target) {
                low = lineEnd(from: start) + 1
            } else {
                high = middle
            }
        }
        return lineStart(notBefore: low)
    }

    /// Whether the key of the line starting at `start` sorts before `target`, byte by byte.
    private static func key(ofLineAt start: Int, in bytes: UnsafeRawBufferPointer, sortsBefore target: [UInt8]) -> Bool {
        var position = start
        for byte in target {
            guard position < bytes.count else { return true }
            let keyByte = bytes[position]
            if keyByte == UInt8(ascii: "\t") || keyByte == UInt8(ascii: "\n") { return true }
            if keyByte != byte { return keyByte < byte }
            position += 1
        }
        return false
    }

    private func lineStart(notBefore position: Int) -> Int {
        let bytes = file.bytes
        guard position > 0 else { return 0 }
        var at = position
        while at < bytes.count, bytes[at - 1] != UInt8(ascii: "\n") { at += 1 }
        return min(at, bytes.count)
    }

    private func lineEnd(from start: Int) -> Int {
        let bytes = file.bytes
        var at = start
        while at < bytes.count, bytes[at] != UInt8(ascii: "\n") { at += 1 }
        return at
    }
}

/// The keys of an index that carry an accent or ß, under their folded form, read from the index the
/// first time a word is missing as written; shared by every look-up of one dictionary.
final class AccentedKeys: Sendable {
    private let index: DictionaryIndex
    private let table = Mutex<[String: [String]]?>(nil)

    init(_ index: DictionaryIndex) {
        self.index = index
    }

    /// The other keys that `word` shares once accents are left out and ß is ss, in the index's order:
    /// `estacion` → `estación`, `Strasse` → `straße`, `FUSSGÄNGERZONE` → `fußgängerzone`.
    func of(_ word: String) -> [String] {
        let key = DictionaryIndex.key(for: word)
        let keys = table.withLock { table in
            if table == nil { table = index.accentedKeys() }
            return table?[DictionaryIndex.folded(key)] ?? []
        }
        return keys.filter { $0 != key }
    }
}
