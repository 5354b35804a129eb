import Foundation
import Synchronization

/// Looks words up in Debian's FreeDict dictionaries, offline, for a learner whose own language is
/// `nativeLanguage`. Dictionaries and hunspell data are opened on first use and kept; a glossary is
/// safe to share between threads.
///
/// A word is tried in this order, the first that yields a translation winning:
/// 1. as written, then lower-cased and capitalised, in the direct dictionary (`fermé` is "closed",
///    an adjective of its own, before it is a form of `fermer`);
/// 2. the same forms through German, when neither language is German (`mairie` → `Rathaus`);
/// 3. hunspell's stems of those forms in the direct dictionary (`sorties` → `sortie`);
/// 4. the stems through German.
/// Through German, only German headwords spelled exactly as the first dictionary wrote them are
/// looked up: a stem of a German compound is another word.
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
        if let gloss = gloss(forms, in: direct) ?? gloss(forms, through: pivot) { return .found(gloss) }

        let stemmer = stemmer(for: route.language)
        var stems: [String] = []
        for form in forms {
            for stem in stemmer?.stems(of: form) ?? [] where !forms.contains(stem) && !stems.contains(stem) {
                stems.append(stem)
            }
        }
        for stem in stems {
            if let gloss = gloss(Self.caseForms(of: stem), in: direct) { return .found(gloss) }
        }
        for stem in stems {
            if let gloss = gloss(Self.caseForms(of: stem), through: pivot) { return .found(gloss) }
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

    private func gloss(_ forms: [String], in dictionary: BilingualDictionary?) -> Gloss? {
        guard let dictionary, let (entries, headword) = entries(forms, in: dictionary) else { return nil }
        let translations = GlossLine.ranked(entries)
        guard let first = translations.first else { return nil }
        return Gloss(text: GlossLine.text(translations, grammar: entries[first.entry].grammar),
                     entry: Self.joined(entries), headword: headword)
    }

    /// The word's German translations, the first few in turn, each looked up as spelled.
    private func gloss(_ forms: [String], through pivot: (toGerman: BilingualDictionary, fromGerman: BilingualDictionary)?) -> Gloss? {
        guard let pivot, let (entries, headword) = entries(forms, in: pivot.toGerman) else { return nil }
        for german in GlossLine.ranked(entries).prefix(Self.germanTranslationsTried) {
            let germanWord = Self.withoutParentheses(german.text)
            guard let (germanEntries, _) = self.entries([germanWord], in: pivot.fromGerman, exactly: true) else { continue }
            let translations = GlossLine.ranked(germanEntries)
            guard !translations.isEmpty else { continue }
            // The grammar is the word's own: a learner of French wants `mairie`'s gender, not `Rathaus`'s.
            return Gloss(text: GlossLine.text(translations, grammar: entries[german.entry].grammar),
                         entry: Self.joined(entries) + "\n\n" + Self.joined(germanEntries),
                         headword: headword)
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
