import CQRencode

/// A QR code made by libqrencode, drawn in a terminal with half blocks, dark on light whatever the
/// terminal's own colours, with the quiet zone scanners need.
public struct QRCode: Sendable {
    /// Row by row, true for a dark module.
    let modules: [[Bool]]

    public init?(_ text: String) {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // libqrencode's bit 0 of each byte is the module's colour, 1 for dark.
        modules = (0..<width).map { row in (0..<width).map { column in code.pointee.data[row * width + column] & 1 == 1 } }
    }

    /// Lines of half blocks, two rows of modules a line.
    public var terminalText: String {
        let quiet = 4
        let size = modules.count + 2 * quiet
        func dark(_ row: Int, _ column: Int) -> Bool {
            let r = row - quiet, c = column - quiet
            return r >= 0 && c >= 0 && r < modules.count && c < modules.count && modules[r][c]
        }
        var text = ""
        for row in stride(from: 0, to: size, by: 2) {
            text += "\u{1B}[30;107m"
            for column in 0..<size {
                switch (dark(row, column), dark(row + 1, column)) {
                case (true, true): text += "█"
                case (true, false): text += "▀"
                case (false, true): text += "▄"
                case (false, false): text += " "
                }
            }
            text += "\u{1B}[0m\n"
        }
        return text
    }
}
