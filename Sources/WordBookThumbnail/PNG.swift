import Foundation

/// A PNG of RGB pixels, for kitty's graphics protocol (which takes PNG, not JPEG): rows filtered
/// by Paeth's predictor and compressed by the module's own deflate, so it needs no zlib.
enum PNG {
    static func encode(_ image: RGBImage) -> Data {
        let stride = image.width * 3
        var raw = [UInt8]()
        raw.reserveCapacity((stride + 1) * image.height)
        for y in 0..<image.height {
            raw.append(4)  // filter: Paeth
            let row = y * stride, above = row - stride
            for x in 0..<stride {
                let left = x >= 3 ? Int(image.rgb[row + x - 3]) : 0
                let up = y > 0 ? Int(image.rgb[above + x]) : 0
                let upLeft = x >= 3 && y > 0 ? Int(image.rgb[above + x - 3]) : 0
                raw.append(image.rgb[row + x] &- UInt8(paeth(left, up, upLeft)))
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filtering, not interlaced
        chunk("IHDR", header, into: &png)
        chunk("IDAT", zlib(raw), into: &png)
        chunk("IEND", [], into: &png)
        return Data(png)
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// A zlib stream: header, deflate, Adler-32.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return [0x78, 0x01] + Deflate.compress(data) + bigEndian(b << 16 | a)
    }

    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        png += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
