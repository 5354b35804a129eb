import CPNGRows
import CTesseract

/// PNG through libpng, row by row, reduced as it is read: each row of the image is added into the
/// row of the smaller picture it falls in, so a large PNG never exists at full size in memory (as
/// Leptonica decodes it, libpng's whole image and Leptonica's copy of it are held at once). An
/// interlaced PNG, whose rows come in seven passes over the whole image, is read whole by Leptonica
/// and counted so.
enum PNGReader {
    /// The picture whose long edge is `longEdge` at most, never enlarged, and the size in the file;
    /// `maxPixels` and the budget are checked against the header first.
    static func decode(_ bytes: [UInt8], longEdge: Int, maxPixels: Int, budget: DecodeBudget)
        throws -> (picture: Picture, width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0, interlaced: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let header = bytes.withUnsafeBufferPointer { buffer in
            wordbook_png_header(buffer.baseAddress, buffer.count, &width, &height, &interlaced, &message, message.count)
        }
        guard header == 0, width > 0, height > 0 else { throw ImagingError.corrupt(format: "PNG", reason: "the header could not be read") }
        guard Int(width) * Int(height) <= maxPixels else {
            throw ImagingError.tooManyPixels(width: Int(width), height: Int(height), limit: maxPixels)
        }
        if interlaced != 0 {
            let picture = try LeptonicaReader.decode(bytes, format: .png, maxPixels: maxPixels, budget: budget)
            return (picture, picture.width, picture.height)
        }
        let (outWidth, outHeight) = try Reduction.size(width: Int(width), height: Int(height), longEdge: longEdge)
        // The picture, the file's bytes, and what is held on the way: libpng's two rows of the image
        // and the one handed out, and a row of sums at the picture's width.
        try budget.admit(
            bytes: outWidth * outHeight * Picture.bytesPerPixel + Int(width) * 4 * 3 + outWidth * 4 * 8 + bytes.count,
            width: Int(width), height: Int(height))
        let picture = try Picture.unfilledRGB(width: outWidth, height: outHeight)
        var truncated: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            wordbook_png_decode_reduced(
                buffer.baseAddress, buffer.count, Int32(outWidth), Int32(outHeight), picture.mutableBytes, picture.bytesPerLine,
                &truncated, &message, message.count)
        }
        guard status == 0 else {
            throw ImagingError.corrupt(format: "PNG", reason: truncated != 0 ? "the file ends before its pixels do" : "the pixel data is damaged")
        }
        // R, G, B, A bytes, swapped within each 32-bit word: Leptonica's layout (red in the high byte).
        pixEndianByteSwap(picture.pix)
        return (picture, Int(width), Int(height))
    }
}
