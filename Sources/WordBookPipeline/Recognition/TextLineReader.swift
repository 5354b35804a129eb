import CSceneTextAPI
import Foundation

/// One word of a line the scene-text recogniser read, with where it lies along the line.
public struct LineWord: Sendable, Equatable {
    public var text: String
    /// The mean probability of its characters, 0-1.
    public var confidence: Double
    /// Its extent along the line, as shares of the line's length (0 the left edge, 1 the right).
    public var start: Double, end: Double
    /// Spellings with one character swapped for the one the network nearly chose, likeliest first.
    public var variants: [String]
}

/// What the recogniser read in one line box.
public struct LineText: Sendable, Equatable {
    public var text: String
    public var words: [LineWord]
}

/// PaddleOCR's scene-text recogniser (PP-OCR rec, a CRNN read by CTC) on OpenCV's DNN module.
/// Owns the network, which reads one line at a time: the worker's threads share it, each read
/// taking the lock for the network's forward pass alone.
public final class TextLineReader: @unchecked Sendable {
    private let plugin: SceneTextPlugin
    private let handle: OpaquePointer
    /// Held for each call into the network, whose buffers one forward pass at a time may use.
    private let network = NSLock()
    /// The model's symbols: class 0 is CTC's blank, 1...n these, n + 1 a space.
    private let symbols: [String]
    /// The model's input width; its height is 48.
    public let inputWidth: Int

    public init(modelPath: String, keysPath: String, inputWidth: Int = 320) throws {
        guard let keys = try? String(contentsOfFile: keysPath, encoding: .utf8) else {
            throw SceneTextError("the recogniser's alphabet \(keysPath) could not be read")
        }
        var lines = keys.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        plugin = try SceneTextPlugin.shared.get()
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = plugin.recognizerOpen(modelPath, Int32(inputWidth), &error, error.count) else {
            throw SceneTextError(message: error)
        }
        let classes = Int(plugin.recognizerClasses(handle))
        guard classes == lines.count + 2 else {
            plugin.recognizerClose(handle)
            throw SceneTextError("the recogniser \(modelPath) has \(classes) classes but its alphabet \(keysPath) \(lines.count) symbols")
        }
        self.handle = handle
        self.inputWidth = inputWidth
        symbols = [""] + lines + [" "]
    }

    deinit { plugin.recognizerClose(handle) }

    /// Reads the text in `line` of `picture` (a colour picture).
    public func read(_ line: TextLine, in picture: Picture) throws -> LineText {
        let colour = try picture.rgb()
        let capacity = 512
        var best = [Int32](repeating: 0, count: capacity), second = [Int32](repeating: 0, count: capacity)
        var bestProbability = [Float](repeating: 0, count: capacity), secondProbability = [Float](repeating: 0, count: capacity)
        var usedWidth: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        var quad = line.quad
        let steps = colour.withImage { image in
            network.withLock {
                plugin.recognizerRead(handle, &image, &quad, &best, &bestProbability, &second, &secondProbability,
                                      Int32(capacity), &usedWidth, &error, error.count)
            }
        }
        guard steps >= 0 else { throw SceneTextError(message: error) }
        // CTC: a symbol repeated in neighbouring steps is one symbol; the blank separates.
        var characters: [(text: String, probability: Double, step: Int, alternative: String?)] = []
        for step in 0..<Int(steps) {
            let symbol = Int(best[step])
            guard symbol != 0, step == 0 || best[step - 1] != best[step], symbol < symbols.count else { continue }
            let other = Int(second[step])
            let alternative = other > 0 && other < symbols.count && secondProbability[step] > 0.05 ? symbols[other] : nil
            characters.append((symbols[symbol], Double(bestProbability[step]), step, alternative))
        }
        let stepWidth = Double(inputWidth) / Double(max(steps, 1))
        let used = Double(max(usedWidth, 1))
        func share(_ step: Double) -> Double { min(max(step * stepWidth / used, 0), 1) }
        var words: [LineWord] = []
        var current: [(text: String, probability: Double, step: Int, alternative: String?)] = []
        func close() {
            guard let first = current.first, let last = current.last else { return }
            let text = current.map(\.text).joined()
            let confidence = current.map(\.probability).reduce(0, +) / Double(current.count)
            // The likeliest single swaps: where the network hesitated most.
            let swaps = current.indices
                .filter { current[$0].alternative.map { $0 != " " } ?? false }
                .sorted { current[$0].probability < current[$1].probability }
                .prefix(2)
                .map { index in current.indices.map { $0 == index ? current[$0].alternative! : current[$0].text }.joined() }
            words.append(LineWord(
                text: text, confidence: confidence, start: share(Double(first.step) - 0.5), end: share(Double(last.step) + 1.5),
                variants: swaps))
            current = []
        }
        for character in characters {
            if character.text == " " { close() } else { current.append(character) }
        }
        close()
        return LineText(text: characters.map(\.text).joined(), words: words)
    }
}
