import ArgumentParser
import Foundation
import WordBookDigest
import WordBookSettings
import WordBookStore
import WordBookThumbnail
import WordBookVocabulary

/// The photo options of triage, review and show.
struct PhotoOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "How to draw the photo around the word: auto, kitty, iterm, sixel, blocks or off (default: [display] images, auto). A mode named here draws even when the output is not a terminal.",
        valueName: "mode"))
    var images: String?

    @Flag(help: "No photo, even on a terminal (the same as --images off).")
    var noImage = false

    /// The mode named by --images.
    var mode: DisplayImages? { images.flatMap(DisplayImages.init(rawValue:)) }

    func validate() throws {
        if let images, mode == nil {
            throw ValidationError("--images must be \(DisplayImages.allowedNames), not \(images.escapingControlCharacters).")
        }
    }

    /// What draws the photos of this command, or nil when none are drawn.
    func drawer(_ configuration: Configuration) -> PhotoDrawer? {
        guard !noImage else { return nil }
        // The setting applies on a terminal; the option also when the output goes elsewhere.
        guard images != nil || stdoutIsTerminal else { return nil }
        let kind: ImageProtocol
        switch mode ?? configuration.images {
        case .off: return nil
        case .auto: kind = TerminalImageSupport.detect()
        case .kitty: kind = .kitty
        case .iterm: kind = .iterm
        case .sixel: kind = .sixel
        case .blocks: kind = .blocks
        }
        return PhotoDrawer(kind: kind, room: TerminalImageSupport.room(), throughTmux: TerminalImageSupport.tmuxPassesThrough())
    }
}

/// The region of a word's photo around its box, drawn as the terminal can.
struct PhotoDrawer {
    let kind: ImageProtocol
    let room: ImageRoom
    /// Inside tmux with `allow-passthrough` on: each picture's escape sequence is wrapped for tmux to
    /// hand to the terminal outside, as chafa and timg do.
    var throughTmux = false

    /// Draws the word's photo; `hidingWord` paints its box over, for a cue. A word without a stored
    /// photo draws nothing; one that cannot be drawn says so in a line.
    func draw(_ database: AppDatabase, word: Word, hidingWord: Bool = false) {
        guard let id = word.id, let stored = try? database.image(wordId: id) else { return }
        let box = word.box.map { PixelBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        do {
            let image = try TerminalImage(jpeg: stored.jpeg, box: box, hidingBox: hidingWord, for: kind, room: room)
            let drawn = try image.draw()
            print(throughTmux && kind != .blocks ? TerminalImageSupport.tmuxPassthrough(drawn) : drawn, terminator: "")
        } catch {
            print("  (\(error))")
        }
        fflush(nil)
    }
}

/// What the terminal can draw, and how much room it has.
enum TerminalImageSupport {
    /// kitty and iTerm2 (or WezTerm) by their environment, sixel by the terminal's own answer to
    /// DA1 (`ESC [ c`, asked only when both standard input and output are the terminal), else half blocks.
    static func detect(environment: [String: String] = ProcessInfo.processInfo.environment,
                       tmuxPasses: () -> Bool = { tmuxPassesThrough() }) -> ImageProtocol {
        // Inside tmux or screen the outer terminal's variables are inherited, but its protocols pass
        // only through tmux's passthrough, when it is on.
        let multiplexed = [environment["TMUX"], environment["STY"]].contains { $0.map { !$0.isEmpty } == true }
        if !multiplexed || (environment["STY"].map(\.isEmpty) ?? true) && tmuxPasses() {
            if environment["KITTY_WINDOW_ID"].map({ !$0.isEmpty }) == true || environment["TERM"] == "xterm-kitty" { return .kitty }
            if ["iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") || environment["LC_TERMINAL"] == "iTerm2" { return .iterm }
        }
        return answersSixel() ? .sixel : .blocks
    }

    /// Whether this runs inside tmux (3.3 or later) with `allow-passthrough` on: `tmux show -gv`, run only when `$TMUX` is set.
    static func tmuxPassesThrough(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let tmux = environment["TMUX"], !tmux.isEmpty else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "show", "-gv", "allow-passthrough"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 && ["on", "all"].contains(answer.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `text` with each of its APC, OSC and DCS sequences (the pictures) wrapped in tmux's passthrough,
    /// `ESC P tmux; ... ESC \\`, every ESC inside doubled; cursor moves and plain text stay tmux's own.
    static func tmuxPassthrough(_ text: String) -> String {
        let escape: UInt8 = 0x1B, bell: UInt8 = 0x07, backslash = UInt8(ascii: "\\")
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == escape, index + 1 < bytes.count, [UInt8(ascii: "_"), UInt8(ascii: "]"), UInt8(ascii: "P")].contains(bytes[index + 1]) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            // The sequence runs to its string terminator: ESC \ (or BEL, which ends an OSC).
            var end = index + 2
            while end < bytes.count && !(bytes[end] == bell || (bytes[end] == escape && end + 1 < bytes.count && bytes[end + 1] == backslash)) { end += 1 }
            let last = end < bytes.count ? (bytes[end] == bell ? end : end + 1) : bytes.count - 1
            result += Array("\u{1B}Ptmux;".utf8)
            for byte in bytes[index...last] {
                if byte == escape { result.append(escape) }
                result.append(byte)
            }
            result += [escape, backslash]
            index = last + 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether the terminal's primary device attributes (`ESC [ ? 62 ; 4 ; ... c`) list 4, sixel graphics.
    static func answersSixel() -> Bool {
        guard isatty(STDIN_FILENO) == 1, stdoutIsTerminal, let terminal = RawTerminal() else { return false }
        defer { terminal.restore() }
        guard let answer = terminal.answer(to: "\u{1B}[c", endingWith: UInt8(ascii: "c"), waitingMilliseconds: 300),
              let start = answer.firstIndex(of: UInt8(ascii: "?")) else { return false }
        let attributes = String(decoding: answer[(start + 1)..<(answer.count - 1)], as: UTF8.self).split(separator: ";")
        return attributes.contains("4")
    }

    /// The terminal's size in cells and a cell's in pixels, from the terminal; off a terminal,
    /// `$COLUMNS` wide (80 without it).
    static func room(environment: [String: String] = ProcessInfo.processInfo.environment) -> ImageRoom {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            let columns = Int(size.ws_col), rows = Int(size.ws_row)
            let cellWidth = size.ws_xpixel > 0 ? Int(size.ws_xpixel) / columns : 10
            let cellHeight = size.ws_ypixel > 0 ? Int(size.ws_ypixel) / rows : 20
            // One column spare, so a line of the picture never wraps; room below it for the prompt.
            return ImageRoom(columns: columns - 1, rows: max(4, rows - 8), cellWidth: cellWidth, cellHeight: cellHeight)
        }
        let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 1 ? $0 : nil } ?? 80
        return ImageRoom(columns: columns - 1, rows: TerminalImage.maxRows)
    }
}

/// Where the worker archived the word's photo as it came in (by the rule the worker files by), or
/// nil when the archive does not hold it: deleted after filing, filed by `ingest`, or moved since.
/// Of several photos of the same name filed that day, the one whose SHA-256 is the word's.
func archivedOriginal(of word: Word, book: String, paths: DataPaths) -> String? {
    guard !word.sourceName.isEmpty, !book.isEmpty else { return nil }
    func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
    var found: [String] = []
    for attempt in 1...10_000 {
        let path = paths.archivedOriginal(day: book, sourceName: word.sourceName, attempt: attempt)
        if isFile(path) {
            found.append(path)
        } else if attempt > 1 {
            break
        }
    }
    if found.count == 1 && found[0] == paths.archivedOriginal(day: book, sourceName: word.sourceName) { return found[0] }
    return found.first { path in
        FileManager.default.contents(atPath: path).map { Digest.sha256Hex($0) == word.sourceSHA256 } ?? false
    }
}
