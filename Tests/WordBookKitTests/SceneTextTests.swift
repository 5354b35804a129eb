import Foundation
import TestDatasets
import Testing
import WordBookGloss
@testable import WordBookPipeline
@testable import WordBookSettings
import WordBookVocabulary

/// The scene-text detector and recogniser with the real model files that `make models` builds
/// (.build/models), on real street photos from ../shared/datasets/realscenes-dev and the project's TestImages.
@Suite struct SceneTextTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let models = SceneTextFiles(folder: root.appendingPathComponent(".build/models").path)
    static let datasets = sharedDatasets(root: root)
    static let streets = datasets.appendingPathComponent("realscenes-dev/en")
    /// A photo the reference names by its path from the repository (`../shared/datasets/…`).
    static func referenced(_ file: String) -> URL {
        let prefix = "../shared/datasets/"
        return file.hasPrefix(prefix) ? datasets.appendingPathComponent(String(file.dropFirst(prefix.count)))
            : root.appendingPathComponent(file)
    }

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
            #expect(SceneTextFiles.expectedSHA256[name] == listed[name], "\(name)")
            #expect(!(SceneTextFiles.expectedSHA256[name] ?? "").isEmpty)
        }
        try SceneText.verify(Self.models)
    }

    /// Every load checks the files, not only the first in the process: a keys file edited after one
    /// thread loaded the models is refused by the next.
    @Test func eachLoadChecksTheFilesAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-models-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in SceneTextFiles.names {
            try FileManager.default.copyItem(atPath: "\(Self.models.folder)/\(name)", toPath: "\(folder)/\(name)")
        }
        let files = SceneTextFiles(folder: folder)
        _ = try SceneText(files: files)
        let keys = try FileHandle(forWritingTo: URL(fileURLWithPath: files.keys))
        try keys.seekToEnd()
        try keys.write(contentsOf: Data("ß\n".utf8))
        try keys.close()
        #expect {
            _ = try SceneText(files: files)
        } throws: { error in
            "\(error)".contains("\(files.keys) is not the file this WordBook was built for")
        }
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

    /// The detector looks at the photo's middle at the coarse size first, and again at the full size
    /// only where the line nearest the aim is small there, or longer than the recogniser reads unsqueezed.
    @Test func theCoarseLookIsTakenWhereTheAimedLineIsTallAndShortThere() throws {
        let scene = try SceneText(files: Self.models)
        func looks(_ url: URL) throws -> (taken: [TextLine], coarse: [TextLine], full: [TextLine]) {
            let photo = try Self.picture(url)
            let middle = AimPoint.middle(width: photo.width, height: photo.height, share: Tuning.detectionWindow)
            let centre = AimPoint.centre(width: photo.width, height: photo.height)
            let taken = try Recognizer.detect(photo, within: middle, aim: (centre.x, centre.y), detector: scene.detector,
                                              unsqueezed: Double(scene.reader.inputWidth) / 48)
            return (taken, try scene.detector.lines(in: photo, within: middle, longest: Tuning.coarseDetectorSide),
                    try scene.detector.lines(in: photo, within: middle))
        }
        // Hut, a word of its own on a sign, tall.
        let sign = try looks(Self.streets.appendingPathComponent("svttrain_00_00_w01.jpg"))
        #expect(sign.coarse != sign.full)
        #expect(sign.taken == sign.coarse)
        // A book page's lines are a few pixels tall at the coarse size.
        let page = try looks(Self.root.appendingPathComponent("TestImages/novel_page.jpg"))
        #expect(page.taken == page.full)
        // ARTS & CRAFTS: at the coarse size the gaps close and the line runs on past what the recogniser
        // reads unsqueezed; the full size parts it.
        let crafts = try looks(Self.streets.appendingPathComponent("svttrain_05_09_w05.jpg"))
        #expect(crafts.taken == crafts.full)
    }

    /// A worker's filer threads share one set of networks: two threads detecting and reading at once
    /// on one `SceneText.shared` get what one thread alone gets, photo for photo.
    @Test func threadsSharingTheNetworksReadWhatOneThreadReads() async throws {
        let scene = try SceneText.shared(Self.models)
        #expect(try SceneText.shared(Self.models) === scene, "one set per process")
        let photos = try ["svttrain_00_00_w01.jpg", "svttrain_00_08_w02.jpg", "svttrain_02_04_w03.jpg"].map {
            try Self.picture(Self.streets.appendingPathComponent($0))
        }
        @Sendable func readAll(_ index: Int) throws -> [String] {
            let photo = photos[index % photos.count]
            return try scene.detector.lines(in: photo).map { try scene.reader.read($0, in: photo).text }
        }
        let alone = try (0..<photos.count).map(readAll)
        let together = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<(2 * photos.count) { group.addTask { (index, try readAll(index)) } }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (index, texts) in together {
            #expect(texts == alone[index % photos.count], "photo \(index % photos.count)")
        }
        #expect(alone.allSatisfy { !$0.isEmpty })
    }

    /// Tests/Fixtures/scene-text-reference.json, written by scripts/scene-text-reference.py: the
    /// original models on ONNX Runtime with RapidOCR's own pre- and post-processing, on three photos.
    struct Reference: Decodable {
        struct Settings: Decodable { var maxSide: Int }
        struct Quad: Decodable { var corners: [[Double]], score: Double }
        struct Word: Decodable { var text: String, probability: Double }
        struct Reading: Decodable { var quad: Int, text: String, probability: Double, words: [Word] }
        struct Input: Decodable { var file: String, width: Int, height: Int, quads: [Quad], readings: [Reading] }
        var settings: Settings
        var inputs: [Input]

        static func load() throws -> Reference {
            let url = root.appendingPathComponent("Tests/Fixtures/scene-text-reference.json")
            return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
        }
    }

    /// The largest distance between corresponding corners of two quads, in pixels.
    static func cornerDistance(_ a: [(x: Double, y: Double)], _ b: [[Double]]) -> Double {
        zip(a, b).map { hypot($0.x - $1[0], $0.y - $1[1]) }.max() ?? .infinity
    }

    /// The rewritten detector on OpenCV finds the quads the original finds on ONNX Runtime, corner for
    /// corner within 3 px or 2 of the detector's map pixels (one each way), whichever is more (RapidOCR grows a box
    /// with a rounded polygon offset and clips to width - 1, the project grows the rectangle; one map
    /// pixel is 3.1 image pixels on a 1600 px photo seen at 512).
    @Test func theDetectorFindsTheQuadsOfTheOriginalModel() throws {
        let reference = try Reference.load()
        let scene = try SceneText(files: Self.models)
        // The reference brings the longer side down to maxSide; the detector's enlarging of a small
        // picture's shorter side to `side` does not touch these inputs.
        #expect(scene.detector.maxSide == reference.settings.maxSide)
        #expect(reference.inputs.allSatisfy { min($0.width, $0.height) >= scene.detector.side })
        for input in reference.inputs {
            let photo = try Self.picture(Self.referenced(input.file))
            try #require(photo.width == input.width && photo.height == input.height, "\(input.file)")
            let lines = try scene.detector.lines(in: photo)
            let tolerance = max(3, 2 * Double(max(input.width, input.height)) / Double(reference.settings.maxSide))
            #expect(lines.count == input.quads.count, "\(input.file): \(lines.map(\.corners)) against \(input.quads.map(\.corners))")
            for quad in input.quads {
                let nearest = lines.min { Self.cornerDistance($0.corners, quad.corners) < Self.cornerDistance($1.corners, quad.corners) }
                let distance = nearest.map { Self.cornerDistance($0.corners, quad.corners) } ?? .infinity
                #expect(distance <= tolerance, "\(input.file): \(quad.corners) has no quad within \(tolerance) px, nearest \(nearest?.corners ?? [])")
                #expect(abs((nearest?.score ?? 0) - quad.score) <= 0.02, "\(input.file): \(quad.corners) score \(nearest?.score ?? 0) against \(quad.score)")
            }
            for line in lines {
                #expect(input.quads.contains { Self.cornerDistance(line.corners, $0.corners) <= tolerance }, "\(input.file): \(line.corners) is not in the reference")
            }
        }
    }

    /// The rewritten recogniser on OpenCV reads the reference quads as the original does on ONNX
    /// Runtime (at its own width, 320): the same text, each word's mean character probability within
    /// 0.02 (the reference's crop is made by PyPI's OpenCV, up to 2 levels off Debian's 4.6: a
    /// hesitant letter moves by ~0.01).
    @Test func theRecogniserReadsAsTheOriginalModel() throws {
        let reference = try Reference.load()
        let scene = try SceneText(files: Self.models)
        for input in reference.inputs {
            let photo = try Self.picture(Self.referenced(input.file))
            for reading in input.readings {
                let quad = input.quads[reading.quad]
                let line = TextLine(corners: quad.corners.map { ($0[0], $0[1]) }, score: quad.score)
                let read = try scene.reader.read(line, in: photo, widest: true)
                #expect(read.text == reading.text, "\(input.file): \(quad.corners)")
                #expect(read.words.map(\.text) == reading.words.map(\.text), "\(input.file): \(quad.corners)")
                for (word, expected) in zip(read.words, reading.words) {
                    #expect(abs(word.confidence - expected.probability) <= 0.02,
                            "\(input.file): \(word.text) \(word.confidence) against \(expected.probability)")
                }
            }
        }
    }

    /// A short line is read by the narrower network, on an input with less blank padding beside it:
    /// where the full width reads two letters or more, it reads the same letters (a number beside them
    /// may come apart: 143KM, 143 KM). On the reference's short lines and the first 60 IIIT5K word
    /// crops that are short (read whole, as a crop is).
    @Test func aShortLineReadsAsAtTheFullWidth() throws {
        let reference = try Reference.load()
        let scene = try SceneText(files: Self.models)
        var lines: [(name: String, line: TextLine, photo: Picture)] = []
        for input in reference.inputs {
            let photo = try Self.picture(Self.referenced(input.file))
            for quad in input.quads {
                lines.append((input.file, TextLine(corners: quad.corners.map { ($0[0], $0[1]) }, score: quad.score), photo))
            }
        }
        let crops = Self.datasets.appendingPathComponent("iiit5k-train")
        let names = try String(contentsOf: crops.appendingPathComponent("labels.tsv"), encoding: .utf8)
            .split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
        var shortCrops = 0
        for name in names where shortCrops < 60 {
            let photo = try Self.picture(crops.appendingPathComponent(name))
            let line = TextLine(PixelBox(x: 0, y: 0, width: photo.width, height: photo.height))
            lines.append((name, line, photo))
            if line.recogniserWidth <= 160 { shortCrops += 1 }
        }
        var compared = 0
        for (name, line, photo) in lines where line.recogniserWidth <= 160 {
            let wide = try scene.reader.read(line, in: photo, widest: true).text.filter(\.isLetter)
            guard wide.count >= 2 else { continue }
            compared += 1
            #expect(scene.reader.inputWidth(for: line) == 160, "\(name)")
            #expect(try scene.reader.read(line, in: photo).text.filter(\.isLetter) == wide, "\(name)")
        }
        #expect(compared >= 50)
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

    /// Where the readers disagree, the reading that is an English word wins: Restaurant over Restourant;
    /// CRAFTS, with the letter the recogniser nearly chose (it read CRAFIS). (MUSEUM, read MJSEUM at the
    /// full size, the recogniser reads right by itself since the detector's coarse look.)
    @Test(arguments: [("svttrain_05_09_w05.jpg", "CRAFTS"), ("svttrain_06_05_w01.jpg", "Restaurant")])
    func theDictionaryDecidesBetweenReadings(file: String, word: String) throws {
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        let photo = try Self.picture(Self.streets.appendingPathComponent(file))
        #expect(try recognizer.propose(photo, language: .english).word != word, "without the dictionary")
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        let proposal = try recognizer.propose(photo, language: .english)
        #expect(proposal.word == word, "\(proposal)")
    }

    /// Both readers ran ROCKY MOUNTS into one word, which is no English word but splits into two that
    /// are. The learner aims at the middle of the word meant: on one photo the aim lies on the middle
    /// of MOUNTS, on the other on that of ROCKY, and that part is the proposal. So is a word run into
    /// a neighbour's letter that makes no word (MUSICI), and a word of a hyphenated reading (SAVE of
    /// SAVE-WAY, read SAVE-WE where the detector's view ends).
    /// A name set solid that hunspell splits too (WARFIELD: WAR FIELD), aimed at its middle, stays
    /// whole, its part the first candidate; so does a name aimed a letter off its middle, between its
    /// L and A (COTILLARD, not LARD, on a 12-MP phone photo). A word whose letters the sign sets apart
    /// (TOW ING), read cut short as TOW by one reader and whole by another, is the whole word where
    /// the aim lies on its middle. A shop's name in the possessive is proposed as the name (DOLAN’S).
    @Test(arguments: [
        ("realscenes-dev/en/svttrain_03_19_w00.jpg", "MOUNTS", nil), ("realscenes-dev/en/svttrain_03_19_w01.jpg", "ROCKY", nil),
        ("realscenes-dev/en/svttrain_14_16_w01.jpg", "MUSIC", nil), ("realscenes-dev/en/svttrain_06_04_w00.jpg", "SAVE", nil),
        ("realscenes-dev/en/svttrain_16_03_w00.jpg", "WARFIELD", "FIELD"),
        ("photos-dev/photo_0002.jpg", "COTILLARD", nil), ("realscenes-dev/en/svttrain_05_12_w01.jpg", "TOWING", nil),
        ("realscenes-dev/en/svttrain_03_13_w00.jpg", "DOLAN", "DOLAN’S"),
    ] as [(String, String, String?)])
    func wordsRunTogetherNamesSetSolidAndNamesInThePossessive(file: String, word: String, first: String?) throws {
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        let proposal = try recognizer.propose(try Self.picture(Self.datasets.appendingPathComponent(file)), language: .english)
        #expect(proposal.word == word, "\(proposal)")
        if let first { #expect(proposal.candidates.first == first, "\(proposal)") }
    }

    /// A word of the dictionary at the start of a name the recogniser read whole, read by Tesseract over
    /// the whole of the name's ink, is the name read short, not a word with a neighbour run into it:
    /// GameStop (Tesseract: Game), Biersch (Tesseract: Biers, one of its spellings biers).
    @Test(arguments: [("svttrain_05_07_w00.jpg", "GameStop"), ("svttrain_16_10_w00.jpg", "Biersch")])
    func aWordReadOverTheWholeOfANameIsTheNameReadShort(file: String, word: String) throws {
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        let proposal = try recognizer.propose(try Self.picture(Self.streets.appendingPathComponent(file)), language: .english)
        #expect(proposal.word == word, "\(proposal)")
    }

    /// Where a shorter reading's box lies: over the whole run (read short), or over its own part.
    @Test func aShortReadingIsReadShortWhereItsBoxCoversTheRun() {
        func reading(_ text: String, _ x: Int, _ width: Int) -> Reading {
            var reading = Reading(text: text, confidence: 90, line: text)
            reading.box = PixelBox(x: x, y: 0, width: width, height: 40)
            return reading
        }
        #expect(Recognizer.readShort(reading("Biers", 366, 189), of: reading("Biersch", 349, 235)))
        #expect(Recognizer.readShort(reading("Game", 194, 181), of: reading("GameStop", 208, 163)))
        // MOUNTS over its own six elevenths of ROCKYMOUNTS; ROCKY over its five.
        #expect(!Recognizer.readShort(reading("MOUNTS", 250, 300), of: reading("ROCKYMOUNTS", 0, 550)))
        #expect(!Recognizer.readShort(reading("ROCKY", 0, 250), of: reading("ROCKYMOUNTS", 0, 550)))
        // About as long, or not its start or end: another reading of the same word, not a short one.
        #expect(!Recognizer.readShort(reading("MUSEUM", 0, 300), of: reading("MUSEUMS", 0, 300)))
        #expect(!Recognizer.readShort(reading("ARK", 0, 300), of: reading("PARKING", 0, 300)))
    }

    /// Where Tesseract sees a gap in the ink inside the recogniser's word and the recogniser reads the
    /// part alone as a word, while the whole is none, the word ends at the gap: PLACE, not ANINGPLACE
    /// (the end of CLEANING, cut by the edge of the detector's view, which the whole frame then shows
    /// whole). Without the dictionary the run stays, as the whole frame shows it: CLEANINGPLACE.
    /// At the full size: the coarse look's line there holds no gap Tesseract sees, and the run stays
    /// (one of the photos that look loses, docs/recognition.md).
    @Test func aWordEndsWhereBothReadersSeeAGap() throws {
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        recognizer.looksCoarseFirst = false
        let photo = try Self.picture(Self.streets.appendingPathComponent("svttrain_04_15_w03.jpg"))
        let bare = try recognizer.propose(photo, language: .english)
        #expect(bare.word == "CLEANINGPLACE", "without the dictionary \(bare)")
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        let proposal = try recognizer.propose(photo, language: .english)
        #expect(proposal.word == "PLACE", "\(proposal)")
    }

    /// A small photo of a sign (320 px wide, as a head-worn camera or a messaging app gives it)
    /// in which the detector finds no line at the picture's size: its middle, looked at again
    /// enlarged, holds the sign's lines, and the word is read from them, not the whole taken for one word.
    /// Read whole, it gave `2ee`.
    @Test func aSmallPhotoIsLookedAtAgainEnlarged() throws {
        let (file, word) = ("svttrain_12_11_w00.jpg", "BELLA")
        let photo = try Self.picture(Self.streets.appendingPathComponent(file))
        let small = try photo.scaled(by: 320 / Double(photo.width))
        let recognizer = Recognizer(sceneText: Self.models)
        let proposal = try recognizer.propose(small, language: .english)
        #expect(proposal.word == word && proposal.evidence?.route == .detected, "\(proposal)")
    }

    /// The learner aims at the word: where the word found lies a letter height or more from the aim,
    /// the middle is looked at again, twice as large, and the word found there on the aim is read
    /// (HOTEL, small under a large sign, where AGE was read five letter heights away; DOLAN, where ANS).
    @Test(arguments: [("svttrain_07_14_w01.jpg", "HOTEL"), ("svttrain_03_13_w01.jpg", "DOLAN")])
    func aWordTheDetectorMissedAtTheAimIsLookedForCloser(file: String, word: String) throws {
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        let photo = try Self.picture(Self.streets.appendingPathComponent(file))
        let proposal = try recognizer.propose(photo, language: .english)
        #expect(proposal.word == word && proposal.evidence?.route == .detected, "\(proposal)")
        #expect((proposal.evidence?.aimOffset ?? .infinity) < Tuning.aimOnNoWord, "\(String(describing: proposal.evidence))")
    }

    /// The detector sees the middle of the photo. A word found reaching a side of it may run on past it,
    /// and the whole frame is looked at: THE of THE ARTS, where the middle ends inside ARTS and the
    /// line was read run together and cut (`THWARTS`).
    @Test func aWordReachingTheSideOfTheDetectorsViewIsLookedForInTheWholeFrame() throws {
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        let photo = try Self.picture(Self.streets.appendingPathComponent("svttrain_05_09_w03.jpg"))
        let proposal = try recognizer.propose(photo, language: .english)
        #expect(proposal.word == "THE" && proposal.evidence?.route == .detected, "\(proposal)")
    }

    /// The same in a photo held at a slant: it is turned level about the aim, and looked at closer as turned.
    @Test(arguments: [8.0, -8.0])
    func aWordMissedAtTheAimIsLookedForCloserInATurnedPhoto(degrees: Double) throws {
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        let photo = try Self.picture(Self.streets.appendingPathComponent("svttrain_07_14_w01.jpg"))
        let proposal = try recognizer.propose(try photo.rotated(by: degrees * .pi / 180), language: .english)
        #expect(proposal.word == "HOTEL" && proposal.evidence?.route == .detected, "\(proposal)")
    }

    /// A small photo whose line near the aim the detector found at a slant (a sign's lettering, not a
    /// turned photo) is read as found when, turned level, no line lies near the aim: it was read whole
    /// as one word (`ais`), then by Tesseract alone (`pousToN`).
    @Test func aSlantedLineIsReadAsFoundWhenTurningItLevelFindsNothing() throws {
        let photo = try Self.picture(Self.streets.appendingPathComponent("svttrain_08_01_w01.jpg"))
        let small = try photo.scaled(by: 320 / Double(photo.width))
        let recognizer = Recognizer(sceneText: Self.models)
        let proposal = try recognizer.propose(small, language: .english)
        #expect(proposal.word == "HOUSTON" && proposal.evidence?.route == .detected, "\(proposal)")
    }

    /// A picture that is one word is read by both readers: confident when they agree (Rescue); where
    /// Tesseract misreads (MANILE), the recogniser's reading, a word, is the proposal.
    @Test(arguments: [("1017_1.png", "Rescue", true), ("195_5.png", "MANILA", false)])
    func aCroppedWordIsReadByBothReaders(file: String, word: String, agreed: Bool) throws {
        let spelling = Glossary(nativeLanguage: .english)
        let recognizer = Recognizer(sceneText: Self.models)
        recognizer.lexicon = { spelling.isWord($0, language: $1) }
        let crop = try Self.picture(Self.datasets.appendingPathComponent("iiit5k-train/\(file)"))
        let read = try recognizer.propose(crop, language: .english)
        let evidence = try #require(read.evidence)
        #expect(evidence.route == .crop && read.word == word, "\(read)")
        #expect(evidence.recogniserAgrees == true && evidence.tesseractAgrees == agreed, "\(evidence)")
        if agreed { #expect(read.confidence >= 90, "\(read)") }
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
        #expect(problem.hasPrefix("[recognition] models names /nonexistent/wordbook-models,") && problem.contains("Tesseract alone"), "\(problem)")
        #expect(SceneText.problem(configuredFolder: Self.models.folder) == nil)
        let unconfigured = SceneTextFiles.locate(configured: "", executable: "/nonexistent/bin/wordbook-worker")
        guard case let .failure(none) = unconfigured else { Issue.record("found models under /nonexistent"); return }
        #expect(none.description.contains("/nonexistent/share/wordbook/models") && none.description.contains("make models"), "\(none)")
    }

    /// The context shows the line with the proposal in place of the recogniser's reading of it.
    @Test func theContextLineHoldsTheProposal() {
        let words = ["MJSEUM", "OF", "MAN"].enumerated().map {
            LineWord(text: $0.element, confidence: 0.9, start: Double($0.offset) / 3, end: Double($0.offset + 1) / 3, variants: [])
        }
        let line = LineText(text: "MJSEUM OF MAN", words: words)
        #expect(DetectedLines.line(line, replacing: words[0], with: "MUSEUM") == "MUSEUM OF MAN")
        let merged = LineWord(text: "ROCKYMOUNTS,", confidence: 0.9, start: 0, end: 1, variants: [])
        #expect(DetectedLines.line(LineText(text: "ROCKYMOUNTS,", words: [merged]), replacing: merged, with: "MOUNTS") == "ROCKYMOUNTS,")
        let quoted = LineWord(text: "«Cafe»", confidence: 0.9, start: 0, end: 1, variants: [])
        #expect(DetectedLines.line(LineText(text: "«Cafe»", words: [quoted]), replacing: quoted, with: "Café") == "«Café»")
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

    /// The plugin is looked for where the build leaves it, where `make install` and the package put it,
    /// or only where the environment says.
    @Test func theLibraryIsFoundBesideTheExecutableThenInstalled() {
        let name = SceneTextLibrary.fileName
        #expect(SceneTextLibrary.paths(environment: [:], executable: "/src/wordbook/.build/x86_64-unknown-linux-gnu/debug/wordbook-worker")
            == ["/src/wordbook/.build/x86_64-unknown-linux-gnu/debug/\(name)", "/src/wordbook/.build/x86_64-unknown-linux-gnu/lib/wordbook/\(name)",
                "/usr/lib/wordbook/\(name)"])
        #expect(SceneTextLibrary.paths(environment: [:], executable: "/usr/bin/wordbook-worker") == ["/usr/bin/\(name)", "/usr/lib/wordbook/\(name)"])
        #expect(SceneTextLibrary.paths(environment: ["WORDBOOK_SCENETEXT_LIBRARY": "/opt/st.so"], executable: "/usr/bin/wordbook-worker")
            == ["/opt/st.so"])
        #expect(SceneTextLibrary.paths(environment: ["WORDBOOK_SCENETEXT_LIBRARY": ""], executable: "/usr/bin/wordbook-worker").count == 2)
    }

    /// What is not a library, or is no library at all, is told as the loader's reason, and reads with Tesseract alone.
    @Test func aLibraryThatWillNotLoadIsToldWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent(SceneTextLibrary.fileName).path
        try Data("not a library\n".utf8).write(to: URL(fileURLWithPath: text))
        guard case let .failure(broken) = SceneTextLibrary.open([text], configured: false) else {
            Issue.record("a text file loaded as a library")
            return
        }
        #expect(broken.description.hasPrefix("the scene-text library \(text) could not be loaded (") && broken.missingPackage == nil, "\(broken)")
        #expect(broken.description.hasSuffix("; photos are read by Tesseract alone: reinstall the wordbook package, or rebuild it with swift build"))
        guard case let .failure(absent) = SceneTextLibrary.open(["/nonexistent/a.so", "/nonexistent/b.so"], configured: false) else {
            Issue.record("a library loaded from /nonexistent")
            return
        }
        #expect(absent.description == "the scene-text library libwordbook-scenetext.so is in none of /nonexistent/a.so, /nonexistent/b.so; "
            + "photos are read by Tesseract alone: install the wordbook package, or build it with swift build in the source tree")
        guard case let .failure(why) = SceneTextPlugin.load(SceneTextLibrary.open([text], configured: false)) else {
            Issue.record("a text file gave the scene-text functions")
            return
        }
        #expect(why.description == broken.description)
        // This build's plugin, beside the test bundle, has every function the header names.
        #expect(throws: Never.self) { try SceneTextPlugin.shared.get() }
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

    /// Tesseract's word under the aim, where it saw a word space the recogniser ran across.
    @Test func tesseractsWordSpaceInsideTheRecognisersWord() {
        let line = TextLine(corners: [(100, 100), (700, 100), (700, 160), (100, 160)], score: 0.9)
        let merged = DetectedWord(
            word: LineWord(text: "ROCKYMOUNTS", confidence: 0.9, start: 0, end: 1, variants: []), line: line, part: line)
        var mounts = Reading(text: "MOUNTS", confidence: 90, line: "ROCKY MOUNTS")
        mounts.box = PixelBox(x: 400, y: 105, width: 290, height: 50)
        mounts.neighbourBoxes = [PixelBox(x: 110, y: 105, width: 250, height: 50)]
        let span = DetectedLines.tesseractWord(in: merged, readings: [mounts])
        #expect(abs((span?.start ?? 0) - 0.5) < 0.01 && abs((span?.end ?? 0) - 0.983) < 0.01, "\(String(describing: span))")
        // Tesseract's other word outside the recogniser's: no space inside it.
        mounts.neighbourBoxes = [PixelBox(x: 720, y: 105, width: 200, height: 50)]
        #expect(DetectedLines.tesseractWord(in: merged, readings: [mounts]) == nil)
    }

    /// A street photo 320 px wide (a head-worn camera's, or one a messaging app shrank) is a photo with
    /// a word in it, not a cropped word: read whole as one line, its proposal was nonsense. So is one
    /// whose sign's band spans its width (`LIVING ROOM THEATER`, read `7` as one word).
    @Test(arguments: [("svttrain_00_01_w03.jpg", "Suites"), ("svttrain_00_08_w00.jpg", "MARBLE"), ("svttrain_14_03_w01.jpg", "ROOM")])
    func aSmallPhotoIsNotTakenForACroppedWord(file: String, word: String) throws {
        let full = try Self.picture(Self.streets.appendingPathComponent(file))
        let small = try full.scaled(by: 320 / Double(full.width))
        #expect(WordReader.isWordCrop(width: small.width, height: small.height))
        let scene = try SceneText(files: Self.models)
        #expect(!DetectedLines.fillsPicture(try scene.detector.lines(in: small), width: small.width, height: small.height))
        #expect(try Recognizer(sceneText: Self.models).propose(small, language: .english).word == word)
    }

    /// A phone held at a slant: the same street photos turned 8 degrees one way and the other are read
    /// as they are upright, and the word's box, turned back, lies on the word in the photo as taken.
    /// Read as they came, the recogniser ran the words together (WAXTRAX, DAYSINN, DUNKIN'D).
    @Test(arguments: [("svttrain_07_16_w00.jpg", "TRAX"), ("svttrain_09_02_w02.jpg", "DAYS"), ("svttrain_10_02_w01.jpg", "DUNKIN"), ("svttrain_11_14_w03.jpg", "CONEY"), ("svttrain_18_11_w03.jpg", "The")])
    func aPhotoTakenAtASlantIsReadAsIfLevel(file: String, word: String) throws {
        let upright = try Self.picture(Self.streets.appendingPathComponent(file))
        let recognizer = Recognizer(sceneText: Self.models)
        let level = try recognizer.propose(upright, language: .english)
        #expect(level.word == word)
        let levelBox = try #require(level.box)
        for degrees in [8.0, -8.0] {
            let turn = degrees * Double.pi / 180
            let slanted = try upright.rotated(by: turn)
            let proposal = try recognizer.propose(slanted, language: .english)
            #expect(proposal.word == word, "turned \(degrees)°: \(proposal)")
            // Where the level photo's word box lands in the slanted one.
            let expected = levelBox.rotated(by: turn, inFrame: upright.width, upright.height)
            let box = try #require(proposal.box)
            let overlap = max(0, min(box.x + box.width, expected.x + expected.width) - max(box.x, expected.x))
                * max(0, min(box.y + box.height, expected.y + expected.height) - max(box.y, expected.y))
            #expect(Double(overlap) >= 0.5 * Double(min(box.width * box.height, expected.width * expected.height)),
                    "turned \(degrees)°: \(box) against \(expected)")
        }
    }

    /// A cropped word's text fills its picture.
    @Test func aCroppedWordFillsItsPicture() throws {
        let photo = try Self.picture(Self.streets.appendingPathComponent("svttrain_00_01_w03.jpg"))
        let scene = try SceneText(files: Self.models)
        let aim = (Double(photo.width) / 2, Double(photo.height) / 2)
        let line = try #require(DetectedLines.near(try scene.detector.lines(in: photo), aim: aim, reach: 4, count: 1).first)
        let crop = try photo.cropped(to: line.box)
        #expect(DetectedLines.fillsPicture(try scene.detector.lines(in: crop), width: crop.width, height: crop.height))
        #expect(DetectedLines.fillsPicture([], width: 200, height: 60))
    }
}
