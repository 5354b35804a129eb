/// A record's fields as its `Encodable` conformance writes them, in that order, with a nil value for
/// each field that has none: what `--json` and the CSV export build on, so that a field added to a
/// record shows up in both without another edit.
func recordFields(of record: some Encodable) throws -> [(name: String, value: (any Encodable)?)] {
    let recorder = FieldRecorder()
    try record.encode(to: recorder)
    if let refusal = recorder.refusal { throw refusal }
    return recorder.fields
}

private final class FieldRecorder: Encoder {
    var fields: [(name: String, value: (any Encodable)?)] = []
    var refusal: EncodingError?

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FieldContainer<Key>(recorder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { NotAField(recorder: self) }

    func singleValueContainer() -> any SingleValueEncodingContainer { NotAField(recorder: self) }

    func refuse(_ what: String) -> EncodingError {
        let error = EncodingError.invalidValue(what, .init(codingPath: [], debugDescription: "a record's fields are keyed; this is \(what)"))
        refusal = refusal ?? error
        return error
    }
}

private struct FieldContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: FieldRecorder

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { record(nil, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { record(value, key) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { record(value, key) }

    // The standard library's own versions of these leave a nil field out; a record's nil fields are kept.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { record(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        _ = recorder.refuse("a nested object at \(key.stringValue)")
        return KeyedEncodingContainer(FieldContainer<NestedKey>(recorder: FieldRecorder()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = recorder.refuse("a nested list at \(key.stringValue)")
        return NotAField(recorder: FieldRecorder())
    }

    mutating func superEncoder() -> any Encoder { recorder }

    mutating func superEncoder(forKey key: Key) -> any Encoder { recorder }

    private func record(_ value: (any Encodable)?, _ key: Key) {
        recorder.fields.append((key.stringValue, value))
    }
}

/// A list or a single value where a record's fields were expected: refused.
private struct NotAField: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let recorder: FieldRecorder

    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws { throw recorder.refuse("a nil value") }

    mutating func encode<T: Encodable>(_ value: T) throws { throw recorder.refuse("a single value or a list") }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        recorder.container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }

    mutating func superEncoder() -> any Encoder { recorder }
}
