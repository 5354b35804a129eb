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

/// One time step of the recogniser's output: the likeliest class and the next, with their probabilities.
struct RecogniserStep {
    var best: Int, probability: Double
    var second: Int, secondProbability: Double
}

extension LineText {
    /// The text of a line from the recogniser's steps, by CTC: a symbol repeated in neighbouring steps
    /// is one symbol, the blank (class 0) separates. `symbols` names every class. Each step covers
    /// `inputWidth / steps` of the input's columns, of which the crop fills `usedWidth`: so each word
    /// is placed along the line by the steps its letters were read at.
    ///
    /// A word ends at a space and at a mark that never stands inside a word: the star, bullet, bar or
    /// dot a sign sets between words (BURMA★SUPERSTAR, BEER·WINE), a comma or a colon. Apostrophes,
    /// hyphens, full stops and ampersands stay inside it (MAX'S, SAVE-WAY, U.S., AT&T), and any mark
    /// between two digits (9,5 m, 10:30).
    init(decoding steps: [RecogniserStep], symbols: [String], inputWidth: Int, usedWidth: Int) {
        typealias Character = (text: String, probability: Double, step: Int, alternative: String?)
        var characters: [Character] = []
        for (index, step) in steps.enumerated() {
            guard step.best != 0, index == 0 || steps[index - 1].best != step.best, step.best < symbols.count else { continue }
            let other = step.second
            let alternative = other > 0 && other < symbols.count && step.secondProbability > 0.05 ? symbols[other] : nil
            characters.append((symbols[step.best], step.probability, index, alternative))
        }
        let stepWidth = Double(inputWidth) / Double(max(steps.count, 1))
        let used = Double(max(usedWidth, 1))
        func share(_ step: Double) -> Double { min(max(step * stepWidth / used, 0), 1) }
        var words: [LineWord] = []
        var current: [Character] = []
        func close() {
            guard let first = current.first, let last = current.last else { return }
            let text = current.map(\.text).joined()
            let confidence = current.map(\.probability).reduce(0, +) / Double(current.count)
            // The likeliest single swaps: where the network hesitated most.
            let swaps = current.indices
                .filter { current[$0].alternative.map { !Self.endsWord($0) } ?? false }
                .sorted { current[$0].probability < current[$1].probability }
                .prefix(2)
                .map { index in current.indices.map { $0 == index ? current[$0].alternative! : current[$0].text }.joined() }
            words.append(LineWord(
                text: text, confidence: confidence, start: share(Double(first.step) - 0.5), end: share(Double(last.step) + 1.5),
                variants: swaps))
            current = []
        }
        func isDigit(_ index: Int) -> Bool { characters.indices.contains(index) && characters[index].text.allSatisfy(\.isNumber) }
        for (index, character) in characters.enumerated() {
            // Between digits a mark is part of a number (9,5 m, 10:30, 1/2).
            let inNumber = isDigit(index - 1) && isDigit(index + 1) && !character.text.allSatisfy(\.isWhitespace)
            if Self.endsWord(character.text) && !inNumber { close() } else { current.append(character) }
        }
        close()
        self.init(text: characters.map(\.text).joined(), words: words)
    }

    /// Whether a symbol the recogniser read ends a word: whitespace, or a mark that is neither a
    /// letter, a digit, nor one that stands inside words.
    static func endsWord(_ symbol: String) -> Bool {
        symbol.unicodeScalars.allSatisfy { scalar in
            CharacterSet.whitespaces.contains(scalar)
                || !(CharacterSet.alphanumerics.contains(scalar) || CharacterSet.nonBaseCharacters.contains(scalar) || insideWords.contains(scalar))
        }
    }

    /// Marks that stand inside words: apostrophes, hyphens, the full stop of an abbreviation, the ampersand.
    private static let insideWords = CharacterSet(charactersIn: "'’‘-‐‑.&")
}

/// PaddleOCR's scene-text recogniser (PP-OCR rec, a CRNN read by CTC) on OpenCV's DNN module.
/// Owns the network, one copy for each input width its files were made for: a line is read by the
/// narrowest that holds it unsqueezed, since a pass's time grows with the input's width and the
/// rest of a wider input is blank. The worker's threads share them, each read taking the lock of
/// the one network it runs for that network's forward pass alone.
public final class TextLineReader: @unchecked Sendable {
    private struct Network {
        let handle: OpaquePointer
        let width: Int
        /// Held for each call into the network, whose buffers one forward pass at a time may use.
        let lock = NSLock()
    }

    private let plugin: SceneTextPlugin
    /// Narrowest first.
    private let networks: [Network]
    /// The model's symbols: class 0 is CTC's blank, 1...n these, n + 1 a space.
    private let symbols: [String]
    /// The widest input, which a longer line is squeezed into; its height is 48.
    public let inputWidth: Int

    /// `models` are the recogniser's files, each with the input width it was made for (the same
    /// network and classes).
    public init(models: [(path: String, width: Int)], keysPath: String) throws {
        guard let keys = try? String(contentsOfFile: keysPath, encoding: .utf8) else {
            throw SceneTextError("the recogniser's alphabet \(keysPath) could not be read")
        }
        var lines = keys.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let plugin = try SceneTextPlugin.shared.get()
        var networks: [Network] = []
        var opened = false
        // A file that fails closes the ones opened before it.
        defer { if !opened { networks.forEach { plugin.recognizerClose($0.handle) } } }
        for (path, width) in models.sorted(by: { $0.width < $1.width }) {
            var error = [CChar](repeating: 0, count: 512)
            guard let handle = plugin.recognizerOpen(path, Int32(width), &error, error.count) else {
                throw SceneTextError(message: error)
            }
            networks.append(Network(handle: handle, width: width))
            let classes = Int(plugin.recognizerClasses(handle))
            guard classes == lines.count + 2 else {
                throw SceneTextError("the recogniser \(path) has \(classes) classes but its alphabet \(keysPath) \(lines.count) symbols")
            }
        }
        guard let widest = networks.last else { throw SceneTextError("no recogniser file was given") }
        opened = true
        self.plugin = plugin
        self.networks = networks
        inputWidth = widest.width
        symbols = [""] + lines + [" "]
    }

    deinit { networks.forEach { plugin.recognizerClose($0.handle) } }

    /// Reads the text in `line` of `picture` (a colour picture), with the narrowest network that
    /// holds the line; `widest` reads it with the widest, whatever its length.
    public func read(_ line: TextLine, in picture: Picture, widest: Bool = false) throws -> LineText {
        let colour = try picture.rgb()
        let network = widest ? networks[networks.count - 1] : self.network(for: line)
        let capacity = 512
        var best = [Int32](repeating: 0, count: capacity), second = [Int32](repeating: 0, count: capacity)
        var bestProbability = [Float](repeating: 0, count: capacity), secondProbability = [Float](repeating: 0, count: capacity)
        var usedWidth: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        var quad = line.quad
        let steps = colour.withImage { image in
            network.lock.withLock {
                plugin.recognizerRead(network.handle, &image, &quad, &best, &bestProbability, &second, &secondProbability,
                                      Int32(capacity), &usedWidth, &error, error.count)
            }
        }
        guard steps >= 0 else { throw SceneTextError(message: error) }
        let read = (0..<Int(steps)).map { step in
            RecogniserStep(best: Int(best[step]), probability: Double(bestProbability[step]),
                           second: Int(second[step]), secondProbability: Double(secondProbability[step]))
        }
        return LineText(decoding: read, symbols: symbols, inputWidth: network.width, usedWidth: Int(usedWidth))
    }

    /// The input width `line` is read at: the narrowest that holds it, else the widest.
    func inputWidth(for line: TextLine) -> Int { network(for: line).width }

    private func network(for line: TextLine) -> Network {
        let needed = line.recogniserWidth
        return networks.first { $0.width >= needed } ?? networks[networks.count - 1]
    }
}

extension TextLine {
    /// How many columns of the recogniser's input this line fills at its 48 px height, as the plugin
    /// works it out: the crop's longer edges, turned when much taller than wide (a vertical line).
    var recogniserWidth: Int {
        func distance(_ a: Int, _ b: Int) -> Double { hypot(corners[a].x - corners[b].x, corners[a].y - corners[b].y) }
        let across = Double(max(1, Int(max(distance(0, 1), distance(3, 2)))))
        let down = Double(max(1, Int(max(distance(0, 3), distance(1, 2)))))
        let (long, short) = down >= 1.5 * across ? (down, across) : (across, down)
        return Int((48 * long / short).rounded(.up))
    }
}
