import Foundation

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

    /// The terminal's answer to `request`, read up to and with the byte `final`; nil when none comes
    /// within `waitingMilliseconds` (a terminal that does not know the request stays silent).
    func answer(to request: String, endingWith final: UInt8, waitingMilliseconds: Int32) -> [UInt8]? {
        FileHandle.standardOutput.write(Data(request.utf8))
        var answer: [UInt8] = []
        while answer.count < 256, let next = byte(waitingMilliseconds: waitingMilliseconds) {
            answer.append(next)
            if next == final { return answer }
        }
        return nil
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
