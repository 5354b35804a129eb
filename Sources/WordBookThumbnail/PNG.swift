import CZlib
import Foundation

/// A PNG of RGB pixels, for kitty's graphics protocol (which takes PNG, not JPEG): rows filtered
/// by Paeth's predictor and compressed by zlib.
enum PNG {
    static func encode(_ image: RGBImage) throws -> Data {
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
        chunk("IDAT", try zlib(raw), into: &png)
        chunk("IEND", [], into: &png)
        return Data(png)
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// A zlib stream (header, deflate, Adler-32), as PNG's IDAT holds it.
    static func zlib(_ data: [UInt8]) throws -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&output, &size, data, uLong(data.count), 6)
        guard status == Z_OK else { throw ThumbnailError.notEncodable("zlib's compress2 returned \(status)") }
        return Array(output[..<Int(size)])
    }

    private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        png += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        UInt32(CZlib.crc32(0, bytes, uInt(bytes.count)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
