import Foundation
import Synchronization
import WordBookSettings

/// The scene-text detector and recogniser, loaded from files whose SHA-256 matches what
/// scripts/make-models.sh makes (`SceneTextFiles.expectedSHA256`). Safe to share between threads:
/// each network takes its own lock for a pass.
public final class SceneText: Sendable {
    public let detector: TextDetector
    public let reader: TextLineReader

    public init(files: SceneTextFiles) throws {
        try Self.verify(files)
        detector = try TextDetector(modelPath: files.detector)
        reader = try TextLineReader(models: files.recognizers, keysPath: files.keys)
    }

    /// The process's networks for `files`, loaded (and verified) by the first thread to ask and
    /// shared by the rest: each set holds some 135 MB of buffers, and the filer threads of one
    /// worker take turns for a network's pass, their other work (Tesseract, decoding) going on
    /// beside. A load that fails is not kept: the next thread to ask tries again.
    public static func shared(_ files: SceneTextFiles) throws -> SceneText {
        try loaded.withLock { loaded in
            let key = [files.detector, files.keys] + files.recognizers.map(\.path)
            if let scene = loaded[key] { return scene }
            let scene = try SceneText(files: files)
            loaded[key] = scene
            return scene
        }
    }

    private static let loaded = Mutex<[[String]: SceneText]>([:])

    /// Lets go of the buffers the process's detectors keep between passes (`TextDetector.letGoOfBuffers`),
    /// before a decode that needs the room; loads nothing.
    public static func letGoOfBuffers() {
        for scene in loaded.withLock({ Array($0.values) }) { scene.detector.letGoOfBuffers() }
    }

    /// Why photos will be read by Tesseract alone under this configuration, or nil when the models are
    /// there and are the expected files and the scene-text library loads.
    public static func problem(configuredFolder: String) -> String? {
        var problems: [String] = []
        switch SceneTextFiles.locate(configured: configuredFolder) {
        case let .failure(missing): problems.append(missing.description)
        case let .success(files):
            do {
                try verify(files)
            } catch {
                problems.append("\(error); photos are read by Tesseract alone")
            }
        }
        if case let .failure(missing) = SceneTextPlugin.shared { problems.append(missing.description) }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// Each file's SHA-256 against the expected one, at every load (about 15 ms for the four with
    /// libcrypto), so a file replaced while the worker runs (a package upgraded under it) is refused
    /// by the next load, not taken on trust from an earlier check.
    public static func verify(_ files: SceneTextFiles) throws {
        if let mismatch = files.mismatch() { throw SceneTextError(mismatch) }
    }
}
