import WordBookVocabulary

/// Text from outside (a file name, a recognised word, a note) as it may reach a terminal or the log:
/// control characters (C0 with newline and tab, DEL, C1) and the bidirectional overrides that
/// reorder what is shown are written as escapes (`\n`, `\t`, `\r`, `\u{1B}`), so no escape
/// sequence runs and no line is forged.
extension String {
    public var escapingControlCharacters: String { escapingControlCharacters(keepingNewlines: false) }

    /// With `keepingNewlines`, line ends stay: for messages whose lines are the program's own.
    public func escapingControlCharacters(keepingNewlines: Bool) -> String {
        guard unicodeScalars.contains(where: { Self.isControl($0) && !(keepingNewlines && $0 == "\n") }) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            if !Self.isControl(scalar) || (keepingNewlines && scalar == "\n") {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return escaped
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.isTerminalControl }
}
