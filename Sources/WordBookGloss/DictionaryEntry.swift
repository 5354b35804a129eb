/// One entry of a FreeDict dictionary, read from the text dictfmt wrote for it. The first line is the
/// header, then the senses, each a line of comma-separated translations:
///
///     Stachel /ʃtˈaxəl/ <masc, n, sg>        headword, pronunciation, grammar
///      [bot.] thorn <n>                       a sense: a domain label, a translation and its grammar
///        Synonym: {Dorn}                      cross-references, notes and examples, not senses
///      see: {Dornen}, {Stacheln}
///
/// A header may begin with labels of where or how the word is used, as FreeDict's spa-deu writes 540
/// of its entries (` [Am.] caballero /…/ <n, m>`, ` [coloq.]  [Esp.] a toda pastilla`): they label the
/// entry, not the headword.
///
/// Several senses are numbered (`1. exit, way out`); in fra-deu a translation line may be followed by a
/// definition in the headword's own language (`Issue, endroit où l'on sort`), and a bare number
/// numbers such a definition, not a new translation.
struct DictionaryEntry: Equatable {
    /// The whole entry, as the dictionary has it.
    var text: String
    /// The headword as the header spells it, case and punctuation included: `Ausgang`, `abat-jour`,
    /// `la nuit, tous les chats sont gris`.
    var headword: String
    /// The labels before the headword: `[Am.]`, `[coloq.]`; empty for most entries.
    var labels: [String]
    /// The headword and the forms it names: `abierto, abierta /…/` and `cerrado /…/, cerrada /…/` name two.
    var spellings: [String]
    var grammar: Grammar
    /// Each sense's translations, cleaned of labels, grammar and abbreviations, in the entry's order.
    var senses: [[String]]

    init(text: String) {
        self.text = text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var header = (lines.first ?? "").trimmingSpaces
        labels = []
        // `[sic] /zˈiːk/` is deu-eng's headword `[sic]`, not a label.
        while header.hasPrefix("["), let close = header.firstIndex(of: "]"),
              let next = header[header.index(after: close)...].first(where: { $0 != " " }), !"/<(".contains(next) {
            labels.append(String(header[...close]))
            header = header[header.index(after: close)...].trimmingSpaces
        }
        headword = Self.beforePronunciation(header)
        let forms = Self.spellings(inHeader: header)
        spellings = forms.contains(headword) ? forms : [headword] + forms
        grammar = Self.grammar(inHeader: header)
        senses = Self.senses(in: lines.dropFirst())
    }

    /// The header, or one of its forms, up to its pronunciation, grammar or abbreviation:
    /// `Straße /ʃtɾˈɑːsə/ (Str. /…/) <fem, n, sg>` → Straße.
    private static func beforePronunciation(_ header: String) -> String {
        var end = header.endIndex
        for marker in [" /", " <", " ("] {
            if let found = header.firstRange(of: marker), found.lowerBound < end { end = found.lowerBound }
        }
        return header[..<end].trimmingSpaces
    }

    /// `mozo, | moza /…/ /…/ <n, f>` → mozo, moza.
    private static func spellings(inHeader header: String) -> [String] {
        pieces(of: header, separators: [","]).compactMap { piece in
            let spelling = beforePronunciation(piece)
            let withoutBar = spelling.hasPrefix("| ") ? spelling.dropFirst(2).trimmingSpaces : spelling
            return withoutBar.isEmpty ? nil : withoutBar
        }
    }

    private static func grammar(inHeader header: String) -> Grammar {
        var tags: [String] = []
        var rest = header[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            tags += rest[rest.index(after: open)..<close].split(separator: ",").map(\.trimmingSpaces)
            rest = rest[rest.index(after: close)...]
        }
        return Grammar(tags: tags)
    }

    private static let notSenses = ["see:", "Synonym:", "Synonyms:", "Note:", "\""]

    private static func senses(in lines: ArraySlice<Substring>) -> [[String]] {
        var senses: [[String]] = []
        // The first plain line of an entry without numbers is its one sense; later plain lines define or annotate it.
        var expectingTranslations = true
        for line in lines {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || notSenses.contains(where: { trimmed.hasPrefix($0) }) { continue }
            if let numbered = Self.afterSenseNumber(trimmed) {
                if !numbered.isEmpty { senses.append(translations(inSense: numbered)) }
                expectingTranslations = false
            } else if expectingTranslations {
                senses.append(translations(inSense: trimmed))
                expectingTranslations = false
            }
        }
        return senses.filter { !$0.isEmpty }
    }

    /// The text after `12.` at the start of a line, or nil when the line is not numbered (`10.000-Meter-Lauf` is not).
    private static func afterSenseNumber(_ line: String) -> String? {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let rest = line[digits.endIndex...]
        guard rest.first == "." else { return nil }
        let after = rest.dropFirst()
        guard after.isEmpty || after.first?.isWhitespace == true else { return nil }
        return after.trimmingSpaces
    }

    /// The translations of one sense line: `[Br.] bread roll <n>, roll <n>, bun <n> [Am.]` → bread roll, roll, bun.
    static func translations(inSense line: String) -> [String] {
        var line = line.replacing("\u{2010}", with: "-").replacing("\u{2011}", with: "-")
        // fra-deu glues the next sense's number to a line's end: `Biene, Imme 2.`
        if let glued = line.lastIndex(of: " "), let number = afterSenseNumber(String(line[line.index(after: glued)...])),
           number.isEmpty {
            line = String(line[..<glued])
        }
        return pieces(of: line, separators: [",", ";"]).compactMap(translation(inPiece:))
    }

    /// The line cut at each separator followed by a space, outside brackets:
    /// `3,4-Dioxy…` and `(Sahne, Eiweiß)` stay whole.
    private static func pieces(of line: String, separators: Set<Character>) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        var characters = line.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth = max(0, depth - 1)
            default: break
            }
            if depth == 0, separators.contains(character), next == nil || next?.isWhitespace == true {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces
    }

    /// One translation, or nil when the piece holds none. Labels before the translation name its domain
    /// (`[bot.] thorn`); from its grammar tag or a label after it on come grammar, region and an
    /// abbreviation (`street <n>St`, `triple treble [Br.] trt`). A piece that starts with a pronunciation
    /// belongs to the abbreviation before it (`station <n>Sta., /ʃtˈɑː/ Stn, /…/`).
    private static func translation(inPiece piece: String) -> String? {
        var rest = piece.trimmingSpaces[...]
        guard !rest.hasPrefix("/") else { return nil }
        while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            rest = rest[rest.index(after: close)...].drop { $0.isWhitespace }
        }
        if let end = rest.firstIndex(where: { $0 == "<" || $0 == "[" }) { rest = rest[..<end] }
        // A bar before a form marks the feminine (`Kellner, | Kellnerin`); a stray colon is left from the source.
        let words = rest.drop { $0 == "|" || $0 == ":" || $0.isWhitespace }.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        // A piece that is only a parenthesis is context for the one before: `Anschluss <n, m>, (Reise)`.
        guard !words.isEmpty, !(words.hasPrefix("(") && words.hasSuffix(")")) else { return nil }
        return words
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}

/// A dictionary entry as the learner reads it: FreeDict's `{...}` around cross-referenced words gone
/// (`Synonyms: {Abschluss}` reads `Synonyms: Abschluss`).
public func readableEntry(_ text: String) -> String {
    String(text.filter { $0 != "{" && $0 != "}" })
}
