/// Why a file could not be turned into pixels; the description is what the learner reads.
public enum ImagingError: Error, CustomStringConvertible, Equatable {
    case empty
    case unsupportedFormat
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Decoding the image would take `megabytes`, more memory than a worker may spend on one photo:
    /// PNG, TIFF, WebP and HEIC are decoded whole; a progressive JPEG keeps all its coefficients.
    case tooLargeDecoded(width: Int, height: Int, megabytes: Int, limitMegabytes: Int)
    /// A file whose image alone (all of a TIFF or HEIF, whose parts may lie anywhere in it) would
    /// take more to hold than a worker may spend on one photo.
    case tooLargeFile(format: ImageFormat, megabytes: Int, limitMegabytes: Int)
    case corrupt(format: String, reason: String)
    case outOfMemory(width: Int, height: Int)
    /// One side so short beside the other that the image, scaled to be read, keeps less than a pixel across.
    case tooThin(width: Int, height: Int)
    case operationFailed(String)

    public var description: String {
        switch self {
        case .empty:
            return "the file is empty"
        case .unsupportedFormat:
            return "the file is not a JPEG, PNG, TIFF, WebP or HEIC image"
        case let .tooManyPixels(width, height, limit):
            return "the image claims \(width) × \(height) pixels, more than the limit of \(limit) pixels (capture.max_pixels)"
        case let .tooLargeDecoded(width, height, megabytes, limit):
            return "the image's \(width) × \(height) pixels would take \(megabytes) MB once decoded, more than the \(limit) MB a worker may spend on one photo (capture.max_decode_megabytes)"
        case let .tooLargeFile(format, megabytes, limit) where format == .tiff || format == .heif:
            return "the \(format.rawValue) file is \(megabytes) MB and is read whole, more than the \(limit) MB a worker may spend on one photo (capture.max_decode_megabytes)"
        case let .tooLargeFile(_, megabytes, limit):
            return "the image takes \(megabytes) MB of its file, more than the \(limit) MB a worker may spend on one photo (capture.max_decode_megabytes)"
        case let .corrupt(format, reason):
            return "the \(format) image could not be decoded: \(reason)"
        case let .outOfMemory(width, height):
            return "there was not enough memory for a \(width) × \(height) image"
        case let .tooThin(width, height):
            return "the image is \(width) × \(height) pixels: a strip too thin to hold a word"
        case let .operationFailed(operation):
            return "the image could not be processed (\(operation) failed)"
        }
    }
}
