import Foundation
import Synchronization
import WordBookVocabulary

/// The routes one look-up takes, and how their answers make one gloss: Ding's lines for German,
/// FreeDict's dictionaries direct and through German, Apertium's bilingual tables.
extension Glossary {
    /// What one route found: the translations in rank order, the grammar of the word's own entry,
    /// the entry text and the headword.
    struct Found {
        var translations: [String]
        var grammar: Grammar
        var entry: String
        var headword: String
        /// How many of the first translations are senses of their own: through German, the first sense
        /// of each German translation.
        var senses = 1
        /// What the route says the word means, for agreement: its first sense's translations.
        var firstSense: [String] = []
    }

    /// The dictionaries one look-up reads.
    struct Sources {
        var direct: BilingualDictionary?
        var pivot: (toGerman: BilingualDictionary, fromGerman: BilingualDictionary)?
        var ding: DingDictionary?
        /// Whether Ding is the direct dictionary (German words for an English speaker), not only the way through German.
        var dingDirect: Bool
        var analyser: Analyser?
        /// Apertium's bilingual tables to English, in turn; empty when one is missing.
        var tables: [Analyser]
        /// Set when a look-up leaves out a word's entries that are all labelled as a region's or a
        /// register's (see `BilingualDictionary.entries(forms:exactly:leftOut:)`): it records
        /// whether it met one.
        var leftOut: LabelledLeftOut?
        /// Whether the word looked up is a plural noun by the analyser (`femmes`), whichever form of it
        /// a dictionary knows (femme): its gloss names the plural.
        var writtenIsPlural = false
    }

    /// Whether a look-up that left out labelled entries met a word only they know.
    final class LabelledLeftOut {
        var met = false
    }

    /// The gloss of these forms of one word from every route: the direct dictionary (Ding's for German),
    /// the way through German, and Apertium's bilingual table. A translation two routes give leads, in
    /// the order the routes give them; then the rest of the direct dictionary's; then the first of each
    /// other route's, when the direct dictionary lacks it. The bilingual table alone makes a gloss only
    /// when `tableAlone`, after every spelling and stem has failed the dictionaries.
    /// `kind` is the part of speech of the analyser's reading the forms come from: the entries of that
    /// kind are the word's, when a dictionary has any (`peut` is pouvoir the verb, "can", not the noun, "power").
    func gloss(_ forms: [String], _ sources: Sources, tableAlone: Bool = false, kind: String? = nil) -> Gloss? {
        let ding = sources.dingDirect ? found(forms, inDing: sources.ding, exactly: false, kind: kind) : nil
        // FreeDict's deu-eng is an older import of Ding's own file: it is read only where Ding has nothing.
        let direct = ding == nil ? found(forms, in: sources.direct, kind: kind, leftOut: sources.leftOut) : nil
        let others = found(forms, through: sources.pivot, ding: sources.ding, kind: kind, leftOut: sources.leftOut)
        let known = [ding, direct].compactMap { $0 } + others
        let table = tableAlone || !known.isEmpty ? found(forms, inTables: sources) : nil
        let routes = known + [table].compactMap { $0 }
        guard let first = tableAlone ? routes.first : known.first else { return nil }
        // The way through German is one witness, whichever German-English dictionary each German word
        // was found in; what it says is each German word's first sense: its other senses are its own.
        let witnesses = [ding, direct].compactMap { $0?.translations } + (others.isEmpty ? [] : [others.flatMap(\.firstSense)])
            + [table].compactMap { $0?.translations }
        let given = witnesses.map { Set($0.map(Self.comparable)) }
        func witnessCount(_ text: String) -> Int { given.filter { $0.contains(Self.comparable(text)) }.count }
        func agreed(_ text: String) -> Bool { witnessCount(text) >= 2 }
        var translations: [String] = []
        var seen: Set<String> = []
        func add(_ text: String) { if seen.insert(Self.comparable(text)).inserted { translations.append(text) } }
        // Ding's first sense is the common one by Ding's own order, and keeps its place.
        if ding != nil { first.translations.prefix(1).forEach(add) }
        // The agreed ones by how many routes give them, then by how common they are in English: FreeDict's
        // fra-eng and spa-eng list a sense's translations alphabetically (`froid`: bleak, chilly, cold).
        var agreedInOrder: [String] = []
        var agreedSeen: Set<String> = []
        for route in routes {
            for text in route.translations where agreed(text) && agreedSeen.insert(Self.comparable(text)).inserted { agreedInOrder.append(text) }
        }
        let weighed = agreedInOrder.map { ($0, witnessCount($0), EnglishFrequency.zipf(of: $0) ?? EnglishFrequency.rare) }
        weighed.sorted { ($0.1, $0.2) > ($1.1, $1.2) }.map(\.0).forEach(add)
        first.translations.forEach(add)
        for route in routes.dropFirst() { route.translations.prefix(route.senses).forEach(add) }
        let entry = routes.map(\.entry).joined(separator: "\n\n")
        var grammar = first.grammar
        grammar.plural = grammar.plural || sources.writtenIsPlural
        let text = GlossLine.text(translations, grammar: grammar)
        return text.isEmpty ? nil : Gloss(text: text, entry: entry, headword: first.headword)
    }

    /// A table's English in the case English writes it: Apertium's English dictionary keeps adjectives
    /// in small letters (`olympic`, `spanish`), which English hunspell knows only with a capital.
    func englishCase(_ translation: Analyser.Analysis) -> String {
        let word = translation.lemma
        guard word == word.lowercased(), !word.contains(" "), let english = GlossRoute.names[.english].flatMap(stemmer(for:)),
              !english.knows(word) else { return word }
        let capitalised = word.prefix(1).uppercased() + word.dropFirst()
        return english.knows(capitalised) ? capitalised : word
    }

    /// The first form the analyser knows, each reading's base form through the bilingual tables in
    /// turn (French to Spanish to English), in the analyser's and the tables' order.
    func found(_ forms: [String], inTables sources: Sources) -> Found? {
        guard let analyser = sources.analyser, !sources.tables.isEmpty else { return nil }
        for form in forms {
            var english: [String] = []
            var headword: String?
            for reading in analyser.contentReadings(of: form) {
                var current = [Analyser.Analysis(lemma: reading.lemma, tags: reading.tags, joined: [])]
                for table in sources.tables {
                    current = current.flatMap { table.translations(of: $0.lemma, tags: $0.tags) }
                }
                headword = headword ?? (current.isEmpty ? nil : reading.lemma)
                for translation in current.map({ englishCase($0) }) where !english.contains(translation) { english.append(translation) }
            }
            if let headword, !english.isEmpty {
                let tables = sources.tables.map { ($0.automaton as NSString).lastPathComponent }.joined(separator: ", ")
                return Found(translations: english, grammar: Grammar(), entry: "\(headword) (Apertium, \(tables)): " + english.joined(separator: ", "),
                             headword: headword)
            }
        }
        return nil
    }

    /// The lines of Ding's file that name the word, as senses in Ding's order: the lines it heads, then
    /// those where it is a synonym, then those where it takes a preposition and object (`um etw.
    /// feilschen`); failing these, the lines whose inflected form it is (their first
    /// part's senses, `Ausgänge` → Ausgang's; forms of a line's first word before those of its
    /// synonyms), and failing those, the compounds and phrases it is. The gloss takes Ding's first
    /// sense, then what several senses give, then each sense's first translation in turn, then the rest.
    /// Through German, `kind` is the part of speech of the word's own entry, and only the German word's
    /// lines of that kind are its senses, when it has any: `ser` is a verb, and `sein` is "to be" as a
    /// verb and "his" as a pronoun.
    func found(_ forms: [String], inDing ding: DingDictionary?, exactly: Bool, kind: String? = nil) -> Found? {
        guard let ding, let (all, spelled) = ding.entries(forms: forms, exactly: exactly) else { return nil }
        let fitting = all.filter { $0.entry.grammar.kind == kind }
        let lines = kind == nil || fitting.isEmpty ? all : fitting
        guard let best = lines.map(\.match.role).min() else { return nil }
        // A plural Ding heads lines with (`Frauen {pl}`: females, womankind) is also the plural its
        // singular's lines list (`Frau {f} | Frauen {pl}`: woman, wife): the noun's own senses, which a
        // learner reading it on a door means first, are weighed with the plural's.
        let pluralHead = best < .inflection && lines.filter { $0.match.role < .inflection }.allSatisfy { $0.entry.term(at: $0.match)?.tags == ["pl"] }
        // The senses the word heads, is a synonym in or takes an object in, in Ding's order unless a later one is far more
        // common (SenseOrder): a word's lines come in Ding's file alphabetically (`Zug`: lineament first).
        let dingOrder = lines.enumerated()
            .filter { $0.element.match.role == best || (best < .inflection && $0.element.match.role < .inflection)
                || (pluralHead && $0.element.match.role == .inflection) }
            .sorted {
                let (a, b) = ($0.element.match, $1.element.match)
                let first = best == .inflection ? (a.position == 0 ? 0 : 1) : a.role.rawValue
                let second = best == .inflection ? (b.position == 0 ? 0 : 1) : b.role.rawValue
                return (first, $0.offset) < (second, $1.offset)
            }
            .map { (line: $0.element, translations: $0.element.entry.translations(ofPart: $0.element.match.role == .part ? $0.element.match.part : 0)) }
        // Unlabelled lines that lead with the same English are one everyday sense Ding cut in two
        // (`geschlossen`: "closed" on a line of closed circuits and loops, and again on a line with
        // "shut"): what Ding says about it is what all of them say. A line labelled with a field, region
        // or register (`Satz [math.]`, "set") is that label's sense, however its English is spelled.
        func labelled(_ entry: DingEntry) -> Bool { entry.germanParts.first?.contains("[") ?? false }
        var partsOfSense: [String: Int] = [:]
        for sense in dingOrder where !labelled(sense.line.entry) {
            if let first = sense.translations.first { partsOfSense[Self.comparable(first), default: 0] += sense.line.entry.germanParts.count }
        }
        func commonness(_ sense: (line: (entry: DingEntry, match: DingEntry.Match), translations: [String])) -> Double {
            // An inflected form is weighed by its own English, the part beside it on the line: `Herren {pl}`
            // is "gentlemen" on one line and "Messrs" on another, and the plural of Mister is rare.
            let form = sense.line.match.role == .inflection ? sense.line.entry.translations(ofForm: sense.line.match.part) : []
            let own = sense.line.entry.germanParts.count
            let parts = labelled(sense.line.entry) ? own : sense.translations.first.flatMap { partsOfSense[Self.comparable($0)] } ?? own
            return SenseOrder.commonness(form.isEmpty ? sense.translations : form, parts: parts,
                                         synonym: [.synonym, .construction].contains(sense.line.match.role) || (sense.line.match.role == .headword && sense.line.match.position > 0),
                                         labelledRare: sense.line.entry.isLabelledRare(atHeadPosition: sense.line.match.role == .part ? 0 : sense.line.match.position))
        }
        // A verb's uses with a preposition and object are narrower senses: they follow its own, and
        // never go before them (`sich um etw. handeln`, "to be", is no first sense of handeln), unless
        // none of its own lines is in English words a learner knows: then its uses come first.
        // `feilschen`'s own lines say "to palter" and "to dicker", words outside English's 30,000 most
        // frequent; its use `um etw. feilschen` says "to haggle over".
        let own = dingOrder.filter { $0.line.match.role != .construction }
        let constructions = dingOrder.filter { $0.line.match.role == .construction }
        let ownSaysLittle = own.allSatisfy { !SenseOrder.hasKnownTranslation($0.translations) }
        let chosen = (ownSaysLittle ? [constructions, own] : [own, constructions])
            .flatMap { senses in SenseOrder.ordered(senses, commonness: commonness) }
        let senses = chosen.map(\.translations).filter { !$0.isEmpty }
        let headword = chosen.first.flatMap { $0.line.match.role == .inflection ? $0.line.entry.base(ofInflectionAt: $0.line.match.position) : nil } ?? spelled
        var inOrder: [String] = []
        var seen: Set<String> = []
        for text in senses.compactMap(\.first) + senses.flatMap({ $0.dropFirst() }) where seen.insert(Self.comparable(text)).inserted {
            inOrder.append(text)
        }
        // A translation several of the lines the word heads give is a common one (`geschlossen`: "closed" twice).
        let given = chosen.filter { $0.line.match.role == best }.map { Set($0.translations.map(Self.comparable)) }
        let repeated = inOrder.dropFirst().filter { text in given.filter { $0.contains(Self.comparable(text)) }.count >= 2 }
        let translations = inOrder.prefix(1) + repeated + inOrder.dropFirst().filter { !repeated.contains($0) }
        guard !translations.isEmpty, let lead = chosen.first?.line else { return nil }
        var grammar = best == .part ? Grammar() : lead.entry.grammar(atHeadPosition: lead.match.position)
        // A plural Ding tags `{pl}` that no line heads as a noun of its own (`Kiefer {m}`, whose plural is
        // the same word, is a singular too).
        grammar.plural = best != .part && lines.contains { $0.entry.term(at: $0.match)?.tags == ["pl"] }
            && !lines.contains { $0.match.role < .inflection && $0.entry.term(at: $0.match)?.tags.contains { ["m", "f", "n"].contains($0) } == true }
        return Found(translations: Array(translations), grammar: grammar,
                     entry: chosen.map(\.line.entry.readable).joined(separator: "\n\n"), headword: headword,
                     firstSense: senses.first ?? [])
    }

    func found(_ forms: [String], in dictionary: BilingualDictionary?, kind: String? = nil, leftOut: LabelledLeftOut? = nil) -> Found? {
        guard let dictionary, let (all, headword) = entries(forms, in: dictionary, leftOut: leftOut) else { return nil }
        let entries = Self.ofKind(kind, all)
        let translations = GlossLine.ranked(entries)
        guard let first = translations.first else { return nil }
        var texts = translations.map(\.text)
        if LostSpaces.dictionaries.contains(dictionary.pair), let english = GlossRoute.names[.english].flatMap(stemmer(for:)) {
            texts = texts.map { LostSpaces.restored($0, knows: english.knows) }
        }
        return Found(translations: texts, grammar: entries[first.entry].grammar,
                     entry: Self.joined(entries), headword: headword)
    }

    /// The word's German translations, each a sense of the word, looked up as spelled: of the first
    /// few, those a German-English dictionary knows, each one's common sense first, then the rest of them.
    /// A German word has senses of its own the word lacks: `baño` is Bad, Badezimmer and Toilette, and
    /// Bad alone would say "bath, swim, bathhouse, liquor"; the three first senses say "bath, bathroom,
    /// toilet". Two routes: the German words Ding knows, and those only FreeDict's deu-eng knows.
    func found(_ forms: [String], through pivot: (toGerman: BilingualDictionary, fromGerman: BilingualDictionary)?,
                       ding: DingDictionary?, kind: String? = nil, leftOut: LabelledLeftOut? = nil) -> [Found] {
        guard let pivot, let (all, headword) = entries(forms, in: pivot.toGerman, leftOut: leftOut) else { return [] }
        let entries = Self.ofKind(kind, all)
        var viaDing: [(german: GlossLine.Translation, found: Found)] = []
        var viaFreeDict: [(german: GlossLine.Translation, translations: [String], entries: [DictionaryEntry], firstSense: [String])] = []
        for german in GlossLine.ranked(entries).prefix(Self.germanTranslationsTried) {
            let germanWord = Self.withoutParentheses(german.text)
            // FreeDict's deu-eng, an older import of Ding's file, only for a German word Ding lacks.
            if let found = found([germanWord], inDing: ding, exactly: true, kind: entries[german.entry].grammar.kind) {
                viaDing.append((german, found))
            } else if let (allGerman, _) = self.entries([germanWord], in: pivot.fromGerman, exactly: true) {
                let germanEntries = Self.ofKind(entries[german.entry].grammar.kind, allGerman)
                let translations = GlossLine.ranked(germanEntries).map(\.text)
                if !translations.isEmpty {
                    viaFreeDict.append((german, translations, germanEntries, germanEntries.first?.senses.first ?? []))
                }
            }
        }
        // The grammar is the word's own: a learner of French wants `mairie`'s gender, not `Rathaus`'s.
        var routes: [Found] = []
        if let lead = viaDing.first {
            routes.append(Found(translations: Self.firstSensesFirst(viaDing.map(\.found.translations)), grammar: entries[lead.german.entry].grammar,
                                entry: Self.joined(entries) + "\n\n" + viaDing.map(\.found.entry).joined(separator: "\n\n"), headword: headword,
                                senses: viaDing.count, firstSense: Self.evidence(viaDing.map { ($0.found.translations, $0.found.firstSense) })))
        }
        if let lead = viaFreeDict.first {
            routes.append(Found(translations: Self.firstSensesFirst(viaFreeDict.map(\.translations)), grammar: entries[lead.german.entry].grammar,
                                entry: Self.joined(entries) + "\n\n" + viaFreeDict.map { Self.joined($0.entries) }.joined(separator: "\n\n"),
                                headword: headword, senses: viaFreeDict.count, firstSense: Self.evidence(viaFreeDict.map { ($0.translations, $0.firstSense) })))
        }
        return routes
    }

    /// What the German words say the word means: every sense of the first, the pivot dictionary's main
    /// translation (`caisse`: Kasse, then Kasten, Kiste), and the first sense of each other.
    static func evidence(_ germanWords: [(translations: [String], firstSense: [String])]) -> [String] {
        (germanWords.first?.translations ?? []) + germanWords.dropFirst().flatMap(\.firstSense)
    }

    /// The entries of part of speech `kind`, when there are any; else all.
    static func ofKind(_ kind: String?, _ entries: [DictionaryEntry]) -> [DictionaryEntry] {
        guard let kind else { return entries }
        let fitting = entries.filter { $0.grammar.kind == kind }
        return fitting.isEmpty ? entries : fitting
    }

    /// The first translation of each list in turn, then the rest of each: senses of one word through its
    /// several German translations.
    static func firstSensesFirst(_ lists: [[String]]) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        for text in lists.compactMap(\.first) + lists.flatMap({ $0.dropFirst() }) where seen.insert(comparable(text)).inserted {
            result.append(text)
        }
        return result
    }

    /// A dictionary whose text turns out damaged is set aside, to be named with the missing ones.
    /// With `leftOut`, a word the dictionary has only in labelled entries is not found, and `leftOut` records it.
    func entries(_ forms: [String], in dictionary: BilingualDictionary, exactly: Bool = false, leftOut: LabelledLeftOut? = nil)
        -> (entries: [DictionaryEntry], headword: String)? {
        do {
            return try dictionary.entries(forms: forms, exactly: exactly, leftOut: leftOut)
        } catch {
            dictionaries.withLock { $0[dictionary.pair] = .failure(error) }
            return nil
        }
    }
}
