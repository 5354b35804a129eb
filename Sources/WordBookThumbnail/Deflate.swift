/// Deflate (RFC 1951) with the fixed Huffman codes and greedy LZ77 matches: a photo's PNG rows,
/// Paeth-filtered, come to about half their size without zlib.
enum Deflate {
    static func compress(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the final block
        bits.write(1, count: 2)  // fixed Huffman codes
        let windowSize = 32_768, hashSize = 1 << 15
        var head = [Int](repeating: -1, count: hashSize)
        var index = 0
        while index < data.count {
            var length = 0, distance = 0
            if index + 2 < data.count {
                let hash = (Int(data[index]) << 10 ^ Int(data[index + 1]) << 5 ^ Int(data[index + 2])) & (hashSize - 1)
                let candidate = head[hash]
                head[hash] = index
                if candidate >= 0 && index - candidate <= windowSize {
                    let limit = min(258, data.count - index)
                    while length < limit && data[candidate + length] == data[index + length] { length += 1 }
                    distance = index - candidate
                }
            }
            if length >= 3 {
                writeLength(length, &bits)
                writeDistance(distance, &bits)
                index += length
            } else {
                writeSymbol(Int(data[index]), &bits)
                index += 1
            }
        }
        writeSymbol(256, &bits)
        return bits.finish()
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                       2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private static func writeLength(_ length: Int, _ bits: inout BitWriter) {
        var code = lengthBase.count - 1
        while lengthBase[code] > length { code -= 1 }
        writeSymbol(257 + code, &bits)
        bits.write(UInt64(length - lengthBase[code]), count: lengthExtra[code])
    }

    private static func writeDistance(_ distance: Int, _ bits: inout BitWriter) {
        var code = distanceBase.count - 1
        while distanceBase[code] > distance { code -= 1 }
        bits.writeHuffman(UInt64(code), count: 5)
        bits.write(UInt64(distance - distanceBase[code]), count: distanceExtra[code])
    }

    /// A literal or length symbol in the fixed code.
    private static func writeSymbol(_ symbol: Int, _ bits: inout BitWriter) {
        switch symbol {
        case 0...143: bits.writeHuffman(UInt64(0x30 + symbol), count: 8)
        case 144...255: bits.writeHuffman(UInt64(0x190 + symbol - 144), count: 9)
        case 256...279: bits.writeHuffman(UInt64(symbol - 256), count: 7)
        default: bits.writeHuffman(UInt64(0xC0 + symbol - 280), count: 8)
        }
    }
}

/// Bits packed from the least significant end, as deflate stores them.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var filled = 0

    mutating func write(_ value: UInt64, count: Int) {
        guard count > 0 else { return }
        buffer |= value << UInt64(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            filled -= 8
        }
    }

    /// A Huffman code, which deflate stores from its most significant bit.
    mutating func writeHuffman(_ code: UInt64, count: Int) {
        var reversed: UInt64 = 0
        for bit in 0..<count { reversed |= ((code >> UInt64(bit)) & 1) << UInt64(count - 1 - bit) }
        write(reversed, count: count)
    }

    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        return bytes
    }
}
