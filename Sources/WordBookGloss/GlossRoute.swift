import Glibc
import WordBookVocabulary

/// The dictionaries a word's gloss goes through for one pair of languages, and the Debian packages
/// that hold them. FreeDict's direct dictionaries between French or Spanish and English are small
/// (8.5k and 4.5k headwords); its German ones are large, so a word neither German nor glossed in
/// German may also go through German: `mairie` → `Rathaus` → town hall.
struct GlossRoute {
    /// What FreeDict and hunspell call a language, and the package with its hunspell dictionary.
    struct LanguageNames: Equatable {
        var freeDict: String
        var hunspell: String
        var hunspellPackage: String
        /// Apertium's analyser for the language: the automaton under the Apertium folder, and its package.
        var analyser: (automaton: String, package: String)?

        static func == (a: LanguageNames, b: LanguageNames) -> Bool {
            (a.freeDict, a.hunspell, a.hunspellPackage, a.analyser?.automaton) == (b.freeDict, b.hunspell, b.hunspellPackage, b.analyser?.automaton)
        }
    }

    struct Pivot: Equatable {
        var toGerman: String
        var fromGerman: String
    }

    static let names: [Language: LanguageNames] = [
        .english: LanguageNames(freeDict: "eng", hunspell: "en_US", hunspellPackage: "hunspell-en-us"),
        .german: LanguageNames(freeDict: "deu", hunspell: "de_DE", hunspellPackage: "hunspell-de-de"),
        .french: LanguageNames(freeDict: "fra", hunspell: "fr_FR", hunspellPackage: "hunspell-fr",
                       analyser: ("apertium-fr-es/fr-es.automorf.bin", "apertium-fr-es")),
        .spanish: LanguageNames(freeDict: "spa", hunspell: "es_ES", hunspellPackage: "hunspell-es",
                       analyser: ("apertium-eng-spa/spa-eng.automorf.bin", "apertium-eng-spa")),
    ]

    /// The FreeDict pairs among these languages that Debian packages as `dict-freedict-<pair>`.
    static let debianPairs: Set = [
        "deu-eng", "deu-fra", "deu-spa", "eng-deu", "eng-fra", "eng-spa", "fra-deu", "fra-eng", "fra-spa", "spa-deu", "spa-eng",
    ]

    /// The word's language to the learner's, `fra-eng`, when Debian has it.
    var direct: String?
    /// The word's language to German and German to the learner's, when neither is German.
    var throughGerman: Pivot?
    /// The word's language, for its hunspell stems.
    var language: LanguageNames
    /// Apertium's bilingual tables from the word's language to English, in turn (French goes through
    /// Spanish: `péage` → peaje → toll), each under the Apertium folder, with its package.
    var tables: [(automaton: String, package: String)] = []
    /// Whether Ding's German-English file is the direct dictionary (German words, an English speaker).
    var dingDirect: Bool
    /// Whether the route reads Ding's file, directly or as the way from German to English.
    var readsDing: Bool { dingDirect || throughGerman?.fromGerman == "deu-eng" }

    /// Ding's file as `trans-de-en` installs it.
    static let dingPath = "/usr/share/trans/de-en"
    static let apertiumFolder = "/usr/share/apertium"
    static let dingPackage = "trans-de-en"
    /// lttoolbox's analyser program, which every Apertium pair depends on.
    static let ltProc = "/usr/bin/lt-proc"
    static let ltProcPackage = "lttoolbox"

    /// Nil when Debian has no dictionary to take the word there.
    init?(language wordLanguage: Language, nativeLanguage: Language) {
        guard let language = Self.names[wordLanguage], let native = Self.names[nativeLanguage] else { return nil }
        self.language = language
        let direct = "\(language.freeDict)-\(native.freeDict)"
        self.direct = Self.debianPairs.contains(direct) ? direct : nil
        dingDirect = direct == "deu-eng"
        let spanishToEnglish = (automaton: "apertium-eng-spa/spa-eng.autobil.bin", package: "apertium-eng-spa")
        switch (wordLanguage, nativeLanguage) {
        case (.spanish, .english): tables = [spanishToEnglish]
        case (.french, .english): tables = [("apertium-fr-es/fr-es.autobil.bin", "apertium-fr-es"), spanishToEnglish]
        default: break
        }
        let german = "deu"
        let toGerman = "\(language.freeDict)-\(german)", fromGerman = "\(german)-\(native.freeDict)"
        if language.freeDict != german, native.freeDict != german,
           Self.debianPairs.contains(toGerman), Self.debianPairs.contains(fromGerman) {
            throughGerman = Pivot(toGerman: toGerman, fromGerman: fromGerman)
        }
        guard self.direct != nil || throughGerman != nil else { return nil }
    }

    /// Every dictionary the route reads, in the order it reads them.
    var pairs: [String] {
        [direct, throughGerman?.toGerman, throughGerman?.fromGerman].compactMap { $0 }
    }

    static func package(forPair pair: String) -> String { "dict-freedict-\(pair)" }

    static func hunspellPaths(folder: String, language: LanguageNames) -> (affix: String, dictionary: String) {
        ("\(folder)/\(language.hunspell).aff", "\(folder)/\(language.hunspell).dic")
    }

    /// The packages whose files are not in the folders, without opening anything.
    func missingPackages(dictionaryFolder: String, hunspellFolder: String, dingPath: String = Self.dingPath,
                         apertiumFolder: String = Self.apertiumFolder) -> [String] {
        var missing: [String] = []
        for pair in pairs {
            let files = ["index", "dict.dz"].map { BilingualDictionary.path(folder: dictionaryFolder, pair: pair, ending: $0) }
            if !files.allSatisfy(Self.isReadable) { missing.append(Self.package(forPair: pair)) }
        }
        if readsDing, !Self.isReadable(dingPath) { missing.append(Self.dingPackage) }
        missing += missingApertiumPackages(apertiumFolder: apertiumFolder)
        let hunspell = Self.hunspellPaths(folder: hunspellFolder, language: language)
        if !Self.isReadable(hunspell.affix) || !Self.isReadable(hunspell.dictionary) {
            missing.append(language.hunspellPackage)
        }
        return missing
    }

    /// The Apertium packages whose analyser or bilingual table is not in the folder, and lttoolbox without `lt-proc`.
    func missingApertiumPackages(apertiumFolder: String) -> [String] {
        guard let analyser = language.analyser else { return [] }
        var missing: [String] = []
        for (automaton, package) in [analyser] + tables
        where !Self.isReadable(apertiumFolder + "/" + automaton) && !missing.contains(package) {
            missing.append(package)
        }
        if access(Self.ltProc, X_OK) != 0 { missing.append(Self.ltProcPackage) }
        return missing
    }

    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
