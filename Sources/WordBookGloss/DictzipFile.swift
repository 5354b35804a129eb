import CZlib

/// A dictd `.dict.dz`: one gzip member cut into chunks that each inflate on their own. The gzip
/// header's extra field, subfield `RA`, gives the uncompressed size of a chunk and each chunk's
/// compressed size, so an entry is read by inflating only the one or two chunks that hold it.
struct DictzipFile: Sendable {
    let file: MappedFile
    /// Uncompressed bytes in every chunk but the last.
    let chunkLength: Int
    /// Where each chunk's deflate data starts in the file; one more at the end, where the last one stops.
    let chunkStarts: [Int]

    init(path: String) throws(GlossError) {
        file = try MappedFile(path: path)
        let bytes = file.bytes
        func fail(_ reason: String) -> GlossError { .notDictzip(path: path, reason: reason) }
        func uint16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

        guard bytes.count >= 12, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8 else { throw fail("no gzip header") }
        let flags = bytes[3]
        let (hasCRC, hasExtra, hasName, hasComment): (Bool, Bool, Bool, Bool) =
            (flags & 0x02 != 0, flags & 0x04 != 0, flags & 0x08 != 0, flags & 0x10 != 0)
        guard hasExtra else { throw fail("the gzip header has no chunk table") }
        let extraLength = uint16(10)
        let extraEnd = 12 + extraLength
        guard extraEnd <= bytes.count else { throw fail("the gzip header is cut short") }

        var table: (chunkLength: Int, sizes: [Int])?
        var at = 12
        while at + 4 <= extraEnd {
            let subfieldLength = uint16(at + 2)
            let data = at + 4
            guard data + subfieldLength <= extraEnd else { throw fail("the gzip extra field is cut short") }
            if bytes[at] == UInt8(ascii: "R"), bytes[at + 1] == UInt8(ascii: "A"), subfieldLength >= 6 {
                let count = uint16(data + 4)
                guard 6 + 2 * count <= subfieldLength else { throw fail("the chunk table is cut short") }
                table = (uint16(data + 2), (0..<count).map { uint16(data + 6 + 2 * $0) })
            }
            at = data + subfieldLength
        }
        guard let table, table.chunkLength > 0 else { throw fail("the gzip header has no chunk table") }

        var start = extraEnd
        func skipZeroTerminated() throws(GlossError) {
            while start < bytes.count, bytes[start] != 0 { start += 1 }
            guard start < bytes.count else { throw fail("the gzip header is cut short") }
            start += 1
        }
        if hasName { try skipZeroTerminated() }
        if hasComment { try skipZeroTerminated() }
        if hasCRC { start += 2 }

        var starts = [start]
        starts.reserveCapacity(table.sizes.count + 1)
        for size in table.sizes { starts.append(starts[starts.count - 1] + size) }
        guard starts[starts.count - 1] <= bytes.count else { throw fail("the chunk table points past the end of the file") }
        chunkLength = table.chunkLength
        chunkStarts = starts
    }

    /// The uncompressed bytes `location` names, decoded as UTF-8.
    func text(at location: EntryLocation) throws(GlossError) -> String {
        guard location.offset >= 0, location.length >= 0 else { throw corrupt("a negative offset in the index") }
        guard location.length > 0 else { return "" }
        let first = location.offset / chunkLength
        let last = (location.offset + location.length - 1) / chunkLength
        guard last < chunkStarts.count - 1 else { throw corrupt("an entry past the end of the text") }
        var text: [UInt8] = []
        for chunk in first...last { text += try inflate(chunk: chunk) }
        let from = location.offset - first * chunkLength
        guard from + location.length <= text.count else { throw corrupt("an entry past the end of the text") }
        return String(decoding: text[from..<from + location.length], as: UTF8.self)
    }

    /// One chunk inflated on its own: dictzip flushes the deflate stream at each chunk's end.
    private func inflate(chunk: Int) throws(GlossError) -> [UInt8] {
        let input = UnsafeRawBufferPointer(rebasing: file.bytes[chunkStarts[chunk]..<chunkStarts[chunk + 1]])
        var output = [UInt8](repeating: 0, count: chunkLength)
        var stream = z_stream()
        // Negative window bits: raw deflate data, with no zlib or gzip header of its own.
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw corrupt("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        let (status, produced) = output.withUnsafeMutableBytes { out in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(out.count)
            let status = CZlib.inflate(&stream, Z_SYNC_FLUSH)
            return (status, out.count - Int(stream.avail_out))
        }
        guard status == Z_OK || status == Z_STREAM_END else {
            throw corrupt("chunk \(chunk) does not inflate (zlib status \(status))")
        }
        output.removeLast(output.count - produced)
        return output
    }

    private func corrupt(_ reason: String) -> GlossError { .corrupt(path: file.path, reason: reason) }
}
