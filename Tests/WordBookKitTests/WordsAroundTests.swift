import Foundation
import TestDatasets
import Testing
import WordBookGloss
@testable import WordBookPipeline
@testable import WordBookSettings
import WordBookVocabulary

/// The words read around the aim point, which the phone page lets the learner tap: on real photos,
/// read by real Tesseract and the scene-text models (.build/models, `make models`).
@Suite struct WordsAroundTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let models = SceneTextFiles(folder: root.appendingPathComponent(".build/models").path)
    static let scenes = sharedDatasets(root: root).appendingPathComponent("scenes-dev")
    static let streets = sharedDatasets(root: root).appendingPathComponent("realscenes-dev/en")

    /// Upright, at the stored photo's size, as the worker files it.
    static func picture(_ url: URL) throws -> Picture {
        let bytes = [UInt8](try Data(contentsOf: url))
        return try PhotoDecoder(maxPixels: 100_000_000).decode(bytes, within: 1600).picture.fitting(longEdge: 1600)
    }

    /// What every proposal's words around hold: the proposal first, at its own box; no more than the
    /// cap, nearest the aim first; letters in every text; every box in the picture.
    static func checkShape(_ proposal: Proposal, in picture: Picture) {
        let around = proposal.around
        #expect(!around.isEmpty && around.count <= WordsAround.maximum)
        if let box = proposal.box, !proposal.word.isEmpty {
            #expect(around.first == ReadWord(text: proposal.word, box: box))
        }
        let aim = AimPoint.centre(width: picture.width, height: picture.height)
        let distances = around.map { AimPoint.distance(from: aim, to: $0.box) }
        #expect(distances == distances.sorted())
        #expect(around.allSatisfy { WordText.hasLetter($0.text) && $0.text == WordText.clean($0.text) })
        #expect(around.allSatisfy { $0.box.clamped(width: picture.width, height: picture.height) != nil }, "\(around)")
    }

    /// A book page framed on one word: the word is among the words around, its box where the set puts
    /// the aimed word (its centre within 4 % of the photo's centre), and so are the words beside it.
    @Test(arguments: [("en/en_page_014.jpg", "backslid", Language.english), ("de/de_page_006.jpg", "kritik", .german)])
    func aPagesAimedWordIsAmongTheWordsAroundWhereItStands(file: String, word: String, language: Language) throws {
        let photo = try Self.picture(Self.scenes.appendingPathComponent(file))
        let proposal = try Recognizer(sceneText: Self.models).propose(photo, language: language)
        Self.checkShape(proposal, in: photo)
        let middle = PixelBox(
            x: Int(0.46 * Double(photo.width)), y: Int(0.46 * Double(photo.height)),
            width: Int(0.08 * Double(photo.width)), height: Int(0.08 * Double(photo.height)))
        let found = proposal.around.filter { $0.text == word }
        func overlaps(_ a: PixelBox, _ b: PixelBox) -> Bool {
            a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
        }
        #expect(found.contains { overlaps($0.box, middle) }, "\(word) in \(proposal.around)")
        // A page's words around are lines of words, not the one.
        #expect(proposal.around.count >= 10, "\(proposal.around)")
    }

    /// A street photo taken at a slant is read turned level: the words around are turned back with the
    /// proposal's box, so the word's box lies where the word is in the photo as taken.
    @Test func theWordsAroundFollowTheProposalWhenThePhotoIsReadTurned() throws {
        let upright = try Self.picture(Self.streets.appendingPathComponent("svttrain_09_02_w02.jpg"))
        let recognizer = Recognizer(sceneText: Self.models)
        let level = try recognizer.propose(upright, language: .english)
        let levelWord = try #require(level.around.first { $0.text == "DAYS" })
        let turn = 8.0 * Double.pi / 180
        let slanted = try upright.rotated(by: turn)
        let proposal = try recognizer.propose(slanted, language: .english)
        Self.checkShape(proposal, in: slanted)
        let expected = levelWord.box.rotated(by: turn, inFrame: upright.width, upright.height)
        #expect(proposal.around.contains { $0.text == "DAYS" && WordsAround.sameWord($0.box, expected) }, "\(expected): \(proposal.around)")
    }

    /// A sign of two lines: where the proposal is not very sure (DAYS, read run into SURGERY under
    /// PHYSICIANS), the line above is read too, for the learner to tap the word meant; a very sure
    /// proposal (HOTELS under CROWNE PLAZA) keeps the words of its own line, and the line above is
    /// not read.
    @Test func theLinesAroundAreReadWhereTheProposalIsNotVerySure() throws {
        // With the worker's dictionary: without it, DAYSURGI reaches the side of the detector's view and
        // the whole frame is read, DAYSURGER.
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        func words(above proposal: Proposal) throws -> [String] {
            let box = try #require(proposal.box)
            return proposal.around.filter { $0.box.midY < Double(box.y) }.map(\.text)
        }
        let unsure = try recognizer.propose(try Self.picture(Self.streets.appendingPathComponent("svttrain_06_15_w00.jpg")), language: .english)
        try #require(unsure.confidence < Certainty.verySureFrom, "\(unsure.word) \(unsure.confidence) \(unsure.candidates)")
        #expect(try words(above: unsure).contains { $0.hasPrefix("PHYSICIA") }, "\(unsure.around)")
        let sure = try recognizer.propose(try Self.picture(Self.streets.appendingPathComponent("svttrain_09_17_w02.jpg")), language: .english)
        try #require(sure.confidence >= Certainty.verySureFrom, "\(sure.word) \(sure.confidence)")
        #expect(sure.around.contains { $0.text == "HOTELS" })
        #expect(try words(above: sure).isEmpty, "\(sure.around)")
    }

    /// One word read by two readers in two boxes of different margins is one word to tap; the same text
    /// at another place of the line is another; the nearest stay when there are too many.
    @Test func overlappingReadingsOfOneWordAreOneAndTheNearestStay() {
        let aim = (x: 500.0, y: 500.0)
        let proposal = ReadWord(text: "Haus", box: PixelBox(x: 480, y: 490, width: 60, height: 20))
        var seen = [
            ReadWord(text: "«Haus»,", box: PixelBox(x: 470, y: 484, width: 80, height: 32)),
            ReadWord(text: "Haus", box: PixelBox(x: 600, y: 490, width: 60, height: 20)),
            ReadWord(text: "Hans", box: PixelBox(x: 482, y: 490, width: 58, height: 20)),
            ReadWord(text: "1984", box: PixelBox(x: 300, y: 490, width: 60, height: 20)),
        ]
        seen += (0..<60).map { ReadWord(text: "far\($0)", box: PixelBox(x: 0, y: 600 + 30 * $0, width: 50, height: 20)) }
        let around = WordsAround.gather(seen, proposal: proposal, aim: aim)
        #expect(Array(around.prefix(3)) == [proposal, seen[2], seen[1]])
        #expect(around.count == WordsAround.maximum && around.last?.text == "far\(WordsAround.maximum - 4)")
    }
}
