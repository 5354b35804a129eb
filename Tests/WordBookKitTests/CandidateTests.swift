import Testing
import WordBookGloss
@testable import WordBookPipeline
import WordBookVocabulary

@Suite("Candidates")
struct CandidateTests {
    @Test("Mixed case means letters a writer would not mix", arguments: [
        ("FREEDOM", false), ("freedom", false), ("Freedom", false), ("Straße", false), ("STRAßE", false),
        ("BAÑO", false), ("Café", false), ("1-800", false), ("FREEaEDOM", true), ("IvAK", true), ("CALl", true),
    ])
    func mixedCase(text: String, mixed: Bool) {
        #expect(WordShape.hasMixedCase(text) == mixed)
    }

    @Test("Capitals where print never sets them mean a misreading; words, names and initials as print sets them do not", arguments: [
        ("Station", false), ("STATION", false), ("station", false), ("GameStop", false), ("McDonald's", false), ("iPhone", false),
        ("eBay", false), ("GmbH", false), ("DVDs", false), ("STRAßE", false), ("LULAB's", false), ("A-52", false), ("1-800", false),
        ("ClANGkt", true), ("ATHiwAR9", true), ("FeOmURE", true), ("eeANGiii", true), ("WiseDIE", true), ("AnnCE", true),
    ])
    func garbledCase(text: String, garbled: Bool) {
        #expect(WordShape.hasGarbledCase(text) == garbled)
    }

    @Test("Candidates are what a learner might pick: words near the aim, known spellings, twins in case or accents, no short non-words")
    func candidatesForALearner() {
        let known: Set<String> = ["stations", "level", "ausgang", "ausgänge"]
        let isWord: (String) -> Bool? = { known.contains($0.lowercased()) }
        #expect(Candidates.forLearner(
            ["Scation", "Sfation", "S", "a", "1910", "Stations", "STATION", "Level", "Gleis"], proposal: "Station", isWord: isWord)
            == ["Stations", "STATION", "Level", "Gleis"])
        #expect(Candidates.forLearner(["Ausganj", "Ausgan9", "Ausgänge", "AUSGANG"], proposal: "Ausgang", isWord: isWord)
            == ["Ausgänge", "AUSGANG"])
        #expect(Candidates.forLearner(["Cafc", "Cafa", "Cafe", "CAFÉ"], proposal: "Café", isWord: isWord) == ["Cafe", "CAFÉ"])
        // Without a dictionary a misspelling cannot be told from a word: only the twins stay.
        #expect(Candidates.forLearner(["iMadness", "MADNESS", "Gallery"], proposal: "Madness", isWord: { _ in nil })
            == ["MADNESS", "Gallery"])
        // Readings that differ only in capitals, mixed inside the word, fold into the cleanly written one.
        #expect(Candidates.forLearner(["CompresaCon", "CompresacOn", "COMPRESACON", "Farmacia"], proposal: "Compresacon", isWord: { _ in nil })
            == ["COMPRESACON", "Farmacia"])
        #expect(Candidates.forLearner(["Compresacon", "CompresaCon", "CompresacOn"], proposal: "Farmacia", isWord: { _ in nil })
            == ["Compresacon"])
        #expect(Candidates.forLearner(["CompresaCon", "CompresacOn"], proposal: "Farmacia", isWord: { _ in nil }) == ["CompresaCon"],
                "with no clean spelling, the first stays")
        // With no proposal, every word found stays a candidate.
        #expect(Candidates.forLearner(["Exit", "Sortie"], proposal: "", isWord: isWord) == ["Exit", "Sortie"])
        // Two or three letters are a word only when the dictionary knows them; without one, they stay.
        let short: Set<String> = ["inn", "to"]
        #expect(Candidates.forLearner(["ot", "Cee", "INN", "to", "otl"], proposal: "Hut", isWord: { short.contains($0.lowercased()) })
            == ["INN", "to"])
        #expect(Candidates.forLearner(["ot", "INN"], proposal: "Hut", isWord: { _ in nil }) == ["ot", "INN"])
        // A reading with its capitals where print never sets them is a misreading, unless the dictionary knows it.
        #expect(Candidates.forLearner(["ATHiwAR9", "THE", "EOuURR", "GameStop"], proposal: "ARTS", isWord: { _ in nil }) == ["THE", "GameStop"])
        #expect(Candidates.forLearner(["PhD", "GmbH"], proposal: "Hut", isWord: { _ in true }) == ["PhD", "GmbH"])
        // A small letter before a capitalised word is a brand set on that word; before no word, a stray mark.
        let words: Set<String> = ["phone", "bay", "ahead"]
        #expect(Candidates.forLearner(["pAneac", "iPhone", "eBay", "sOns"], proposal: "Ahead", isWord: { words.contains($0.lowercased()) })
            == ["iPhone", "eBay"])
        #expect(Candidates.forLearner(["pAneac"], proposal: "Ahead", isWord: { _ in nil }) == ["pAneac"], "without a dictionary it stays")
    }

    @Test("The proposal glued to a neighbour's letters or a misreading of that, two words with a mark between, or a string of marks and digits, is no candidate; a word that holds it is")
    func gluedReadingsAreNoCandidates() throws {
        let glossary = Glossary(nativeLanguage: .english)
        try #require(glossary.isWord("towing", language: .english) == true, "hunspell-en-us is installed")
        func candidates(_ readings: [String], _ proposal: String) -> [String] {
            Candidates.forLearner(readings, proposal: proposal) { glossary.isWord($0, language: .english) }
        }
        #expect(candidates(["MDENPUB", "IDENPUB", "TAVERN"], "PUB") == ["TAVERN"])
        #expect(candidates(["CLEANINGPLACE", "PLACE"], "CLEANING") == ["PLACE"])
        #expect(candidates(["SCHOOL16", "16-A", "HIGH"], "SCHOOL") == ["HIGH"])
        #expect(candidates(["deliciousjust", "just"], "delicious") == ["just"])
        #expect(candidates(["DAYS-INK", "INN"], "DAYS") == ["INN"])
        // The run the aim took its part from goes, and so do its misreadings.
        #expect(candidates(["ROCKYMOUNTS", "ROCYMOUNTS", "MOUNTS"], "ROCKY") == ["MOUNTS"])
        #expect(candidates(["LULAB'sAN", "LULAB's", "AN"], "LULAB") == ["LULAB's", "AN"])
        // Two words with a mark between them, such as a reader that took a sign's bullet for a colon.
        #expect(candidates(["WOTELS:RE", "KOTELS·RE", "MOTEL"], "HOTELS") == ["MOTEL"])
        // A word that holds the proposal is its reading cut short; the sign's possessive is its spelling.
        #expect(candidates(["TOWINGAUTO", "TOWING"], "TOW") == ["TOWING"])
        #expect(candidates(["MAX'STOI", "MAX’S", "TOWING"], "MAX") == ["MAX’S", "TOWING"])
    }

    @Test("A reading that differs from the proposal or a better candidate only in its apostrophe is the same word: one of them is shown")
    func apostrophesFold() {
        let isWord: (String) -> Bool? = { _ in nil }
        #expect(Candidates.forLearner(["BROWN'S", "BROWN\u{2019}S", "TAVERN"], proposal: "BROWN", isWord: isWord) == ["BROWN'S", "TAVERN"])
        #expect(Candidates.forLearner(["Domino\u{2019}s", "Domino's", "Pizza"], proposal: "Domino", isWord: isWord) == ["Domino\u{2019}s", "Pizza"])
        #expect(Candidates.forLearner(["Domino's", "Pizza"], proposal: "Domino\u{2019}s", isWord: isWord) == ["Pizza"])
        #expect(Candidates.forLearner(["O\u{2018}NEILL", "O'NEILL", "O\u{2032}NEILL", "BAR"], proposal: "PUB", isWord: isWord) == ["O\u{2018}NEILL", "BAR"])
    }

    @Test("A sure proposal's misreading glued to a neighbour is no candidate; beside a guess it may be the word read right")
    func misreadingsGluedToANeighbour() {
        let isWord: (String) -> Bool? = { ["the", "for", "came", "game", "stop", "tame"].contains($0.lowercased()) }
        #expect(Candidates.forLearner(["the", "Hycsosthe", "Hyxsosthe"], proposal: "Hyksos", isWord: isWord) == ["the"])
        #expect(Candidates.forLearner(["Nogrollo84", "golemnnessfor"], proposal: "Mogrollo", isWord: isWord) == ["golemnnessfor"])
        #expect(Candidates.forLearner(["GameStop", "tame"], proposal: "Came", sure: false, isWord: isWord) == ["GameStop", "tame"])
        #expect(Candidates.forLearner(["GameStop", "tame"], proposal: "Came", sure: true, isWord: isWord) == ["tame"])
        // A possessive of another reading is that reading's spelling, not a neighbour glued on.
        #expect(Candidates.forLearner(["DOLAN'S"], proposal: "DQLAN", isWord: isWord) == ["DOLAN'S"])
    }

    @Test("A candidate's misspelling the dictionary does not know goes, as the proposal's does")
    func candidatesMisspellingsGo() {
        let isWord: (String) -> Bool? = { ["such", "such's"].contains($0.lowercased()) ? true : nil }
        #expect(Candidates.forLearner(["DOLAN’S", "DQLAN’S", "DGLAN’S", "PUB"], proposal: "DOLAN", isWord: isWord) == ["DOLAN’S", "PUB"])
        #expect(Candidates.forLearner(["Domino's", "Donino’s", "Dowino’s"], proposal: "Domino", isWord: isWord) == ["Domino's"])
        #expect(Candidates.forLearner(["MAR", "SUCH", "SUCM"], proposal: "SUSHI", isWord: isWord) == ["MAR", "SUCH"])
    }

    @Test("A ß misread as B is a misspelling of the proposal, not a candidate; STRASSE and Straßen stay")
    func sharpSMisreadIsNoCandidate() throws {
        let glossary = Glossary(nativeLanguage: .english)
        try #require(glossary.isWord("Straße", language: .german) == true, "hunspell-de-de is installed")
        let candidates = Candidates.forLearner(["StraBe", "STRASSE", "Straßen", "Einbahnstraße"], proposal: "Straße") {
            glossary.isWord($0, language: .german)
        }
        #expect(candidates == ["STRASSE", "Straßen", "Einbahnstraße"])
    }

    @Test("The dictionary settles accents: a reading that lost or gained them is no candidate beside a word it knows")
    func accentsSettledByTheDictionary() throws {
        let glossary = Glossary(nativeLanguage: .english)
        try #require(glossary.isWord("Soufflé", language: .german) == true, "hunspell-de-de is installed")
        func candidates(_ readings: [String], _ proposal: String, _ language: Language) -> [String] {
            Candidates.forLearner(readings, proposal: proposal) { glossary.isWord($0, language: language) }
        }
        #expect(candidates(["Souffle", "SOUFFLÉ"], "Soufflé", .german) == ["SOUFFLÉ"])
        #expect(candidates(["Äusgang", "ausgang", "AUSGANG"], "Ausgang", .german) == ["ausgang", "AUSGANG"])
        #expect(candidates(["INUSABLÉ"], "INUSABLE", .french) == [])
        // A proposal the dictionary does not know keeps its accented twin: the sign may be right.
        #expect(candidates(["Café"], "Cafè", .french) == ["Café"])
    }

    @Test("A clean spelling of the best reading's length comes before odd ones of equal belief")
    func oddReadingsGoLast() {
        let readings = [
            Reading(text: "FREEaEDOM", confidence: 80, line: ""),
            Reading(text: "FREE‘AEDOM", confidence: 70, line: ""),
            Reading(text: "FREEtaEDOM", confidence: 70, line: ""),
            Reading(text: "FREEDOM", confidence: 68, line: ""),
            Reading(text: "FREEDOMS", confidence: 66, line: ""),
        ]
        // 66 - 5 (a letter longer), 68 - 10 (two shorter), 70 - 5 - 10 (inner quote), 70 - 5 - 20 (mixed case)
        #expect(Reading.alternatives(readings) == ["FREEDOMS", "FREEDOM", "FREE‘AEDOM", "FREEtaEDOM"])
    }

    @Test("Candidates never repeat the proposal, never lack a letter or digit, and keep case twins last")
    func distinct() {
        let texts = ["Cafe", "café", "—", "", "Café", "Cafe", "Caf", "Cafés", "Cave", "Cafè"]
        let candidates = Candidates.distinct(texts, excluding: "Café")
        #expect(candidates == ["Cafe", "Caf", "Cafés", "Cave"])
        #expect(Candidates.distinct(["cafe", "CAFE"], excluding: "Café") == ["cafe", "CAFE"])
    }

    @Test("Another reading of a word is about as long, or the word with a neighbour run into it", arguments: [
        ("Restaurant", "Restourant", true), ("IRVING", "IRYING", true), ("MOUNTS", "ROCKYMOUNTS", true),
        ("DAYS", "DAYSINN", true), ("be", "MARU", false), ("ARTS", "FORMINGXYZ", false), ("LEANING", "CLEANINGPLACE", false),
    ])
    func anotherReading(other: String, text: String, expected: Bool) {
        let words: Set = ["rocky", "inn", "place"]
        #expect(WordShape.isReading(other, of: text) { words.contains($0.lowercased()) } == expected)
    }
}
