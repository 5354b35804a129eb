import Foundation
import Synchronization

/// One of Apertium's lttoolbox automata, run by `lt-proc`, started once and kept, asked one word at a
/// time in null-flush mode (`-z`: a word ended by NUL comes back ended by NUL). A pair's
/// `.automorf.bin` is a morphological analyser: it knows irregular forms (`fue` → ir, ser; `yeux` →
/// œil), splits clitics (`dis-moi` → dire + moi) and elisions (`l'église` → le + église). Its
/// `.autobil.bin`, run with `-b`, is the pair's bilingual table: `salida<n>` → start, exit, output,
/// departure. The process ends with the analyser; one that dies is started again at the next word.
final class Analyser: Sendable {
    /// One reading of a word: its base form and the pronouns or articles joined to it.
    struct Analysis: Equatable {
        var lemma: String
        var tags: [String]
        /// `dis-moi`: dire, then [moi]'s lemma.
        var joined: [String]
    }

    private final class Running: @unchecked Sendable {  // only touched under the analyser's lock
        let process: Process
        let input: FileHandle
        let output: FileHandle

        init(ltProc: String, automaton: String, bilingual: Bool) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: ltProc)
            // An analyser gives each base form in its dictionary's case (`-w`): `Gare` is gare, which the
            // tables then give in small letters too, not `Season`; a name keeps its capital (`Paris`).
            process.arguments = (bilingual ? ["-z", "-b"] : ["-z", "-w"]) + [automaton]
            let stdin = Pipe(), stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = FileHandle.nullDevice
            try process.run()
            input = stdin.fileHandleForWriting
            output = stdout.fileHandleForReading
        }

        deinit {
            try? input.close()
            process.waitUntilExit()
        }
    }

    let automaton: String
    private let ltProc: String
    private let bilingual: Bool
    private let running = Mutex<Running?>(nil)

    /// Nil when `lt-proc` or the automaton is missing. `bilingual` for a pair's `.autobil.bin`.
    init?(ltProc: String, automaton: String, bilingual: Bool = false) {
        guard access(ltProc, X_OK) == 0, access(automaton, R_OK) == 0 else { return nil }
        self.ltProc = ltProc
        self.automaton = automaton
        self.bilingual = bilingual
        // A write to an analyser that died must fail with EPIPE, not end this process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The running process's identifier, nil before the first word.
    var processIdentifier: Int32? {
        running.withLock { $0?.process.processIdentifier }
    }

    /// The tokens the analyser cuts `word` into, each with its readings in the analyser's order;
    /// a token it does not know has none.
    func analyses(of word: String) -> [[Analysis]] {
        let clean = Self.withoutStreamMarks(word)
        guard !clean.trimmingSpaces.isEmpty else { return [] }
        return ask(clean).map(Self.tokens(in:)) ?? []
    }

    /// A bilingual table's translations of a base form with its tags as the analyser gave them, in the
    /// table's order: `salida`, [n, f, sg] → start, exit, output, departure. Empty when the table lacks it.
    func translations(of lemma: String, tags: [String]) -> [Analysis] {
        let clean = Self.withoutStreamMarks(lemma)
        guard !clean.trimmingSpaces.isEmpty else { return [] }
        // The table ends a token only when it reads the character after `$`.
        let stream = "^" + clean + tags.map { "<\($0)>" }.joined() + "$\n"
        return ask(stream).map(Self.tokens(in:))?.first?.filter { !$0.lemma.hasPrefix("@") && $0.lemma != Self.personalPronoun } ?? []
    }

    private static func withoutStreamMarks(_ text: String) -> String {
        String(text.unicodeScalars.filter { !"^$/<>{}[]\\@\0\n".unicodeScalars.contains($0) })
    }

    private func ask(_ stream: String) -> String? {
        running.withLock { running in
            for _ in 0..<2 {
                if running == nil || running?.process.isRunning == false {
                    running = try? Running(ltProc: ltProc, automaton: automaton, bilingual: bilingual)
                }
                guard let process = running else { return nil }
                if let reply = Self.ask(process, stream) { return reply }
                running = nil
            }
            return nil
        }
    }

    private static func ask(_ process: Running, _ word: String) -> String? {
        do {
            try process.input.write(contentsOf: Data((word + "\0").utf8))
            var bytes = Data()
            while bytes.last != 0 {
                // availableData returns what the pipe holds; read(upToCount:) would wait for the whole count.
                let more = process.output.availableData
                guard !more.isEmpty else { return nil }
                bytes.append(more)
            }
            return String(decoding: bytes.dropLast(), as: UTF8.self)
        } catch {
            return nil
        }
    }

    /// `^fue/ir<vblex><ifi><p3><sg>/ser<vbser><ifi><p3><sg>$` → [[ir, ser]]; `^aseos/*aseos$` → [[]].
    static func tokens(in stream: String) -> [[Analysis]] {
        var tokens: [[Analysis]] = []
        var rest = stream[...]
        while let open = rest.firstIndex(of: "^"), let close = rest[open...].firstIndex(of: "$") {
            let readings = rest[rest.index(after: open)..<close].split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            tokens.append(readings.compactMap { reading in
                guard !reading.hasPrefix("*") else { return nil }
                let parts = reading.split(separator: "+").map(Self.lemmaAndTags)
                guard let main = parts.first, !main.lemma.isEmpty else { return nil }
                return Analysis(lemma: main.lemma, tags: main.tags, joined: parts.dropFirst().map(\.lemma))
            })
            rest = rest[rest.index(after: close)...]
        }
        return tokens
    }

    /// `ir<vblex><ifi>` → ir, [vblex, ifi]; a multiword's invariable part after `#` is kept: `tener# que` → tener que.
    private static func lemmaAndTags(_ part: Substring) -> (lemma: String, tags: [String]) {
        let lemma = part.prefix { $0 != "<" }.replacing("#", with: "").trimmingSpaces
        var tags: [String] = []
        var rest = part[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            tags.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return (lemma, tags)
    }

    /// A base form to look up, and the part of speech of the reading it came from (`v` for a verb's
    /// form, FreeDict's and Ding's tag), nil when the analyser's tag has no dictionary kind.
    struct Base: Equatable {
        var form: String
        var kind: String?
    }

    /// The base forms to look up for `word`, in the analyser's order: of each token that is not an
    /// article, preposition or pronoun (`l'église` → église; `d'accord` → accord), each reading's
    /// lemma, without `word` itself.
    func baseForms(of word: String) -> [String] {
        bases(of: word).map(\.form)
    }

    /// `baseForms(of:)` with the part of speech each reading gives: `peut` is pouvoir as a verb, not the noun.
    func bases(of word: String) -> [Base] {
        var bases: [Base] = []
        func add(_ form: String, _ kind: String?) {
            if let index = bases.firstIndex(where: { $0.form == form }) {
                // A form two readings give (`poder` as noun and verb) is looked up with no kind.
                if bases[index].kind != kind { bases[index].kind = nil }
            } else {
                bases.append(Base(form: form, kind: kind))
            }
        }
        for reading in contentReadings(of: word) where reading.lemma != word {
            let kind = reading.tags.first.flatMap { Self.kinds[$0] }
            // A noun of both genders has the masculine for its lemma (`señoras` → señor<n><f><pl>), but
            // the feminine is a word of its own, with its own entry (señora: lady, woman): its singular,
            // the word less its plural's s, comes first.
            if Set(["n", "f", "pl"]).isSubset(of: reading.tags), word.hasSuffix("s") {
                let singular = String(word.dropLast())
                if singular != reading.lemma { add(singular, kind) }
            }
            add(reading.lemma, kind)
            // Apertium writes œ as oe (`yeux` → oeil); the dictionaries write œil.
            let ligature = reading.lemma.replacing("oe", with: "œ")
            if ligature != reading.lemma { add(ligature, kind) }
        }
        return bases
    }

    /// The verb `word` is a finite form of, when that verb is the copula or the auxiliary (Apertium's
    /// `vbser` and `vbhaver`: être, avoir, ser, haber): `est` is être before it is the east, `as` avoir
    /// before the ace. They are the most frequent words of their languages (`est` ranks 8th in French),
    /// and a word spelled like one of their forms is rare beside it. A participle or infinitive stays
    /// a word of its own (`été` is the summer as often as been).
    func auxiliaryVerb(of word: String) -> String? {
        let finite = contentReadings(of: word).first { reading in
            ["vbser", "vbhaver"].contains(reading.tags.first ?? "") && reading.lemma != word
                && !reading.tags.contains(where: ["pp", "inf", "ger"].contains) && reading.joined.isEmpty
        }
        return finite?.lemma
    }

    /// Whether every reading of `word` as a noun is a plural (`femmes`: femme<n><f><pl>; `gens`), and it
    /// has one: not a noun the same in both numbers (`bus`<n><m><sp>).
    func isPluralNoun(_ word: String) -> Bool {
        let nouns = contentReadings(of: word).filter { $0.tags.first == "n" }
        return !nouns.isEmpty && nouns.allSatisfy { $0.tags.contains("pl") }
    }

    /// Apertium's first tag, a part of speech, as the dictionaries' grammar names it.
    private static let kinds = [
        "n": "n", "vblex": "v", "vbser": "v", "vbhaver": "v", "vbmod": "v", "adj": "adj", "adv": "adv",
    ]

    /// The readings of the tokens of `word` that are not articles, prepositions or pronouns, when it has such tokens.
    func contentReadings(of word: String) -> [Analysis] {
        // A mark is no word to look up: the analyser cuts a sign's `BROWN'S` into BROWN, ' and S. Nor is
        // `personalPronoun`: the dictionaries have the pronouns themselves (`yo`: I).
        let tokens = analyses(of: word).map { readings in
            readings.filter { $0.lemma != Self.personalPronoun && $0.lemma.contains { $0.isLetter || $0.isNumber } }
        }
        let content = tokens.filter { readings in !readings.isEmpty && !readings.allSatisfy { Self.functionTags.contains($0.tags.first ?? "") } }
        return (content.isEmpty ? tokens : content).flatMap { $0 }
    }

    /// The lemma Apertium's dictionaries give every personal pronoun, in analysers and tables alike
    /// (`yo`, `moi` → `prpers`), for the generator to write the form: no word of any language.
    static let personalPronoun = "prpers"

    private static let functionTags: Set = ["det", "pr", "prn", "cnjcoo", "cnjsub", "cnjadv", "rel"]
}
