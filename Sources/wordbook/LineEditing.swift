import Foundation

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
