import Foundation
import WordBookDigest
import WordBookSettings

/// The scene-text detector and recogniser of one worker thread, loaded from files whose SHA-256
/// matches what scripts/make-models.sh makes (models/SHA256SUMS; a test keeps the two equal).
public final class SceneText {
    public static let expectedSHA256: [String: String] = [
        SceneTextFiles.detectorName: "dad1f2327102f07bc4cf8362f33f3b585daa7874ca29d252d67f5eab2ccf3854",
        SceneTextFiles.recognizerName: "e2002e2407bc0e9a39632cbf6b2e4b3418cdf84c5489a55d6696ab9f8f0e6d10",
        SceneTextFiles.keysName: "b5f2bfe2bdd9448429e3e82b51c789775d9b42f2403d082b00662eb77e401c5d",
    ]

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
        for name in SceneTextFiles.names {
            let path = "\(files.folder)/\(name)"
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SceneTextError("\(path) could not be read")
            }
            let digest = Digest.sha256Hex(data)
            guard digest == expectedSHA256[name] else {
                throw SceneTextError("\(path) is not the file this WordBook was built for (SHA-256 \(digest)); reinstall the package or run make models")
            }
        }
        verified.insert(files.folder)
    }
}
