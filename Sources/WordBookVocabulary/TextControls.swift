/// Characters that change what a terminal does or shows rather than being shown: C0 (with newline
/// and tab), DEL, C1, and the bidirectional embeddings, overrides and isolates that reorder a line.
/// Printing escapes them; a word, note or tag the learner types may not hold them.
extension Unicode.Scalar {
    public var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Shown as nothing at all: the zero-width space, the direction marks, the word joiner and the
    /// byte-order mark. In a word they make two spellings that look the same and never match.
    public var isInvisible: Bool {
        switch value {
        case 0x200B, 0x200E, 0x200F, 0x2060, 0xFEFF: true
        default: false
        }
    }
}

extension String {
    /// The first character a learner's word, note or tag may not hold (`isTerminalControl` or
    /// `isInvisible`), as `U+001B`; nil when there is none. `allowingLineBreaks` lets a note have lines and tabs.
    public func forbiddenCharacter(allowingLineBreaks: Bool = false) -> String? {
        unicodeScalars.first { scalar in
            (scalar.isTerminalControl || scalar.isInvisible) && !(allowingLineBreaks && (scalar == "\n" || scalar == "\t"))
        }.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
