import Foundation

/// EXIF Orientation: how the stored pixels must be turned to stand upright.
/// Named for where the top of the scene ended up; the raw values are EXIF's 1-8.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Whether width and height swap when the picture is turned upright.
    public var swapsDimensions: Bool { rawValue >= 5 }
}

/// What the pipeline needs from a photo's EXIF block.
public struct ExifMetadata: Sendable, Equatable {
    public var orientation: ExifOrientation?
    /// DateTimeOriginal as written: "YYYY:MM:DD HH:MM:SS".
    public var dateTimeOriginal: String?
    /// OffsetTimeOriginal as written: "+02:00".
    public var offsetTimeOriginal: String?

    public init(orientation: ExifOrientation? = nil, dateTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil) {
        self.orientation = orientation
        self.dateTimeOriginal = dateTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
    }

    /// The moment the photo was taken. Without an offset the time is read in `timeZone`.
    public func captureDate(in timeZone: TimeZone) -> Date? {
        guard let text = dateTimeOriginal else { return nil }
        let digits = text.split(whereSeparator: { ":- T".contains($0) }).compactMap { Int($0) }
        guard digits.count >= 6 else { return nil }
        var components = DateComponents(
            year: digits[0], month: digits[1], day: digits[2], hour: digits[3], minute: digits[4], second: digits[5])
        guard (1...12).contains(digits[1]), (1...31).contains(digits[2]), (0...23).contains(digits[3]),
              (0...59).contains(digits[4]), (0...60).contains(digits[5]), Self.plausibleYears.contains(digits[0])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.timeZone(offset: offsetTimeOriginal) ?? timeZone
        components.calendar = calendar
        // 2026:02:30 is no date: a camera's clock wrong, not the 2nd of March.
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// The years a phone photo can be from: before 1990 or after next year is a clock never set, or a
    /// crafted file (9999:12:31 would schedule a review in year 10000). Such a time counts as missing.
    static var plausibleYears: ClosedRange<Int> {
        1990...(Calendar(identifier: .gregorian).component(.year, from: Date()) + 1)
    }

    static func timeZone(offset: String?) -> TimeZone? {
        guard let offset, offset.count >= 6 else { return nil }
        let chars = Array(offset)
        guard chars[0] == "+" || chars[0] == "-", chars[3] == ":",
              let hours = Int(String(chars[1...2])), let minutes = Int(String(chars[4...5])),
              hours <= 14, minutes < 60
        else { return nil }
        let seconds = (hours * 3600 + minutes * 60) * (chars[0] == "-" ? -1 : 1)
        return TimeZone(secondsFromGMT: seconds)
    }
}

/// Reads EXIF from a JPEG's APP1 segment. Every offset and count is treated as hostile:
/// anything out of bounds or looping is ignored rather than trusted.
public enum EXIFReader {
    public static func read(jpeg bytes: [UInt8]) -> ExifMetadata {
        guard let tiff = app1ExifPayload(bytes) else { return ExifMetadata() }
        return parseTIFF(tiff)
    }

    /// Reads EXIF from a HEIF Exif metadata block: a 4-byte big-endian offset to the TIFF header
    /// (counted from the end of those 4 bytes), then the TIFF structure.
    public static func read(heifExif block: [UInt8]) -> ExifMetadata {
        guard block.count >= 4 else { return ExifMetadata() }
        let skip = UInt64(block[0]) << 24 | UInt64(block[1]) << 16 | UInt64(block[2]) << 8 | UInt64(block[3])
        guard skip <= UInt64(block.count - 4) else { return ExifMetadata() }
        return parseTIFF(block[(4 + Int(skip))...])
    }

    /// The TIFF block after "Exif\0\0" in the first APP1 segment that carries one.
    static func app1ExifPayload(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image, start of scan
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            let segment = bytes[(i + 4)..<(i + 2 + length)]
            if marker == 0xE1, segment.starts(with: [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]) {
                return segment.dropFirst(6)
            }
            i += 2 + length
        }
        return nil
    }

    static func parseTIFF(_ slice: ArraySlice<UInt8>) -> ExifMetadata {
        let tiff = TIFFBlock(bytes: Array(slice))
        guard let tiff, let ifd0 = tiff.u32(at: 4) else { return ExifMetadata() }
        var metadata = ExifMetadata()
        var visited = Set<Int>()
        var exifIFD: Int?
        for entry in tiff.entries(ofIFDAt: Int(ifd0), visited: &visited) {
            switch entry.tag {
            case 0x0112:
                if let value = tiff.shortValue(entry) { metadata.orientation = ExifOrientation(rawValue: Int(value)) }
            case 0x8769:
                if let value = tiff.longValue(entry) { exifIFD = Int(value) }
            default:
                break
            }
        }
        if let exifIFD {
            for entry in tiff.entries(ofIFDAt: exifIFD, visited: &visited) {
                switch entry.tag {
                case 0x9003: metadata.dateTimeOriginal = tiff.asciiValue(entry)
                case 0x9011: metadata.offsetTimeOriginal = tiff.asciiValue(entry)
                default: break
                }
            }
        }
        return metadata
    }
}

/// A TIFF structure with its byte order, every read bounds-checked.
private struct TIFFBlock {
    struct Entry {
        let tag: UInt16, type: UInt16, count: UInt32
        /// Where the 4-byte value-or-offset field starts.
        let valueFieldOffset: Int
    }

    let bytes: [UInt8]
    let littleEndian: Bool

    init?(bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        self.bytes = bytes
        guard u16(at: 2) == 42 else { return nil }
    }

    func u16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return littleEndian ? (b << 8 | a) : (a << 8 | b)
    }

    func u32(at offset: Int) -> UInt32? {
        guard let low = u16(at: littleEndian ? offset : offset + 2),
              let high = u16(at: littleEndian ? offset + 2 : offset)
        else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    /// The entries of one IFD; an IFD already read, or one out of bounds, yields nothing.
    func entries(ofIFDAt offset: Int, visited: inout Set<Int>) -> [Entry] {
        guard !visited.contains(offset), let count = u16(at: offset) else { return [] }
        visited.insert(offset)
        var entries: [Entry] = []
        for index in 0..<Int(min(count, 512)) {
            let start = offset + 2 + index * 12
            guard let tag = u16(at: start), let type = u16(at: start + 2), let count = u32(at: start + 4),
                  start + 12 <= bytes.count
            else { break }
            entries.append(Entry(tag: tag, type: type, count: count, valueFieldOffset: start + 8))
        }
        return entries
    }

    func shortValue(_ entry: Entry) -> UInt16? {
        guard entry.type == 3, entry.count >= 1 else { return nil }
        return u16(at: entry.valueFieldOffset)
    }

    func longValue(_ entry: Entry) -> UInt32? {
        switch entry.type {
        case 4, 13: return u32(at: entry.valueFieldOffset)
        case 3: return u16(at: entry.valueFieldOffset).map(UInt32.init)
        default: return nil
        }
    }

    func asciiValue(_ entry: Entry) -> String? {
        guard entry.type == 2, entry.count >= 1, entry.count <= 64 else { return nil }
        let count = Int(entry.count)
        let start: Int
        if count <= 4 {
            start = entry.valueFieldOffset
        } else {
            guard let offset = u32(at: entry.valueFieldOffset) else { return nil }
            start = Int(offset)
        }
        guard start >= 0, start + count <= bytes.count else { return nil }
        let raw = bytes[start..<(start + count)].prefix { $0 != 0 }
        return String(bytes: raw, encoding: .ascii)
    }
}
