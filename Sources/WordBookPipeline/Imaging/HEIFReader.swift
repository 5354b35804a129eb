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
    /// The sizes the file's grids and overlays compose (see `HEIFItems.composedSizes`).
    private let composedSizes: [(width: Int, height: Int)]

    /// Reads the file's structure, not its pixels. libheif copies `bytes`, so they need not outlive the reader.
    /// libheif's own size limit is raised to `maxPixels`, so that the budget is judged here and named in the message.
    init(_ bytes: [UInt8], maxPixels: Int) throws {
        // Before libheif reads it: libheif follows a loop of images built from one another until the stack overflows.
        if let fault = HEIFItems.fault(in: bytes) { throw ImagingError.corrupt(format: "HEIC", reason: fault) }
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
        composedSizes = HEIFItems.composedSizes(in: bytes)
    }

    deinit {
        heif_image_handle_release(handle)
        heif_context_free(context)
    }

    /// The primary image's size as shown, from its `ispe` property and stored rotation, without decoding.
    var width: Int { Int(heif_image_handle_get_width(handle)) }
    var height: Int { Int(heif_image_handle_get_height(handle)) }

    /// The primary image, upright by its stored rotation and mirroring (libheif's default), reduced
    /// `reduction` times on each side (each pixel the mean of a square of them) as it is copied out of
    /// libheif. `maxPixels` and the budget are checked against the size first, before anything is decoded.
    func decode(maxPixels: Int, budget: DecodeBudget = .unlimited, reduction: Int = 1) throws -> Picture {
        guard width > 0, height > 0 else { throw ImagingError.corrupt(format: "HEIC", reason: "the file gives no image size") }
        // A coded picture is the one shown, perhaps turned, padded to whole coding blocks (64 pixels
        // at most), or one tile of a grid: never larger. One that is was sized by a header that lies.
        let shown = (long: max(width, height), short: min(width, height))
        if let coded = codedSizes.first(where: { max($0.width, $0.height) > shown.long + 64 || min($0.width, $0.height) > shown.short + 64 }) {
            throw ImagingError.corrupt(
                format: "HEIC", reason: "its header gives \(width) × \(height) pixels, but its picture is coded at \(coded.width) × \(coded.height)")
        }
        // A grid or an overlay composes at most the picture shown, padded to whole tiles.
        if let composed = composedSizes.first(where: { max($0.width, $0.height) > shown.long + 64 || min($0.width, $0.height) > shown.short + 64 }) {
            throw ImagingError.corrupt(
                format: "HEIC", reason: "its header gives \(width) × \(height) pixels, but its picture is composed at \(composed.width) × \(composed.height)")
        }
        guard width * height <= maxPixels else {
            throw ImagingError.tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        // HEVC has no reduced decode: libde265 and libheif hold the whole image as YCbCr, more than
        // once on the way (a 24-MP photo's decode peaked 143 MB above the worker: about 6 bytes a
        // pixel with the rest), then the reduced picture is made; and the file's bytes, the filer's
        // and libheif's copy. A 24-MP iPhone photo is counted at 155 MB.
        let factor = max(1, reduction)
        let (reducedWidth, reducedHeight) = (max(1, width / factor), max(1, height / factor))
        try budget.admit(
            bytes: width * height * 6 + reducedWidth * reducedHeight * Picture.bytesPerPixel + 2 * fileBytes,
            width: width, height: height)
        let options = heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        options?.pointee.convert_hdr_to_8bit = 1  // 10-bit photos come out as 8 bits
        // As the stream codes it, YCbCr 4:2:0: libheif's conversion to RGB held more copies of the
        // whole image than the planes themselves (a 24-MP photo peaked 214 MB above the worker).
        var decoded: OpaquePointer?
        let status = heif_decode_image(handle, &decoded, heif_colorspace_YCbCr, heif_chroma_420, options)
        guard status.code == heif_error_Ok, let decoded else { throw Self.corrupt(status) }
        defer { heif_image_release(decoded) }

        let outWidth = Int(heif_image_get_width(decoded, heif_channel_Y))
        let outHeight = Int(heif_image_get_height(decoded, heif_channel_Y))
        // A stream that sets its own size past its configuration's is found only here: refused before
        // the picture is made.
        guard outWidth == width, outHeight == height else {
            throw ImagingError.corrupt(
                format: "HEIC", reason: "its header gives \(width) × \(height) pixels, but it decodes to \(outWidth) × \(outHeight)")
        }
        var strides: (y: Int32, cb: Int32, cr: Int32) = (0, 0, 0)
        guard [heif_channel_Y, heif_channel_Cb, heif_channel_Cr].allSatisfy({ heif_image_get_bits_per_pixel_range(decoded, $0) == 8 }),
              let luma = heif_image_get_plane_readonly(decoded, heif_channel_Y, &strides.y),
              let blue = heif_image_get_plane_readonly(decoded, heif_channel_Cb, &strides.cb),
              let red = heif_image_get_plane_readonly(decoded, heif_channel_Cr, &strides.cr)
        else { throw ImagingError.corrupt(format: "HEIC", reason: "libheif gave no 8-bit YCbCr planes") }
        let colour = YCbCrToRGB(profileOf: handle)
        let picture = try Picture.unfilledRGB(width: reducedWidth, height: reducedHeight)
        let wordsPerLine = picture.bytesPerLine / 4
        let target = UnsafeMutableRawPointer(picture.mutableBytes).assumingMemoryBound(to: UInt32.self)
        let area = Int32(factor * factor)
        for y in 0..<reducedHeight {
            let line = target + y * wordsPerLine
            for x in 0..<reducedWidth {
                var sum: (Int32, Int32, Int32) = (0, 0, 0)
                for dy in 0..<factor {
                    let row = y * factor + dy
                    let lumaRow = luma + row * Int(strides.y)
                    let blueRow = blue + row / 2 * Int(strides.cb), redRow = red + row / 2 * Int(strides.cr)
                    for dx in 0..<factor {
                        let column = x * factor + dx
                        let rgb = colour.rgb(lumaRow[column], blueRow[column / 2], redRow[column / 2])
                        sum.0 += rgb.0; sum.1 += rgb.1; sum.2 += rgb.2
                    }
                }
                // Rounded to the nearest; XBGR in memory, as the rest of the pipeline keeps colour.
                let half = area / 2
                line[x] = UInt32((sum.0 + half) / area) << 24 | UInt32((sum.1 + half) / area) << 16 | UInt32((sum.2 + half) / area) << 8
            }
        }
        return picture
    }

    /// YCbCr to RGB by the image's own matrix and range (its `nclx` profile), as libheif converts:
    /// BT.601 full range when the file names none; in 16.16 fixed point.
    struct YCbCrToRGB {
        let red: Int32, greenFromBlue: Int32, greenFromRed: Int32, blue: Int32
        let full: Bool

        init(profileOf handle: OpaquePointer) {
            var profile: UnsafeMutablePointer<heif_color_profile_nclx>?
            _ = heif_image_handle_get_nclx_color_profile(handle, &profile)
            defer { heif_nclx_color_profile_free(profile) }
            let matrix = profile?.pointee.matrix_coefficients ?? heif_matrix_coefficients_ITU_R_BT_601_6
            full = profile.map { $0.pointee.full_range_flag != 0 } ?? true
            // Kr and Kb of the matrix; BT.601's for every other.
            let (kr, kb): (Double, Double) = switch matrix {
            case heif_matrix_coefficients_ITU_R_BT_709_5: (0.2126, 0.0722)
            case heif_matrix_coefficients_ITU_R_BT_2020_2_non_constant_luminance,
                 heif_matrix_coefficients_ITU_R_BT_2020_2_constant_luminance: (0.2627, 0.0593)
            default: (0.299, 0.114)
            }
            let kg = 1 - kr - kb
            let scale = full ? 1.0 : 255.0 / 224.0
            func fixed(_ value: Double) -> Int32 { Int32((value * scale * 65536).rounded()) }
            red = fixed(2 * (1 - kr))
            blue = fixed(2 * (1 - kb))
            greenFromBlue = fixed(2 * (1 - kb) * kb / kg)
            greenFromRed = fixed(2 * (1 - kr) * kr / kg)
        }

        @inline(__always)
        func rgb(_ luma: UInt8, _ cb: UInt8, _ cr: UInt8) -> (Int32, Int32, Int32) {
            let y = full ? Int32(luma) << 16 : (Int32(luma) - 16) * 76309  // 255/219 in 16.16
            let (b, r) = (Int32(cb) - 128, Int32(cr) - 128)
            func clamp(_ value: Int32) -> Int32 { min(255, max(0, (value + 32768) >> 16)) }
            return (clamp(y + red * r), clamp(y - greenFromBlue * b - greenFromRed * r), clamp(y + blue * b))
        }
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
