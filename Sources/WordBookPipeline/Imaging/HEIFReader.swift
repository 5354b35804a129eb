import CHeif
import Foundation

/// HEIC/HEIF through libheif. Owns the context and the primary image's handle and frees them;
/// nothing outside sees a libheif pointer.
final class HEIFReader {
    private let context: OpaquePointer
    private let handle: OpaquePointer
    /// The file's size: libheif holds a copy of it while the reader lives.
    private let fileBytes: Int
    /// The picture sizes the file's HEVC configurations declare (see `HEVCPictureSize`).
    private let codedSizes: [(width: Int, height: Int)]

    /// Reads the file's structure, not its pixels. libheif copies `bytes`, so they need not outlive the reader.
    /// libheif's own size limit is raised to `maxPixels`, so that the budget is judged here and named in the message.
    init(_ bytes: [UInt8], maxPixels: Int) throws {
        guard let context = heif_context_alloc() else { throw ImagingError.operationFailed("start the HEIF reader") }
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: maxPixels + 1))
        // The worker decodes one photo per thread already: a grid's tiles are decoded on this one.
        heif_context_set_max_decoding_threads(context, 0)
        // An error's message lives in the context: read it before the context is freed.
        let read = bytes.withUnsafeBytes { heif_context_read_from_memory(context, $0.baseAddress, $0.count, nil) }
        guard read.code == heif_error_Ok else {
            defer { heif_context_free(context) }
            throw Self.corrupt(read)
        }
        var handle: OpaquePointer?
        let primary = heif_context_get_primary_image_handle(context, &handle)
        guard primary.code == heif_error_Ok, let handle else {
            defer { heif_context_free(context) }
            throw Self.corrupt(primary)
        }
        self.context = context
        self.handle = handle
        fileBytes = bytes.count
        codedSizes = HEVCPictureSize.declared(in: bytes)
    }

    deinit {
        heif_image_handle_release(handle)
        heif_context_free(context)
    }

    /// The primary image's size as shown, from its `ispe` property and stored rotation, without decoding.
    var width: Int { Int(heif_image_handle_get_width(handle)) }
    var height: Int { Int(heif_image_handle_get_height(handle)) }

    /// The primary image at full size, upright by its stored rotation and mirroring (libheif's default).
    /// `maxPixels` is checked against the size first, before anything is decoded.
    func decode(maxPixels: Int, maxDecodeMegabytes: Int = .max) throws -> Picture {
        guard width > 0, height > 0 else { throw ImagingError.corrupt(format: "HEIC", reason: "the file gives no image size") }
        // A coded picture is the one shown, perhaps turned, padded to whole coding blocks (64 pixels
        // at most), or one tile of a grid: never larger. One that is was sized by a header that lies.
        let shown = (long: max(width, height), short: min(width, height))
        if let coded = codedSizes.first(where: { max($0.width, $0.height) > shown.long + 64 || min($0.width, $0.height) > shown.short + 64 }) {
            throw ImagingError.corrupt(
                format: "HEIC", reason: "its header gives \(width) × \(height) pixels, but its picture is coded at \(coded.width) × \(coded.height)")
        }
        guard width * height <= maxPixels else {
            throw ImagingError.tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        // The picture, and the file's bytes: the filer's and libheif's copy.
        try Picture.checkDecodedSize(
            bytes: width * height * Picture.bytesPerPixel + 2 * fileBytes, width: width, height: height, limitMegabytes: maxDecodeMegabytes)
        let options = heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        options?.pointee.convert_hdr_to_8bit = 1  // 10-bit photos come out as 8-bit RGB
        var decoded: OpaquePointer?
        let status = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, options)
        guard status.code == heif_error_Ok, let decoded else { throw Self.corrupt(status) }
        defer { heif_image_release(decoded) }

        let outWidth = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let outHeight = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        // A stream that sets its own size past its configuration's is found only here: refused before
        // the picture is made.
        guard outWidth == width, outHeight == height else {
            throw ImagingError.corrupt(
                format: "HEIC", reason: "its header gives \(width) × \(height) pixels, but it decodes to \(outWidth) × \(outHeight)")
        }
        var stride: Int32 = 0
        guard outWidth > 0, outHeight > 0, heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved) == 8,
              let source = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
              Int(stride) >= outWidth * 3
        else { throw ImagingError.corrupt(format: "HEIC", reason: "libheif gave no 8-bit RGB pixels") }
        let picture = try Picture.unfilledRGB(width: outWidth, height: outHeight)
        let wordsPerLine = picture.bytesPerLine / 4
        let target = UnsafeMutableRawPointer(picture.mutableBytes).assumingMemoryBound(to: UInt32.self)
        for y in 0..<outHeight {
            let row = source + y * Int(stride)
            let line = target + y * wordsPerLine
            for x in 0..<outWidth {
                let pixel = row + x * 3
                line[x] = UInt32(pixel[0]) << 24 | UInt32(pixel[1]) << 16 | UInt32(pixel[2]) << 8
            }
        }
        return picture
    }

    /// The first Exif metadata block of the primary image, as stored: a 4-byte offset, then TIFF.
    func exifBlock() -> [UInt8]? {
        var id = heif_item_id()
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 0, size <= 16 * 1_048_576 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        let status = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        return status.code == heif_error_Ok ? block : nil
    }

    /// libheif's message as one sentence for the learner.
    private static func corrupt(_ error: heif_error) -> ImagingError {
        var reason = error.message.map { String(cString: $0) } ?? "unknown error"
        reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "\n", with: " ")
        while reason.hasSuffix(".") { reason.removeLast() }
        return .corrupt(format: "HEIC", reason: reason.isEmpty ? "unknown error" : reason)
    }
}
