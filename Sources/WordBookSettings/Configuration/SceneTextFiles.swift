import Foundation
import WordBookDigest

/// Where the scene-text detector and recogniser (PaddleOCR's PP-OCR models, rewritten for OpenCV by
/// scripts/make-models.sh) are found: the configured folder, else the package's
/// (`BIN/../share/wordbook/models`: /usr/share/wordbook/models), else the build tree's (`.build/models`).
public struct SceneTextFiles: Sendable, Equatable {
    public static let detectorName = "ppocr-det.onnx"
    public static let recognizerName = "ppocr-rec.onnx"
    /// The same recogniser with an input half as wide, for short lines (models/README.md).
    public static let narrowRecognizerName = "ppocr-rec-160.onnx"
    public static let keysName = "ppocr-rec-keys.txt"
    public static let names = [detectorName, recognizerName, narrowRecognizerName, keysName]

    /// What scripts/make-models.sh makes (models/SHA256SUMS; a test keeps the two equal).
    public static let expectedSHA256: [String: String] = [
        detectorName: "9b61dd77c0e623bbe1c6d58ecbc0a462f34d17941beb598397317447669bc4d7",
        recognizerName: "662b66e1d50ec38d1aa97a43037ad42e51fe1caa9198bd9bf2524af8d027cb0d",
        narrowRecognizerName: "fe5d98f496963cb525e24ea138c87eadb1b9de7fe83a8101f7ab470d88402d20",
        keysName: "7228e92d7960428e12d588ffecb9474c4752afbd3f085d7a1b35493e868f7ef7",
    ]

    public let folder: String
    public var detector: String { "\(folder)/\(Self.detectorName)" }
    public var recognizer: String { "\(folder)/\(Self.recognizerName)" }
    public var narrowRecognizer: String { "\(folder)/\(Self.narrowRecognizerName)" }
    /// The recogniser's files with the input width each was made for.
    public var recognizers: [(path: String, width: Int)] { [(recognizer, 320), (narrowRecognizer, 160)] }
    public var keys: String { "\(folder)/\(Self.keysName)" }

    public init(folder: String) {
        self.folder = folder
    }

    /// Why these are not the files this WordBook was built for (one cut short, a keys file edited),
    /// in a sentence; nil when each file's SHA-256 is the expected one (about 0.1 s for the four).
    public func mismatch() -> String? {
        for name in Self.names {
            let path = "\(folder)/\(name)"
            guard let digest = Digest.sha256Hex(ofFileAt: path) else { return "\(path) could not be read" }
            guard digest == Self.expectedSHA256[name] else {
                return "\(path) is not the file this WordBook was built for (SHA-256 \(digest)); reinstall the package or run make models"
            }
        }
        return nil
    }

    /// This process's executable, links followed: argv[0] of a command found on PATH is a bare name.
    public static var runningExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The folders looked in, in order: the configured one alone, else the package's beside the
    /// executable, and the build tree's when the executable lies in one.
    public static func folders(configured: String, executable: String = runningExecutable) -> [String] {
        if !configured.isEmpty { return [configured] }
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        var folders = [binary.appendingPathComponent("../share/wordbook/models").standardized.path]
        if let build = binary.path.range(of: "/.build/") {
            folders.append(String(binary.path[..<build.upperBound]) + "models")
        }
        return folders
    }

    /// The first folder that holds all the files, or the sentence that says what is missing.
    public static func locate(configured: String, executable: String = runningExecutable) -> Result<SceneTextFiles, SceneTextMissing> {
        let candidates = folders(configured: configured, executable: executable)
        for folder in candidates where names.allSatisfy({ FileManager.default.isReadableFile(atPath: "\(folder)/\($0)") }) {
            return .success(SceneTextFiles(folder: folder))
        }
        // A file there that this user may not read is named, not taken for a missing one.
        let paths: [String] = candidates.flatMap { folder in names.map { name in "\(folder)/\(name)" } }
        let denied = paths.filter { access($0, R_OK) != 0 && errno == EACCES }
        return .failure(SceneTextMissing(folders: candidates, configured: !configured.isEmpty, denied: denied))
    }
}

/// No folder holds the scene-text models: photos are read by Tesseract alone.
public struct SceneTextMissing: Error, Sendable, Equatable, CustomStringConvertible {
    public let folders: [String]
    /// Whether the configuration named the folder.
    public var configured = false
    /// Files this user may not read, or in a folder it may not enter (EACCES).
    public var denied: [String] = []

    public var description: String {
        let files = SceneTextFiles.names.joined(separator: ", ")
        if let first = denied.first {
            let user = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "uid \(geteuid())"
            return "the scene-text models cannot be read by the user \(user) (permission denied: \(first)\(denied.count > 1 ? " and \(denied.count - 1) more" : "")); "
                + "photos are read by Tesseract alone: let that user read the files and enter their folder"
        }
        if configured, let folder = folders.first {
            return "[recognition] models names \(folder), which does not hold the scene-text models (\(files)); "
                + "photos are read by Tesseract alone: point it at /usr/share/wordbook/models, or set it to \"\" for the default"
        }
        return "the scene-text models (\(files)) are in none of \(folders.joined(separator: ", ")); "
            + "photos are read by Tesseract alone: install the wordbook package, or run make models in the source tree"
    }
}
