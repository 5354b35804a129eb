import Foundation
import WordBookThumbnail
import WordBookVocabulary

/// The part of a stored photo a phone shows: the word's box with the lines around it, the box
/// framed (or, as a review's cue, painted over), at most twice a phone's width in pixels and at most
/// `maxBytes` as a JPEG. On the pending page the region takes in the words read around the aim too,
/// so that each can be tapped.
enum PhotoRegion {
    /// 390 CSS px at a phone's usual 2 device pixels each.
    static let maxWidth = 780
    static let maxHeight = 640
    /// The pending page's photo, which holds the words around to tap: up to a phone's height.
    static let tapMaxHeight = 1040
    static let maxBytes = 60_000
    static let frame: (UInt8, UInt8, UInt8) = (255, 196, 0)
    /// The colour a hidden word's box is painted: the frame's, so the cue shows where the word stands.
    static let cover: (UInt8, UInt8, UInt8) = (255, 196, 0)

    /// The region shown of a `width` × `height` photo: the box with room around it (`withContext`),
    /// grown to hold every word of `around` with half a line round each; the whole photo without a box.
    static func region(box: PixelBox?, around: [ReadWord] = [], width: Int, height: Int) -> PixelBox {
        let whole = PixelBox(x: 0, y: 0, width: width, height: height)
        var boxes = around.compactMap { word in
            word.box.clamped(width: width, height: height)
                .map { $0.padded(dx: $0.height / 2, dy: $0.height / 2, within: (width, height)) }
        }
        if let box, box.clamped(width: width, height: height) != nil {
            boxes.append(box.withContext(within: width, height: height))
        } else if boxes.isEmpty {
            return whole
        }
        let left = boxes.map(\.x).min()!, top = boxes.map(\.y).min()!
        let right = boxes.map { $0.x + $0.width }.max()!, bottom = boxes.map { $0.y + $0.height }.max()!
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top).clamped(width: width, height: height) ?? whole
    }

    /// The region's pixels, decoded at the smallest of libjpeg's scales that still gives the phone
    /// every pixel it is sent, `onRegion`, which takes a box on the stored photo to the same place
    /// on those pixels, and the stored photo's size. Only the region is decoded: the rest of the
    /// photo is never held.
    private static func cutOut(of stored: Data, box: PixelBox?, around: [ReadWord], maxHeight: Int)
        throws -> (pixels: RGBImage, onRegion: (PixelBox) -> PixelBox, photoSize: (width: Int, height: Int)) {
        let photo = try JPEGScale(ofJPEG: stored)
        let full = (width: photo.fullWidth, height: photo.fullHeight)
        let region = region(box: box, around: around, width: full.width, height: full.height)
        let sent = min(1, Double(maxWidth) / Double(region.width), Double(maxHeight) / Double(region.height))
        let scale = photo.reduced(atLeast: (Int((Double(full.width) * sent).rounded(.up)), Int((Double(full.height) * sent).rounded(.up))))
        let decoded = (width: scale.width, height: scale.height)
        let onPhoto = { (rect: PixelBox) in
            PixelBox(x: rect.x * decoded.width / full.width, y: rect.y * decoded.height / full.height,
                     width: max(1, rect.width * decoded.width / full.width), height: max(1, rect.height * decoded.height / full.height))
        }
        let cut = onPhoto(region).clamped(width: decoded.width, height: decoded.height)
            ?? PixelBox(x: 0, y: 0, width: decoded.width, height: decoded.height)
        let onRegion = { (rect: PixelBox) in
            let placed = onPhoto(rect)
            return PixelBox(x: placed.x - cut.x, y: placed.y - cut.y, width: placed.width, height: placed.height)
        }
        return (try RGBImage(jpeg: stored, at: scale, region: cut), onRegion, full)
    }

    static func jpeg(of stored: Data, box: PixelBox?, around: [ReadWord] = [], hidingWord: Bool = false) throws -> Data {
        let maxHeight = around.isEmpty ? maxHeight : tapMaxHeight
        var (pixels, onRegion, photoSize) = try cutOut(of: stored, box: box, around: around, maxHeight: maxHeight)
        // Drawn on the region, not on the whole photo, which each stroke would copy.
        if let box, let inside = box.clamped(width: photoSize.width, height: photoSize.height) {
            // A box drawn tight round the letters can leave an accent or a descender out: the cover
            // reaches a fifth of the word's height beyond it.
            let margin = inside.height / 5
            pixels = hidingWord
                ? pixels.covering(onRegion(inside.padded(dx: margin, dy: margin, within: photoSize)), with: cover)
                : pixels.outlining(onRegion(inside), with: frame, thickness: max(2, pixels.width / 200))
        }
        let scale = min(1, Double(maxWidth) / Double(pixels.width), Double(maxHeight) / Double(pixels.height))
        if scale < 1 {
            pixels = pixels.resized(width: Int(Double(pixels.width) * scale), height: Int(Double(pixels.height) * scale))
        }
        // A busy region can pass the budget at the first quality: lower it until it fits.
        for quality in [80, 65, 50, 35] {
            let encoded = try pixels.jpeg(quality: quality)
            if encoded.count <= maxBytes { return encoded }
        }
        let half = pixels.resized(width: pixels.width / 2, height: pixels.height / 2)
        return try half.jpeg(quality: 50)
    }
}
