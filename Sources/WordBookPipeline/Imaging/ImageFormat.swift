/// The kinds of image the pipeline reads, told apart by their first bytes, never by the file name.
public enum ImageFormat: String, Sendable, Equatable {
    case jpeg = "JPEG"
    case png = "PNG"
    case tiff = "TIFF"
    case webp = "WebP"
    case heif = "HEIC/HEIF"

    /// How many leading bytes sniffing looks at: enough for a HEIF `ftyp` box's compatible brands.
    public static let sniffLength = 64

    /// The ISO-BMFF brands of a HEIF still image or sequence, which libheif reads.
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]

    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.sniffLength))
        func starts(_ magic: [UInt8]) -> Bool { head.count >= magic.count && Array(head.prefix(magic.count)) == magic }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if head.count >= 12, starts(Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else if Self.ftypBrands(head).contains(where: Self.heifBrands.contains) {
            self = .heif
        } else {
            return nil
        }
    }

    /// The major and compatible brands of an `ftyp` box at the start, as far as `head` holds them.
    static func ftypBrands(_ head: [UInt8]) -> [String] {
        guard head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) else { return [] }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        guard size >= 12 else { return [] }
        func brand(at offset: Int) -> String { String(decoding: head[offset..<(offset + 4)], as: UTF8.self) }
        var brands = [brand(at: 8)]
        // After the major brand, a 4-byte minor version, then compatible brands to the end of the box.
        var offset = 16
        while offset + 4 <= min(size, head.count) {
            brands.append(brand(at: offset))
            offset += 4
        }
        return brands
    }
}
