import Foundation
import WordBookVocabulary

/// A photo decoded, turned upright and reduced to the size the rest of the pipeline needs.
public struct DecodedPhoto: Sendable {
    /// Upright colour pixels at the size the decode asked for (see `decode(_:longEdge:)` and `decode(_:within:stopwatch:)`).
    public let picture: Picture
    public let format: ImageFormat
    /// The size of the original as stored in the file, before orientation.
    public let originalWidth: Int
    public let originalHeight: Int
    public let orientation: ExifOrientation
    public let exif: ExifMetadata
}

/// Bytes to upright pixels. One per thread: it owns a JPEG codec.
public final class PhotoDecoder {
    public let codec: JPEGCodec
    public let maxPixels: Int
    /// What decoding one image may take: the picture, and what the decoder holds on the way (a
    /// progressive JPEG's coefficients).
    public let budget: DecodeBudget

    public init(maxPixels: Int, budget: DecodeBudget = .unlimited) throws {
        codec = try JPEGCodec()
        self.maxPixels = maxPixels
        self.budget = budget
        LeptonicaReader.silence()
    }

    /// Decodes `bytes` so that the long edge is at least `longEdge` where the photo has that many pixels.
    /// An `observer` is told how long the decode and orient stages took.
    public func decode(_ bytes: [UInt8], longEdge: Int, observer: StageObserver? = nil) throws -> DecodedPhoto {
        try decode(bytes, longEdge: longEdge, observer: observer) { codec, bytes, maxPixels in
            try codec.decode(bytes, longEdge: longEdge, maxPixels: maxPixels, budget: self.budget)
        }
    }

    /// Decodes `bytes` for a copy whose long edge may not exceed `maxEdge`: a JPEG comes out at most
    /// that size when a DCT scale lands close below it (see `JPEGCodec.scale(forWidth:height:within:)`),
    /// so it needs no resampling; otherwise larger, to be reduced by the caller.
    public func decode(_ bytes: [UInt8], within maxEdge: Int, observer: StageObserver? = nil) throws -> DecodedPhoto {
        try decode(bytes, longEdge: maxEdge, observer: observer) { codec, bytes, maxPixels in
            try codec.decode(bytes, within: maxEdge, maxPixels: maxPixels, budget: self.budget)
        }
    }

    /// The EXIF of a photo's bytes, without decoding its pixels; empty for formats that carry none here.
    public func exif(of bytes: [UInt8]) -> ExifMetadata {
        switch ImageFormat(sniffing: bytes) {
        case .jpeg: EXIFReader.read(jpeg: bytes)
        case .heif: (try? HEIFReader(bytes, maxPixels: maxPixels))?.exifBlock().map(EXIFReader.read(heifExif:)) ?? ExifMetadata()
        default: ExifMetadata()
        }
    }

    /// A HEIC comes out reduced by the whole factor that keeps its long edge at least `longEdge`;
    /// a JPEG at the scale `jpeg` picks; a WebP or a PNG with its long edge at `longEdge`; a TIFF at full size.
    private func decode(
        _ bytes: [UInt8], longEdge: Int, observer: StageObserver?,
        jpeg: (JPEGCodec, [UInt8], Int) throws -> (picture: Picture, width: Int, height: Int)
    ) throws -> DecodedPhoto {
        guard !bytes.isEmpty else { throw ImagingError.empty }
        guard let format = ImageFormat(sniffing: bytes) else { throw ImagingError.unsupportedFormat }
        switch format {
        case .jpeg:
            let (exif, decoded) = try observer.time(.decode) {
                (EXIFReader.read(jpeg: bytes), try jpeg(codec, bytes, maxPixels))
            }
            let orientation = exif.orientation ?? .up
            let upright = try observer.time(.orient) { try decoded.picture.upright(from: orientation) }
            return DecodedPhoto(
                picture: upright, format: format,
                originalWidth: decoded.width, originalHeight: decoded.height, orientation: orientation, exif: exif)
        case .heif:
            // libheif applies the stored rotation (irot/imir), which is what the Exif orientation describes:
            // applying that as well would turn the picture twice.
            let (picture, exif, width, height) = try observer.time(.decode) { () throws -> (Picture, ExifMetadata, Int, Int) in
                let reader = try HEIFReader(bytes, maxPixels: maxPixels)
                let exif = reader.exifBlock().map(EXIFReader.read(heifExif:)) ?? ExifMetadata()
                let reduction = max(1, max(reader.width, reader.height) / max(1, longEdge))
                let picture = try reader.decode(maxPixels: maxPixels, budget: budget, reduction: reduction)
                return (picture, exif, reader.width, reader.height)
            }
            return DecodedPhoto(
                picture: picture, format: format, originalWidth: width, originalHeight: height,
                orientation: .up, exif: exif)
        case .webp:
            let (picture, width, height) = try observer.time(.decode) {
                try WebPReader.decode(bytes, longEdge: longEdge, maxPixels: maxPixels, budget: budget)
            }
            return DecodedPhoto(
                picture: picture, format: format, originalWidth: width, originalHeight: height,
                orientation: .up, exif: ExifMetadata())
        case .png:
            let (picture, width, height) = try observer.time(.decode) {
                try PNGReader.decode(bytes, longEdge: longEdge, maxPixels: maxPixels, budget: budget)
            }
            return DecodedPhoto(
                picture: picture, format: format, originalWidth: width, originalHeight: height,
                orientation: .up, exif: ExifMetadata())
        case .tiff:
            let picture = try observer.time(.decode) { try LeptonicaReader.decode(bytes, format: format, maxPixels: maxPixels, budget: budget) }
            return DecodedPhoto(
                picture: picture, format: format, originalWidth: picture.width, originalHeight: picture.height,
                orientation: .up, exif: ExifMetadata())
        }
    }
}
