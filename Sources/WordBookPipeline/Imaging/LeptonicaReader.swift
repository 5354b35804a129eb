import CTesseract

/// PNG and TIFF through Leptonica, with the pixel budget checked on the header first.
enum LeptonicaReader {
    static func decode(_ bytes: [UInt8], format: ImageFormat, maxPixels: Int, budget: DecodeBudget) throws -> Picture {
        var fileFormat: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        var bitsPerSample: Int32 = 0, samplesPerPixel: Int32 = 0, colormapped: Int32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer { buffer in
            pixReadHeaderMem(buffer.baseAddress, buffer.count, &fileFormat, &width, &height,
                             &bitsPerSample, &samplesPerPixel, &colormapped)
        }
        guard headerStatus == 0, width > 0, height > 0 else {
            throw ImagingError.corrupt(format: format.rawValue, reason: "the header could not be read")
        }
        guard Int(width) * Int(height) <= maxPixels else {
            throw ImagingError.tooManyPixels(width: Int(width), height: Int(height), limit: maxPixels)
        }
        // Leptonica decodes the whole image and the pipeline holds it as 32-bit colour, beside the
        // file's bytes: a 1-bit PNG of a few kilobytes can claim 400 MB. libpng and libtiff hand
        // Leptonica the whole image (rows of up to 4 bytes a pixel, or an RGBA raster), which it
        // copies into the picture: a PNG or TIFF takes twice its picture while it is decoded (a
        // 4900 × 4900 TIFF peaked 178 MB above the worker's 221).
        let (picture, overflow) = Int(width).multipliedReportingOverflow(by: Int(height) * Picture.bytesPerPixel * 2)
        try budget.admit(bytes: overflow ? .max : picture + bytes.count, width: Int(width), height: Int(height))
        let pix = bytes.withUnsafeBufferPointer { buffer in pixReadMem(buffer.baseAddress, buffer.count) }
        guard let pix else { throw ImagingError.corrupt(format: format.rawValue, reason: "the pixel data is damaged") }
        return try Picture(owning: pix).rgb()
    }

    /// Leptonica prints its own warnings to stderr; the pipeline reports errors itself.
    static func silence() {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }
}
