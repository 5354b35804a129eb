import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the scene-text plugin (libwordbook-scenetext.so, the one part of WordBook that links OpenCV)
/// is found: the file $WORDBOOK_SCENETEXT_LIBRARY names, alone, when it is set; else beside the
/// executable (the build tree's), in BIN/../lib/wordbook (`make install`'s) and in /usr/lib/wordbook
/// (the package's).
public enum SceneTextLibrary {
    public static let fileName = "libwordbook-scenetext.so"
    public static let environmentVariable = "WORDBOOK_SCENETEXT_LIBRARY"
    /// The Debian package that brings OpenCV's DNN module, with its imgproc and core.
    public static let openCVPackage = "libopencv-dnn406"

    /// The files looked at, in order.
    public static func paths(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = SceneTextFiles.runningExecutable
    ) -> [String] {
        if let configured = environment[environmentVariable], !configured.isEmpty { return [configured] }
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            binary.appendingPathComponent(fileName).path,
            binary.appendingPathComponent("../lib/wordbook/\(fileName)").standardized.path,
            "/usr/lib/wordbook/\(fileName)",
        ]
        return candidates.enumerated().filter { !candidates[..<$0.offset].contains($0.element) }.map(\.element)
    }

    /// The plugin opened from the first of `paths` that exists (kept open for the process's life), or
    /// why it could not be: none exists, or the dynamic loader's reason (OpenCV missing, most often).
    public static func open(
        _ paths: [String] = paths(), configured: Bool = !(ProcessInfo.processInfo.environment[environmentVariable] ?? "").isEmpty
    ) -> Result<(path: String, handle: UnsafeMutableRawPointer), SceneTextLibraryMissing> {
        guard let path = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            return .failure(SceneTextLibraryMissing(paths: paths, configured: configured))
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "the dynamic loader gave no reason"
            return .failure(SceneTextLibraryMissing(paths: [path], configured: configured, loaderError: reason))
        }
        return .success((path, handle))
    }
}

/// The scene-text plugin is absent or cannot be loaded: photos are read by Tesseract alone.
public struct SceneTextLibraryMissing: Error, Sendable, Equatable, CustomStringConvertible {
    /// The files looked at; the one that failed to load when `loaderError` is set.
    public let paths: [String]
    /// Whether $WORDBOOK_SCENETEXT_LIBRARY named the file.
    public var configured = false
    /// dlerror()'s sentence, when the file is there but would not load.
    public var loaderError: String?

    /// The Debian package to install, when what is missing is OpenCV.
    public var missingPackage: String? {
        loaderError?.contains("libopencv") == true ? SceneTextLibrary.openCVPackage : nil
    }

    public var description: String {
        let alone = "photos are read by Tesseract alone"
        if let loaderError, let path = paths.first {
            let remedy = missingPackage.map { "sudo apt-get install \($0)" } ?? "reinstall the wordbook package, or rebuild it with swift build"
            // The loader names the file itself when the fault is in it, and the library it lacks otherwise.
            let reason = loaderError.hasPrefix("\(path): ") ? String(loaderError.dropFirst(path.count + 2)) : loaderError
            return "the scene-text library \(path.escapingControlCharacters) could not be loaded (\(reason.escapingControlCharacters)); \(alone): \(remedy)"
        }
        if configured, let path = paths.first {
            return "\(SceneTextLibrary.environmentVariable) names \(path.escapingControlCharacters), which does not exist; \(alone): "
                + "point it at \(SceneTextLibrary.fileName), or unset it for the default"
        }
        return "the scene-text library \(SceneTextLibrary.fileName) is in none of \(paths.joined(separator: ", ")); \(alone): "
            + "install the wordbook package, or build it with swift build in the source tree"
    }
}
