import Foundation
import WordBookStore
import WordBookVocabulary

/// The one route by which a word's fields leave the read commands, for `--json` and the CSV export
/// alike: the record's `Encodable` conformance, each field under the name `WordFields` shows it by
/// (hidden ones left out), times in the configured time zone, a status or a state by its name. The
/// sink decides how a field is written: into the `--json` object, or as a cell of a CSV row.
final class ShownFields<Sink: ShownFieldSink>: Encoder {
    let sink: Sink
    let calendar: CaptureCalendar

    init(_ sink: Sink, calendar: CaptureCalendar) {
        self.sink = sink
        self.calendar = calendar
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ShownFieldsContainer<Key, Sink>(fields: self))
    }

    // A record writes keyed fields only; anything else goes where it cannot be mistaken for one.
    func unkeyedContainer() -> any UnkeyedEncodingContainer { sink.elsewhere(nil, calendar: calendar).unkeyedContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer { sink.elsewhere(nil, calendar: calendar).singleValueContainer() }
}

/// Where a word's shown fields are written, under their shown names.
protocol ShownFieldSink: AnyObject {
    func write(_ text: String, as name: String) throws
    func write(_ number: Int, as name: String) throws
    func write(_ number: Int64, as name: String) throws
    func write(_ number: Double, as name: String) throws
    func write(_ texts: [String], as name: String) throws
    func write<T: Encodable>(_ value: T, as name: String) throws
    /// A field the word has no value for.
    func writeAbsent(_ name: String)
    /// Where a nested value goes (no field of `Word` is one); nil names the record itself.
    func elsewhere(_ name: String?, calendar: CaptureCalendar) -> any Encoder
}

extension WordFields {
    /// A word's shown fields, then its book's day and its tags.
    static func write(_ listing: WordListing, to sink: some ShownFieldSink, calendar: CaptureCalendar) throws {
        try listing.word.encode(to: ShownFields(sink, calendar: calendar))
        try sink.write(listing.book, as: "book")
        try sink.write(listing.tags, as: "tags")
    }
}

/// A word's `--json` object: a field without a value is left out. `due --json` writes tens of
/// thousands of words, so the fields go straight into the encoder's object, not through a copy.
final class JSONObjectSink: ShownFieldSink {
    private var object: KeyedEncodingContainer<FieldName>

    init(_ object: KeyedEncodingContainer<FieldName>) { self.object = object }

    func write(_ text: String, as name: String) throws { try object.encode(text, forKey: FieldName(name)) }
    func write(_ number: Int, as name: String) throws { try object.encode(number, forKey: FieldName(name)) }
    func write(_ number: Int64, as name: String) throws { try object.encode(number, forKey: FieldName(name)) }
    func write(_ number: Double, as name: String) throws { try object.encode(number, forKey: FieldName(name)) }
    func write(_ texts: [String], as name: String) throws { try object.encode(texts, forKey: FieldName(name)) }
    func write<T: Encodable>(_ value: T, as name: String) throws { try object.encode(value, forKey: FieldName(name)) }
    func writeAbsent(_ name: String) {}

    func elsewhere(_ name: String?, calendar: CaptureCalendar) -> any Encoder {
        name.map { object.superEncoder(forKey: FieldName($0)) } ?? object.superEncoder()
    }
}

/// A word's CSV row: every field a cell, empty where the word has no value, a list joined by "; ".
final class CSVRowSink: ShownFieldSink {
    private(set) var cells: [(name: String, text: String)] = []
    /// Set when the record wrote something a cell cannot hold.
    private(set) var refusal: EncodingError?

    func write(_ text: String, as name: String) { cells.append((name, text)) }
    func write(_ number: Int, as name: String) { cells.append((name, "\(number)")) }
    func write(_ number: Int64, as name: String) { cells.append((name, "\(number)")) }
    func write(_ number: Double, as name: String) { cells.append((name, "\(number)")) }
    func write(_ texts: [String], as name: String) { cells.append((name, texts.joined(separator: "; "))) }
    func write<T: Encodable>(_ value: T, as name: String) { cells.append((name, "\(value)")) }
    func writeAbsent(_ name: String) { cells.append((name, "")) }

    func elsewhere(_ name: String?, calendar: CaptureCalendar) -> any Encoder {
        let what = name.map { "a nested value at \($0)" } ?? "a value that is not a field"
        refusal = refusal ?? EncodingError.invalidValue(what, .init(codingPath: [], debugDescription: "a CSV cell holds one field; this is \(what)"))
        return ShownFields(CSVRowSink(), calendar: calendar)
    }
}

private struct ShownFieldsContainer<Key: CodingKey, Sink: ShownFieldSink>: KeyedEncodingContainerProtocol {
    let fields: ShownFields<Sink>

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        if let name = shown(key) { fields.sink.writeAbsent(name) }
    }

    // The common types by name, so the JSON encoder takes its fast path for each.
    mutating func encode(_ value: String, forKey key: Key) throws {
        if let name = shown(key) { try fields.sink.write(value, as: name) }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        if let name = shown(key) { try fields.sink.write(value, as: name) }
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        if let name = shown(key) { try fields.sink.write(value, as: name) }
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        if let name = shown(key) { try fields.sink.write(value, as: name) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let name = shown(key) else { return }
        if T.self == Date.self, let date = value as? Date {
            try fields.sink.write(fields.calendar.iso8601(date), as: name)
        } else if T.self == [String].self, let texts = value as? [String] {
            try fields.sink.write(texts, as: name)
        } else if let raw = value as? any RawRepresentable, let text = raw.rawValue as? String {
            // A status or state: its name as a plain string, without the encoder's nested path.
            try fields.sink.write(text, as: name)
        } else {
            try fields.sink.write(value, as: name)
        }
    }

    // The standard library's own versions of these leave a field without a value out, before the
    // sink could keep its place.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        fields.sink.elsewhere(WordFields.shownName(key.stringValue) ?? key.stringValue, calendar: fields.calendar).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        fields.sink.elsewhere(WordFields.shownName(key.stringValue) ?? key.stringValue, calendar: fields.calendar).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { fields.sink.elsewhere(nil, calendar: fields.calendar) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { fields.sink.elsewhere(key.stringValue, calendar: fields.calendar) }

    private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    private func shown(_ key: Key) -> String? {
        WordFields.shownName(key.stringValue)
    }
}
