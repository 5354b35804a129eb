/// Where an image ends inside its file, found while the file is still being read, so that what comes
/// after it is hashed but never held: a phone's motion photo carries seconds of video after its
/// JPEG, and a hostile file hundreds of megabytes of padding. Every decoder stops where this does.
///
/// - JPEG: at the first end-of-image marker, found by walking the marker segments by their lengths
///   and the entropy-coded data by its byte stuffing, as libjpeg reads them.
/// - PNG: after the `IEND` chunk, walking the chunks by their lengths.
/// - WebP: at the end of the RIFF chunk the header sizes.
/// - TIFF and HEIF: nowhere. Their structure points anywhere in the file by offsets, so their
///   decoders need the whole file.
///
/// A file whose structure breaks before its end is found is held whole, for its decoder to judge.
public struct ImageExtent {
    public let format: ImageFormat
    /// The end, once found: the image is the file's bytes before it.
    public private(set) var end: Int?
    /// Where the walk stands; never past the bytes seen.
    private var position: Int
    private var inEntropyCodedData = false
    /// The walk cannot go on (a broken structure, or a format walked no further).
    private var stopped = false

    public init(format: ImageFormat) {
        self.format = format
        switch format {
        case .jpeg: position = 2  // after SOI
        case .png: position = 8  // after the signature
        case .webp: position = 0
        case .tiff, .heif:
            position = 0
            stopped = true
        }
    }

    /// Walks on over `bytes`, the file's first bytes as read so far (more each call, never fewer).
    public mutating func advance(over bytes: UnsafeRawBufferPointer) {
        guard end == nil, !stopped else { return }
        switch format {
        case .jpeg: walkJPEG(bytes)
        case .png: walkPNG(bytes)
        case .webp: walkRIFF(bytes)
        case .tiff, .heif: break
        }
    }

    private mutating func walkJPEG(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        while end == nil, !stopped {
            if inEntropyCodedData {
                // Inside a scan a 0xFF is followed by a stuffed zero, a restart marker or a fill byte;
                // anything else is the marker that ends the scan.
                while position + 1 < count {
                    if bytes[position] == 0xFF {
                        let next = bytes[position + 1]
                        if next == 0x00 || (0xD0...0xD7).contains(next) { position += 2; continue }
                        if next == 0xFF { position += 1; continue }
                        inEntropyCodedData = false
                        break
                    }
                    position += 1
                }
                if inEntropyCodedData { return }
            }
            guard position + 2 <= count else { return }
            guard bytes[position] == 0xFF else { stopped = true; return }
            let marker = bytes[position + 1]
            switch marker {
            case 0xFF: position += 1  // fill byte
            case 0xD9: end = position + 2
            case 0x01, 0xD0...0xD8: position += 2  // markers without a length
            default:
                guard position + 4 <= count else { return }
                let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
                guard length >= 2 else { stopped = true; return }
                position += 2 + length
                if marker == 0xDA { inEntropyCodedData = true }
                if position > count {
                    // The segment's payload is still to come: wait where its end will be.
                    return
                }
            }
        }
    }

    private mutating func walkPNG(_ bytes: UnsafeRawBufferPointer) {
        while end == nil, position + 8 <= bytes.count {
            let length = (0..<4).reduce(0) { $0 << 8 | Int(bytes[position + $1]) }
            let isEnd = bytes[position + 4] == 0x49 && bytes[position + 5] == 0x45 && bytes[position + 6] == 0x4E
                && bytes[position + 7] == 0x44  // IEND
            // Length, type, data, CRC.
            position += 12 + length
            if isEnd { end = position }
        }
    }

    private mutating func walkRIFF(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 8 else { return }
        // "RIFF", then the size of what follows the size field, little-endian; chunks pad to even.
        let size = (0..<4).reduce(0) { $0 | Int(bytes[4 + $1]) << (8 * $1) }
        end = 8 + size + size % 2
    }
}
