import Foundation

/// One line of Ding's German-English dictionary (Debian's `trans-de-en`, `/usr/share/trans/de-en`):
///
///     Ausgang {m} | Ausgänge {pl} | Der Saal hat drei Ausgänge. :: exit | exits | The hall has three exits.
///
/// The German side and the English side are cut by ` | ` into parts that match one for one: the first
/// is the sense itself, the next ones its inflected forms (`Ausgänge {pl}`; a verb's participles and
/// persons, `er/sie/es drückt`), compounds and examples. Within a part, `; ` separates synonyms. Marks:
/// `{m}` gender and part of speech, `[Br.]` region, register or domain, `(in der Stadt)` context,
/// `/Str./` abbreviation, `<Strasse>` other spellings kept for searching.
///
/// Several lines share a headword, one per sense, in the order of use that Ding gives them
/// (`Ausgang`: exit, then output, then way out).
struct DingEntry: Equatable {
    /// One German term: what a look-up matches, and its grammar tags.
    struct Term: Equatable {
        /// The term as written, without marks or leading `etw.`, `jdn.`, `sich`, articles, pronouns and a
        /// verb's preposition with its object: `etw. versuchen` → versuchen, `er/sie/es ist` → ist,
        /// `um etw. feilschen` → feilschen.
        var spelling: String
        var tags: [String]
        /// Whether the term took a preposition and its object, as a verb does in one of its uses
        /// (`um etw. feilschen`, `sich um jdn. kümmern`): the line is that construction's sense.
        var construction = false
        /// Whether the term is a call, written with `!` (`Danke!`, `Achtung!`): the word said as a whole
        /// sentence, or set on a sign.
        var call = false
    }

    /// What a German term is to its line.
    enum Role: Int, Comparable {
        /// The first term of the first part: the line is one of this word's senses, in Ding's order.
        case headword
        /// Another synonym of the first part (`Rechnung {f}; Abrechnung {f}` for Abrechnung).
        case synonym
        /// A term of the first part with a preposition and its object (`um etw. feilschen`): a verb's
        /// use with that object, a narrower sense than the verb's own lines give.
        case construction
        /// A single-word inflected form of the headword (`Ausgänge {pl}`, `gedrückt`, `ist`).
        case inflection
        /// A compound or phrase of a later part, with its own translation (`Betriebskostenabrechnung`).
        case part

        static func < (a: Role, b: Role) -> Bool { a.rawValue < b.rawValue }
    }

    /// The German parts as written; their terms are read when asked for (a verb's line may hold a hundred parts).
    var germanParts: [String]
    /// The first part's terms: the headword and its synonyms.
    var head: [Term]
    var english: [String]
    /// The whole line, as the file has it.
    var line: String

    init?(line: String) {
        guard let (german, separator) = Self.germanSide(of: line) else { return nil }
        self.line = line
        germanParts = german
        head = germanParts.first.map(Self.headTerms(inPart:)) ?? []
        english = Self.parts(of: line[separator.upperBound...])
        guard !head.isEmpty else { return nil }
    }

    /// What `indexedTerms` says of the entry whose German side (the line before ` :: `) is `german`,
    /// as the index is built from a million terms without reading the English; nil where
    /// `DingEntry(line:)` is nil.
    static func indexedTerms(germanSide german: String) -> [String]? {
        guard !german.hasPrefix("#") else { return nil }
        let parts = parts(of: german[...])
        guard let first = parts.first else { return nil }
        let head = headTerms(inPart: first)
        return head.isEmpty ? nil : indexedTerms(germanParts: parts, head: head)
    }

    /// The German parts of a dictionary line, and where ` :: ` ends them; nil for a comment or a line without it.
    private static func germanSide(of line: String) -> (parts: [String], separator: Range<String.Index>)? {
        guard !line.hasPrefix("#") else { return nil }
        var bytes = line
        guard let offset = bytes.withUTF8({ separatorOffset(in: UnsafeRawBufferPointer($0)) }) else { return nil }
        let lower = line.utf8.index(line.utf8.startIndex, offsetBy: offset)
        return (parts(of: line[..<lower]), lower..<line.utf8.index(lower, offsetBy: 4))
    }

    /// Where the first ` :: ` of a line's bytes stands.
    static func separatorOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var from = 1
        // Each colon, found by memchr, until one stands in ` :: ` (glibc's memmem is not in Swift's Glibc).
        while from + 2 < bytes.count, let colon = memchr(base + from, Int32(UInt8(ascii: ":")), bytes.count - 2 - from) {
            let at = UnsafeRawPointer(colon) - base
            if bytes[at - 1] == UInt8(ascii: " "), bytes[at + 1] == UInt8(ascii: ":"), bytes[at + 2] == UInt8(ascii: " ") { return at - 1 }
            from = at + 1
        }
        return nil
    }

    /// A term of the line filed under an index key: its role, the part it is in, its place in that part.
    struct Match {
        var role: Role
        var part: Int
        var position: Int
        var spelling: String
    }

    /// Every term of the line filed under `key`.
    func matches(_ key: String) -> [Match] {
        var found: [Match] = []
        for number in germanParts.indices {
            // The first part's terms are its best matches: the others need not be read.
            if number > 0, !found.isEmpty { break }
            let part = number == 0 ? head : Self.terms(inPart: germanParts[number])
            for (position, term) in part.enumerated() where DictionaryIndex.key(for: term.spelling) == key {
                let role: Role
                if number == 0 {
                    role = term.construction ? .construction : position == 0 ? .headword : .synonym
                } else {
                    role = isInflection(term) ? .inflection : .part
                }
                found.append(Match(role: role, part: number, position: position, spelling: term.spelling))
            }
        }
        return found
    }

    /// The term a match stands for, with its tags (`Frauen {pl}`).
    func term(at match: Match) -> Term? {
        let part = match.part == 0 ? head : Self.terms(inPart: germanParts[match.part])
        return match.position < part.count ? part[match.position] : nil
    }

    /// The headword an inflected form at `position` of its part belongs to: the first part's term at the same place.
    func base(ofInflectionAt position: Int) -> String {
        head[min(position, head.count - 1)].spelling
    }

    /// The terms worth an index key: every term of the first part, and the single words of the others.
    var indexedTerms: [String] {
        Self.indexedTerms(germanParts: germanParts, head: head)
    }

    private static func indexedTerms(germanParts: [String], head: [Term]) -> [String] {
        var terms: [String] = []
        for (number, part) in germanParts.enumerated() {
            for term in number == 0 ? head : Self.terms(inPart: part) where number == 0 || !term.spelling.utf8.contains(0x20) {
                terms.append(term.spelling)
            }
        }
        return terms
    }

    /// The translations of the English part `number`, cleaned of marks: `bill [Br.]; check [Am.]` → bill, check.
    func translations(ofPart number: Int) -> [String] {
        guard number < english.count else { return [] }
        return Self.pieces(of: english[number], separator: ";").compactMap { piece in
            let clean = Self.withoutMarks(piece, keepingContext: false)
            // `sb.`, `sth.` and their pairs, `sb./sth.` or written apart, `sb./ sth.`: the object, not the meaning.
            let words = clean.split(separator: " ").filter { word in
                let marks = word.split(separator: "/")
                return marks.isEmpty || !marks.allSatisfy { $0 == "sb." || $0 == "sth." }
            }
            let text = words.joined(separator: " ")
            return text.isEmpty || text == "to" ? nil : text
        }
    }

    /// Whether the first part's term at `position` carries a label of a sense out of use or rare:
    /// `[hist.]`, `[dated]`, `[veraltet]`, `[obs.]`, `[archaic]`, `[poet.]`, `[rare]`, `[selten]`. A
    /// label follows the term it is about (`Herr {m} (eines Dieners) [hist.]`; `WC {n}; Toilette {f};
    /// Abort {m} [veraltet]` labels Abort alone, not Toilette).
    func isLabelledRare(atHeadPosition position: Int) -> Bool {
        let pieces = germanParts.first.map { Self.pieces(of: $0, separator: ";") } ?? []
        guard position < pieces.count else { return false }
        return Self.rareLabels.contains { pieces[position].contains($0) }
    }

    private static let rareLabels = [
        "[hist.]", "[rare]", "[selten]", "[dated]", "[becoming dated]", "[veraltet]", "[veraltend]", "[alt]",
        "[obs.]", "[archaic]", "[poet.]",
    ]

    /// The English of an inflected form in part `number`, without the persons Ding writes before a
    /// verb's forms: `he/she carries` → carries.
    func translations(ofForm number: Int) -> [String] {
        translations(ofPart: number).compactMap { translation in
            var words = translation.split(separator: " ")
            while words.count > 1, words[0].split(separator: "/").allSatisfy({ Self.englishPersons.contains($0.lowercased()) }) {
                words.removeFirst()
            }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }
    }

    private static let englishPersons: Set<String> = ["i", "you", "he", "she", "it", "we", "they"]

    /// The line as a learner reads it in `show`: each German part beside its English, marks spelled out.
    var readable: String {
        var lines: [String] = []
        for (number, part) in germanParts.enumerated() {
            let left = Self.readableMarks(part)
            let right = number < english.count ? Self.readableMarks(english[number]) : ""
            lines.append((number == 0 ? "" : "  ") + left + " = " + right)
        }
        return lines.joined(separator: "\n")
    }

    /// The grammar of the first part's terms, as FreeDict's tags (`{m}` → n, masc).
    var grammar: Grammar {
        Grammar(tags: headTags.flatMap { Self.freeDictTags[$0] ?? [] })
    }

    /// The grammar of the first part's term at `position`, by its own tags when it has any
    /// (`WC {n}; Toilette {f}`: Toilette is feminine), else the line's.
    func grammar(atHeadPosition position: Int) -> Grammar {
        guard position < head.count, !head[position].tags.isEmpty else { return grammar }
        return Grammar(tags: head[position].tags.flatMap { Self.freeDictTags[$0] ?? [] })
    }

    /// The tags of the first part's terms. Ding tags synonyms of one kind once, after the last
    /// (`jdn./etw. tragen; befördern {vt}`), so they are the first tagged term's.
    var headTags: [String] {
        head.first { !$0.tags.isEmpty }?.tags ?? []
    }

    // MARK: - Reading the marks

    private static let freeDictTags: [String: [String]] = [
        "m": ["n", "masc"], "f": ["n", "fem"], "n": ["n", "neut"], "pl": ["n"],
        "vt": ["v"], "vi": ["v"], "vr": ["v"], "v": ["v"], "adj": ["adj"], "adv": ["adv"], "prp": ["prep"],
        "conj": ["conj"], "pron": ["pron"], "num": ["num"], "interj": ["int"], "art": ["art"],
    ]

    /// Words before a term that are not the term: objects, articles and the persons of a verb's forms.
    private static let leadingWords: Set<Substring> = [
        "etw.", "jd.", "jdn.", "jdm.", "jds.", "sich", "der", "die", "das", "den", "dem", "des",
        "ich", "du", "er", "sie", "es", "wir", "ihr", "Sie", "man",
    ]

    /// The objects Ding writes before a verb (`etw. versuchen`, `auf jdn. warten`).
    private static let objects: Set<Substring> = ["etw.", "jd.", "jdn.", "jdm.", "jds."]

    /// Prepositions that stand before a verb's object in its term (`um etw. feilschen`, `auf jdn. warten`).
    private static let prepositions: Set<Substring> = [
        "an", "auf", "aus", "bei", "durch", "für", "gegen", "hinter", "in", "mit", "nach", "neben", "über", "um",
        "unter", "von", "vor", "zu", "zwischen",
    ]

    /// A single word that Ding lists as a form of the headword: a plural tagged `{pl}` in a noun's line,
    /// an untagged form in a verb's (`drückend`, `gedrückt`, `er/sie/es drückt`).
    private func isInflection(_ term: Term) -> Bool {
        guard !term.spelling.contains(" ") else { return false }
        if term.tags == ["pl"] { return headTags.contains { ["m", "f", "n"].contains($0) } }
        return term.tags.isEmpty && headTags.contains(where: Self.verbTags.contains)
    }

    private static let verbTags: Set<String> = ["vt", "vi", "vr", "v"]

    private static func terms(inPart part: String) -> [Term] {
        pieces(of: part, separator: ";").compactMap { term(in: $0, construction: false) }
    }

    /// The first part's terms, where a verb's preposition and object are not the term (`um etw.
    /// feilschen {vi}` is feilschen's). Only a verb's: `auf etw. hin` is no sense of hin.
    private static func headTerms(inPart part: String) -> [Term] {
        let pieces = pieces(of: part, separator: ";")
        let terms = pieces.compactMap { term(in: $0, construction: true) }
        guard terms.contains(where: \.construction), !terms.contains(where: { $0.tags.contains(where: verbTags.contains) }) else { return terms }
        return pieces.compactMap { term(in: $0, construction: false) }
    }

    /// `side` cut at each ` | `, empty parts kept.
    private static func parts(of side: Substring) -> [String] {
        // By bytes: ` | ` is ASCII, and a search by characters would cost the index build seconds.
        let bytes = side.utf8
        var parts: [String] = []
        var start = bytes.startIndex
        var next = start
        while let bar = bytes[next...].firstIndex(of: UInt8(ascii: "|")) {
            next = bytes.index(after: bar)
            guard bar > start, next < bytes.endIndex else { continue }
            let before = bytes.index(before: bar)
            guard bytes[before] == UInt8(ascii: " "), bytes[next] == UInt8(ascii: " ") else { continue }
            parts.append(String(side[start..<before]))
            start = bytes.index(after: next)
            next = start
        }
        parts.append(String(side[start...]))
        return parts
    }

    /// A part cut at each separator outside brackets.
    static func pieces(of text: String, separator: Unicode.Scalar) -> [String] {
        // Scalars, not characters: the marks are ASCII, and grapheme breaking would cost the index build seconds.
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "(", "[", "{", "<": depth += 1
            case ")", "]", "}", ">": depth = max(0, depth - 1)
            default: break
            }
            if depth == 0, scalar == separator {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        pieces.append(String(current))
        return pieces.map { $0.unicodeScalars.trimming(\.isSpace) }.filter { !$0.isEmpty }
    }

    private static func term(in piece: String, construction allowed: Bool) -> Term? {
        var tags: [String] = []
        var rest = piece.unicodeScalars[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            tags += rest[rest.index(after: open)..<close].split(separator: ",").map { String.UnicodeScalarView($0).trimming(\.isSpace) }
            rest = rest[rest.index(after: close)...]
        }
        var words = withoutMarks(piece, keepingContext: false).split(separator: " ")
        var construction = false
        while words.count > 1 {
            if words[0].split(separator: "/").allSatisfy({ leadingWords.contains($0) }) {
                words.removeFirst()
            } else if allowed, words.count > 2, prepositions.contains(words[0]), words[1].split(separator: "/").allSatisfy(objects.contains) {
                // The preposition a verb takes, with its object: `um etw. feilschen`, `sich um jdn./etw. kümmern`.
                words.removeFirst(2)
                construction = true
            } else {
                break
            }
        }
        // `ist/war gegangen` and `drückt; drückte` name forms; a comma starts a construction (`versuchen, etw. zu tun`).
        // `Achtung!` is the word as a call or a sign says it: the same word.
        let joined = words.joined(separator: " ")
        let spelling = joined.unicodeScalars.trimming { $0 == "," || $0 == "!" }
        return spelling.isEmpty ? nil : Term(spelling: spelling, tags: tags, construction: construction, call: joined.hasSuffix("!"))
    }

    /// Text without `{…}`, `[…]`, `<…>` and ` /abbreviations/`, and without `(…)` unless `keepingContext`.
    static func withoutMarks(_ text: String, keepingContext: Bool) -> String {
        var result = String.UnicodeScalarView()
        var depth = 0
        var previous: Unicode.Scalar = " "
        var inAbbreviation = false
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if inAbbreviation {
                if scalar == "/" { inAbbreviation = false }
                previous = scalar
                continue
            }
            switch scalar {
            case "{", "[", "<": depth += 1
            case "}", "]", ">": depth = max(0, depth - 1)
            case "(" where !keepingContext: depth += 1
            case ")" where !keepingContext: depth = max(0, depth - 1)
            case "/" where depth == 0 && previous == " ": inAbbreviation = true
            default:
                // Runs of white space become one space, none at either end.
                if depth == 0, !scalar.isSpace {
                    if pendingSpace, !result.isEmpty { result.append(" ") }
                    pendingSpace = false
                    result.append(scalar)
                } else if depth == 0 {
                    pendingSpace = true
                }
            }
            previous = scalar
        }
        return String(result)
    }

    /// `{m}` → (masc), `[Br.]` → (Br.), ` /Str./` → (Str.), `<Strasse>` left out.
    private static func readableMarks(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "{", "[":
                let close: Character = character == "{" ? "}" : "]"
                let inside = rest.prefix { $0 != close }
                rest = rest.dropFirst(inside.count + 1)
                let label = character == "{" ? (readableTags[String(inside)] ?? String(inside)) : String(inside)
                result += "(\(label))"
            case "<":
                rest = rest.drop { $0 != ">" }.dropFirst()
            case "/" where result.last == " " && rest.contains("/"):
                let inside = rest.prefix { $0 != "/" }
                rest = rest.dropFirst(inside.count + 1)
                result += "(\(inside))"
            default:
                result.append(character)
            }
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static let readableTags = [
        "m": "masc", "f": "fem", "n": "neut", "pl": "pl", "vt": "verb", "vi": "verb", "vr": "verb", "v": "verb",
        "adj": "adj", "adv": "adv", "prp": "prep", "conj": "conj", "pron": "pron", "num": "num", "interj": "interj",
    ]
}

extension String.UnicodeScalarView {
    /// The scalars as a string, without those at either end that `isTrimmed` says.
    func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        var first = startIndex
        var end = endIndex
        while first < end, isTrimmed(self[first]) { formIndex(after: &first) }
        while end > first, isTrimmed(self[index(before: end)]) { formIndex(before: &end) }
        return String(self[first..<end])
    }
}

extension Unicode.Scalar {
    /// White space, as `Character.isWhitespace` has it; ASCII answered without Unicode's tables, which
    /// building Ding's index asks about every letter of.
    var isSpace: Bool {
        isASCII ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
}
