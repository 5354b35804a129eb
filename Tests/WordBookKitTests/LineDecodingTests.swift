import Testing
@testable import WordBookPipeline

/// How the recogniser's steps become a line's words: CTC's repeats and blanks, and where a word ends.
@Suite struct LineDecodingTests {
    /// The line read from `text`, one character every other step with a blank between, a doubled
    /// letter read over two steps as CTC reads it: the symbols are the text's own.
    static func decoded(_ text: String) -> LineText {
        let symbols = [""] + Array(Set(text.map(String.init))).sorted() + [" "]
        var steps: [RecogniserStep] = []
        for character in text {
            let symbol = character == " " ? symbols.count - 1 : symbols.firstIndex(of: String(character))!
            steps.append(RecogniserStep(best: symbol, probability: 0.9, second: 0, secondProbability: 0.1))
            steps.append(RecogniserStep(best: symbol, probability: 0.9, second: 0, secondProbability: 0.1))
            steps.append(RecogniserStep(best: 0, probability: 0.9, second: symbol, secondProbability: 0.1))
        }
        return LineText(decoding: steps, symbols: symbols, inputWidth: 3 * text.count, usedWidth: 3 * text.count)
    }

    @Test("A star, bullet, bar or comma a sign sets between words ends a word, as a space does", arguments: [
        ("BURMA★SUPERSTAR", ["BURMA", "SUPERSTAR"]),
        ("BEER·WINE·LOTTO", ["BEER", "WINE", "LOTTO"]),
        ("PIZZA | PASTA", ["PIZZA", "PASTA"]),
        ("Kaffee,Kuchen", ["Kaffee", "Kuchen"]),
    ])
    func marksBetweenWordsEndThem(line: String, words: [String]) {
        let text = Self.decoded(line)
        #expect(text.words.map(\.text) == words)
        #expect(text.text == line)
    }

    @Test("Apostrophes, hyphens, full stops, ampersands and marks between digits stay inside a word", arguments: [
        "MAX'S", "DOLAN’S", "SAVE-WAY", "U.S.A.", "AT&T", "aujourd'hui", "Straße", "9,5m", "10:30",
    ])
    func marksInsideWordsKeepThem(word: String) {
        #expect(Self.decoded(word).words.map(\.text) == [word])
    }

    @Test("Each word lies where its letters were read along the line")
    func wordsArePlacedByTheirSteps() throws {
        let text = Self.decoded("AB★CD")
        let first = try #require(text.words.first), last = try #require(text.words.last)
        #expect(first.start < first.end && first.end <= last.start && last.start < last.end)
        #expect(first.end < 0.5 && last.start > 0.5)
    }
}

/// How the readings of one word are ranked together.
@Suite struct ReadingRankTests {
    static func readings(_ pairs: [(String, Double)]) -> [Reading] {
        pairs.map { Reading(text: $0.0, confidence: $0.1, line: "") }
    }

    @Test("Of two readings both sure, the one more attempts agree on comes first")
    func moreAgreementWinsAmongTheSure() {
        let ranked = WordReader.rank(Self.readings([("POLICED", 99), ("POLICE", 95), ("POLICE", 70), ("POLICED", 92), ("POLICE", 99)]))
        #expect(ranked.map(\.text) == ["POLICE", "POLICED"])
        #expect(ranked.map(\.confidence) == [100, 100])
    }

    @Test("At 100, the belief before the cap decides: the recogniser's sure reading over a doubtful one Tesseract read three ways")
    func beliefBeforeTheCapDecidesAtTheCap() {
        let ranked = WordReader.rank(Self.readings([("to", 99.98), ("lo", 71), ("lo", 94.3), ("to", 80), ("lo", 86.5)]))
        #expect(ranked.map(\.text) == ["to", "lo"])
        #expect(ranked.map(\.confidence) == [100, 100])
    }

    @Test("Case twins, agreed on alike, keep the order they were read in")
    func caseTwinsKeepTheirOrder() {
        let ranked = WordReader.rank(Self.readings([("NEST", 99), ("nest", 100), ("NEST", 95)]))
        #expect(ranked.map(\.text) == ["NEST", "nest"])
    }

    @Test("Below 100, where the confidence already counts the agreeing attempts, equals keep the order they were read in")
    func equalsBelowTheCapKeepTheirOrder() {
        let ranked = WordReader.rank(Self.readings([("to", 47), ("lo", 37), ("lo", 42)]))
        #expect(ranked.map(\.text) == ["to", "lo"])
        #expect(ranked.map(\.confidence) == [47, 47])
    }

    @Test("A reading read once, surely, comes before one read twice, doubtfully")
    func beliefBeforeVotes() {
        let ranked = WordReader.rank(Self.readings([("Kasse", 20), ("Kasse", 25), ("Kassel", 90)]))
        #expect(ranked.map(\.text) == ["Kassel", "Kasse"])
        #expect(ranked.map(\.confidence) == [90, 30])
    }
}
