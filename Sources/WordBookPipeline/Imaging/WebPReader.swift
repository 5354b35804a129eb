import CTesseract
import CWebP

/// WebP through libwebp, reduced as it is decoded: libwebp's rescaler averages the rows it decodes
/// into the smaller picture, so a lossy WebP never exists at full size in memory (a 6300 × 6300 photo
/// took 159 MB as Leptonica decoded it whole). A lossless one holds its whole image as ARGB while it
/// decodes, whatever the output size, and is counted so.
enum WebPReader {
    /// The picture whose long edge is `longEdge` at most, never enlarged, and the size in the file;
    /// `maxPixels` and the budget are checked against the header first.
    static func decode(_ bytes: [UInt8], longEdge: Int, maxPixels: Int, budget: DecodeBudget)
        throws -> (picture: Picture, width: Int, height: Int) {
        try bytes.withUnsafeBufferPointer { buffer in
            var config = WebPDecoderConfig()
            guard WebPInitDecoderConfig(&config) != 0 else { throw ImagingError.operationFailed("start the WebP decoder") }
            guard WebPGetFeatures(buffer.baseAddress, buffer.count, &config.input) == VP8_STATUS_OK else {
                throw ImagingError.corrupt(format: "WebP", reason: "the header could not be read")
            }
            let (width, height) = (Int(config.input.width), Int(config.input.height))
            guard width > 0, height > 0 else { throw ImagingError.corrupt(format: "WebP", reason: "the header gives no size") }
            guard config.input.has_animation == 0 else {
                throw ImagingError.corrupt(format: "WebP", reason: "it is an animation, not a photo")
            }
            guard width * height <= maxPixels else {
                throw ImagingError.tooManyPixels(width: width, height: height, limit: maxPixels)
            }
            let (outWidth, outHeight) = try Reduction.size(width: width, height: height, longEdge: longEdge)
            // The picture, the file's bytes, and what libwebp holds on the way: a lossless image's
            // ARGB pixels, a lossy one's alpha plane; its other buffers are a few rows of the width.
            let lossless = config.input.format == 2
            let working = lossless ? width * height * 4 : (config.input.has_alpha != 0 ? width * height : 0)
            try budget.admit(
                bytes: outWidth * outHeight * Picture.bytesPerPixel + working + bytes.count,
                width: width, height: height)

            let picture = try Picture.unfilledRGB(width: outWidth, height: outHeight)
            if (outWidth, outHeight) != (width, height) {
                config.options.use_scaling = 1
                config.options.scaled_width = Int32(outWidth)
                config.options.scaled_height = Int32(outHeight)
            }
            // Into the picture's own rows as R, G, B, A bytes; swapped within each 32-bit word below,
            // they are Leptonica's layout (red in the high byte), as its own WebP reader does.
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = picture.mutableBytes
            config.output.u.RGBA.stride = Int32(picture.bytesPerLine)
            config.output.u.RGBA.size = picture.bytesPerLine * outHeight
            let status = WebPDecode(buffer.baseAddress, buffer.count, &config)
            WebPFreeDecBuffer(&config.output)
            guard status == VP8_STATUS_OK else {
                throw ImagingError.corrupt(format: "WebP", reason: reason(status))
            }
            pixEndianByteSwap(picture.pix)
            return (picture, width, height)
        }
    }

    static func reason(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "there was not enough memory"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "it uses a feature libwebp does not read"
        case VP8_STATUS_NOT_ENOUGH_DATA: "the file ends before its pixels do"
        default: "the pixel data is damaged"
        }
    }
}
