import Foundation
import Testing
@testable import WordBookGloss

/// Debian's dictd files read as dictd reads them: the index searched in place, the text inflated a chunk at a time.
@Suite struct GlossDictionaryTests {
    static let folder = "/usr/share/dictd"

    @Test func indexNumbersAreDictdBase64() {
        #expect(DictionaryIndex.number(base64: "A".utf8) == 0)
        #expect(DictionaryIndex.number(base64: "B".utf8) == 1)
        #expect(DictionaryIndex.number(base64: "+".utf8) == 62)
        #expect(DictionaryIndex.number(base64: "/".utf8) == 63)
        #expect(DictionaryIndex.number(base64: "BA".utf8) == 64, "the most significant digit first")
        #expect(DictionaryIndex.number(base64: "EO".utf8) == 270)
        #expect(DictionaryIndex.number(base64: "BC/Pi".utf8) == 17_560_546)
        #expect(DictionaryIndex.number(base64: "".utf8) == nil)
        #expect(DictionaryIndex.number(base64: "B=".utf8) == nil)
    }

    /// Entries at the start, in the middle and at the end of deu-eng's 100 MB of text, and one across a
    /// chunk boundary, as Python's gzip module reads them from the whole file.
    @Test(arguments: [
        ("7C", "Cj", "A /ˈɑː/ <neut, n, sg>\nA <n>, A sharp <n>, A flat <n>, A double sharp <n>, A double flat <n>\n      \"A-Dur\"  - A major\n   Synonyms: {Ais}, {As}, {Aisis}, {Ases}\n\n"),
        ("C1w7s", "DY", "Band /bˈant/ <neut, n, sg>\naudiotape <n>, tape <n>\n      \"auf Band aufnehmen\"  - tape, tape-record\n   Synonym: {Tonband}\n\n see: {leeres Tonband}, {unbespieltes Band}, {auf Band}, {auf Tonband}, {Digitales Tonband}\n\n"),
        ("OOl", "BY", "Abbinden /ˈapbˌɪndən/ <neut, n, sg>\n [constr.] setting <n>\n         Note: von Beton\n"),
        ("F+BEX", "BU", "Zylofuramin /tsˌyːloːfˌuːramˈiːn/ <neut, n, sg>\n [biochem.] zylofuramine <n>\n"),
        ("F+BFr", "BY", " 0123456789abcdefghijklmnopqrstuvwxyzµßàáâãäåæçèéêëìíîñóôöûüαω\n"),
    ])
    func dictzipReadsWhatGzipReads(offset: String, length: String, expected: String) throws {
        let text = try DictzipFile(path: "\(Self.folder)/freedict-deu-eng.dict.dz")
        let location = EntryLocation(offset: try #require(DictionaryIndex.number(base64: offset.utf8)),
                                     length: try #require(DictionaryIndex.number(base64: length.utf8)))
        #expect(try text.text(at: location) == expected)
    }

    @Test func dictzipTellsAPlainFileFromADictionary() throws {
        #expect(throws: GlossError.self) { try DictzipFile(path: "\(Self.folder)/freedict-fra-eng.index") }
        #expect(throws: GlossError.self) { try DictzipFile(path: "/nonexistent/freedict-deu-eng.dict.dz") }
        let text = try DictzipFile(path: "\(Self.folder)/freedict-fra-eng.dict.dz")
        #expect(throws: GlossError.self) { try text.text(at: EntryLocation(offset: 1 << 40, length: 10)) }
    }

    @Test func everyHeadwordOfFraEngIsFound() throws {
        let index = try DictionaryIndex(path: "\(Self.folder)/freedict-fra-eng.index")
        let lines = try String(contentsOfFile: "\(Self.folder)/freedict-fra-eng.index", encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 8000)
        var missed: [String] = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let location = EntryLocation(offset: try #require(DictionaryIndex.number(base64: fields[1].utf8)),
                                         length: try #require(DictionaryIndex.number(base64: fields[2].utf8)))
            if !index.locations(forKey: fields[0]).contains(location) { missed.append(fields[0]) }
        }
        #expect(missed.isEmpty, "\(missed.prefix(10))")
        #expect(index.locations(forKey: "").isEmpty, "fra-eng files nothing under an empty key")
        #expect(index.locations(forKey: "zzzzzz").isEmpty)
        #expect(index.locations(forKey: "!").isEmpty, "before the first key")
    }

    @Test func aHeadwordsEntriesComeInTheDictionarysOrder() throws {
        let dictionary = try BilingualDictionary(folder: Self.folder, pair: "deu-eng")
        let entries = try dictionary.entries(underKeyOf: "AUSGANG")
        #expect(entries.count == 8)
        #expect(entries.allSatisfy { $0.headword == "Ausgang" })
        #expect(entries.prefix(2).map(\.senses) == [[["termination"]], [["exit"]]])
    }

    @Test func keysAreDictfmts() {
        #expect(DictionaryIndex.key(for: "Straße") == "straße")
        #expect(DictionaryIndex.key(for: "abat-jour") == "abatjour")
        #expect(DictionaryIndex.key(for: "¿cuánto tiempo?") == "cuánto tiempo")
        #expect(DictionaryIndex.key(for: "d'alcool") == "dalcool")
    }
}
