import Foundation
import Synchronization

/// Looks words up in Debian's FreeDict dictionaries, offline, for a learner whose own language is
/// `nativeLanguage`. Dictionaries and hunspell data are opened on first use and kept; a glossary is
/// safe to share between threads.
///
/// A word is tried as written, then lower-cased and capitalised (`fermé` is "closed", an adjective
/// of its own, before it is a form of `fermer`), then as each of hunspell's stems (`sorties` →
/// `sortie`); the first form that either route knows wins. The routes: the direct dictionary
/// (`fra-eng`) and, when neither language is German, the way through German (`fra-deu`, then
/// `deu-eng`: `mairie` → `Rathaus` → "town hall"). Through German, only German headwords spelled
/// exactly as the first dictionary wrote them are looked up: a stem of a German compound is
/// another word.
///
/// When both routes know the form, the gloss leads with what they agree on, then the direct
/// dictionary's translations, then the other route's first one if the direct dictionary lacks it
/// (the rest of a German entry's many senses would crowd the line). The direct French and Spanish dictionaries are
/// small (8,500 and 4,500 headwords) and often give a word's rarer senses first (`gare`: "stage,
/// station, stop"); a second dictionary's word for it says which sense is the common one, and adds
/// the everyday word when the small one lacks it (`pharmacie`: "chemist's shop, drugstore", and
/// through `Apotheke` "pharmacy").
public final class Glossary: Sendable {
    public let nativeLanguage: String
    public let dictionaryFolder: String
    public let hunspellFolder: String
    /// Ding's German-English file (`trans-de-en`), and the folder its index is built into once.
    public let dingPath: String
    public let indexFolder: String
    /// Where Apertium's pairs are installed, each in a folder of its own.
    public let apertiumFolder: String

    private let ding = Mutex<Result<DingDictionary, GlossError>?>(nil)
    private let dictionaries = Mutex<[String: Result<BilingualDictionary, GlossError>]>([:])
    private let stemmers = Mutex<[String: Stemmer?]>([:])
    private let analysers = Mutex<[String: Analyser?]>([:])

    /// German translations tried in turn, through German, before giving up on a form.
    private static let germanTranslationsTried = 3

    public init(nativeLanguage: String, dictionaryFolder: String = "/usr/share/dictd",
                hunspellFolder: String = "/usr/share/hunspell", dingPath: String = "/usr/share/trans/de-en",
                indexFolder: String? = nil, apertiumFolder: String = "/usr/share/apertium") {
        self.nativeLanguage = nativeLanguage.lowercased()
        self.dictionaryFolder = dictionaryFolder
        self.hunspellFolder = hunspellFolder
        self.dingPath = dingPath
        self.indexFolder = indexFolder ?? DingDictionary.defaultIndexFolder()
        self.apertiumFolder = apertiumFolder
    }

    /// Whether `word` is a word of `language` ("en", "de", "fr", "es") by its hunspell dictionary; nil
    /// when that dictionary is missing.
    public func isWord(_ word: String, language: String) -> Bool? {
        guard let known = GlossRoute.languages[language.lowercased()], let stemmer = stemmer(for: known) else { return nil }
        return stemmer.knows(word.precomposedStringWithCanonicalMapping)
    }

    /// The gloss of `word`, a word of `language` ("en", "de", "fr", "es").
    public func lookUp(_ word: String, language: String) -> GlossLookup {
        let language = language.lowercased()
        guard language != nativeLanguage else { return .sameLanguage }
        guard let route = GlossRoute(language: language, nativeLanguage: nativeLanguage) else { return .noDictionaryForPair }
        let written = word.precomposedStringWithCanonicalMapping.trimmingSpaces
        guard written.contains(where: \.isLetter) else { return .notFound }

        let sources = Sources(
            direct: route.direct.flatMap(dictionary(_:)),
            pivot: route.throughGerman.flatMap { pivot -> (BilingualDictionary, BilingualDictionary)? in
                guard let toGerman = dictionary(pivot.toGerman), let fromGerman = dictionary(pivot.fromGerman) else { return nil }
                return (toGerman, fromGerman)
            },
            ding: route.readsDing ? dingDictionary() : nil, dingDirect: route.dingDirect,
            analyser: analyser(for: route.language), tables: tables(for: route))
        let forms = Self.caseForms(of: written)
        if let gloss = gloss(forms, sources) { return .found(gloss) }
        // Written without its accents, or German in capitals with SS for ß (a sign, a keyboard without
        // them): the headwords that differ from it in accents and ß alone, in the dictionary's own order.
        var accentedSpellings: [String] = []
        if sources.dingDirect, let ding = sources.ding { accentedSpellings = ding.accentedKeys(of: written) }
        for dictionary in [sources.direct, sources.pivot?.toGerman].compactMap({ $0 }) {
            for key in dictionary.accentedKeys(of: written) where !accentedSpellings.contains(key) { accentedSpellings.append(key) }
        }
        for spelling in accentedSpellings {
            if let gloss = gloss(Self.caseForms(of: spelling), sources) { return .found(gloss) }
        }

        // Apertium's base forms, before hunspell's stems: irregular forms, clitics and elisions.
        var stems: [String] = []
        if let analyser = analyser(for: route.language) {
            for form in forms {
                for base in analyser.baseForms(of: form) where !forms.contains(base) && !stems.contains(base) { stems.append(base) }
            }
        }
        let stemmer = stemmer(for: route.language)
        for form in forms {
            for stem in stemmer?.stems(of: form) ?? [] where !forms.contains(stem) && !stems.contains(stem) {
                stems.append(stem)
            }
        }
        for stem in stems {
            if let gloss = gloss(Self.caseForms(of: stem), sources) { return .found(gloss) }
        }
        // Only Apertium's bilingual table knows the word (`libertad`, missing from the small spa-eng).
        if let gloss = gloss(forms, sources, tableAlone: true) { return .found(gloss) }

        let missing = missingPackages(route)
        return missing.isEmpty ? .notFound : .missingDictionary(packages: missing)
    }

    /// The packages missing for glossing words of `languages` for a learner of `nativeLanguage`, for
    /// `wordbook status`; `installCommand(for:)` makes the line that installs them.
    public static func missingPackages(nativeLanguage: String, languages: [String],
                                       dictionaryFolder: String = "/usr/share/dictd",
                                       hunspellFolder: String = "/usr/share/hunspell",
                                       dingPath: String = "/usr/share/trans/de-en",
                                       apertiumFolder: String = "/usr/share/apertium") -> [String] {
        var missing: [String] = []
        let nativeLanguage = nativeLanguage.lowercased()
        for language in languages.map({ $0.lowercased() }) where language != nativeLanguage {
            guard let route = GlossRoute(language: language, nativeLanguage: nativeLanguage) else { continue }
            for package in route.missingPackages(dictionaryFolder: dictionaryFolder, hunspellFolder: hunspellFolder,
                                                 dingPath: dingPath, apertiumFolder: apertiumFolder)
            where !missing.contains(package) {
                missing.append(package)
            }
        }
        return missing
    }

    /// The apt-get line that installs `packages`.
    public static func installCommand(for packages: [String]) -> String {
        (["sudo", "apt-get", "install"] + packages).joined(separator: " ")
    }

    // MARK: - The steps

    /// What one route found: the translations in rank order, the grammar of the word's own entry,
    /// the entry text and the headword.
    private struct Found {
        var translations: [String]
        var grammar: Grammar
        var entry: String
        var headword: String
    }

    /// The dictionaries one look-up reads.
    private struct Sources {
        var direct: BilingualDictionary?
        var pivot: (toGerman: BilingualDictionary, fromGerman: BilingualDictionary)?
        var ding: DingDictionary?
        /// Whether Ding is the direct dictionary (German words for an English speaker), not only the way through German.
        var dingDirect: Bool
        var analyser: Analyser?
        /// Apertium's bilingual tables to English, in turn; empty when one is missing.
        var tables: [Analyser]
    }

    /// The gloss of these forms of one word from every route: the direct dictionary (Ding's for German),
    /// the way through German, and Apertium's bilingual table. A translation two routes give leads, in
    /// the order the routes give them; then the rest of the direct dictionary's; then the first of each
    /// other route's, when the direct dictionary lacks it. The bilingual table alone makes a gloss only
    /// when `tableAlone`, after every spelling and stem has failed the dictionaries.
    private func gloss(_ forms: [String], _ sources: Sources, tableAlone: Bool = false) -> Gloss? {
        let ding = sources.dingDirect ? found(forms, inDing: sources.ding, exactly: false) : nil
        // FreeDict's deu-eng is an older import of Ding's own file: it is read only where Ding has nothing.
        let direct = ding == nil ? found(forms, in: sources.direct) : nil
        let others = found(forms, through: sources.pivot, ding: sources.ding)
        let known = [ding, direct].compactMap { $0 } + others
        let table = tableAlone || !known.isEmpty ? found(forms, inTables: sources) : nil
        let routes = known + [table].compactMap { $0 }
        guard let first = tableAlone ? routes.first : known.first else { return nil }
        let given = routes.map { Set($0.translations.map(Self.comparable)) }
        func agreed(_ text: String) -> Bool { given.filter { $0.contains(Self.comparable(text)) }.count >= 2 }
        var translations: [String] = []
        var seen: Set<String> = []
        func add(_ text: String) { if seen.insert(Self.comparable(text)).inserted { translations.append(text) } }
        // Ding's first sense is the common one by Ding's own order, and keeps its place.
        if ding != nil { first.translations.prefix(1).forEach(add) }
        for route in routes { route.translations.filter(agreed).forEach(add) }
        first.translations.forEach(add)
        for route in routes.dropFirst() { route.translations.prefix(1).forEach(add) }
        let entry = routes.map(\.entry).joined(separator: "\n\n")
        let text = GlossLine.text(translations, grammar: first.grammar)
        return text.isEmpty ? nil : Gloss(text: text, entry: entry, headword: first.headword)
    }

    /// The first form the analyser knows, each reading's base form through the bilingual tables in
    /// turn (French to Spanish to English), in the analyser's and the tables' order.
    private func found(_ forms: [String], inTables sources: Sources) -> Found? {
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
                for translation in current where !english.contains(translation.lemma) { english.append(translation.lemma) }
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
    /// those where it is a synonym; failing both, the lines whose inflected form it is (their first
    /// part's senses, `Ausgänge` → Ausgang's; forms of a line's first word before those of its
    /// synonyms), and failing those, the compounds and phrases it is. The gloss takes Ding's first
    /// sense, then what several senses give, then each sense's first translation in turn, then the rest.
    private func found(_ forms: [String], inDing ding: DingDictionary?, exactly: Bool) -> Found? {
        guard let ding, let (lines, spelled) = ding.entries(forms: forms, exactly: exactly),
              let best = lines.map(\.match.role).min() else { return nil }
        let chosen = lines.enumerated()
            .filter { $0.element.match.role == best || (best == .headword && $0.element.match.role == .synonym) }
            .sorted {
                let (a, b) = ($0.element.match, $1.element.match)
                let first = best == .inflection ? (a.position == 0 ? 0 : 1) : a.role.rawValue
                let second = best == .inflection ? (b.position == 0 ? 0 : 1) : b.role.rawValue
                return (first, $0.offset) < (second, $1.offset)
            }
            .map(\.element)
        let senses = chosen.map { $0.entry.translations(ofPart: $0.match.role == .part ? $0.match.part : 0) }.filter { !$0.isEmpty }
        let headword = best == .inflection ? chosen.first.map { $0.entry.base(ofInflectionAt: $0.match.position) } ?? spelled : spelled
        var inOrder: [String] = []
        var seen: Set<String> = []
        for text in senses.compactMap(\.first) + senses.flatMap({ $0.dropFirst() }) where seen.insert(Self.comparable(text)).inserted {
            inOrder.append(text)
        }
        // A translation several of the lines the word heads give is a common one (`geschlossen`: "closed" twice).
        let given = chosen.filter { $0.match.role == best }
            .map { Set($0.entry.translations(ofPart: $0.match.role == .part ? $0.match.part : 0).map(Self.comparable)) }
        let repeated = inOrder.dropFirst().filter { text in given.filter { $0.contains(Self.comparable(text)) }.count >= 2 }
        let translations = inOrder.prefix(1) + repeated + inOrder.dropFirst().filter { !repeated.contains($0) }
        guard !translations.isEmpty, let lead = chosen.first else { return nil }
        let grammar = best == .part ? Grammar() : lead.entry.grammar
        return Found(translations: Array(translations), grammar: grammar,
                     entry: chosen.map(\.entry.readable).joined(separator: "\n\n"), headword: headword)
    }

    private func found(_ forms: [String], in dictionary: BilingualDictionary?) -> Found? {
        guard let dictionary, let (entries, headword) = entries(forms, in: dictionary) else { return nil }
        let translations = GlossLine.ranked(entries)
        guard let first = translations.first else { return nil }
        return Found(translations: translations.map(\.text), grammar: entries[first.entry].grammar,
                     entry: Self.joined(entries), headword: headword)
    }

    /// The word's German translations, the first few in turn, each looked up as spelled.
    private func found(_ forms: [String], through pivot: (toGerman: BilingualDictionary, fromGerman: BilingualDictionary)?,
                       ding: DingDictionary?) -> [Found] {
        guard let pivot, let (entries, headword) = entries(forms, in: pivot.toGerman) else { return [] }
        for german in GlossLine.ranked(entries).prefix(Self.germanTranslationsTried) {
            let germanWord = Self.withoutParentheses(german.text)
            var routes: [Found] = []
            // Both German-English dictionaries, when both know the German word: two routes that may agree.
            if let viaDing = found([germanWord], inDing: ding, exactly: true) {
                routes.append(Found(translations: viaDing.translations, grammar: entries[german.entry].grammar,
                                   entry: Self.joined(entries) + "\n\n" + viaDing.entry, headword: headword))
            }
            if let (germanEntries, _) = self.entries([germanWord], in: pivot.fromGerman, exactly: true) {
                let translations = GlossLine.ranked(germanEntries)
                // The grammar is the word's own: a learner of French wants `mairie`'s gender, not `Rathaus`'s.
                if !translations.isEmpty {
                    routes.append(Found(translations: translations.map(\.text), grammar: entries[german.entry].grammar,
                                       entry: Self.joined(entries) + "\n\n" + Self.joined(germanEntries), headword: headword))
                }
            }
            if !routes.isEmpty { return routes }
        }
        return []
    }

    /// A dictionary whose text turns out damaged is set aside, to be named with the missing ones.
    private func entries(_ forms: [String], in dictionary: BilingualDictionary, exactly: Bool = false)
        -> (entries: [DictionaryEntry], headword: String)? {
        do {
            return try dictionary.entries(forms: forms, exactly: exactly)
        } catch {
            dictionaries.withLock { $0[dictionary.pair] = .failure(error) }
            return nil
        }
    }

    // MARK: - Opened once

    private func dictionary(_ pair: String) -> BilingualDictionary? {
        dictionaries.withLock { opened in
            if let known = opened[pair] { return try? known.get() }
            let result = Result { () throws(GlossError) in try BilingualDictionary(folder: dictionaryFolder, pair: pair) }
            opened[pair] = result
            return try? result.get()
        }
    }

    /// Ding's file with its index, built on first use when the file is new or changed.
    private func dingDictionary() -> DingDictionary? {
        ding.withLock { opened in
            if let known = opened { return try? known.get() }
            let result = Result { () throws(GlossError) in try DingDictionary(path: dingPath, indexFolder: indexFolder) }
            opened = result
            return try? result.get()
        }
    }

    private func analyser(for language: GlossRoute.Language) -> Analyser? {
        guard let automaton = language.analyser?.automaton else { return nil }
        return analysers.withLock { started in
            if let known = started[automaton] { return known }
            let analyser = Analyser(ltProc: GlossRoute.ltProc, automaton: apertiumFolder + "/" + automaton)
            started[automaton] = analyser
            return analyser
        }
    }

    /// The route's bilingual tables, each started once; empty when any is missing.
    private func tables(for route: GlossRoute) -> [Analyser] {
        let tables = route.tables.map { table in
            analysers.withLock { started in
                let key = "-b " + table.automaton
                if let known = started[key] { return known }
                let analyser = Analyser(ltProc: GlossRoute.ltProc, automaton: apertiumFolder + "/" + table.automaton, bilingual: true)
                started[key] = analyser
                return analyser
            }
        }
        return tables.contains { $0 == nil } ? [] : tables.compactMap { $0 }
    }

    private func stemmer(for language: GlossRoute.Language) -> Stemmer? {
        stemmers.withLock { created in
            if let known = created[language.hunspell] { return known }
            let paths = GlossRoute.hunspellPaths(folder: hunspellFolder, language: language)
            let stemmer = Stemmer(affixPath: paths.affix, dictionaryPath: paths.dictionary)
            created[language.hunspell] = stemmer
            return stemmer
        }
    }

    /// The route's packages whose files could not be opened or read, a damaged file counting as missing.
    private func missingPackages(_ route: GlossRoute) -> [String] {
        var missing = route.pairs.filter { dictionary($0) == nil }.map(GlossRoute.package(forPair:))
        if route.readsDing, dingDictionary() == nil { missing.append(GlossRoute.dingPackage) }
        missing += route.missingApertiumPackages(apertiumFolder: apertiumFolder)
        if stemmer(for: route.language) == nil { missing.append(route.language.hunspellPackage) }
        return missing
    }

    // MARK: - Words and entries

    /// The word as written, lower-cased, and capitalised: `STACHEL`, `stachel`, `Stachel`.
    static func caseForms(of word: String) -> [String] {
        let lower = word.lowercased()
        let capitalised = lower.prefix(1).uppercased() + lower.dropFirst()
        var forms: [String] = []
        for form in [word, lower, capitalised] where !form.isEmpty && !forms.contains(form) { forms.append(form) }
        return forms
    }

    /// A German translation as a headword: `(Sahne, Eiweiß) schlagen` → `schlagen`.
    static func withoutParentheses(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            default: if depth == 0 { result.append(character) }
            }
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A translation as two dictionaries may both write it: `To Close` and `close` agree.
    static func comparable(_ translation: String) -> String {
        let lower = translation.lowercased()
        return lower.hasPrefix("to ") ? String(lower.dropFirst(3)) : lower
    }

    private static func joined(_ entries: [DictionaryEntry]) -> String {
        entries.map { $0.text.trimmingSpaces }.joined(separator: "\n\n")
    }
}
