import Foundation
import Testing
@testable import WordBookGloss
import WordBookVocabulary

/// German words Ding does not list, glossed by German's own rules from words it does, and the sense
/// a learner meets first put first; on Debian's real Ding file, hunspell dictionaries and wordfreq table.
@Suite struct GlossGermanTests {
    static let glossary = Glossary(nativeLanguage: .english)

    static func gloss(_ word: String, _ language: Language = .german) throws -> Gloss {
        guard case let .found(gloss) = glossary.lookUp(word, language: language) else {
            throw GlossLookupTests.GlossNotFound(word: word, lookup: glossary.lookUp(word, language: language))
        }
        return gloss
    }

    /// The first translation of a gloss line: `train, pull (n, masc)` → train.
    static func first(_ gloss: Gloss) -> String {
        String(gloss.text.prefix { $0 != "," && $0 != "(" }).trimmingCharacters(in: .whitespaces)
    }

    @Test func aCompoundIsGlossedByItsHeadAndNamesItsParts() throws {
        // Neither is a line of Ding's; hunspell alone would stem Bahnhofstraße to Hof.
        let street = try Self.gloss("Bahnhofstraße")
        #expect(street.headword == "Bahnhof + Straße")
        #expect(street.text.contains("street"), "\(street.text)")
        #expect(street.text.hasSuffix("(n, fem; Bahnhof + Straße)"), "\(street.text)")
        let window = try Self.gloss("Kinderzimmerfenster")
        #expect(window.headword == "Kinderzimmer + Fenster")
        #expect(window.text.contains("window"), "\(window.text)")
    }

    @Test func aCompoundsHeadMayBeACompoundAndItsFirstPartMayHaveALinkingElement() throws {
        // Haupt + Bahnhofstraße, itself Bahnhof + Straße.
        #expect(try Self.gloss("Hauptbahnhofstraße").text.contains("street"))
        // Arbeit-s-tischlampe: the s joins the parts; Arbeit is the word.
        let desk = try Self.gloss("Arbeitstischlampe")
        #expect(desk.headword == "Arbeit + Tischlampe", "\(desk.headword)")
        #expect(desk.text.contains("lamp"), "\(desk.text)")
    }

    @Test func aPrepositionFusedWithTheArticleIsThePrepositionWithThe() throws {
        let inThe = try Self.gloss("im")
        #expect(inThe.headword == "in + dem")
        #expect(Self.first(inThe) == "in the", "\(inThe.text)")
        #expect(try Self.gloss("zur").headword == "zu + der")
        #expect(try Self.gloss("vom").headword == "von + dem")
        #expect(try Self.gloss("ins").headword == "in + das")
        // A preposition Ding lists is itself.
        #expect(try Self.gloss("vor").headword == "vor")
    }

    @Test func swissSpellingFindsTheWordWithSharpS() throws {
        let hot = try Self.gloss("heisse")
        #expect(hot.text.contains("hot"), "\(hot.text)")
        #expect(try Self.gloss("grössten").headword.hasPrefix("größ"))
    }

    @Test func aSeparableVerbsJoinedParticleFindsTheVerb() throws {
        let looks = try Self.gloss("aussieht")
        #expect(looks.headword == "aussehen")
        #expect(looks.text.contains("look"), "\(looks.text)")
        #expect(try Self.gloss("aufzunehmen").headword == "aufnehmen")
    }

    @Test func anEnglishWordInGermanIsGlossedAsEnglishAndANameAsAName() throws {
        #expect(try Self.gloss("new").text == "new (English)")
        #expect(try Self.gloss("stream").text == "stream (English)")
        #expect(try Self.gloss("Obama").text == "Obama (a name)")
        #expect(Self.glossary.lookUp("Xyzzyquorx", language: .german) == .notFound)
        // A word the text's own hunspell knows is that language's, English spelling or not.
        for (word, language) in [("ran", Language.german), ("quant", .french)] {
            if case let .found(gloss) = Self.glossary.lookUp(word, language: language) {
                #expect(!gloss.text.hasSuffix("(English)"), "\(word): \(gloss.text)")
            }
        }
    }

    @Test func aWordNoDictionaryOfItsLanguageHasButEnglishHasIsGlossedAsEnglishMeansIt() throws {
        // `patois`: in no French dictionary; FreeDict's eng-deu has it, as Mundart, which Ding gives as dialect.
        let patois = try Self.gloss("patois", .french)
        #expect(patois.text.hasPrefix("patois, "), "\(patois.text)")
        #expect(patois.text.contains("dialect"), "\(patois.text)")
        #expect(patois.text.hasSuffix("(if as in English)"), "\(patois.text)")
        #expect(patois.entry.contains("Mundart"), "\(patois.entry)")
        // A word the French dictionaries have is theirs, whatever English means by it.
        let coin = try Self.gloss("coin", .french)
        #expect(coin.text.hasPrefix("corner"), "\(coin.text)")
        #expect(!coin.text.contains("if as in English"), "\(coin.text)")
        // In no installed dictionary at all, glycocolle stays without a gloss.
        #expect(Self.glossary.lookUp("glycocolle", language: .french) == .notFound)
    }

    @Test func onlyAWordWrittenWithACapitalIsANounCompound() throws {
        // `mitgliedern` is a form of gliedern after mit, not a compound noun Mit + Gliedern.
        if case let .found(gloss) = Self.glossary.lookUp("mitgliedern", language: .german) {
            #expect(!gloss.headword.contains("+"), "\(gloss.text)")
        }
        #expect(try Self.gloss("Kinderzimmerfenster").headword.contains("+"))
    }

    @Test func aWordDingHasWithACapitalOnlyAsACallIsTheWordInSmallLetters() throws {
        // Ding's `Danke!` with a capital is a film set's call, "Cut!"; `Natürlich!` is "Sure I will!".
        #expect(Self.first(try Self.gloss("Danke")) == "thanks")
        #expect(Self.first(try Self.gloss("Natürlich")) == "natural")
        // A noun's line stays: Achtung is respect as well as the call.
        #expect(try Self.gloss("Achtung").text.contains("respect"))
        // A call is still the word's before a line that only begins compounds (`Erzähl…`).
        #expect(try Self.gloss("Erzähl").text.contains("Shoot!"))
    }

    @Test func aMasculineOrNeuterNounsGenitiveIsTheNoun() throws {
        // Not Bahn + Hof (courtyard), Geburt + Tag (day), Vor + Tag: the noun Ding has whole.
        let station = try Self.gloss("Bahnhofs")
        #expect(station.headword == "Bahnhof", "\(station.text)")
        #expect(station.text.contains("station"), "\(station.text)")
        #expect(try Self.gloss("Geburtstags").text.contains("birthday"))
        #expect(try Self.gloss("Vortags").text.contains("day before"))
        #expect(try Self.gloss("PARKPLATZES").headword == "Parkplatz")
        // Not the verb leben, nor Ding's `Tages…` and `Ausgangs…`, which begin compounds.
        let life = try Self.gloss("Lebens")
        #expect(life.headword == "Leben" && life.text.contains("life"), "\(life.text)")
        #expect(Self.first(try Self.gloss("Tages")) == "day")
        #expect(Self.first(try Self.gloss("Ausgangs")) == "exit")
        // Not wegen + das: only before an m is a preposition's n left out (`vom`, von dem).
        #expect(try Self.gloss("Weges").headword == "Weg")
        // A word Ding has as it is written keeps its own entry; a feminine noun takes no -s.
        #expect(try Self.gloss("Sonntags").text.contains("Sunday"))
        #expect(try Self.gloss("Kameras").headword == "Kamera")
    }

    @Test func theCommonSenseComesFirstAndDingsFirstKeepsItsPlace() throws {
        // Ding's lines for Zug start with "lineament"; train is a hundred times more common, and its line the richest.
        #expect(Self.first(try Self.gloss("Zug")) == "train")
        let firstTwo = try Self.gloss("Hähnchen").text.components(separatedBy: ", ").prefix(2)
        #expect(firstTwo.contains { $0.contains("chicken") }, "\(firstTwo)")
        // Ding's first sense of Ausgang is as common as any other: it stays first.
        #expect(Self.first(try Self.gloss("Ausgang")) == "exit")
    }

    @Test func unlabelledLinesLeadingWithOneEnglishWordAreOneSense() throws {
        // `geschlossen`'s "closed" is on two unlabelled lines (closed circuits; closed and shut), each
        // alone less than its `[soc.]` line's "united", an English word frequent in names.
        #expect(Self.first(try Self.gloss("GESCHLOSSEN")) == "closed")
        // A line labelled with a field keeps its own weight: Satz is a sentence before a [math.] set.
        #expect(Self.first(try Self.gloss("Satz")) == "sentence")
    }

    @Test func aPluralDingHeadsIsAlsoItsSingularsPlural() throws {
        // Ding heads `Frauen {pl}` (females, womankind) and `Männer {pl}` (menfolk) on lines of their
        // own; on a toilet door they are the plurals of Frau and Mann.
        let women = try Self.gloss("Frauen")
        #expect(Self.first(women) == "woman" && women.headword == "Frau", "\(women.text)")
        #expect(Self.first(try Self.gloss("Männer")) == "man")
        #expect(Self.first(try Self.gloss("Zähne")) == "tooth")
        // The plural's own sense stays first where it is the common one.
        #expect(Self.first(try Self.gloss("Daten")) == "data")
    }

    @Test func englishFrequencyRanksWordsAndPhrases() throws {
        let train = try #require(EnglishFrequency.zipf(of: "train"))
        let lineament = try #require(EnglishFrequency.zipf(of: "lineament"))
        #expect(train - lineament > 2)
        #expect(EnglishFrequency.zipf(ofWord: "lineament") == EnglishFrequency.rare)
        // A phrase is rarer than its rarest word; a verb's `to` is not a word of it.
        let wayOut = try #require(EnglishFrequency.zipf(of: "way out"))
        let way = EnglishFrequency.zipf(ofWord: "way")
        #expect(wayOut < way)
        let toPull = EnglishFrequency.zipf(of: "to pull")
        let pull = EnglishFrequency.zipf(of: "pull")
        #expect(toPull == pull)
        let marks: Double? = EnglishFrequency.zipf(of: "sth.")
        #expect(marks == nil)
    }

    @Test func senseOrderMovesOnlyASenseTenTimesMoreCommon() {
        let senses: [(String, Double)] = [("first", 4.0), ("second", 4.8), ("third", 5.2)]
        let ordered: [String] = SenseOrder.ordered(senses) { $0.1 }.map(\.0)
        #expect(ordered == ["third", "first", "second"])
        let close: [(String, Double)] = [("a", 4.0), ("b", 4.9)]
        let kept: [String] = SenseOrder.ordered(close) { $0.1 }.map(\.0)
        #expect(kept == ["a", "b"])
    }

    /// The table is generated by scripts/gloss-frequency.py, whose SHA-256 its header records.
    @Test func theFrequencyTableIsTheOneItsScriptWrites() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let table = try String(contentsOf: root.appendingPathComponent("Sources/WordBookGloss/EnglishFrequency+Table.swift"), encoding: .utf8)
        let recorded = table.split(separator: "\n").first { $0.hasPrefix("// script sha256 ") }?.split(separator: " ").last.map(String.init)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [root.appendingPathComponent("scripts/gloss-frequency.py").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let digest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").first.map(String.init)
        process.waitUntilExit()
        #expect(recorded != nil)
        #expect(recorded == digest, "run scripts/gloss-frequency.py again: the table was written by another version of it")
        let groups = table.split(separator: "\n").filter { $0.first?.isNumber == true }
        let words: Int = groups.reduce(0) { $0 + $1.split(separator: " ").count - 1 }
        #expect(words == 30_000)
    }
}
