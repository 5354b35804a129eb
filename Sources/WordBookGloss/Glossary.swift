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

    private let dictionaries = Mutex<[String: Result<BilingualDictionary, GlossError>]>([:])
    private let stemmers = Mutex<[String: Stemmer?]>([:])

    /// German translations tried in turn, through German, before giving up on a form.
    private static let germanTranslationsTried = 3

    public init(nativeLanguage: String, dictionaryFolder: String = "/usr/share/dictd",
                hunspellFolder: String = "/usr/share/hunspell") {
        self.nativeLanguage = nativeLanguage.lowercased()
        self.dictionaryFolder = dictionaryFolder
        self.hunspellFolder = hunspellFolder
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

        let direct = route.direct.flatMap(dictionary(_:))
        let pivot = route.throughGerman.flatMap { pivot -> (BilingualDictionary, BilingualDictionary)? in
            guard let toGerman = dictionary(pivot.toGerman), let fromGerman = dictionary(pivot.fromGerman) else { return nil }
            return (toGerman, fromGerman)
        }
        let forms = Self.caseForms(of: written)
        if let gloss = gloss(forms, direct: direct, pivot: pivot) { return .found(gloss) }
        // Written without its accents, or German in capitals with SS for ß (a sign, a keyboard without
        // them): the headwords that differ from it in accents and ß alone, in the dictionary's own order.
        var accentedSpellings: [String] = []
        for dictionary in [direct, pivot?.0].compactMap({ $0 }) {
            for key in dictionary.accentedKeys(of: written) where !accentedSpellings.contains(key) { accentedSpellings.append(key) }
        }
        for spelling in accentedSpellings {
            if let gloss = gloss(Self.caseForms(of: spelling), direct: direct, pivot: pivot) { return .found(gloss) }
        }

        let stemmer = stemmer(for: route.language)
        var stems: [String] = []
        for form in forms {
            for stem in stemmer?.stems(of: form) ?? [] where !forms.contains(stem) && !stems.contains(stem) {
                stems.append(stem)
            }
        }
        for stem in stems {
            if let gloss = gloss(Self.caseForms(of: stem), direct: direct, pivot: pivot) { return .found(gloss) }
        }

        let missing = missingPackages(route)
        return missing.isEmpty ? .notFound : .missingDictionary(packages: missing)
    }

    /// The packages missing for glossing words of `languages` for a learner of `nativeLanguage`, for
    /// `wordbook status`; `installCommand(for:)` makes the line that installs them.
    public static func missingPackages(nativeLanguage: String, languages: [String],
                                       dictionaryFolder: String = "/usr/share/dictd",
                                       hunspellFolder: String = "/usr/share/hunspell") -> [String] {
        var missing: [String] = []
        let nativeLanguage = nativeLanguage.lowercased()
        for language in languages.map({ $0.lowercased() }) where language != nativeLanguage {
            guard let route = GlossRoute(language: language, nativeLanguage: nativeLanguage) else { continue }
            for package in route.missingPackages(dictionaryFolder: dictionaryFolder, hunspellFolder: hunspellFolder)
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

    /// The gloss of these forms of one word from both routes, what they agree on first.
    private func gloss(_ forms: [String], direct: BilingualDictionary?,
                       pivot: (toGerman: BilingualDictionary, fromGerman: BilingualDictionary)?) -> Gloss? {
        let own = found(forms, in: direct)
        let other = found(forms, through: pivot)
        guard let first = own ?? other else { return nil }
        var translations = first.translations
        var entry = first.entry
        if let own, let other {
            let theirs = Set(other.translations.map { $0.lowercased() })
            let ours = Set(own.translations.map { $0.lowercased() })
            translations = own.translations.filter { theirs.contains($0.lowercased()) }
                + own.translations.filter { !theirs.contains($0.lowercased()) }
                + other.translations.prefix(1).filter { !ours.contains($0.lowercased()) }
            entry += "\n\n" + other.entry
        }
        let text = GlossLine.text(translations, grammar: first.grammar)
        return text.isEmpty ? nil : Gloss(text: text, entry: entry, headword: first.headword)
    }

    private func found(_ forms: [String], in dictionary: BilingualDictionary?) -> Found? {
        guard let dictionary, let (entries, headword) = entries(forms, in: dictionary) else { return nil }
        let translations = GlossLine.ranked(entries)
        guard let first = translations.first else { return nil }
        return Found(translations: translations.map(\.text), grammar: entries[first.entry].grammar,
                     entry: Self.joined(entries), headword: headword)
    }

    /// The word's German translations, the first few in turn, each looked up as spelled.
    private func found(_ forms: [String], through pivot: (toGerman: BilingualDictionary, fromGerman: BilingualDictionary)?) -> Found? {
        guard let pivot, let (entries, headword) = entries(forms, in: pivot.toGerman) else { return nil }
        for german in GlossLine.ranked(entries).prefix(Self.germanTranslationsTried) {
            let germanWord = Self.withoutParentheses(german.text)
            guard let (germanEntries, _) = self.entries([germanWord], in: pivot.fromGerman, exactly: true) else { continue }
            let translations = GlossLine.ranked(germanEntries)
            guard !translations.isEmpty else { continue }
            // The grammar is the word's own: a learner of French wants `mairie`'s gender, not `Rathaus`'s.
            return Found(translations: translations.map(\.text), grammar: entries[german.entry].grammar,
                         entry: Self.joined(entries) + "\n\n" + Self.joined(germanEntries), headword: headword)
        }
        return nil
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

    private static func joined(_ entries: [DictionaryEntry]) -> String {
        entries.map { $0.text.trimmingSpaces }.joined(separator: "\n\n")
    }
}
