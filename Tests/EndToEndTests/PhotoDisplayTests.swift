import CZlib
import Foundation
import Glibc
import Testing
@testable import WordBookStore
@testable import WordBookThumbnail
import WordBookVocabulary

/// The photo around the word, as triage, review and show draw it: the real binary's output decoded
/// back into pixels (kitty's zlib-compressed RGB and iTerm2's JPEG from their base64, sixel by ImageMagick's reader)
/// and compared with the stored photo's region around the word's box.
@Suite(.serialized) struct PhotoDisplayTests {
    let scratch: Scratch
    let id: Int
    let word: Word
    /// The stored photo, decoded.
    let photo: RGBImage
    let box: PixelBox

    static let filed = Result { try FiledWordBook([("station.jpg", "en")]) }

    init() throws {
        scratch = try Scratch()
        let filed = try Self.filed.get()
        try filed.copy(to: scratch)
        id = try #require(filed.filed["station.jpg"]?["id"] as? Int)
        let database = try AppDatabase.open(path: scratch.database, create: false)
        word = try database.word(id: Int64(id))
        let stored = try #require(try database.image(wordId: Int64(id)))
        photo = try RGBImage(jpeg: stored.jpeg)
        let wordBox = try #require(word.box, "station.jpg's word has a box")
        box = PixelBox(x: wordBox.x, y: wordBox.y, width: wordBox.width, height: wordBox.height)
    }

    /// Outside any multiplexer and any terminal that names itself.
    static let plainTerminal = ["TMUX": "", "STY": "", "TERM_PROGRAM": "", "KITTY_WINDOW_ID": "", "TERM": "xterm-256color"]

    /// The region drawn must hold the whole box, be smaller than the photo, and show the photo's pixels there.
    func expectRegion(_ decoded: RGBImage, scaledFrom region: PixelBox, tolerance: Double) {
        #expect(region.x <= box.x && region.y <= box.y && region.x + region.width >= box.x + box.width
                && region.y + region.height >= box.y + box.height, "the box \(box) lies inside the region \(region)")
        #expect(region.width * region.height < photo.width * photo.height / 2, "a region, not the whole \(photo.width) × \(photo.height) photo")
        let expected = photo.cropped(to: region).resized(width: decoded.width, height: decoded.height)
        let difference = zip(decoded.rgb, expected.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(decoded.rgb.count)
        #expect(mean < tolerance, "mean difference \(mean) per channel from the photo's region")
    }

    /// The region as the photo's pixels show it: the box with context, as drawn.
    var region: PixelBox { box.withContext(within: photo.width, height: photo.height) }

    @Test func kittyIsDetectedAndCarriesThePixelsOfTheRegionAroundTheWord() throws {
        let result = try wordbook(["show", "\(id)", "--config", scratch.config], environment: Self.plainTerminal.merging(["KITTY_WINDOW_ID": "3"]) { $1 },
                                  terminal: true)
        #expect(result.status == 0, "\(result.stderr)")
        let commands = try kittyCommands(result.stdout)
        #expect(commands.count >= 2, "the pixels in 4096-byte chunks: \(commands.count) commands")
        let first = try #require(commands.first).keys
        #expect(first.contains("a=T") && first.contains("f=24") && first.contains("o=z") && first.contains("q=2"), "\(first)")
        let columns = try #require(first.split(separator: ",").first { $0.hasPrefix("c=") }.flatMap { Int($0.dropFirst(2)) })
        #expect((1...TerminalImage.maxColumns).contains(columns))
        #expect(commands.last?.keys == "m=0")
        let decoded = try kittyPicture(commands)
        // The region's own pixels, or fewer when it is wider than kitty needs: the terminal scales it.
        #expect(decoded.width == min(region.width, TerminalImage.maxPixelWidth), "\(decoded.width) × \(decoded.height), the region \(region)")
        #expect(abs(Double(decoded.height) / Double(decoded.width) - Double(region.height) / Double(region.width)) < 0.02)
        expectRegion(decoded, scaledFrom: region, tolerance: region.width > TerminalImage.maxPixelWidth ? 3 : 1)
        #expect(result.stdout.contains("original    not in the archive"), "ingest archives nothing")
    }

    /// Inside tmux with `allow-passthrough` on, kitty's picture is wrapped for tmux to pass to the
    /// terminal outside (ESC P tmux; with every ESC doubled), and the same picture arrives; with it off,
    /// half blocks, which any terminal draws. A `tmux` on PATH answers `show -gv allow-passthrough`.
    @Test(arguments: ["on", "off"])
    func kittyPassesThroughTmuxWhenTmuxLetsIt(passthrough: String) throws {
        let bin = "\(scratch.root)/bin-\(passthrough)"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho \(passthrough)\n".write(toFile: "\(bin)/tmux", atomically: true, encoding: .utf8)
        #expect(chmod("\(bin)/tmux", 0o755) == 0)
        let environment = Self.plainTerminal.merging([
            "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "3", "PATH": "\(bin):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
        ]) { $1 }
        let result = try wordbook(["show", "\(id)", "--images", "auto", "--config", scratch.config], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        guard passthrough == "on" else {
            #expect(!result.stdout.contains("\u{1B}_G") && result.stdout.contains("▀"), "half blocks without passthrough")
            return
        }
        #expect(result.stdout.contains("\u{1B}Ptmux;\u{1B}\u{1B}_G"), "\(result.stdout.prefix(80).debugDescription)")
        // Unwrapped, it is kitty's picture of the region as drawn outside tmux.
        let unwrapped = result.stdout.replacingOccurrences(of: "\u{1B}Ptmux;", with: "").replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}")
            .replacingOccurrences(of: "\u{1B}\\\u{1B}\\", with: "\u{1B}\\")
        let decoded = try kittyPicture(try kittyCommands(unwrapped))
        #expect(decoded.width == min(region.width, TerminalImage.maxPixelWidth))
    }

    @Test func itermCarriesAJPEGOfTheRegionWhenAskedForEvenThroughAPipe() throws {
        let result = try wordbook(["show", "\(id)", "--images", "iterm", "--config", scratch.config], environment: ["COLUMNS": "70"])
        #expect(result.status == 0, "\(result.stderr)")
        let match = try #require(result.stdout.firstMatch(of: try Regex("\u{1B}\\]1337;File=([^:]*):([A-Za-z0-9+/=]*)\u{07}", as: (Substring, Substring, Substring).self)))
        let keys = Dictionary(uniqueKeysWithValues: match.output.1.split(separator: ";").map {
            let pair = $0.split(separator: "=", maxSplits: 1)
            return (String(pair[0]), String(pair.last ?? ""))
        })
        let jpeg = try #require(Data(base64Encoded: String(match.output.2)))
        #expect(keys["inline"] == "1" && keys["size"] == "\(jpeg.count)" && keys["preserveAspectRatio"] == "1", "\(keys)")
        #expect(Int(keys["width"] ?? "").map { (1...69).contains($0) } == true, "within 70 columns: \(keys)")
        let decoded = try RGBImage(jpeg: jpeg)
        let expectedWidth = min(region.width, TerminalImage.maxPixelWidth)
        #expect(decoded.width == expectedWidth, "\(decoded.width) × \(decoded.height), the region \(region)")
        #expect(abs(Double(decoded.height) / Double(decoded.width) - Double(region.height) / Double(region.width)) < 0.02)
        expectRegion(decoded, scaledFrom: region, tolerance: 6)
    }

    @Test func sixelDecodesWithImageMagicksReaderToTheRegionAtTheColumnsDrawn() throws {
        let result = try wordbook(["show", "\(id)", "--images", "sixel", "--config", scratch.config], environment: ["COLUMNS": "51"])
        #expect(result.status == 0, "\(result.stderr)")
        let sixel = try #require(result.stdout.firstMatch(of: try Regex("\u{1B}P[0-9;]*q[^\u{1B}]*\u{1B}\\\\")))
        let text = String(result.stdout[sixel.range])
        #expect(text.contains("!"), "runs are written as !n")
        let decoded = try imageMagick(Data(text.utf8), format: "sixel")
        // 50 columns of 10-pixel cells (no terminal to ask), unless the region is too tall for that.
        let columns = ImageRoom(columns: 50, rows: TerminalImage.maxRows)
            .columns(forWidth: region.width, height: region.height, maxColumns: TerminalImage.maxColumns, maxRows: TerminalImage.maxRows)
        #expect(decoded.width == columns * 10, "\(decoded.width) × \(decoded.height)")
        #expect(abs(Double(decoded.height) / Double(decoded.width) - Double(region.height) / Double(region.width)) < 0.03)
        // Six levels a channel: each within about a tenth of the photo.
        expectRegion(decoded, scaledFrom: region, tolerance: 20)
    }

    @Test func halfBlocksDrawTheRegionAroundTheWordNotTheWholePhoto() throws {
        let result = try wordbook(["show", "\(id)", "--images", "blocks", "--config", scratch.config], environment: ["COLUMNS": "61"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("▀") }
        let columns = try #require(lines.first).components(separatedBy: "▀").count - 1
        #expect(columns <= 60 && lines.allSatisfy { $0.components(separatedBy: "▀").count - 1 == columns })
        // Half a line of the sign around the word: its few dozen cells go to the letters.
        let region = box.withContext(within: photo.width, height: photo.height, tight: true)
        // A cell is half as wide as tall: two pixel rows a line.
        let drawn = Double(lines.count * 2) / Double(columns)
        let regionShape = Double(region.height) / Double(region.width), photoShape = Double(photo.height) / Double(photo.width)
        #expect(abs(drawn - regionShape) < 4.0 / Double(columns), "drawn \(drawn), the region \(regionShape)")
        #expect(abs(drawn - photoShape) > 0.1, "the whole photo would be \(photoShape)")
        let wordRows = Double(box.height) / Double(region.height) * Double(lines.count)
        #expect(wordRows >= 4, "the word is \(wordRows) lines tall, not two or three pixels")
    }

    @Test func reviewsHiddenWordCueCoversTheBoxAndShowsTheRestOfTheRegion() throws {
        #expect(try wordbook(["confirm", "\(id)", "--config", scratch.config]).status == 0)
        let result = try wordbook(["review", "--hide-word", "--images", "kitty", "--config", scratch.config], input: "q\n")
        #expect(result.status == 0, "\(result.stderr)")
        let decoded = try kittyPicture(try kittyCommands(result.stdout))
        #expect(decoded.width == min(region.width, TerminalImage.maxPixelWidth))
        // The box in the picture's pixels, a pixel inside on each side for the scaling's blend.
        let scale = Double(decoded.width) / Double(region.width)
        func scaled(_ value: Int) -> Int { Int((Double(value) * scale).rounded()) }
        let inBox = PixelBox(x: scaled(box.x - region.x) + 1, y: scaled(box.y - region.y) + 1,
                              width: scaled(box.width) - 2, height: scaled(box.height) - 2)
        let covered = decoded.cropped(to: inBox)
        #expect(Set(stride(from: 0, to: covered.rgb.count, by: 3).map { covered.rgb[$0] }) == [TerminalImage.cover.0],
                "the word's box is one flat colour")
        let uncovered = photo.cropped(to: box)
        #expect(Set(uncovered.rgb).count > 20, "the photo has the word there")
        #expect(!result.stdout.contains("Station") && !result.stdout.contains("STATION"), "the word is not shown before Enter")
    }

    @Test func reviewsHiddenWordIsDrawnAgainWithTheWordOnceRevealed() throws {
        #expect(try wordbook(["confirm", "\(id)", "--config", scratch.config]).status == 0)
        let result = try wordbook(["review", "--hide-word", "--images", "kitty", "--config", scratch.config], input: "\nq\n")
        #expect(result.status == 0, "\(result.stderr)")
        let cue = try #require(result.stdout.range(of: "Space shows the word"))
        // Each picture is sent in chunks, the first of which says a=T.
        func pictures(_ text: Substring) throws -> [RGBImage] {
            var pictures: [[(keys: String, payload: String)]] = []
            for command in try kittyCommands(String(text)) {
                if command.keys.contains("a=T") { pictures.append([]) }
                if !pictures.isEmpty { pictures[pictures.count - 1].append(command) }
            }
            return try pictures.map(kittyPicture)
        }
        let hidden = try pictures(result.stdout[..<cue.lowerBound]), revealed = try pictures(result.stdout[cue.upperBound...])
        #expect(hidden.count == 1 && revealed.count == 1, "one picture as the cue, one after Enter")
        let picture = try #require(revealed.first)
        #expect(picture.width == min(region.width, TerminalImage.maxPixelWidth))
        // The whole region as the photo shows it, the word's box included.
        expectRegion(picture, scaledFrom: region, tolerance: region.width > TerminalImage.maxPixelWidth ? 3 : 1)
        let scale = Double(picture.width) / Double(region.width)
        func scaled(_ value: Int) -> Int { Int((Double(value) * scale).rounded()) }
        let inBox = picture.cropped(to: PixelBox(x: scaled(box.x - region.x) + 1, y: scaled(box.y - region.y) + 1,
                                                  width: scaled(box.width) - 2, height: scaled(box.height) - 2))
        #expect(Set(inBox.rgb).count > 20, "the word's box shows the word")
        let word = try #require(result.stdout.range(of: "  Station"), "the word is shown after Enter")
        #expect(result.stdout.range(of: "\u{1B}_G", range: cue.upperBound..<result.stdout.endIndex)!.lowerBound < word.lowerBound,
                "the picture comes before the word, as without --hide-word")
    }

    @Test func aTerminalThatAnswersDA1WithSixelGetsSixel() throws {
        // The terminal on both standard input and output, as a learner's: wordbook asks, it answers.
        let terminal = try PseudoTerminal()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wordbookBinary)
        process.arguments = ["show", "\(id)", "--config", scratch.config]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.plainTerminal) { $1 }
        process.standardInput = terminal.child
        process.standardOutput = terminal.child
        process.standardError = FileHandle.nullDevice
        try process.run()
        terminal.closeChildSide()
        #expect(terminal.output(until: "\u{1B}[c").hasSuffix("\u{1B}[c"), "the primary device attributes are asked for")
        terminal.type("\u{1B}[?62;4;22c")
        let shown = String(decoding: terminal.readAll(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let sixel = try #require(shown.firstMatch(of: try Regex("\u{1B}P[0-9;]*q[^\u{1B}]*\u{1B}\\\\")), "\(shown.prefix(300))")
        let decoded = try imageMagick(Data(shown[sixel.range].utf8), format: "sixel")
        #expect(abs(Double(decoded.height) / Double(decoded.width) - Double(region.height) / Double(region.width)) < 0.03)
        #expect(shown.contains("  word        \(word.word)"), "the entry follows the picture")
    }

    @Test func triageInTmuxAsksTheTerminalAndDrawsHalfBlocksWithoutTheAnswerReachingThePrompt() throws {
        // tmux answers the DA1 query without sixel (4): half blocks, within its 100 columns.
        let triage = try TerminalSession(["triage", "--config", scratch.config])
        #expect(triage.waitFor("Enter accepts"), "\(triage.screen)")
        let rows = triage.screen.split(separator: "\n").filter { $0.contains("▀") }
        #expect(rows.count >= 4 && rows.allSatisfy { $0.count < 100 }, "\(triage.screen)")
        #expect(triage.lastLine(containing: "Enter accepts")?.hasSuffix("? keys:") == true, "nothing of the terminal's answer is typed")
        try triage.press("Enter")
        #expect(triage.waitFor("confirmed \(word.word)"), "\(triage.screen)")
    }

    @Test func aBadDisplaySettingOrOptionIsRefusedInOneSentence() throws {
        try "[display]\nimages = \"sixels\"\n".write(toFile: "\(scratch.root)/bad.toml", atomically: true, encoding: .utf8)
        let result = try wordbook(["show", "\(id)", "--config", "\(scratch.root)/bad.toml"])
        #expect(result.status != 0)
        #expect(result.stderr == "wordbook: \(scratch.root)/bad.toml: display.images must be \"auto\", \"kitty\", \"iterm\", \"sixel\", \"blocks\" or \"off\"\n",
                "\(result.stderr)")
        let option = try wordbook(["triage", "--images", "pictures", "--config", scratch.config])
        #expect(option.status != 0)
        #expect(option.stderr == "wordbook: --images must be \"auto\", \"kitty\", \"iterm\", \"sixel\", \"blocks\" or \"off\", not pictures.\n",
                "\(option.stderr)")
        // off and --no-image draw nothing, on a terminal too.
        for arguments in [["--images", "off"], ["--no-image"]] {
            let quiet = try wordbook(["show", "\(id)", "--config", scratch.config] + arguments,
                                     environment: Self.plainTerminal.merging(["KITTY_WINDOW_ID": "3"]) { $1 }, terminal: true)
            #expect(quiet.status == 0 && !quiet.stdout.contains("\u{1B}_G") && !quiet.stdout.contains("▀"), "\(arguments)")
        }
    }
}

/// kitty's graphics commands in `text`: their keys and base64 payloads.
func kittyCommands(_ text: String) throws -> [(keys: String, payload: String)] {
    text.matches(of: try Regex("\u{1B}_G([^;]*);([A-Za-z0-9+/=]*)\u{1B}\\\\", as: (Substring, Substring, Substring).self))
        .map { (String($0.output.1), String($0.output.2)) }
}

/// The picture one kitty command and its continuations carry: RGB compressed by zlib (f=24,o=z),
/// s × v pixels, inflated here.
func kittyPicture(_ commands: [(keys: String, payload: String)]) throws -> RGBImage {
    let keys = Dictionary(try #require(commands.first).keys.split(separator: ",").map {
        let pair = $0.split(separator: "=", maxSplits: 1)
        return (String(pair[0]), String(pair.last ?? ""))
    }) { first, _ in first }
    #expect(keys["f"] == "24" && keys["o"] == "z", "RGB compressed by zlib: \(keys)")
    let width = try #require(keys["s"].flatMap { Int($0) }), height = try #require(keys["v"].flatMap { Int($0) })
    let compressed = [UInt8](try #require(Data(base64Encoded: commands.map(\.payload).joined())))
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    var size = uLong(rgb.count)
    let status = uncompress(&rgb, &size, compressed, uLong(compressed.count))
    #expect(status == Z_OK && Int(size) == rgb.count, "zlib's uncompress: \(status), \(size) bytes for \(width) × \(height) pixels")
    return RGBImage(width: width, height: height, rgb: rgb)
}

/// Decodes an image with ImageMagick (Debian's, not a stand-in earlier on the PATH) to 8-bit RGB.
func imageMagick(_ data: Data, format: String) throws -> RGBImage {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-decode-\(UUID().uuidString).\(format)").path
    try data.write(to: URL(fileURLWithPath: file))
    defer { try? FileManager.default.removeItem(atPath: file) }
    let size = try runProgram("/usr/bin/identify", ["-format", "%w %h", "\(format):\(file)"])
    let numbers = size.stdout.split(separator: " ").compactMap { Int($0) }
    guard size.status == 0, numbers.count == 2 else { throw POSIXError(.EINVAL) }
    // Through a PNG: ImageMagick 6 writes a sixel's pixels straight to raw RGB as black.
    let (png, raw) = ("\(file).png", "\(file).rgb")
    defer { [png, raw].forEach { try? FileManager.default.removeItem(atPath: $0) } }
    guard try runProgram("/usr/bin/convert", ["\(format):\(file)", "png:\(png)"]).status == 0 else { throw POSIXError(.EINVAL) }
    let converted = try runProgram("/usr/bin/convert", ["png:\(png)", "-depth", "8", "rgb:\(raw)"])
    let rgb = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
    guard converted.status == 0, rgb.count == numbers[0] * numbers[1] * 3 else { throw POSIXError(.EINVAL) }
    return RGBImage(width: numbers[0], height: numbers[1], rgb: rgb)
}

/// kitty's commands (inflated here) and the module's sixel (read back by ImageMagick) on pictures
/// that test the edges: noise that does not compress, runs past deflate's longest match, a single
/// pixel, a row wider than deflate's window.
@Suite struct PictureEncodingTests {
    static func picture(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> RGBImage {
        RGBImage(width: width, height: height, rgb: (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } })
    }

    static let pictures: [(String, RGBImage)] = {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<(97 * 61 * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return [
            ("noise", RGBImage(width: 97, height: 61, rgb: noise)),
            ("flat", picture(300, 40) { _, _ in [200, 30, 90] }),
            ("gradient", picture(256, 64) { x, y in [UInt8(x), UInt8(y * 4), UInt8((x + y) % 256)] }),
            ("one pixel", picture(1, 1) { _, _ in [1, 2, 3] }),
            ("wide row", picture(12_000, 2) { x, y in [UInt8(x % 7 * 30), UInt8(y * 100), UInt8(x / 50 % 256)] }),
        ]
    }()

    @Test(arguments: pictures.map(\.0)) func kittysCommandsHoldEveryPixelExactly(name: String) throws {
        let picture = try #require(Self.pictures.first { $0.0 == name }?.1)
        let commands = try kittyCommands(try TerminalImage.kittyCommands(picture, columns: 40))
        #expect(try kittyPicture(commands) == picture)
        // Chunks of 4096 bytes of base64 but the last, each but the last marked m=1; the size on the first alone.
        let first = try #require(commands.first).keys
        #expect(first.hasPrefix("a=T,") && first.contains(",s=\(picture.width),v=\(picture.height),") && first.contains(",c=40,"), "\(first)")
        #expect(commands.dropLast().allSatisfy { $0.keys.hasSuffix("m=1") && $0.payload.count == 4096 })
        #expect(commands.last?.keys.hasSuffix("m=0") == true && (1...4096).contains(commands.last?.payload.count ?? 0))
        #expect(commands.dropFirst().allSatisfy { $0.keys == "m=1" || $0.keys == "m=0" })
    }

    @Test func sixelHoldsTheCubesColours() throws {
        // Each of the cube's levels across, in bands of unequal height.
        let picture = Self.picture(216, 13) { x, _ in [UInt8(x / 36 * 51), UInt8(x / 6 % 6 * 51), UInt8(x % 6 * 51)] }
        let decoded = try imageMagick(Data(Sixel.encode(picture).utf8), format: "sixel")
        #expect(decoded.width == 216 && decoded.height == 13)
        let worst = zip(decoded.rgb, picture.rgb).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 3, "a level is a whole percent of 255: \(worst)")
    }
}
