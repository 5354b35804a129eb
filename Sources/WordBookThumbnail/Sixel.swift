import Foundation

/// DEC sixel graphics: colours from a 6 × 6 × 6 cube (216 registers, which xterm, mlterm, foot and
/// WezTerm all have), bands of six pixel rows, runs written as `!n`.
enum Sixel {
    static func encode(_ image: RGBImage) -> String {
        // Each pixel's register in the cube.
        let level = { (value: UInt8) in (Int(value) * 5 + 127) / 255 }
        var register = [UInt8](repeating: 0, count: image.width * image.height)
        var used = [Bool](repeating: false, count: 216)
        for index in 0..<(image.width * image.height) {
            let at = index * 3
            let colour = level(image.rgb[at]) * 36 + level(image.rgb[at + 1]) * 6 + level(image.rgb[at + 2])
            register[index] = UInt8(colour)
            used[colour] = true
        }
        var out = "\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)"
        for colour in 0..<216 where used[colour] {
            let percent = { (step: Int) in step * 100 / 5 }
            out += "#\(colour);2;\(percent(colour / 36));\(percent(colour / 6 % 6));\(percent(colour % 6))"
        }
        var row = [UInt8](repeating: 0, count: image.width)
        for bandTop in stride(from: 0, to: image.height, by: 6) {
            let bandRows = min(6, image.height - bandTop)
            var inBand = [Bool](repeating: false, count: 216)
            for y in bandTop..<(bandTop + bandRows) {
                for x in 0..<image.width { inBand[Int(register[y * image.width + x])] = true }
            }
            var first = true
            for colour in 0..<216 where inBand[colour] {
                for x in 0..<image.width {
                    var bits: UInt8 = 0
                    for dy in 0..<bandRows where register[(bandTop + dy) * image.width + x] == colour { bits |= 1 << dy }
                    row[x] = bits
                }
                if !first { out += "$" }
                first = false
                out += "#\(colour)"
                var x = 0
                while x < image.width {
                    var run = 1
                    while x + run < image.width && row[x + run] == row[x] { run += 1 }
                    let character = String(UnicodeScalar(63 + row[x]))
                    out += run > 3 ? "!\(run)\(character)" : String(repeating: character, count: run)
                    x += run
                }
            }
            out += "-"
        }
        return out + "\u{1B}\\"
    }
}
