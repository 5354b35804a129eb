import Foundation
import CTesseract
import WordBookVocabulary

/// An image in memory: a Leptonica PIX that this type owns and frees.
/// Colour pictures are 32 bpp (RGB plus an unused byte), grey ones 8 bpp.
public final class Picture: @unchecked Sendable {
    let pix: UnsafeMutablePointer<PIX>

    /// Takes ownership of `pix`.
    init(owning pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    /// A 32 bpp picture whose pixels are not cleared, for a decoder that writes every one of them.
    /// Colour pictures are 32 bits a pixel, as Leptonica keeps them.
    public static let bytesPerPixel = 4

    static func unfilledRGB(width: Int, height: Int) throws -> Picture {
        guard let pix = pixCreateNoInit(Int32(width), Int32(height), 32) else {
            throw ImagingError.outOfMemory(width: width, height: height)
        }
        return Picture(owning: pix)
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }
    public var isGrey: Bool { pixGetDepth(pix) == 8 }

    /// Bytes from one row to the next in the 32 bpp layout, which matches TurboJPEG's XBGR.
    var bytesPerLine: Int { Int(pixGetWpl(pix)) * 4 }
    var mutableBytes: UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(pixGetData(pix)).assumingMemoryBound(to: UInt8.self)
    }

    private func derived(_ result: UnsafeMutablePointer<PIX>?, _ operation: String) throws -> Picture {
        guard let result else { throw ImagingError.operationFailed(operation) }
        return Picture(owning: result)
    }

    /// Turns and mirrors the pixels so that a picture stored with this EXIF orientation stands upright.
    public func upright(from orientation: ExifOrientation) throws -> Picture {
        switch orientation {
        case .up: return self
        case .upMirrored: return try derived(pixFlipLR(nil, pix), "mirror")
        case .down: return try derived(pixRotateOrth(pix, 2), "rotate")
        case .downMirrored: return try derived(pixFlipTB(nil, pix), "mirror")
        case .leftMirrored: return try turnedQuarter(clockwise: true).mirroredLeftRight()
        case .right: return try turnedQuarter(clockwise: true)
        case .rightMirrored: return try turnedQuarter(clockwise: false).mirroredLeftRight()
        case .left: return try turnedQuarter(clockwise: false)
        }
    }

    /// Turned by 90 degrees: the same pixels as Leptonica's pixRotateOrth, but a 32 bpp picture is copied
    /// in tiles, so that reads and writes both stay in the cache (a 12-MP photo's column walk does not).
    func turnedQuarter(clockwise: Bool) throws -> Picture {
        guard pixGetDepth(pix) == 32 else { return try derived(pixRotateOrth(pix, clockwise ? 1 : 3), "rotate") }
        let width = self.width, height = self.height
        guard let turned = pixCreateNoInit(Int32(height), Int32(width), 32) else {
            throw ImagingError.outOfMemory(width: height, height: width)
        }
        pixCopyResolution(turned, pix)
        pixCopyInputFormat(turned, pix)
        pixCopySpp(turned, pix)
        let source = pixGetData(pix)!, target = pixGetData(turned)!
        let sourceWords = Int(pixGetWpl(pix)), targetWords = Int(pixGetWpl(turned))
        let tile = 32
        for top in stride(from: 0, to: height, by: tile) {
            for left in stride(from: 0, to: width, by: tile) {
                for y in top..<min(top + tile, height) {
                    let row = source + y * sourceWords
                    for x in left..<min(left + tile, width) {
                        // Clockwise, column x becomes row x read bottom-up; anticlockwise, it becomes
                        // row width - 1 - x read top-down.
                        let (targetRow, targetColumn) = clockwise ? (x, height - 1 - y) : (width - 1 - x, y)
                        target[targetRow * targetWords + targetColumn] = row[x]
                    }
                }
            }
        }
        return Picture(owning: turned)
    }

    func mirroredLeftRight() throws -> Picture {
        try derived(pixFlipLR(nil, pix), "mirror")
    }

    /// Scaled by `factor` with area averaging when reducing; no sharpening.
    public func scaled(by factor: Double) throws -> Picture {
        if abs(factor - 1) < 1e-6 { return self }
        // A strip (1 × 20000) scaled to the size words are read at keeps less than a pixel across.
        guard Double(min(width, height)) * factor >= 1 else { throw ImagingError.tooThin(width: width, height: height) }
        return try derived(pixScaleGeneral(pix, Float(factor), Float(factor), 0, 0), "scale")
    }

    /// Turned by `radians` about its centre (clockwise as shown, for positive angles), at the same size:
    /// the corners that leave the frame are cut off and the ones that come in are white.
    public func rotated(by radians: Double) throws -> Picture {
        if abs(radians) < 1e-6 { return self }
        return try derived(pixRotate(pix, Float(radians), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0), "rotate")
    }

    /// The part `part` of this picture turned by `radians` about the picture's centre: the pixels
    /// `rotated(by:)` puts there, `part.width` × `part.height`. Only the pixels that land in the part
    /// are turned: a crop around it, centred where the picture is (Leptonica turns a picture about its
    /// middle pixel), that holds every pixel the part's pixels are read from.
    public func rotated(by radians: Double, keeping part: PixelBox) throws -> Picture {
        // Leptonica's centre, and the part's corners taken back to where they come from.
        let (cx, cy) = (Double(width / 2), Double(height / 2))
        let (c, s) = (cos(radians), sin(radians))
        var reachX = 0.0, reachY = 0.0
        for (x, y) in [(part.x, part.y), (part.x + part.width, part.y), (part.x, part.y + part.height),
                       (part.x + part.width, part.y + part.height)] {
            let (dx, dy) = (Double(x) - cx, Double(y) - cy)
            reachX = max(reachX, abs(dx * c + dy * s))
            reachY = max(reachY, abs(-dx * s + dy * c))
        }
        // A few pixels more for the area map's neighbours (it leaves the last row and column white);
        // the crop's halves as the picture's, so that its middle pixel is the picture's.
        let halfWidth = min(width / 2, Int(reachX.rounded(.up)) + 3), halfHeight = min(height / 2, Int(reachY.rounded(.up)) + 3)
        let source = PixelBox(x: width / 2 - halfWidth, y: height / 2 - halfHeight,
                              width: 2 * halfWidth + width % 2, height: 2 * halfHeight + height % 2)
        let turned = try (source == PixelBox(x: 0, y: 0, width: width, height: height) ? self : cropped(to: source)).rotated(by: radians)
        return try turned.cropped(to: part.offset(dx: -source.x, dy: -source.y))
    }

    /// Reduced so that neither edge exceeds `longEdge`; never enlarged.
    public func fitting(longEdge: Int) throws -> Picture {
        let longest = max(width, height)
        guard longest > longEdge else { return self }
        return try scaled(by: Double(longEdge) / Double(longest))
    }

    /// Luminance, 8 bpp.
    public func grey() throws -> Picture {
        if isGrey { return self }
        return try derived(pixConvertRGBToLuminance(pix), "convert to grey")
    }

    /// 32 bpp colour, converting grey, palette and other depths.
    public func rgb() throws -> Picture {
        if pixGetDepth(pix) == 32 { return self }
        return try derived(pixConvertTo32(pix), "convert to colour")
    }

    /// The part of the picture inside `box`, clipped to the picture.
    public func cropped(to box: PixelBox) throws -> Picture {
        guard let lbox = boxCreate(Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height)) else {
            throw ImagingError.operationFailed("crop")
        }
        var boxPointer: UnsafeMutablePointer<BOX>? = lbox
        defer { boxDestroy(&boxPointer) }
        return try derived(pixClipRectangle(pix, lbox, nil), "crop")
    }

    /// A picture surrounded by `pixels` of the given grey level (0 black, 255 white).
    public func bordered(_ pixels: Int, grey level: UInt8) throws -> Picture {
        let value: UInt32 = isGrey ? UInt32(level) : (UInt32(level) << 24 | UInt32(level) << 16 | UInt32(level) << 8)
        return try derived(pixAddBorder(pix, Int32(pixels), value), "add border")
    }
}

extension Picture {
    /// Builds a colour picture from packed RGB bytes, row by row.
    public convenience init(width: Int, height: Int, rgb bytes: [UInt8]) throws {
        precondition(bytes.count == width * height * 3, "RGB buffer size does not match the dimensions")
        guard let pix = pixCreate(Int32(width), Int32(height), 32) else {
            throw ImagingError.outOfMemory(width: width, height: height)
        }
        self.init(owning: pix)
        let wpl = Int(pixGetWpl(pix))
        let words = pixGetData(pix)!
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                words[y * wpl + x] = UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8
            }
        }
    }

    /// Packed RGB bytes, row by row.
    public func rgbBytes() throws -> [UInt8] {
        let colour = try rgb()
        let wpl = Int(pixGetWpl(colour.pix))
        let words = pixGetData(colour.pix)!
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let word = words[y * wpl + x]
                let i = (y * width + x) * 3
                bytes[i] = UInt8(word >> 24 & 0xFF)
                bytes[i + 1] = UInt8(word >> 16 & 0xFF)
                bytes[i + 2] = UInt8(word >> 8 & 0xFF)
            }
        }
        return bytes
    }
}

extension Picture {
    /// Grown by `pixels` on every side, each new pixel repeating the nearest edge pixel:
    /// a margin for Tesseract that brings no new edges with it.
    public func extendingEdges(by pixels: Int) throws -> Picture {
        let p = Int32(pixels)
        return try derived(pixAddContinuedBorder(pix, p, p, p, p), "extend edges")
    }

    /// Black text on white by Sauvola's local threshold, returned as 8 bpp grey (0 or 255).
    public func sauvolaBinarized(window: Int) throws -> Picture {
        let grey = try self.grey()
        let half = Int32(max(2, min(window / 2, (min(grey.width, grey.height) - 3) / 2)))
        var binary: UnsafeMutablePointer<PIX>?
        guard pixSauvolaBinarize(grey.pix, half, 0.34, 1, nil, nil, nil, &binary) == 0, let binary else {
            throw ImagingError.operationFailed("binarise")
        }
        var pointer: UnsafeMutablePointer<PIX>? = binary
        defer { pixDestroy(&pointer) }
        return try derived(pixConvert1To8(nil, binary, 255, 0), "binarise")
    }

    /// Boxes around areas of sharp detail: pixels whose Sobel edge strength reaches `edge`,
    /// merged by a closing of `closeWidth` × `closeHeight` so that the letters of a word become one box.
    /// Out-of-focus background, however contrasty, stays below the threshold.
    public func sharpRegions(edge: Int, closeWidth: Int, closeHeight: Int) throws -> [PixelBox] {
        let grey = try self.grey()
        guard let edges = pixSobelEdgeFilter(grey.pix, Int32(L_ALL_EDGES)) else { throw ImagingError.operationFailed("find edges") }
        var edgesPointer: UnsafeMutablePointer<PIX>? = edges
        defer { pixDestroy(&edgesPointer) }
        // pixThresholdToBinary marks values below the threshold: invert so that strong edges are marked.
        pixInvert(edges, edges)
        guard let marked = pixThresholdToBinary(edges, Int32(256 - max(1, min(255, edge)))) else {
            throw ImagingError.operationFailed("threshold")
        }
        var markedPointer: UnsafeMutablePointer<PIX>? = marked
        defer { pixDestroy(&markedPointer) }
        guard let closed = pixCloseSafeBrick(nil, marked, Int32(max(1, closeWidth)), Int32(max(1, closeHeight))) else {
            throw ImagingError.operationFailed("close")
        }
        var closedPointer: UnsafeMutablePointer<PIX>? = closed
        defer { pixDestroy(&closedPointer) }
        guard let boxes = pixConnCompBB(closed, 8) else { return [] }
        var boxesPointer: UnsafeMutablePointer<BOXA>? = boxes
        defer { boxaDestroy(&boxesPointer) }
        return (0..<boxaGetCount(boxes)).compactMap { index in
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 else { return nil }
            return PixelBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
        }
    }
}
