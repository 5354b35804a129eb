import Foundation
import Testing

/// `[capture] auto_confirm`: proposals at or above the threshold are filed as confirmed, the others
/// wait for the learner in `pending`, the least confident first.
@Suite struct AutoConfirmTests {
    @Test func proposalsAtTheThresholdAreConfirmedAndTheRestWaitInPending() throws {
        let scratch = try Scratch()
        let threshold = 90
        try (try String(contentsOfFile: scratch.config, encoding: .utf8)
            .replacingOccurrences(of: "[capture]\n", with: "[capture]\nauto_confirm = \(threshold)\n"))
            .write(toFile: scratch.config, atomically: true, encoding: .utf8)

        var confidences: [Int: Int] = [:]
        for language in ["en", "de", "fr", "es"] {
            let images = LabeledImage.all.filter { $0.language == language }
            let result = try wordbook(["ingest", "--json", "--language", language, "--config", scratch.config] + images.map(\.path))
            #expect(result.status == 0)
            for line in result.stdout.split(separator: "\n") {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                confidences[try #require(object["id"] as? Int)] = try #require(object["confidence"] as? Int)
            }
        }
        let above = confidences.filter { $0.value >= threshold }.keys.sorted()
        let below = confidences.filter { $0.value < threshold }.keys.sorted()
        // TestImages hold proposals on both sides of 90: the test would prove nothing otherwise.
        #expect(!above.isEmpty && !below.isEmpty)

        let listed = try wordbook(["list", "--json", "--config", scratch.config])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let words = try #require(document["words"] as? [[String: Any]])
        var status: [Int: String] = [:]
        for word in words { status[try #require(word["id"] as? Int)] = word["status"] as? String }
        #expect(above.allSatisfy { status[$0] == "confirmed" })
        #expect(below.allSatisfy { status[$0] == "proposed" })

        let pending = try wordbook(["pending", "--json", "--config", scratch.config])
        let waiting = try #require(try JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [String: Any])
        let ids = try #require(waiting["words"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
        #expect(ids.sorted() == below)
        // The doubtful ones first: pending lists the least confident proposal first.
        let listedConfidences = ids.map { confidences[$0]! }
        #expect(listedConfidences == listedConfidences.sorted())
        #expect(Set(listedConfidences).count > 1)

        let counted = try wordbook(["status", "--config", scratch.config])
        #expect(counted.stdout.contains("\(above.count) confirmed on filing"))
        let stats = try wordbook(["stats", "--config", scratch.config])
        #expect(stats.stdout.contains("\(above.count) on filing"))
    }

    @Test func aThresholdOutsideZeroToAHundredIsOneSentence() throws {
        let scratch = try Scratch()
        try (try String(contentsOfFile: scratch.config, encoding: .utf8)
            .replacingOccurrences(of: "[capture]\n", with: "[capture]\nauto_confirm = 101\n"))
            .write(toFile: scratch.config, atomically: true, encoding: .utf8)
        let result = try wordbook(["status", "--config", scratch.config])
        #expect(result.status != 0)
        #expect(result.stderr.contains("auto_confirm"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
