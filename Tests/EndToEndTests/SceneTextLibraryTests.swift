import Foundation
import Glibc
import Testing
@testable import WordBookStore

/// The scene-text plugin (libwordbook-scenetext.so, built beside the executables) is the one part that
/// links OpenCV: without it, or without OpenCV, the worker still starts and files photos with
/// Tesseract alone, and `wordbook status` says what is missing.
@Suite struct SceneTextLibraryTests {
    static let folder = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent()
    static let plugin = folder.appendingPathComponent("libwordbook-scenetext.so").path
    static let worker = folder.appendingPathComponent("wordbook-worker").path
    static let photo = LabeledImage.all.first { $0.file == "station.jpg" }

    /// The shared libraries the dynamic loader must find for `binary` (its NEEDED entries).
    static func needed(_ binary: String) throws -> [String] {
        let result = try runProgram("/usr/bin/readelf", ["-d", binary])
        return result.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
    }

    /// The word `wordbook ingest` filed for `photo` and the route its evidence names.
    static func ingest(_ photo: LabeledImage, into scratch: Scratch, environment: [String: String]) throws
        -> (word: String?, route: String?, stderr: String) {
        let evidence = "\(scratch.root)/evidence.tsv"
        var environment = environment
        environment["WORDBOOK_EVIDENCE"] = evidence
        let result = try wordbook(["ingest", "--json", "--language", photo.language, "--config", scratch.config, photo.path], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let filed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let fields = ((try? String(contentsOfFile: evidence, encoding: .utf8)) ?? "").split(separator: "\t").map(String.init)
        return (filed?["word"] as? String, fields.count > 1 ? fields[1] : nil, result.stderr)
    }

    @Test func onlyThePluginLinksOpenCV() throws {
        for binary in [wordbookBinary, Self.worker] {
            let needed = try Self.needed(binary)
            #expect(needed.contains { $0.contains("libc.so") }, "\(binary): \(needed)")
            #expect(!needed.contains { $0.contains("opencv") }, "\(binary) needs OpenCV: \(needed)")
        }
        let plugin = try Self.needed(Self.plugin)
        #expect(plugin.contains { $0.contains("[libopencv_dnn.so.") }, "\(plugin)")
        // C++ alone: the package drops the Swift run-time SwiftPM names in its link (scripts/build-deb.sh).
        let undefined = try runProgram("/usr/bin/nm", ["-D", "--undefined-only", Self.plugin]).stdout
        #expect(undefined.contains("cv::dnn") || undefined.contains("_ZN2cv"), "\(undefined.prefix(300))")
        #expect(!undefined.contains("swift"), "\(undefined)")
    }

    @Test func withoutThePluginPhotosAreReadByTesseractAloneAndStatusSaysWhy() throws {
        let photo = try #require(Self.photo)
        let scratch = try Scratch()
        let missing = "\(scratch.root)/nowhere/libwordbook-scenetext.so"
        let environment = ["WORDBOOK_SCENETEXT_LIBRARY": missing]
        let alone = try Self.ingest(photo, into: scratch, environment: environment)
        #expect(alone.word == photo.word && alone.route == "photo", "\(alone)")
        // ingest says so once, before its first photo, in the words status uses.
        let told = "WORDBOOK_SCENETEXT_LIBRARY names \(missing), which does not exist; photos are read by Tesseract alone"
        #expect(alone.stderr.components(separatedBy: told).count == 2, "\(alone.stderr)")
        let status = try wordbook(["status", "--config", scratch.config], environment: environment)
        #expect(status.status == 0)
        #expect(status.stdout.contains(
            "reading    WORDBOOK_SCENETEXT_LIBRARY names \(missing), which does not exist; photos are read by Tesseract alone: "
                + "point it at libwordbook-scenetext.so, or unset it for the default\n"), "\(status.stdout)")

        // Found beside the executables, as the build leaves it, the plugin reads the same photo by the detector.
        let other = try Scratch()
        let detected = try Self.ingest(photo, into: other, environment: [:])
        #expect(detected.word == photo.word && detected.route != nil && detected.route != "photo", "\(detected)")
        #expect(!detected.stderr.contains("Tesseract alone"), "\(detected.stderr)")
        #expect(!(try wordbook(["status", "--config", other.config]).stdout.contains("scene-text library")))
    }

    @Test func withoutOpenCVTheWorkerFilesWithTesseractAloneAndStatusNamesThePackage() throws {
        let photo = try #require(Self.photo)
        let scratch = try Scratch()
        // The plugin as built, but needing an OpenCV library no machine has: the dynamic loader then
        // refuses it as it does where libopencv-dnn406 is not installed.
        let needed = Data("libopencv_dnn.so.406".utf8), absent = Data("libopencv_dnx.so.406".utf8)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.plugin))
        #expect(bytes.range(of: needed) != nil)
        while let range = bytes.range(of: needed) { bytes.replaceSubrange(range, with: absent) }
        let copy = "\(scratch.root)/lib/libwordbook-scenetext.so"
        try FileManager.default.createDirectory(atPath: "\(scratch.root)/lib", withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: copy))
        let environment = ["WORDBOOK_SCENETEXT_LIBRARY": copy]

        let log = "\(scratch.root)/run.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: wordbookBinary)
        worker.arguments = ["run", "--config", scratch.config]
        worker.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        worker.standardError = FileHandle(forWritingAtPath: log)
        worker.standardOutput = FileHandle.nullDevice
        try worker.run()
        defer { if worker.isRunning { worker.terminate() } }
        func logged() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(eventually(timeout: 60) { logged().contains("watching") }, "\(logged())")
        try FileManager.default.copyItem(atPath: photo.path, toPath: "\(scratch.inbox)/\(photo.file)")
        let filed = eventually(timeout: 120) {
            guard FileManager.default.fileExists(atPath: scratch.database) else { return false }
            return (try? AppDatabase.open(path: scratch.database, create: false).wordCount()) == 1
        }
        worker.terminate()
        worker.waitUntilExit()
        #expect(filed && worker.terminationStatus == 0, "\(logged())")
        #expect(try AppDatabase.open(path: scratch.database, create: false).lastFiled()?.word == photo.word)

        // Told once, at start, with the loader's own reason and the package to install.
        let reason = "the scene-text library \(copy) could not be loaded (libopencv_dnx.so.406: cannot open shared object file: "
            + "No such file or directory); photos are read by Tesseract alone: sudo apt-get install libopencv-dnn406"
        #expect(logged().components(separatedBy: reason).count == 2, "\(logged())")
        #expect(logged().components(separatedBy: "scene-text library").count == 2, "\(logged())")

        let status = try wordbook(["status", "--config", scratch.config], environment: environment)
        #expect(status.stdout.contains("reading    \(reason)\n"), "\(status.stdout)")
        let json = try wordbook(["status", "--json", "--config", scratch.config], environment: environment)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["sceneTextMissingPackage"] as? String == "libopencv-dnn406", "\(json.stdout)")
        #expect(document?["sceneTextLibraryMissing"] as? String == reason, "\(json.stdout)")
    }

    /// The build's models copied into `scratch`'s folder `models`, which its configuration names.
    static func copyModels(into scratch: Scratch) throws -> String {
        let models = "\(scratch.root)/models"
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        for name in ["ppocr-det.onnx", "ppocr-rec.onnx", "ppocr-rec-160.onnx", "ppocr-rec-keys.txt"] {
            try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent(".build/models/\(name)").path,
                                             toPath: "\(models)/\(name)")
        }
        let configured = try String(contentsOfFile: scratch.config, encoding: .utf8)
        try (configured + "\n[recognition]\nmodels = \"\(models)\"\n").write(toFile: scratch.config, atomically: true, encoding: .utf8)
        return models
    }

    /// A model cut short (a download or a copy stopped half-way) is what the worker refuses to load:
    /// `status` runs the same check and says so, where before it saw only that the files were there.
    @Test func aModelCutShortIsNamedByStatusAsTheWorkerWouldRefuseIt() throws {
        let scratch = try Scratch()
        let models = try Self.copyModels(into: scratch)
        #expect(!(try wordbook(["status", "--config", scratch.config]).stdout.contains("ppocr")), "the files as made pass")

        let detector = "\(models)/ppocr-det.onnx"
        let whole = try Data(contentsOf: URL(fileURLWithPath: detector))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: detector))
        let status = try wordbook(["status", "--config", scratch.config])
        #expect(status.status == 0)
        #expect(status.stdout.contains("reading    \(detector) is not the file this WordBook was built for (SHA-256 "), "\(status.stdout)")
        #expect(status.stdout.contains("photos are read by Tesseract alone"), "\(status.stdout)")
        let json = try wordbook(["status", "--json", "--config", scratch.config])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((document?["sceneTextMissing"] as? String)?.hasPrefix("\(detector) is not the file") == true, "\(json.stdout)")
    }

    /// A models folder the worker's user may not enter is named as such, with the user, not taken for
    /// a folder without the models.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "running a command as another user needs root and setpriv"))
    func aModelsFolderTheUserMayNotReadIsNamedAsSuch() throws {
        let scratch = try Scratch()
        let models = try Self.copyModels(into: scratch)
        chmod(scratch.root, 0o755); chmod(scratch.config, 0o644); chmod(models, 0o700)
        let status = try ServiceTests.runAsNobody(["status", "--config", scratch.config])
        #expect(status.stdout.contains("the scene-text models cannot be read by the user nobody (permission denied: \(models)/ppocr-det.onnx and 3 more)"),
                "\(status.stdout) \(status.stderr)")
    }
}
