import Foundation

/// Builds EXIF APP1 segments for tests, in either byte order, including broken ones.
struct EXIFBuilder {
    var littleEndian = true
    var orientation: UInt16?
    var dateTimeOriginal: String?
    var offsetTimeOriginal: String?

    private func u16(_ v: UInt16) -> [UInt8] {
        littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
    }

    private func u32(_ v: UInt32) -> [UInt8] {
        let bytes = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        return littleEndian ? bytes : bytes.reversed()
    }

    /// The TIFF block: header, IFD0 (Orientation, Exif IFD pointer), Exif IFD, then the strings.
    func tiff() -> [UInt8] {
        var ifd0: [(UInt16, UInt16, UInt32, [UInt8])] = []
        if let orientation { ifd0.append((0x0112, 3, 1, u16(orientation) + [0, 0])) }
        let hasExif = dateTimeOriginal != nil || offsetTimeOriginal != nil
        let ifd0Size = 2 + 12 * (ifd0.count + (hasExif ? 1 : 0)) + 4
        let exifOffset = 8 + ifd0Size
        var exifEntries: [(UInt16, String)] = []
        if let dateTimeOriginal { exifEntries.append((0x9003, dateTimeOriginal)) }
        if let offsetTimeOriginal { exifEntries.append((0x9011, offsetTimeOriginal)) }
        let exifSize = 2 + 12 * exifEntries.count + 4
        var stringsOffset = exifOffset + exifSize
        if hasExif { ifd0.append((0x8769, 4, 1, u32(UInt32(exifOffset)))) }

        var out: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        out += u16(42) + u32(8)
        out += u16(UInt16(ifd0.count))
        for (tag, type, count, value) in ifd0 { out += u16(tag) + u16(type) + u32(count) + value }
        out += u32(0)
        if hasExif {
            var strings: [UInt8] = []
            out += u16(UInt16(exifEntries.count))
            for (tag, text) in exifEntries {
                let bytes = Array(text.utf8) + [0]
                if bytes.count <= 4 {
                    out += u16(tag) + u16(2) + u32(UInt32(bytes.count)) + bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
                } else {
                    out += u16(tag) + u16(2) + u32(UInt32(bytes.count)) + u32(UInt32(stringsOffset))
                    strings += bytes
                    stringsOffset += bytes.count
                }
            }
            out += u32(0)
            out += strings
        }
        return out
    }

    static func app1(tiff: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// `jpeg` with an APP1 EXIF segment right after its SOI marker.
    static func inserting(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    func applied(to jpeg: [UInt8]) -> [UInt8] {
        Self.inserting(Self.app1(tiff: tiff()), into: jpeg)
    }
}
