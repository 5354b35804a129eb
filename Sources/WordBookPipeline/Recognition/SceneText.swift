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

    private static let lock = NSLock()
    nonisolated(unsafe) private static var verified: Set<String> = []

    /// Each file's SHA-256 against the expected one, once per folder and process (about 0.1 s).
    public static func verify(_ files: SceneTextFiles) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !verified.contains(files.folder) else { return }
        if let mismatch = files.mismatch() { throw SceneTextError(mismatch) }
        verified.insert(files.folder)
    }
}
