import Foundation
import WordBookSettings

/// The scene-text detector and recogniser of one worker thread, loaded from files whose SHA-256
/// matches what scripts/make-models.sh makes (`SceneTextFiles.expectedSHA256`).
public final class SceneText {
    public let detector: TextDetector
    public let reader: TextLineReader

    public init(files: SceneTextFiles) throws {
        try Self.verify(files)
        detector = try TextDetector(modelPath: files.detector)
        reader = try TextLineReader(modelPath: files.recognizer, keysPath: files.keys)
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

    /// Each file's SHA-256 against the expected one, by every thread that loads them (about 15 ms
    /// for the three with libcrypto), so a file replaced while the worker runs (a package upgraded
    /// under it) is refused by the next thread to load it, not taken on trust from an earlier check.
    public static func verify(_ files: SceneTextFiles) throws {
        if let mismatch = files.mismatch() { throw SceneTextError(mismatch) }
    }
}
