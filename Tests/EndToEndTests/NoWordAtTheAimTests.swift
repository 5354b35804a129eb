import Foundation
import Testing

/// A photo whose middle holds no word: the words found elsewhere are offered, nothing is made up.
@Suite struct NoWordAtTheAimTests {
    @Test func aDigitInTheMiddleGivesAnEmptyProposalAndTheEdgeWordsAsCandidates() throws {
        let scratch = try Scratch()
        let image = try #require(LabeledImage.all.first { $0.file == "digit_edges_rotated.jpg" })
        #expect(image.orientation == 6, "stored on its side: the words are found only once it is upright")
        let result = try wordbook(["ingest", "--json", "--config", scratch.config, image.path])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["word"] as? String == "")
        #expect(object["confidence"] as? Int == 0)
        let candidates = try #require(object["candidates"] as? [String])
        #expect(Set(candidates) == ["top", "left", "right", "bottom"])

        // The learner picks one of them: `correct ID N` takes the N-th candidate.
        let id = try #require(object["id"] as? Int)
        let picked = try wordbook(["correct", "\(id)", "\((candidates.firstIndex(of: "left") ?? 0) + 1)", "--config", scratch.config])
        #expect(picked.status == 0)
        let shown = try wordbook(["show", "\(id)", "--json", "--config", scratch.config])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let word = try #require(document["word"] as? [String: Any])
        #expect(word["word"] as? String == "left")
        #expect(word["status"] as? String == "confirmed")
    }
}
