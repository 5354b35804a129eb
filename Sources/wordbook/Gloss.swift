import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookGloss
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct GlossCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gloss",
        abstract: "Write your own gloss for a word, fill in glosses the dictionaries can give now, or look words up.",
        discussion: """
            A word gets a gloss from Debian's FreeDict dictionaries when it is filed and when you correct it \
            ([gloss] in the configuration names your own language). Yours replaces the dictionary's and stays \
            through later corrections.

            Examples:
              wordbook gloss 12 "way out, exit"
              wordbook gloss --refresh           (after an upgrade or a new dictionary)
              wordbook gloss --look-up Straßen --language de
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The word's ID, then your gloss.", valueName: "id"))
    var id: WordID?

    @Argument(help: ArgumentHelp("What the word means, in your words.", valueName: "text"))
    var text: String?

    @Flag(help: "Look up every word that has no gloss yet or a dictionary's gloss, and store what the dictionaries give now; your own glosses stay.")
    var refresh = false

    @Option(name: .customLong("look-up"), parsing: .upToNextOption,
            help: ArgumentHelp("Print the dictionaries' gloss of these words, without storing anything.", valueName: "word"))
    var lookUpWords: [String] = []

    @Option(help: ArgumentHelp("With --look-up: the words' language (\(Language.allowedNames)).", valueName: "language"))
    var language: String?

    @Flag(help: "With --look-up: print one JSON document, with the time each look-up took.")
    var json = false

    var lookUp: Bool { !lookUpWords.isEmpty }

    func validate() throws {
        let modes = [refresh, lookUp, id != nil].filter { $0 }.count
        guard modes == 1 else {
            throw ValidationError("give a word's ID and your gloss, or --refresh, or --look-up WORD... --language L.")
        }
        if id != nil && (text ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("the gloss is empty: write what the word means after the ID.")
        }
        if lookUp {
            guard language != nil else { throw ValidationError("--look-up needs --language (\(Language.allowedNames)).") }
            _ = try Language.option(language!)
        }
        if json && !lookUp { throw ValidationError("--json goes with --look-up.") }
    }

    func run() throws {
        if lookUp { return try printLookUps() }
        let (database, configuration) = try options.openExisting()
        if let id, let text {
            let word = try database.setLearnerGloss(id: id.value, to: text)
            print("#\(id.value) \(word.word.escapingControlCharacters) = \((word.gloss ?? text).escapingControlCharacters) (yours; corrections keep it).")
            return
        }
        guard configuration.glossEnabled else {
            throw CommandFailure("glosses are off ([gloss] enabled = false in \(configuration.source ?? "the configuration")).")
        }
        let dictionaries = Dictionaries(configuration)
        let words = try database.wordsWithoutGloss()
        var filled = 0
        var unknown = 0
        var own = 0
        // A dictionary's gloss is looked up again: the dictionaries, or how WordBook reads them, may
        // give another since (a gloss stored before its headword was kept gains the article).
        var refreshed = 0
        let glossed = try database.wordsGlossedByDictionary().filter { $0.targetLanguage != configuration.nativeLanguage }
        // A few hundred words a second: on a terminal, a large book says how far it has come.
        let progress = Progress(total: glossed.count + words.filter { $0.targetLanguage != configuration.nativeLanguage }.count)
        for word in glossed {
            progress.step()
            if let gloss = dictionaries.gloss(of: word.word, language: word.targetLanguage),
               try database.fillGloss(id: word.id!, of: word.word, with: gloss) {
                refreshed += 1
            }
        }
        for word in words {
            // The learner's own language needs no translation: its words are not looked up.
            guard word.targetLanguage != configuration.nativeLanguage else {
                own += 1
                continue
            }
            progress.step()
            if let gloss = dictionaries.gloss(of: word.word, language: word.targetLanguage) {
                if try database.fillGloss(id: word.id!, of: word.word, with: gloss) { filled += 1 }
            } else {
                unknown += 1
            }
        }
        progress.done()
        var reasons: [String] = []
        if unknown > 0 { reasons.append("the dictionaries have no entry for \(grouped(unknown))") }
        if own > 0 {
            reasons.append("\(grouped(own)) \(own == 1 ? "is" : "are") in your own language (\(configuration.nativeLanguage.code), "
                + "[gloss] native_language), which is not looked up")
        }
        print("Glossed \(grouped(filled)) of \(grouped(words.count)) word\(words.count == 1 ? "" : "s") without a gloss"
            + (reasons.isEmpty ? "." : "; " + reasons.joined(separator: "; ") + "."))
        if refreshed > 0 {
            print("Looked up again: \(grouped(refreshed)) dictionary gloss\(refreshed == 1 ? " reads" : "es read") otherwise now; your own glosses stay as you wrote them.")
        }
        let missing = Glossary(configuration).missingPackages(for: try database.languages())
        if !missing.isEmpty { print("Missing dictionaries: sudo apt-get install \(missing.joined(separator: " "))") }
    }

    struct LookUpJSON: Encodable {
        struct Entry: Encodable {
            var word: String
            var gloss: String?
            var headword: String?
            var milliseconds: Double
        }

        var language: String
        var nativeLanguage: String
        var words: [Entry]
    }

    private func printLookUps() throws {
        let configuration = try options.loadConfiguration()
        let language = try Language.option(language!)
        let given = lookUpWords.filter { !$0.isEmpty }
        guard !given.isEmpty else { throw ValidationError("--look-up needs at least one word.") }
        let glossary = Glossary(configuration)
        var entries: [LookUpJSON.Entry] = []
        for word in given {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = glossary.lookUp(word, language: language)
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            switch result {
            case let .found(gloss):
                entries.append(.init(word: word, gloss: gloss.text, headword: gloss.headword, milliseconds: milliseconds))
                if !json { print("\(word.escapingControlCharacters)\t\(gloss.text.escapingControlCharacters)" + (gloss.headword.lowercased() == word.lowercased() ? "" : "\t(from \(gloss.headword.escapingControlCharacters))")) }
            case .notFound:
                entries.append(.init(word: word, gloss: nil, headword: nil, milliseconds: milliseconds))
                if !json { print("\(word.escapingControlCharacters)\t(not in the dictionaries)") }
            case .sameLanguage:
                throw ValidationError("\(language.code) is your own language ([gloss] native_language): its words get no gloss.")
            case let .missingDictionary(packages):
                throw Unavailable("the dictionary is not installed: sudo apt-get install \(packages.joined(separator: " "))")
            case .noDictionaryForPair:
                throw Unavailable("Debian has no FreeDict dictionary from \(language.code) to \(configuration.nativeLanguage.code).")
            }
        }
        if json {
            try printJSON(LookUpJSON(language: language.code, nativeLanguage: configuration.nativeLanguage.code, words: entries))
        }
    }
}

/// "Looked up 1,500 of 12,000 words…" on stderr, written over every 500 words, when stderr is a
/// terminal and the run is long enough to wait for; nothing otherwise.
private final class Progress {
    private let total: Int
    private let shown: Bool
    private var count = 0

    init(total: Int) {
        self.total = total
        shown = total >= 1_000 && isatty(STDERR_FILENO) == 1
    }

    func step() {
        count += 1
        guard shown, count % 500 == 0 else { return }
        FileHandle.standardError.write(Data("\rLooked up \(grouped(count)) of \(grouped(total)) words…".utf8))
    }

    /// Clears the line for what follows.
    func done() {
        guard shown, count >= 500 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
