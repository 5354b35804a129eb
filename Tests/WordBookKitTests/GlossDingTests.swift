import Foundation
import Testing
@testable import WordBookGloss
import WordBookVocabulary

/// German glosses from Ding's own file (`trans-de-en`): the common sense first, inflected forms, marks
/// shown cleanly, the index built once and again when the file changes.
@Suite struct GlossDingTests {
    static let glossary = Glossary(nativeLanguage: .english)

    static func gloss(_ word: String, in glossary: Glossary = glossary) throws -> Gloss {
        try GlossLookupTests.gloss(word, "de", in: glossary)
    }

    /// The first two translations a learner reads.
    static func firstTwo(_ gloss: Gloss) -> [String] {
        let line = gloss.text.split(separator: " (").first.map(String.init) ?? gloss.text
        return line.components(separatedBy: ", ").prefix(2).map { $0 }
    }

    @Test func aSignShowsItsEverydaySenseFirst() throws {
        // FreeDict's deu-eng gave "termination, exit", "reckoning", "actuate", "taskmasters", "avenue".
        #expect(try Self.gloss("Ausgang").text.hasPrefix("exit, "))
        #expect(try Self.firstTwo(Self.gloss("Rechnung")).contains("bill"))
        #expect(try Self.firstTwo(Self.gloss("geschlossen")).contains("closed"))
        #expect(try Self.gloss("drücken").text.hasPrefix("to press"))
        #expect(try Self.gloss("versuchen").text.hasPrefix("to try"))
        #expect(try Self.firstTwo(Self.gloss("Straße")).contains("street"))
    }

    @Test func headwordsFreeDictDroppedAreFound() throws {
        #expect(try Self.gloss("Polizei").text.contains("police"))
        #expect(try Self.gloss("retten").text.contains("to rescue"))
    }

    @Test func aVerbDingFilesWithAPrepositionAndObjectIsGlossed() throws {
        // Ding files verzichten only as `auf etw. verzichten`, and "to haggle" only as `um etw. feilschen`:
        // the preposition and its object are not the word.
        #expect(try Self.gloss("verzichten").text.hasPrefix("to do without"))
        #expect(try Self.gloss("feilschen").text.contains("to haggle"))
        #expect(try Self.gloss("kümmern").text.contains("to look after"))
        // Such a use is a narrower sense, after the verb's own: `sich um etw. handeln` ("to be") does
        // not go before "to act", however common "be" is.
        #expect(try Self.gloss("handeln").text.hasPrefix("to act"))
        // Unless the verb's own lines say it in words no learner knows: feilschen's are "to palter" and
        // "to dicker", and a haggler's words come first, in capitals as a shop's sign writes it.
        for written in ["feilschen", "FEILSCHEN"] {
            let feilschen = try Self.firstTwo(Self.gloss(written))
            #expect(feilschen.contains { $0.contains("haggle") || $0.contains("bargain") }, "\(feilschen)")
        }
    }

    @Test func aFormOfAModalVerbIsThatVerbBeforeItsHomograph() throws {
        // Ding lists soll as an adverb, "reportedly", and sollte as a conjunction, "if"; both are sollen's forms first.
        let soll = try Self.gloss("soll")
        #expect(soll.headword == "sollen" && soll.text.hasPrefix("shall"), "\(soll.text)")
        #expect(try Self.firstTwo(Self.gloss("sollte")).contains("shall"))
        // Written as German writes nouns, it is the noun: das Soll, the target.
        #expect(try Self.gloss("Soll").text.hasPrefix("target"))
        // A form with no homograph is found as the verb's form, as before.
        #expect(try Self.gloss("ist").text.hasPrefix("to be (v)"))
    }

    @Test func anInflectedFormIsGlossedAsItsHeadword() throws {
        let herren = try Self.gloss("Herren")
        #expect(herren.headword == "Herr")
        #expect(herren.text.contains("gentleman"))
        let ist = try Self.gloss("ist")
        #expect(ist.headword == "sein")
        #expect(ist.text.hasPrefix("to be"))
        #expect(try Self.gloss("hat").headword == "haben")
        #expect(try Self.gloss("ging").headword == "gehen")
        #expect(try Self.gloss("Ausgänge").headword == "Ausgang")
        // A compound listed under another headword is glossed as itself, not as that headword.
        #expect(try Self.gloss("Betriebskostenabrechnung").text.hasPrefix("utility bill"))
    }

    @Test func dingsMarksAreShownCleanly() throws {
        let lines = try String(contentsOfFile: "/usr/share/trans/de-en", encoding: .utf8).split(separator: "\n")
        let street = try #require(lines.first { $0.hasPrefix("Straße {f} /Str./ (in der Stadt)") }.flatMap { DingEntry(line: String($0)) })
        #expect(street.readable.hasPrefix("Straße (fem) (Str.) (in der Stadt) = street"), "\(street.readable)")
        #expect(street.readable.contains("\n  Straßen (pl) = streets\n"))
        // `to denigrate sb./ sth.`: the object marks, written apart, go too.
        for word in ["Ausgang", "Rechnung", "Straße", "Herren", "drücken", "verunglimpfen"] {
            let gloss = try Self.gloss(word)
            for mark in ["{", "}", "[", "]", "<", ">", "/", " :: ", " | "] {
                #expect(!gloss.text.contains(mark), "\(word): \(gloss.text)")
            }
        }
        #expect(try Self.gloss("Straße").text.hasSuffix("(n, fem)"))
    }

    @Test func theCaseAsWrittenChoosesBetweenDingsHeadwords() throws {
        #expect(try Self.gloss("essen").text.hasPrefix("to eat"))
        #expect(try Self.gloss("Essen").text.contains("meal"))
    }

    /// A small Ding file made of the real file's lines: indexed on first use, indexed again once it changes.
    @Test func theIndexIsBuiltOnceAndAgainWhenTheFileChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-ding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = try String(contentsOfFile: "/usr/share/trans/de-en", encoding: .utf8).split(separator: "\n")
        let ausgang = lines.filter { $0.hasPrefix("Ausgang {m}") }
        let polizei = lines.filter { $0.hasPrefix("die Polizei {f}") }
        #expect(ausgang.count >= 5 && polizei.count == 1)
        let source = folder.appendingPathComponent("de-en").path
        let indexes = folder.appendingPathComponent("cache").path
        try (["# a part of Ding's file"] + ausgang).joined(separator: "\n").write(toFile: source, atomically: true, encoding: .utf8)

        let first = Glossary(nativeLanguage: .english, dingPath: source, indexFolder: indexes)
        #expect(try Self.gloss("Ausgang", in: first).text.hasPrefix("exit, output, way out"))
        let built = try FileManager.default.contentsOfDirectory(atPath: indexes)
        #expect(built.count == 1 && built[0].hasPrefix("ding-de-en-") && built[0].hasSuffix(".index"))
        // Where Ding has nothing, FreeDict's deu-eng.
        #expect(try Self.gloss("Bahnhof", in: first).text.contains("station"))
        #expect(first.lookUp("Polizei", language: .german) == .notFound)

        try (["# a part of Ding's file"] + ausgang + polizei).joined(separator: "\n")
            .write(toFile: source, atomically: true, encoding: .utf8)
        let again = Glossary(nativeLanguage: .english, dingPath: source, indexFolder: indexes)
        #expect(try Self.gloss("Polizei", in: again).text.hasPrefix("the police"))
        let rebuilt = try FileManager.default.contentsOfDirectory(atPath: indexes)
        #expect(rebuilt.count == 1 && rebuilt != built, "the old index is replaced: \(rebuilt)")

        // A folder that cannot be written: the index is built for the process alone.
        let unwritable = Glossary(nativeLanguage: .english, dingPath: source, indexFolder: "/proc/wordbook-cannot-write")
        #expect(try Self.gloss("Polizei", in: unwritable).text.hasPrefix("the police"))
    }
}
