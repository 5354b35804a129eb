import Foundation
import Testing
@testable import WordBookPipeline
@testable import WordBookSettings

/// The scene-text detector and recogniser with the real model files that `make models` builds
/// (.build/models), on real street photos from ../shared/datasets/realscenes-dev and the project's TestImages.
@Suite struct SceneTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let models = SceneTextFiles(folder: root.appendingPathComponent(".build/models").path)
    static let streets = root.appendingPathComponent("../shared/datasets/realscenes-dev/en").standardized

    static func picture(_ url: URL) throws -> Picture {
        let bytes = [UInt8](try Data(contentsOf: url))
        return try PhotoDecoder(maxPixels: 100_000_000).decode(bytes, within: 1600).picture.fitting(longEdge: 1600)
    }

    /// The hashes the worker checks are the ones the build step checks, so a rebuilt model that drifts fails both.
    @Test func theWorkerExpectsTheFilesTheBuildStepMakes() throws {
        let sums = try String(contentsOf: Self.root.appendingPathComponent("models/SHA256SUMS"), encoding: .utf8)
        var listed: [String: String] = [:]
        for line in sums.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count == 2 { listed[String(fields[1])] = String(fields[0]) }
        }
        for name in SceneTextFiles.names {
            #expect(SceneText.expectedSHA256[name] == listed[name], "\(name)")
            #expect(!(SceneText.expectedSHA256[name] ?? "").isEmpty)
        }
        try SceneText.verify(Self.models)
    }

    /// On a plate with two words in script lettering, the detector finds a line for each, and the
    /// recogniser reads the one at the middle of the frame.
    @Test func theDetectorFindsTheLinesAndTheRecogniserReadsTheAimedOne() throws {
        let scene = try SceneText(files: Self.models)
        let photo = try Self.picture(Self.streets.appendingPathComponent("svttrain_00_00_w01.jpg"))
        let lines = try scene.detector.lines(in: photo)
        #expect(lines.count >= 3, "\(lines.map(\.box))")
        let aim = (Double(photo.width) / 2, Double(photo.height) / 2)
        let nearest = try #require(DetectedLines.near(lines, aim: aim, reach: 4, count: 1).first)
        #expect(try scene.reader.read(nearest, in: photo).text == "Hut")
        let texts = try lines.map { try scene.reader.read($0, in: photo).text }
        #expect(texts.contains("Doll"), "\(texts)")
    }

    /// Real storefront photos that Tesseract's own layout analysis misreads ("Dot", "Ar", "cas").
    @Test(arguments: [("svttrain_00_00_w01.jpg", "Hut"), ("svttrain_00_01_w01.jpg", "Best"), ("svttrain_00_01_w02.jpg", "Inn")])
    func realStreetPhotosAreReadRight(file: String, word: String) throws {
        let recognizer = Recognizer(sceneText: Self.models)
        let proposal = try recognizer.propose(try Self.picture(Self.streets.appendingPathComponent(file)), language: .english)
        #expect(recognizer.sceneTextFailure == nil)
        #expect(proposal.word == word, "\(proposal)")
        #expect(proposal.box != nil)
    }

    /// Without the models a photo is still read, by Tesseract alone, and the reason is a sentence.
    @Test func missingModelsLeaveTesseractReadingAlone() throws {
        let missing = SceneTextFiles(folder: "/nonexistent/wordbook-models")
        let recognizer = Recognizer(sceneText: missing)
        let photo = try Self.picture(Self.root.appendingPathComponent("TestImages/station.jpg"))
        #expect(try recognizer.propose(photo, language: .english).word == "Station")
        let failure = try #require(recognizer.sceneTextFailure)
        #expect(failure.contains("/nonexistent/wordbook-models/ppocr-det.onnx could not be read"), "\(failure)")
        let problem = try #require(SceneText.problem(configuredFolder: missing.folder))
        #expect(problem.contains("Tesseract alone") && problem.contains("make models"), "\(problem)")
        #expect(SceneText.problem(configuredFolder: Self.models.folder) == nil)
    }

    /// A model file that is not the expected one (damaged, or from another version) is refused.
    @Test func aChangedModelFileIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in SceneTextFiles.names {
            try FileManager.default.copyItem(atPath: "\(Self.models.folder)/\(name)", toPath: folder.appendingPathComponent(name).path)
        }
        let keys = folder.appendingPathComponent(SceneTextFiles.keysName)
        var text = try String(contentsOf: keys, encoding: .utf8)
        text = text.replacingOccurrences(of: "a\n", with: "b\n")
        try text.write(to: keys, atomically: true, encoding: .utf8)
        #expect(throws: SceneTextError.self) { try SceneText(files: SceneTextFiles(folder: folder.path)) }
        let problem = try #require(SceneText.problem(configuredFolder: folder.path))
        #expect(problem.contains("is not the file this WordBook was built for"), "\(problem)")
    }

    @Test func theModelsAreFoundInTheBuildTreeAndThePackage() {
        let build = SceneTextFiles.folders(configured: "", executable: "/src/wordbook/.build/x86_64-unknown-linux-gnu/release/wordbook-worker")
        #expect(build == ["/src/wordbook/.build/x86_64-unknown-linux-gnu/share/wordbook/models", "/src/wordbook/.build/models"])
        #expect(SceneTextFiles.folders(configured: "", executable: "/usr/bin/wordbook-worker") == ["/usr/share/wordbook/models"])
        #expect(SceneTextFiles.folders(configured: "/opt/models", executable: "/usr/bin/wordbook-worker") == ["/opt/models"])
    }

    /// A page's line (long, with lines like it above and below) goes to Tesseract; a sign's does not.
    @Test func runningTextIsToldFromASign() {
        func line(x: Double, y: Double, width: Double, height: Double) -> TextLine {
            TextLine(corners: [(x, y), (x + width, y), (x + width, y + height), (x, y + height)], score: 0.9)
        }
        let page = (0..<5).map { line(x: 10, y: 10 + Double($0) * 30, width: 900, height: 24) }
        #expect(DetectedLines.isRunningText(page[2], among: page, squeezedPast: 2 * 320 / 48))
        let sign = [line(x: 100, y: 100, width: 400, height: 60), line(x: 120, y: 170, width: 360, height: 60)]
        #expect(!DetectedLines.isRunningText(sign[0], among: sign, squeezedPast: 2 * 320 / 48))
        let banner = [page[2]]
        #expect(!DetectedLines.isRunningText(page[2], among: banner, squeezedPast: 2 * 320 / 48))
    }
}
