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
