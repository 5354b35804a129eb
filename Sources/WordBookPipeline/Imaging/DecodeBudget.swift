import Foundation

/// What decoding one image may take, counted by each decoder from the image's header before anything
/// is allocated: the picture, what the decoder holds on the way (a progressive JPEG's coefficients, a
/// lossless WebP's ARGB pixels, HEVC's planes) and the file's bytes.
///
/// A decode that takes more than `largeMegabytes` first calls `beforeLargeDecode`: the worker lets
/// the scene-text detector's buffers go there (about 50 MB that OpenCV keeps between passes), so a
/// photo that is large to decode does not come on top of them. An ordinary photo takes far less (a
/// 12-MP JPEG, decoded at 3/8, about 10 MB) and keeps them.
public struct DecodeBudget: Sendable {
    /// The most one decode may take, in MB.
    public var megabytes: Int
    /// Told before a decode that takes more than `largeMegabytes`.
    public var beforeLargeDecode: @Sendable () -> Void

    /// A decode larger than what the detector keeps between passes.
    public static let largeMegabytes = 64

    public init(megabytes: Int, beforeLargeDecode: @escaping @Sendable () -> Void = {}) {
        self.megabytes = megabytes
        self.beforeLargeDecode = beforeLargeDecode
    }

    /// No limit: for tests and tools that decode what they are given.
    public static let unlimited = DecodeBudget(megabytes: Int.max / 2_097_152)

    /// Refuses, before anything is allocated, an image whose decoding would take more than the budget
    /// in all (`bytes`, `.max` when the count overflowed); before a large one, tells `beforeLargeDecode`.
    func admit(bytes: Int, width: Int, height: Int) throws {
        let (limit, unlimited) = megabytes.multipliedReportingOverflow(by: 1_048_576)
        guard unlimited || bytes <= limit else {
            throw ImagingError.tooLargeDecoded(
                width: width, height: height, megabytes: bytes == .max ? bytes / 1_048_576 : (bytes + 1_048_575) / 1_048_576,
                limitMegabytes: megabytes)
        }
        if bytes > Self.largeMegabytes * 1_048_576 { beforeLargeDecode() }
    }
}
