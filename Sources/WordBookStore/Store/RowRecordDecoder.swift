import Foundation
import GRDB
import WordBookVocabulary

/// Decodes the rows of one query into records through their `Decodable` conformance: the same
/// values as GRDB's `Record(row:)`, at a fraction of its cost. The read commands decode thousands of
/// rows, and GRDB looks every column up by name on every row and runs a new JSONDecoder for each
/// JSON column. Here each column's place in the row is found once per query, and the JSON that
/// GRDB's encoder writes for an array of strings (`candidates`), a flat object of integers (`box`) or
/// an array of words with their boxes (`wordsAround`) is read by hand; any other JSON goes through the decoder GRDB would have used. (`wordbook list
/// --all` of 5,000 words, release build: 71 ms of CPU with this decoder, 113 ms with GRDB's.)
final class RowRecordDecoder<Record: FetchableRecord & Decodable> {
    private var plan: ColumnPlan?

    func decode(_ row: Row) throws -> Record {
        let plan = self.plan ?? ColumnPlan(row)
        self.plan = plan
        plan.next = 0
        return try Record(from: RowColumns<Record>(row: row, plan: plan))
    }
}

/// Where each field's column stands in the rows of one query and how to read it, learnt on the
/// first row: a record asks for its fields in the same order every time, so each later row finds
/// its field in the next slot, and a field asked out of turn is looked up by name.
private final class ColumnPlan {
    enum Reading {
        case string, int, int64, double, date
        case value(any DatabaseValueConvertible.Type)
        case strings, readWords, json
    }

    struct Slot {
        let name: String
        let type: ObjectIdentifier
        let place: Int
        let reading: Reading
    }

    /// Each column's place, the first of two that share a name (`word.*` comes first in a join).
    let places: [String: Int]
    // Read and written once a field: the runtime's exclusivity checks would cost more than the reading.
    @exclusivity(unchecked) var slots: [Slot] = []
    @exclusivity(unchecked) var next = 0

    init(_ row: Row) {
        var places: [String: Int] = [:]
        for (index, name) in row.columnNames.enumerated() where places[name] == nil {
            places[name] = index
        }
        self.places = places
    }

    func slot<T>(for name: String, _ type: T.Type) throws -> Slot {
        defer { next += 1 }
        if next < slots.count, slots[next].name == name, slots[next].type == ObjectIdentifier(T.self) {
            return slots[next]
        }
        guard let place = places[name] else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "column \(name) is missing from the query")
        }
        let slot = Slot(name: name, type: ObjectIdentifier(T.self), place: place, reading: Self.reading(T.self))
        if next < slots.count { slots[next] = slot } else if next == slots.count { slots.append(slot) }
        return slot
    }

    /// As GRDB reads a value: database values directly, anything else from JSON.
    private static func reading<T>(_ type: T.Type) -> Reading {
        if T.self == String.self { return .string }
        if T.self == Int.self { return .int }
        if T.self == Int64.self { return .int64 }
        if T.self == Double.self { return .double }
        if T.self == Date.self { return .date }
        if let convertible = T.self as? any DatabaseValueConvertible.Type { return .value(convertible) }
        if T.self == [String].self { return .strings }
        if T.self == [ReadWord].self { return .readWords }
        return .json
    }
}

/// One row as a `Decoder` whose keys are column names.
private struct RowColumns<Record: FetchableRecord>: Decoder {
    let row: Row
    let plan: ColumnPlan

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowColumnsContainer<Record, Key>(row: row, plan: plan))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(Record.self, .init(codingPath: [], debugDescription: "a row decodes into a record, not a list"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Record.self, .init(codingPath: [], debugDescription: "a row decodes into a record, not a value"))
    }
}

private struct RowColumnsContainer<Record: FetchableRecord, Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    let plan: ColumnPlan

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { plan.places.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { plan.places[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let place = plan.places[key.stringValue] else {
            throw DatabaseError(resultCode: .SQLITE_MISMATCH, message: "column \(key.stringValue) is missing from the query")
        }
        return row.hasNull(atIndex: place)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let slot = try plan.slot(for: key.stringValue, T.self)
        return row.hasNull(atIndex: slot.place) ? nil : try value(T.self, slot, key: key)
    }

    // The standard library's own versions of these ask `contains` and `decodeNil` first, each a lookup by name.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(T.self, plan.slot(for: key.stringValue, T.self), key: key)
    }

    private func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try decodeIfPresent(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "a column holds one value"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "a column holds one value"))
    }

    func superDecoder() throws -> any Decoder { RowColumns<Record>(row: row, plan: plan) }

    func superDecoder(forKey key: Key) throws -> any Decoder { RowColumns<Record>(row: row, plan: plan) }

    /// The slot's reading was chosen for `T` itself (the slot keeps its type), so the casts hold.
    private func value<T: Decodable>(_ type: T.Type, _ slot: ColumnPlan.Slot, key: Key) throws -> T {
        let index = slot.place
        switch slot.reading {
        case .string: return try row.decode(String.self, atIndex: index) as! T
        case .int: return try row.decode(Int.self, atIndex: index) as! T
        case .int64: return try row.decode(Int64.self, atIndex: index) as! T
        case .double: return try row.decode(Double.self, atIndex: index) as! T
        case .date: return try row.decode(Date.self, atIndex: index) as! T
        case let .value(convertible): return try decode(convertible, at: index, as: T.self)
        case .strings, .readWords, .json:
            return try row.withUnsafeData(atIndex: index) { data in
                guard let data else {
                    throw DecodingError.valueNotFound(T.self, .init(codingPath: [key], debugDescription: "the column is NULL"))
                }
                if case .strings = slot.reading, let strings = JSONColumn.plainStrings(data) {
                    return strings as! T
                }
                if case .readWords = slot.reading, let words = JSONColumn.plainReadWords(data) {
                    return words as! T
                }
                if case .json = slot.reading, let fields = JSONColumn.plainIntegers(data),
                   let value = try? T(from: IntegerFields(fields: fields)) {
                    return value
                }
                return try Record.databaseJSONDecoder(for: key.stringValue).decode(T.self, from: data)
            }
        }
    }

    private func decode<Value: DatabaseValueConvertible, T>(_ type: Value.Type, at index: Int, as: T.Type) throws -> T {
        try row.decode(Value.self, atIndex: index) as! T
    }
}

/// The JSON shapes GRDB's encoder writes for small values, read without a JSONDecoder. Each reader
/// returns nil for anything else, which the JSON decoder then reads (or rejects).
enum JSONColumn {
    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ",")

    /// `["a","b"]` as written by JSONEncoder: no spaces, no escapes, no control characters, valid UTF-8.
    static func plainStrings(_ data: Data) -> [String]? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [String]? in
            let count = bytes.count
            guard count >= 2, bytes[0] == UInt8(ascii: "["), bytes[count - 1] == UInt8(ascii: "]") else { return nil }
            var strings: [String] = []
            if count == 2 { return strings }
            var index = 1
            while true {
                guard index < count - 1, let string = plainString(bytes, at: &index) else { return nil }
                strings.append(string)
                if bytes[index] == comma { index += 1; continue }
                return index == count - 1 ? strings : nil
            }
        }
    }

    /// `{"height":1,"width":2,"x":3,"y":4}` as written by GRDB's JSON encoder (sorted keys, plain
    /// integers, no spaces): the names and numbers in order.
    static func plainIntegers(_ data: Data) -> [(name: String, value: Int)]? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [(name: String, value: Int)]? in
            var index = 0
            guard let fields = plainIntegers(bytes, at: &index), index == bytes.count else { return nil }
            return fields
        }
    }

    /// `[{"box":{"height":1,"width":2,"x":3,"y":4},"text":"Haus"}]` as written by GRDB's JSON encoder
    /// (sorted keys, no spaces): each word with its box.
    static func plainReadWords(_ data: Data) -> [ReadWord]? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [ReadWord]? in
            let count = bytes.count
            guard count >= 2, bytes[0] == UInt8(ascii: "["), bytes[count - 1] == UInt8(ascii: "]") else { return nil }
            var words: [ReadWord] = []
            if count == 2 { return words }
            var index = 1
            func expect(_ text: StaticString) -> Bool {
                let expected = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
                guard index + expected.count <= count, expected.elementsEqual(bytes[index..<index + expected.count]) else { return false }
                index += expected.count
                return true
            }
            while true {
                guard expect(#"{"box":"#), let fields = plainIntegers(bytes, at: &index),
                      let box = try? PixelBox(from: IntegerFields(fields: fields)),
                      expect(#","text":"#), let text = plainString(bytes, at: &index), expect("}"), index < count
                else { return nil }
                words.append(ReadWord(text: text, box: box))
                if bytes[index] == comma { index += 1; continue }
                return index == count - 1 ? words : nil
            }
        }
    }

    /// A flat object of integers starting at `index` (its opening brace); `index` ends past the closing brace.
    private static func plainIntegers(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> [(name: String, value: Int)]? {
        let count = bytes.count
        guard index < count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var fields: [(name: String, value: Int)] = []
        if index < count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return fields
        }
        while true {
            guard let name = plainString(bytes, at: &index), index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = plainInteger(bytes, at: &index), index < count else { return nil }
            fields.append((name, value))
            if bytes[index] == comma { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return fields
        }
    }

    /// A string without escapes starting at `index` (its opening quote); `index` ends past the closing quote.
    private static func plainString(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> String? {
        guard index < bytes.count, bytes[index] == quote else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != quote {
            if bytes[end] == backslash || bytes[end] < 0x20 { return nil }
            end += 1
        }
        guard end < bytes.count,
              let string = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        else { return nil }
        index = end + 1
        return string
    }

    /// An integer as JSON writes it: no leading zeros, no fraction or exponent; very long ones are
    /// left to the decoder.
    private static func plainInteger(_ bytes: UnsafeRawBufferPointer, at index: inout Int) -> Int? {
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), index - start < 15 {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits < 15, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
        return negative ? -value : value
    }
}

/// A flat object of integers as a `Decoder`, for a value such as `PixelBox` to decode itself from.
private struct IntegerFields: Decoder {
    let fields: [(name: String, value: Int)]

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(IntegerFieldsContainer<Key>(fields: fields))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "an object, not a list"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Int.self, .init(codingPath: [], debugDescription: "an object, not a value"))
    }
}

private struct IntegerFieldsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [(name: String, value: Int)]

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { fields.compactMap { Key(stringValue: $0.name) } }

    func contains(_ key: Key) -> Bool { fields.contains { $0.name == key.stringValue } }

    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard T.self == Int.self, let field = fields.first(where: { $0.name == key.stringValue }) else {
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [key], debugDescription: "only integers are read by hand"))
        }
        return field.value as! T
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "only integers are read by hand"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "only integers are read by hand"))
    }

    func superDecoder() throws -> any Decoder { IntegerFields(fields: fields) }

    func superDecoder(forKey key: Key) throws -> any Decoder { IntegerFields(fields: fields) }
}
