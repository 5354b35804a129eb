import CSceneTextAPI
import Foundation
import WordBookSettings
#if canImport(Glibc)
import Glibc
#endif

/// The scene-text plugin's functions (Sources/CSceneText/include/SceneText.h), bound by name from
/// libwordbook-scenetext.so: the executables link no OpenCV, and a machine without it reads with
/// Tesseract alone.
final class SceneTextPlugin: @unchecked Sendable {
    let detectorOpen: st_detector_open_fn
    let detectorClose: st_detector_close_fn
    let detectorDetect: st_detector_detect_fn
    let recognizerOpen: st_recognizer_open_fn
    let recognizerClose: st_recognizer_close_fn
    let recognizerClasses: st_recognizer_classes_fn
    let recognizerRead: st_recognizer_read_fn

    /// This process's plugin, loaded once where WordBookSettings' SceneTextLibrary finds it; a failure
    /// stays, so that it is told once and not tried again for each photo.
    static let shared: Result<SceneTextPlugin, SceneTextError> = load(SceneTextLibrary.open())

    static func load(_ opened: Result<(path: String, handle: UnsafeMutableRawPointer), SceneTextLibraryMissing>) -> Result<SceneTextPlugin, SceneTextError> {
        switch opened {
        case let .failure(missing): return .failure(SceneTextError(missing.description))
        case let .success((path, handle)):
            do { return .success(try SceneTextPlugin(path: path, handle: handle)) } catch { return .failure(error) }
        }
    }

    private init(path: String, handle: UnsafeMutableRawPointer) throws(SceneTextError) {
        func bind<T>(_ name: String, as type: T.Type) throws(SceneTextError) -> T {
            guard let address = dlsym(handle, name) else {
                throw SceneTextError("\(path) has no function \(name), so it is not the scene-text library this WordBook was built with; "
                    + "photos are read by Tesseract alone: reinstall the wordbook package, or rebuild it with swift build")
            }
            return unsafeBitCast(address, to: type)
        }
        detectorOpen = try bind("st_detector_open", as: st_detector_open_fn.self)
        detectorClose = try bind("st_detector_close", as: st_detector_close_fn.self)
        detectorDetect = try bind("st_detector_detect", as: st_detector_detect_fn.self)
        recognizerOpen = try bind("st_recognizer_open", as: st_recognizer_open_fn.self)
        recognizerClose = try bind("st_recognizer_close", as: st_recognizer_close_fn.self)
        recognizerClasses = try bind("st_recognizer_classes", as: st_recognizer_classes_fn.self)
        recognizerRead = try bind("st_recognizer_read", as: st_recognizer_read_fn.self)
    }
}
