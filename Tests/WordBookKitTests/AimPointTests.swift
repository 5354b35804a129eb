import Testing
@testable import WordBookPipeline
import WordBookVocabulary

/// Choosing one word out of a line or a page: the word under the aim point, with its own box.
@Suite("Aim point")
struct AimPointTests {
    static func word(_ text: String, x: Int, y: Int = 100, width: Int, height: Int = 40, confidence: Double = 95) -> RecognizedWord {
        RecognizedWord(text: text, confidence: confidence, box: PixelBox(x: x, y: y, width: width, height: height), line: 0)
    }

    /// "Musée du LOUVRE" as Tesseract returns it: three words, spaces between them.
    static let line = [
        word("Musée", x: 10, width: 200),
        word("du", x: 240, width: 70),
        word("LOUVRE", x: 340, width: 260),
    ]

    @Test("A line read with spaces becomes words with their own boxes, and the aim picks the one under it")
    func lineBecomesWords() throws {
        let reading = try #require(WordReader.compose(Self.line, centreX: 470, joinGap: Tuning.photoJoinGap))
        #expect(reading.text == "LOUVRE")
        #expect(reading.box == PixelBox(x: 340, y: 100, width: 260, height: 40))
        #expect(reading.line == "Musée du LOUVRE")
        #expect(reading.neighbours == ["du", "Musée"])

        let first = try #require(WordReader.compose(Self.line, centreX: 100, joinGap: Tuning.photoJoinGap))
        #expect(first.text == "Musée")
    }

    @Test("Between two words, the nearer one is proposed")
    func nearestWordWhenNoneIsUnder() throws {
        // 333 lies in the gap, 23 px after "du" and 7 before "LOUVRE".
        let reading = try #require(WordReader.compose(Self.line, centreX: 333, joinGap: Tuning.photoJoinGap))
        #expect(reading.text == "LOUVRE")
    }

    @Test("A word crop keeps the pieces Tesseract split apart as one word")
    func cropPiecesJoin() throws {
        let pieces = [Self.word("GREE", x: 0, width: 200), Self.word("N", x: 215, width: 50)]
        #expect(WordReader.compose(pieces, centreX: 100, joinGap: Tuning.joinGap)?.text == "GREEN")
        #expect(WordReader.compose(pieces, centreX: 100, joinGap: Tuning.photoJoinGap)?.text == "GREE")
    }

    @Test("A page's search joins a word Tesseract cut in two, even into two of its lines, and keeps word spaces")
    func searchPiecesJoin() {
        // fr_page_010's "silionne", 15 px letters: "silioi" and "nne" a pixel apart, put by Tesseract in
        // lines 23 and 24; "la" a word space (8 px) after; "chromiste" before; "bord" on the next line.
        var pieces = [
            Self.word("chromiste", x: 679, y: 558, width: 75, height: 16), Self.word("silioi", x: 759, y: 556, width: 32, height: 15),
            Self.word("nne", x: 792, y: 559, width: 27, height: 11), Self.word("la", x: 827, y: 554, width: 13, height: 15),
            Self.word("bord", x: 805, y: 582, width: 35, height: 15),
        ]
        pieces[2].line = 1
        pieces[3].line = 1
        pieces[4].line = 2
        let joined = WordReader.joiningPieces(pieces)
        #expect(joined.map(\.text) == ["chromiste", "silioinne", "bord", "la"])
        #expect(joined[1].box == PixelBox(x: 759, y: 556, width: 60, height: 15))
        // A line of words a word space apart stays as it is.
        #expect(WordReader.joiningPieces(Self.line) == Self.line)
    }

    @Test func aTallBoxBesideAWordDoesNotTurnAWordSpaceIntoAGapInsideAWord() throws {
        // "Downtrodden 508 Disillusion a": Tesseract's box for the last "a" takes in the plate's edge,
        // 64 px high on a line of 46 px letters; the 9 px word space before it is a space all the same.
        let line = [
            Self.word("Downtrodden", x: 47, y: 18, width: 302, height: 46), Self.word("508", x: 369, y: 14, width: 78, height: 44),
            Self.word("Disillusion", x: 467, y: 9, width: 238, height: 47), Self.word("a", x: 714, y: 0, width: 22, height: 64),
        ]
        let reading = try #require(WordReader.compose(line, centreX: 580, joinGap: Tuning.photoJoinGap))
        #expect(reading.text == "Disillusion")
        #expect(reading.neighbours.first == "a")
    }

    @Test("Punctuation at a word's edges goes, inside it stays", arguments: [
        ("«PALAIS-ROYAL»,", "PALAIS-ROYAL"), ("l'église.", "l'église"), ("(Café)", "Café"), ("¿Dónde?", "Dónde"),
    ])
    func punctuation(read: String, word: String) throws {
        #expect(WordText.clean(read) == word)
        let line = [Self.word("Sortie", x: 0, width: 200), Self.word(read, x: 240, width: 380)]
        #expect(WordReader.compose(line, centreX: 400, joinGap: Tuning.photoJoinGap)?.text == word)
    }

    /// Three lines of a page, 22 px high, 10 px apart; the aim point on the middle word.
    static let page: [RecognizedWord] = (0..<3).flatMap { row in
        ["alpha", "bravo", "charlie"].enumerated().map { column, text in
            word("\(text)\(row)", x: 100 + column * 140, y: 100 + row * 32, width: 120, height: 22)
        }
    }

    @Test("On a page, the word at the aim point wins over longer or more confident words around it")
    func pageWordAtTheAimPoint() {
        var words = Self.page
        words[0] = Self.word("extraordinarily", x: 100, y: 100, width: 240, height: 22, confidence: 99)
        let ranked = AimPoint.rank(words, aim: (x: 300, y: 143))
        #expect(ranked.first?.text == "bravo1")
    }

    @Test("Confidence in the aim is low among close rivals, high for a word alone")
    func certainty() {
        let page = Self.page.map(\.box)
        let aimed = page[4]
        let crowded = AimPoint.certainty(of: aimed, among: page.filter { $0 != aimed }, aim: (x: aimed.midX, y: aimed.midY), unit: 22)
        let alone = AimPoint.certainty(
            of: aimed, among: [PixelBox(x: 2000, y: 2000, width: 120, height: 22)], aim: (x: aimed.midX, y: aimed.midY), unit: 22)
        #expect(crowded < 0.6)
        #expect(alone > 0.99)
        // A plate's frame around the word is no rival.
        let frame = PixelBox(x: 50, y: 50, width: 600, height: 200)
        #expect(AimPoint.certainty(of: aimed, among: [frame], aim: (x: aimed.midX, y: aimed.midY), unit: 22) == 1)
    }

    @Test("What misreadings look like costs confidence", arguments: [
        ("Straße", 1.0), ("PALAIS-ROYAL", 1.0), ("F", 0.5), ("6Soume", 0.7), ("FREEaEDOM", 0.7),
    ])
    func plausibility(text: String, belief: Double) {
        #expect(abs(WordShape.plausibility(of: text) - belief) < 1e-9)
    }
}
