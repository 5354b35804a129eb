import Foundation
import WordBookStore

/// Writes a word's fields straight into its `--json` object, under the names `WordFields` shows
/// them by and with times in the configured time zone: `due --json` writes tens of thousands of
/// words, and a copy of each one's fields on the way costs more than the writing.
final class ShownFields: Encoder {
    fileprivate var object: KeyedEncodingContainer<FieldName>
    fileprivate let calendar: CaptureCalendar

    init(object: KeyedEncodingContainer<FieldName>, calendar: CaptureCalendar) {
        self.object = object
        self.calendar = calendar
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ShownFieldsContainer<Key>(fields: self))
    }

    // A record writes keyed fields only; anything else goes where it cannot be mistaken for one.
    func unkeyedContainer() -> any UnkeyedEncodingContainer { object.superEncoder().unkeyedContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer { object.superEncoder().singleValueContainer() }
}

/// Copied for every field; the unowned reference keeps the copies free of reference counting
/// (the word's `encode(to:)` holds `ShownFields` for as long as the container lives).
private struct ShownFieldsContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    unowned(unsafe) let fields: ShownFields

    var codingPath: [any CodingKey] { [] }

    /// A field without a value is left out.
    mutating func encodeNil(forKey key: Key) throws {}

    // The common types by name, so the JSON encoder takes its fast path for each.
    mutating func encode(_ value: String, forKey key: Key) throws {
        if let name = shown(key) { try fields.object.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        if let name = shown(key) { try fields.object.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        if let name = shown(key) { try fields.object.encode(value, forKey: name) }
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        if let name = shown(key) { try fields.object.encode(value, forKey: name) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        guard let name = shown(key) else { return }
        if T.self == Date.self {
            try fields.object.encode(fields.calendar.iso8601(unsafeBitCast(value, to: Date.self)), forKey: name)
        } else if let raw = value as? any RawRepresentable, let text = raw.rawValue as? String {
            // A status or state: its name as a plain string, without the encoder's nested path.
            try fields.object.encode(text, forKey: name)
        } else {
            try fields.object.encode(value, forKey: name)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        fields.object.nestedContainer(keyedBy: type, forKey: FieldName(WordFields.shownName(key.stringValue) ?? key.stringValue))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        fields.object.nestedUnkeyedContainer(forKey: FieldName(WordFields.shownName(key.stringValue) ?? key.stringValue))
    }

    mutating func superEncoder() -> any Encoder { fields.object.superEncoder() }

    mutating func superEncoder(forKey key: Key) -> any Encoder { fields.object.superEncoder(forKey: FieldName(key.stringValue)) }

    private func shown(_ key: Key) -> FieldName? {
        WordFields.shownName(key.stringValue).map { FieldName($0) }
    }
}
