import FuzzDriver
import WordBookPipeline

/// One decoder for the whole run, as a worker has; a small pixel budget keeps each input quick.
nonisolated(unsafe) let decoder = try! PhotoDecoder(maxPixels: 4_000_000)

/// Magic sniffing, the EXIF parser, JPEG decoding with DCT scaling, Leptonica's readers, libheif and the
/// orientation transforms: every input must end in pixels or an error, never a crash or a hang.
func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { [UInt8](UnsafeBufferPointer(start: $0, count: count)) } ?? []
    _ = EXIFReader.read(jpeg: bytes)
    _ = EXIFReader.read(heifExif: bytes)
    if let photo = try? decoder.decode(bytes, longEdge: 64) {
        _ = try? photo.picture.fitting(longEdge: 32).grey()
    }
    // The worker's way: the DCT scale that fits a stored copy (here of at most 64 px).
    if let photo = try? decoder.decode(bytes, within: 64) {
        _ = try? photo.picture.fitting(longEdge: 64).grey()
    }
    return 0
}

/// The program's entry point (SwiftPM links `main` to `ImageFuzzer_main`): hand over to libFuzzer.
@_cdecl("ImageFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzz(data, size) }
}
