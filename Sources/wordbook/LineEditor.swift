import Foundation

/// The learner's answers in triage and review. On a terminal the line is edited in raw mode
/// (arrows, Home/End, Backspace, Delete, Ctrl-U, Ctrl-W, Up/Down for earlier answers) and every
/// other key is ignored, so no escape sequence ever reaches an answer; from a pipe, plain lines.
final class AnswerReader {
    /// Raw mode only when the learner types at a terminal and sees it.
    let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    private var history: [String] = []

    /// The editing keys, as `?` lists them under a command's own keys.
    static let editingKeys = """
          ← →  move    Home End (Ctrl-A Ctrl-E)    Backspace Delete    Ctrl-U clears to the start
          Ctrl-W deletes a word    ↑ ↓ earlier answers    Ctrl-D or Ctrl-C quits
        """

    /// One answer; nil at the end of input, Ctrl-D on an empty line or Ctrl-C.
    func line(_ prompt: String) -> String? {
        guard interactive, let terminal = RawTerminal() else {
            print(prompt, terminator: "")
            fflush(nil)
            return readLine(strippingNewline: true)
        }
        defer { terminal.restore() }
        var editor = LineEditing(prompt: prompt, history: history, columns: terminal.columns)
        editor.refresh()
        while let key = terminal.readKey() {
            switch editor.apply(key) {
            case .editing:
                continue
            case .done:
                print("")
                let answer = String(editor.text)
                // Typed words only: Up then Enter must not repeat a one-key answer such as r.
                if answer.count > 1 && history.last != answer { history.append(answer) }
                return answer
            case .cancelled:
                print("")
                return nil
            }
        }
        print("")
        return nil
    }

    /// A key that acts at once: Enter is "", a letter or sign itself; keys not in `keys` are
    /// ignored. From a pipe, a line. Nil at the end of input, Ctrl-D or Ctrl-C.
    func key(_ prompt: String, keys: Set<Character>) -> String? {
        guard interactive, let terminal = RawTerminal() else {
            print(prompt, terminator: "")
            fflush(nil)
            return readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
        }
        defer { terminal.restore() }
        print(prompt, terminator: "")
        fflush(nil)
        while let key = terminal.readKey() {
            switch key {
            case .enter:
                print("")
                return ""
            case .endOfInput, .interrupt:
                print("")
                return nil
            case let .text(character) where keys.contains(character):
                print(String(character))
                return String(character)
            default:
                continue
            }
        }
        print("")
        return nil
    }
}

/// Whether an answer may be saved as a word: it holds a letter and no control character.
func isWordAnswer(_ text: String) -> Bool {
    text.contains(where: \.isLetter) && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
}

/// What a typed answer that is neither a key nor a word gets.
let notAWord = "  not a word: ? shows the keys."

/// One key as the line editor understands it.
enum Key: Equatable {
    case text(Character)
    case enter, backspace, delete, left, right, home, end, up, down
    case clearToStart, clearToEnd, deleteWord, endOfInput, interrupt
    /// Any other key or escape sequence: ignored.
    case ignored
}

/// The line being edited and how it shows, apart from the terminal, so it can be reasoned about.
struct LineEditing {
    enum Outcome { case editing, done, cancelled }

    let prompt: String
    private(set) var text: [Character] = []
    private var cursor = 0
    private var history: [String]
    private var historyIndex: Int
    /// What was typed before browsing the history, given back below its end.
    private var draft: [Character] = []
    private let columns: Int
    /// Rows the last refresh drew and the cursor's place then, to redraw over them.
    private var drawnRows = 1
    private var drawnCursor = 0

    init(prompt: String, history: [String], columns: Int) {
        self.prompt = prompt
        self.history = history
        historyIndex = history.count
        self.columns = max(columns, 10)
    }

    mutating func apply(_ key: Key) -> Outcome {
        switch key {
        case let .text(character):
            if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }), cursor > 0 {
                text[cursor - 1] = Character(String(text[cursor - 1]) + String(character))
            } else {
                text.insert(character, at: cursor)
                cursor += 1
            }
        case .enter: return .done
        case .interrupt: return .cancelled
        case .endOfInput:
            if text.isEmpty { return .cancelled }
            if cursor < text.count { text.remove(at: cursor) }
        case .backspace:
            guard cursor > 0 else { return .editing }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            if cursor < text.count { text.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .clearToStart:
            text.removeFirst(cursor)
            cursor = 0
        case .clearToEnd:
            text.removeLast(text.count - cursor)
        case .deleteWord:
            var start = cursor
            while start > 0 && text[start - 1] == " " { start -= 1 }
            while start > 0 && text[start - 1] != " " { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        case .up:
            guard historyIndex > 0 else { return .editing }
            if historyIndex == history.count { draft = text }
            historyIndex -= 1
            text = Array(history[historyIndex])
            cursor = text.count
        case .down:
            guard historyIndex < history.count else { return .editing }
            historyIndex += 1
            text = historyIndex == history.count ? draft : Array(history[historyIndex])
            cursor = text.count
        case .ignored:
            return .editing
        }
        refresh()
        return .editing
    }

    /// Redraws the prompt and the line over what was drawn before, across as many rows as they take.
    mutating func refresh() {
        let promptWidth = prompt.count
        var out = ""
        // Down to the last row drawn, then clear each row going up to the first.
        let cursorRow = (promptWidth + drawnCursor) / columns
        if drawnRows - 1 > cursorRow { out += "\u{1B}[\(drawnRows - 1 - cursorRow)B" }
        for _ in 0..<(drawnRows - 1) { out += "\r\u{1B}[K\u{1B}[1A" }
        out += "\r\u{1B}[K" + prompt + String(text)
        var rows = (promptWidth + text.count) / columns + 1
        // At the end of a full row the terminal has not wrapped yet: wrap it, so the cursor shows there.
        let end = promptWidth + text.count
        if end > 0 && end % columns == 0 {
            out += "\n\r"
        } else if end % columns == 0 {
            rows = 1
        }
        let endRow = end / columns
        let row = (promptWidth + cursor) / columns
        if endRow > row { out += "\u{1B}[\(endRow - row)A" }
        let column = (promptWidth + cursor) % columns
        out += "\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
        drawnRows = rows
        drawnCursor = cursor
        print(out, terminator: "")
        fflush(nil)
    }
}

/// The terminal's settings while an answer is read in raw mode, for a signal handler to put back.
nonisolated(unsafe) private var settingsToRestore: termios?

/// SIGTERM or SIGHUP while an answer is read: the terminal gets its settings back before the process ends.
private func restoreAndEnd(_ number: Int32) {
    if var settings = settingsToRestore { tcsetattr(STDIN_FILENO, TCSANOW, &settings) }
    signal(number, SIG_DFL)
    raise(number)
}

/// Standard input in raw mode for one answer; `restore` gives the terminal back as it was.
final class RawTerminal {
    private var original = termios()
    let columns: Int

    init?() {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        settingsToRestore = original
        for number in [SIGTERM, SIGHUP] { signal(number, restoreAndEnd) }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        var size = winsize()
        columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        fflush(nil)
    }

    func restore() {
        fflush(nil)
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
        settingsToRestore = nil
    }

    private func byte(waitingMilliseconds: Int32? = nil) -> UInt8? {
        if let waitingMilliseconds {
            var poll = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, waitingMilliseconds) == 1 else { return nil }
        }
        var value: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &value, 1)
            if count == 1 { return value }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// The next key; nil when input ends.
    func readKey() -> Key? {
        guard let first = byte() else { return nil }
        switch first {
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x05: return .end
        case 0x02: return .left
        case 0x06: return .right
        case 0x10: return .up
        case 0x0E: return .down
        case 0x04: return .endOfInput
        case 0x03: return .interrupt
        case 0x15: return .clearToStart
        case 0x0B: return .clearToEnd
        case 0x17: return .deleteWord
        case 0x1B: return escapeSequence()
        case ..<0x20: return .ignored
        default: return text(startingWith: first)
        }
    }

    /// An escape sequence: CSI (`ESC [ params final`) and SS3 (`ESC O x`) are read whole, so none of
    /// it reaches the line; a lone Escape, or Alt with a key, is ignored.
    private func escapeSequence() -> Key {
        // A lone Escape has nothing after it; a sequence's bytes arrive together.
        guard let second = byte(waitingMilliseconds: 50) else { return .ignored }
        switch second {
        case 0x1B:
            // Escape, then another key's sequence.
            return escapeSequence()
        case UInt8(ascii: "["):
            var parameters = ""
            while let next = byte(waitingMilliseconds: 50) {
                if (0x40...0x7E).contains(next) {
                    switch (parameters, next) {
                    case (_, UInt8(ascii: "A")): return .up
                    case (_, UInt8(ascii: "B")): return .down
                    case (_, UInt8(ascii: "C")): return .right
                    case (_, UInt8(ascii: "D")): return .left
                    case (_, UInt8(ascii: "H")): return .home
                    case (_, UInt8(ascii: "F")): return .end
                    case ("1", UInt8(ascii: "~")), ("7", UInt8(ascii: "~")): return .home
                    case ("4", UInt8(ascii: "~")), ("8", UInt8(ascii: "~")): return .end
                    case ("3", UInt8(ascii: "~")): return .delete
                    default: return .ignored
                    }
                }
                parameters.append(Character(UnicodeScalar(next)))
                if parameters.count > 16 { return .ignored }
            }
            return .ignored
        case UInt8(ascii: "O"):
            switch byte(waitingMilliseconds: 50) {
            case UInt8(ascii: "A"): return .up
            case UInt8(ascii: "B"): return .down
            case UInt8(ascii: "C"): return .right
            case UInt8(ascii: "D"): return .left
            case UInt8(ascii: "H"): return .home
            case UInt8(ascii: "F"): return .end
            default: return .ignored
            }
        default:
            return .ignored
        }
    }

    /// A character typed, from its UTF-8 bytes; a broken sequence or a C1 control is ignored.
    private func text(startingWith first: UInt8) -> Key {
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : first >= 0x80 ? 0 : 1
        guard length > 0 else { return .ignored }
        var bytes = [first]
        while bytes.count < length {
            guard let next = byte(waitingMilliseconds: 50), next & 0xC0 == 0x80 else { return .ignored }
            bytes.append(next)
        }
        guard let string = String(validating: bytes, as: UTF8.self), let character = string.first,
              !string.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return .ignored }
        return .text(character)
    }
}
