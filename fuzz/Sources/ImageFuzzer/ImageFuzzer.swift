import WordBookKit

/// One decoder for the whole run, as a worker has; a small pixel budget keeps each input quick.
nonisolated(unsafe) let decoder = try! PhotoDecoder(maxPixels: 4_000_000)

/// Magic sniffing, the EXIF parser, JPEG decoding with DCT scaling, Leptonica's readers and the
/// orientation transforms: every input must end in pixels or an error, never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    _ = EXIFReader.read(jpeg: bytes)
    if let photo = try? decoder.decode(bytes, longEdge: 64) {
        _ = try? photo.picture.fitting(longEdge: 32).grey()
    }
    return 0
}
