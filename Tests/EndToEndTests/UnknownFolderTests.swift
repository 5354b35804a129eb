import Foundation
import Glibc
import Testing

/// A folder in the inbox that names no language (`inbox/xx/`): its photos are filed in the default
/// language, not refused, and the log says so once for the folder.
@Suite struct UnknownFolderTests {
    @Test func photosInAFolderThatNamesNoLanguageAreReadInTheDefaultOne() throws {
        let scratch = try Scratch(workers: 1)
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        try FileManager.default.createDirectory(atPath: "\(scratch.inbox)/xx", withIntermediateDirectories: true)
        let photos = try distinctPhotos(2)
        for photo in photos {
            try photo.data.write(to: URL(fileURLWithPath: "\(scratch.root)/\(photo.name)"))
            #expect(rename("\(scratch.root)/\(photo.name)", "\(scratch.inbox)/xx/\(photo.name)") == 0)
        }
        #expect(eventually(timeout: 120) { scratch.files(under: "archive").count == 2 }, "\(worker.output)")
        #expect(worker.stop() == 0)

        let warning = "the inbox folder 'xx' names no known language"
        #expect(worker.output.components(separatedBy: warning).count == 2, "once for the folder: \(worker.output)")
        let list = try wordbook(["list", "--json", "--config", scratch.config])
        let words = try #require((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["words"] as? [[String: Any]])
        #expect(words.count == 2)
        #expect(words.allSatisfy { $0["language"] as? String == "en" }, "\(words.map { $0["language"] ?? "none" })")
        #expect(Set(words.compactMap { $0["source"] as? String }) == Set(photos.map { "xx/\($0.name)" }))
    }
}
