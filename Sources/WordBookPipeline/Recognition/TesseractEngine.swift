import CTesseract
import Foundation
import WordBookVocabulary

/// One word as Tesseract read it.
public struct RecognizedWord: Sendable, Equatable {
    public var text: String
    /// Tesseract's word confidence, 0-100.
    public var confidence: Double
    public var box: PixelBox
    /// Which text line of the page the word belongs to, in reading order.
    public var line: Int
    /// Per character, the readings the network weighed, the chosen one first;
    /// empty unless asked for.
    public var choices: [[SymbolChoice]] = []
}

/// One reading of one character, with Tesseract's confidence 0-100.
public struct SymbolChoice: Sendable, Equatable {
    public var text: String
    public var confidence: Double
}

/// Tesseract's page segmentation modes that the pipeline uses.
public enum PageSegmentation: Sendable {
    /// Scattered words anywhere on the photo.
    case sparseText
    /// One line of text filling the image: a crop around a chosen word.
    case singleLine
    /// One word filling the image.
    case singleWord
    /// One block of lines: a sign's plate, read without looking for text regions first.
    case block

    var mode: TessPageSegMode {
        switch self {
        case .sparseText: return PSM_SPARSE_TEXT
        case .block: return PSM_SINGLE_BLOCK
        case .singleLine: return PSM_SINGLE_LINE
        case .singleWord: return PSM_SINGLE_WORD
        }
    }
}

public enum RecognitionError: Error, CustomStringConvertible {
    case engineFailed(language: String, dataPath: String?)
    case recognitionFailed

    public var description: String {
        switch self {
        case let .engineFailed(language, dataPath):
            return "Tesseract could not load the '\(language)' model from \(dataPath ?? "its default tessdata folder"); install tesseract-ocr-\(language)"
        case .recognitionFailed:
            return "Tesseract failed to recognise the image"
        }
    }
}

/// A Tesseract engine for one language, created once and reused for every photo.
/// Not thread-safe: one engine per worker thread.
public final class TesseractEngine {
    private let handle: OpaquePointer
    public let languageCode: String
    /// Told the wall time of each `recognize` call while the caller sets it; nil reads no clock.
    public var callObserver: ((Duration) -> Void)?

    public init(languageCode: String, dataPath: String? = nil) throws {
        guard let handle = TessBaseAPICreate() else { throw RecognitionError.engineFailed(language: languageCode, dataPath: dataPath) }
        // LSTM only: Debian's models carry no legacy engine.
        let status = TessBaseAPIInit2(handle, dataPath, languageCode, OEM_LSTM_ONLY)
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw RecognitionError.engineFailed(language: languageCode, dataPath: dataPath)
        }
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        self.handle = handle
        self.languageCode = languageCode
    }

    /// The models Tesseract finds in its data folder: "eng", "deu", ...
    public var availableLanguages: [String] {
        guard let list = TessBaseAPIGetAvailableLanguagesAsVector(handle) else { return [] }
        defer { TessDeleteTextArray(list) }
        var names: [String] = []
        var index = 0
        while let name = list[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Reads the words of `picture`; boxes are in the picture's coordinates. With `choices`, each word
    /// also carries the character alternatives of the LSTM's decoding (slower).
    public func recognize(_ picture: Picture, mode: PageSegmentation, resolution: Int = 300, choices: Bool = false) throws -> [RecognizedWord] {
        let start = callObserver == nil ? nil : ContinuousClock.now
        defer { if let start { callObserver?(ContinuousClock.now - start) } }
        TessBaseAPISetPageSegMode(handle, mode.mode)
        _ = TessBaseAPISetVariable(handle, "lstm_choice_mode", choices ? "2" : "0")
        TessBaseAPISetImage2(handle, picture.pix)
        TessBaseAPISetSourceResolution(handle, Int32(resolution))
        defer { TessBaseAPIClear(handle) }
        guard TessBaseAPIRecognize(handle, nil) == 0 else { throw RecognitionError.recognitionFailed }
        guard let iterator = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)

        var words: [RecognizedWord] = []
        var line = -1
        var inWord = false
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 {
                inWord = false
                if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 { line += 1 }
                guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
                let text = String(cString: cText)
                TessDeleteText(cText)
                var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
                guard TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0 else { continue }
                let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
                words.append(RecognizedWord(
                    text: text, confidence: max(0, min(100, confidence)),
                    box: PixelBox(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)),
                    line: max(line, 0)))
                inWord = true
            }
            if choices, inWord, let symbol = Self.symbolChoices(iterator) {
                words[words.count - 1].choices.append(symbol)
            }
        } while TessResultIteratorNext(iterator, choices ? RIL_SYMBOL : RIL_WORD) != 0
        return words
    }

    /// The readings of the character at the iterator, the chosen one first.
    private static func symbolChoices(_ iterator: OpaquePointer) -> [SymbolChoice]? {
        guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_SYMBOL) else { return nil }
        var result = [SymbolChoice(text: String(cString: cText), confidence: Double(TessResultIteratorConfidence(iterator, RIL_SYMBOL)))]
        TessDeleteText(cText)
        guard let choice = TessResultIteratorGetChoiceIterator(iterator) else { return result }
        defer { TessChoiceIteratorDelete(choice) }
        repeat {
            guard let text = TessChoiceIteratorGetUTF8Text(choice) else { continue }
            let alternative = SymbolChoice(text: String(cString: text), confidence: Double(TessChoiceIteratorConfidence(choice)))
            if !result.contains(where: { $0.text == alternative.text }) { result.append(alternative) }
        } while TessChoiceIteratorNext(choice) != 0
        return result
    }
}
