import Foundation
import Synchronization
import WordBookVocabulary

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
    public let nativeLanguage: Language
    public let dictionaryFolder: String
    public let hunspellFolder: String
    /// Ding's German-English file (`trans-de-en`), and the folder its index is built into once.
    public let dingPath: String
    public let indexFolder: String
    /// Where Apertium's pairs are installed, each in a folder of its own.
    public let apertiumFolder: String

    private let ding = Mutex<Result<DingDictionary, GlossError>?>(nil)
    let dictionaries = Mutex<[String: Result<BilingualDictionary, GlossError>]>([:])
    private let stemmers = Mutex<[String: Stemmer?]>([:])
    private let analysers = Mutex<[String: Analyser?]>([:])

    /// German translations looked up, through German: the first few, the pivot dictionary's main senses.
    static let germanTranslationsTried = 3

    public init(nativeLanguage: Language, dictionaryFolder: String = "/usr/share/dictd",
                hunspellFolder: String = "/usr/share/hunspell", dingPath: String = "/usr/share/trans/de-en",
                indexFolder: String? = nil, apertiumFolder: String = "/usr/share/apertium") {
        self.nativeLanguage = nativeLanguage
        self.dictionaryFolder = dictionaryFolder
        self.hunspellFolder = hunspellFolder
        self.dingPath = dingPath
        self.indexFolder = indexFolder ?? DingDictionary.defaultIndexFolder()
        self.apertiumFolder = apertiumFolder
    }

    /// Whether `word` is a word of `language` by its hunspell dictionary; nil when that dictionary is missing.
    public func isWord(_ word: String, language: Language) -> Bool? {
        guard let known = GlossRoute.names[language], let stemmer = stemmer(for: known) else { return nil }
        return stemmer.knows(word.precomposedStringWithCanonicalMapping)
    }

    /// The gloss of `word`, a word of `language`.
    public func lookUp(_ word: String, language: Language) -> GlossLookup {
        guard language != nativeLanguage else { return .sameLanguage }
        guard let route = GlossRoute(language: language, nativeLanguage: nativeLanguage) else { return .noDictionaryForPair }
        let written = word.precomposedStringWithCanonicalMapping.trimmingSpaces
        guard written.contains(where: \.isLetter) else { return .notFound }
        // In capitals a numeral is a number before it is a dictionary's word: Felipe VI, not `vi` (I saw).
        if written == written.uppercased(), let gloss = romanNumeralGloss(written) { return .found(gloss) }

        let analyser = analyser(for: route.language)
        var sources = Sources(
            direct: route.direct.flatMap(dictionary(_:)),
            pivot: route.throughGerman.flatMap { pivot -> (BilingualDictionary, BilingualDictionary)? in
                guard let toGerman = dictionary(pivot.toGerman), let fromGerman = dictionary(pivot.fromGerman) else { return nil }
                return (toGerman, fromGerman)
            },
            ding: route.readsDing ? dingDictionary() : nil, dingDirect: route.dingDirect,
            analyser: analyser, tables: tables(for: route))
        sources.writtenIsPlural = analyser?.isPluralNoun(written) ?? false
        let german = route.language == GlossRoute.names[.german]
        // Before hunspell's stems, which read `zur` as a form of zurück.
        if german, let gloss = contractionGloss(written, sources, route) { return .found(gloss) }
        // A word some dictionary has only as a region's or a register's (`[coloq.] huevos`) is its base
        // form's first (huevo, egg), and that entry's only where nothing else knows it.
        // The second look-up only when the first left such an entry out.
        var unlabelled = sources
        let leftOut = LabelledLeftOut()
        unlabelled.leftOut = leftOut
        if let gloss = gloss(ofWritten: written, unlabelled, route) ?? (leftOut.met ? gloss(ofWritten: written, sources, route) : nil) {
            return .found(gloss)
        }
        // Only Apertium's bilingual table knows the word (`libertad`, missing from the small spa-eng).
        if let gloss = gloss(Self.caseForms(of: written), sources, tableAlone: true) { return .found(gloss) }
        if german {
            if let gloss = swissSpellingGloss(written, sources, route) { return .found(gloss) }
            if let gloss = separableVerbGloss(written, sources, route) { return .found(gloss) }
            if let gloss = compoundGloss(written, sources, route) { return .found(gloss) }
        }
        // In small letters (a list's `ii`) only when no dictionary knows the word: `vi` is Spanish first.
        if let gloss = romanNumeralGloss(written) { return .found(gloss) }
        let missing = missingPackages(route)
        guard missing.isEmpty else { return .missingDictionary(packages: missing) }
        // Only when every dictionary is there: `sortie` is English too, but French first.
        if nativeLanguage == .english, let gloss = englishGloss(written, route) { return .found(gloss) }
        if let gloss = sharedWithEnglishGloss(written, route) { return .found(gloss) }
        return .notFound
    }

    /// The gloss of a word as written, in its case forms, its accented spellings, then its base forms
    /// (Apertium's, then hunspell's stems); nil when no dictionary knows any of them.
    func gloss(ofWritten written: String, _ sources: Sources, _ route: GlossRoute) -> Gloss? {
        let forms = Self.caseForms(of: written)
        if let verb = sources.analyser?.auxiliaryVerb(of: written) ?? germanAuxiliary(of: written, sources),
           let gloss = gloss(Self.caseForms(of: verb), sources, kind: "v") {
            return gloss
        }
        let asWritten = gloss(forms, sources)
        // A headword Ding writes with a trailing ellipsis (`Tages…`) is the first part of compounds,
        // written joined to the next word; a word standing alone is not that.
        if let asWritten, !asWritten.headword.hasSuffix("…") { return asWritten }
        if route.language == GlossRoute.names[.german], let noun = genitiveGloss(written, sources, route) { return noun }
        if let asWritten { return asWritten }
        // Written without its accents, or German in capitals with SS for ß (a sign, a keyboard without
        // them): the headwords that differ from it in accents and ß alone, in the dictionary's own order.
        var accentedSpellings: [String] = []
        if sources.dingDirect, let ding = sources.ding { accentedSpellings = ding.accentedKeys(of: written) }
        for dictionary in [sources.direct, sources.pivot?.toGerman].compactMap({ $0 }) {
            for key in dictionary.accentedKeys(of: written) where !accentedSpellings.contains(key) { accentedSpellings.append(key) }
        }
        for spelling in accentedSpellings {
            if let gloss = gloss(Self.caseForms(of: spelling), sources) { return gloss }
        }
        for base in baseForms(of: forms, route) {
            if let gloss = gloss(Self.caseForms(of: base.form), sources, kind: base.kind) { return gloss }
        }
        return nil
    }

    /// Apertium's base forms of the forms, before hunspell's stems: irregular forms, clitics and elisions.
    func baseForms(of forms: [String], _ route: GlossRoute) -> [Analyser.Base] {
        var bases: [Analyser.Base] = []
        if let analyser = analyser(for: route.language) {
            for form in forms {
                for base in analyser.bases(of: form) where !forms.contains(base.form) && !bases.contains(where: { $0.form == base.form }) {
                    bases.append(base)
                }
            }
        }
        let stemmer = stemmer(for: route.language)
        // German inflects a noun at its end and by a few letters: a noun's stem under half the word is
        // hunspell's part of a compound (`Bahnhofstraße` → Hof), which the compound rule reads by its
        // head instead. An adjective's may be short (`neuesten` → neu).
        let compounding = route.language == GlossRoute.names[.german]
        for form in forms {
            for stem in stemmer?.stems(of: form) ?? [] where !forms.contains(stem) && !bases.contains(where: { $0.form == stem }) {
                if compounding, form.first?.isUppercase == true, stem.count * 2 < form.count { continue }
                bases.append(Analyser.Base(form: stem, kind: nil))
            }
        }
        return bases
    }

    /// Opens what glossing words of `languages` needs (the dictionaries, hunspell, Apertium's analysers,
    /// and Ding's index, built here on a first start: about 18 s, which the first German photo would
    /// otherwise wait), and says per language what it has: the lines the worker logs at start.
    public func prepare(_ languages: [Language]) -> [String] {
        languages.compactMap { language -> String? in
            guard language != nativeLanguage, let route = GlossRoute(language: language, nativeLanguage: nativeLanguage) else { return nil }
            var found: [String] = []
            if route.readsDing, dingDictionary() != nil { found.append("Ding's de-en") }
            found += route.pairs.filter { dictionary($0) != nil }.map { "freedict-\($0)" }
            if analyser(for: route.language) != nil, let automaton = route.language.analyser { found.append(automaton.package) }
            if stemmer(for: route.language) != nil { found.append("hunspell \(route.language.hunspell)") }
            let missing = missingPackages(route)
            return "\(language): " + (found.isEmpty ? "no dictionary" : found.joined(separator: ", "))
                + (missing.isEmpty ? "" : " (missing: \(missing.joined(separator: ", ")))")
        }
    }

    /// The packages missing from this glossary's folders for glossing words of `languages`, for
    /// `wordbook status`; `installCommand(for:)` makes the line that installs them.
    public func missingPackages(for languages: [Language]) -> [String] {
        var missing: [String] = []
        for language in languages where language != nativeLanguage {
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

    // MARK: - Opened once

    func dictionary(_ pair: String) -> BilingualDictionary? {
        dictionaries.withLock { opened in
            if let known = opened[pair] { return try? known.get() }
            let result = Result { () throws(GlossError) in try BilingualDictionary(folder: dictionaryFolder, pair: pair) }
            opened[pair] = result
            return try? result.get()
        }
    }

    /// Ding's file with its index, built on first use when the file is new or changed.
    func dingDictionary() -> DingDictionary? {
        ding.withLock { opened in
            if let known = opened { return try? known.get() }
            let result = Result { () throws(GlossError) in try DingDictionary(path: dingPath, indexFolder: indexFolder) }
            opened = result
            return try? result.get()
        }
    }

    private func analyser(for language: GlossRoute.LanguageNames) -> Analyser? {
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

    func stemmer(for language: GlossRoute.LanguageNames) -> Stemmer? {
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

    static func joined(_ entries: [DictionaryEntry]) -> String {
        entries.map { $0.text.trimmingSpaces }.joined(separator: "\n\n")
    }
}
