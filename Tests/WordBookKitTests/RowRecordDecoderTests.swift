import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// The read commands' decoder gives the same words as GRDB's own, whatever the JSON columns hold.
@Suite struct RowRecordDecoderTests {
    @Test func wordsReadByPlaceEqualGRDBsDecoding() throws {
        let database = try AppDatabase.inMemory()
        var filings = [sampleFiling(sha: "plain"), sampleFiling(sha: "odd", word: "Ausgang")]
        filings[1].candidates = ["a \"quoted\" one", "tab\there", "", "ß"]
        filings[1].box = nil
        for filing in filings { _ = try database.file(filing) }
        try database.confirm(ids: [1])
        _ = try database.grade(id: 1, level: 3, calendar: CaptureCalendar(timeZone: .gmt), scheduler: .fsrs(FSRSScheduler()))
        try database.writer.write { db in
            // JSON the fast paths leave to the JSON decoder: spaces, keys out of order.
            try db.execute(sql: #"UPDATE word SET box = '{ "y": 2, "x": 1, "width": 3, "height": 4 }' WHERE id = 2"#)
        }
        let fast = try database.writer.read { db in try AppDatabase.fetchWords(db, Word.order(Column("id"))) }
        let grdb = try database.writer.read { db in try Word.order(Column("id")).fetchAll(db) }
        #expect(fast == grdb)
        #expect(fast.map(\.candidates) == [["Strasse"], ["a \"quoted\" one", "tab\there", "", "ß"]])
        #expect(fast.map(\.box) == [PixelBox(x: 1, y: 2, width: 3, height: 4), PixelBox(x: 1, y: 2, width: 3, height: 4)])
    }

    @Test func theHandReadersTakeOnlyWhatTheEncoderWrites() {
        #expect(JSONColumn.plainStrings(Data(#"["a","Straße"]"#.utf8)) == ["a", "Straße"])
        #expect(JSONColumn.plainStrings(Data("[]".utf8)) == [])
        for other in [#"["a\"b"]"#, #"["a", "b"]"#, #"["a",]"#, #"["a""b"]"#, "[1]", #"["a"#] {
            #expect(JSONColumn.plainStrings(Data(other.utf8)) == nil, "\(other)")
        }
        let box = JSONColumn.plainIntegers(Data(#"{"height":4,"width":-3,"x":0,"y":12}"#.utf8))
        #expect(box?.map(\.name) == ["height", "width", "x", "y"] && box?.map(\.value) == [4, -3, 0, 12])
        for other in [#"{"x":1.5}"#, #"{"x":01}"#, #"{"x":1,}"#, #"{"x" :1}"#, #"{"x":"1"}"#, #"{"x":1"#] {
            #expect(JSONColumn.plainIntegers(Data(other.utf8)) == nil, "\(other)")
        }
        let words = JSONColumn.plainReadWords(Data(#"[{"box":{"height":4,"width":3,"x":1,"y":2},"text":"Straße"},{"box":{"height":1,"width":1,"x":0,"y":0},"text":"a"}]"#.utf8))
        #expect(words == [ReadWord(text: "Straße", box: PixelBox(x: 1, y: 2, width: 3, height: 4)),
                          ReadWord(text: "a", box: PixelBox(x: 0, y: 0, width: 1, height: 1))])
        #expect(JSONColumn.plainReadWords(Data("[]".utf8)) == [])
        for other in [#"[{"text":"a","box":{"height":1,"width":1,"x":0,"y":0}}]"#, #"[{"box":{"height":1,"width":1,"x":0},"text":"a"}]"#,
                      #"[{"box":{"height":1,"width":1,"x":0,"y":0},"text":"a\"b"}]"#, #"[{"box":{"height":1,"width":1,"x":0,"y":0},"text":"a"},]"#,
                      #"[{"box":{"height":1,"width":1,"x":0,"y":0},"text":"a"}"#, #"[{"box":{"height":1,"width":1,"x":0,"y":0}, "text":"a"}]"#] {
            #expect(JSONColumn.plainReadWords(Data(other.utf8)) == nil, "\(other)")
        }
    }
}
