import CSceneTextAPI
import Foundation
import WordBookVocabulary

/// A line (or word) of text the detector found: four corners as the text reads, and its bounds.
public struct TextLine: Sendable, Equatable {
    /// Top-left, top-right, bottom-right, bottom-left, in the picture's pixels.
    public var corners: [(x: Double, y: Double)]
    /// The detector's mean text probability inside the box, 0-1.
    public var score: Double

    public var box: PixelBox {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = Int(xs.min()!.rounded(.down)), top = Int(ys.min()!.rounded(.down))
        return PixelBox(x: left, y: top, width: Int(xs.max()!.rounded(.up)) - left, height: Int(ys.max()!.rounded(.up)) - top)
    }

    /// The letters' height: the box's extent across the line.
    public var height: Double {
        (hypot(corners[3].x - corners[0].x, corners[3].y - corners[0].y) + hypot(corners[2].x - corners[1].x, corners[2].y - corners[1].y)) / 2
    }

    /// The extent along the line.
    public var length: Double {
        (hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y) + hypot(corners[2].x - corners[3].x, corners[2].y - corners[3].y)) / 2
    }

    /// How far the line is turned from level, in radians: positive when it falls to the right, as a photo
    /// taken with the phone turned anticlockwise shows it.
    public var slant: Double {
        let top = atan2(corners[1].y - corners[0].y, corners[1].x - corners[0].x)
        let bottom = atan2(corners[2].y - corners[3].y, corners[2].x - corners[3].x)
        return (top + bottom) / 2
    }

    /// The part of the line between `start` and `end`, shares of its length (0 the left edge, 1 the right).
    public func part(from start: Double, to end: Double) -> TextLine {
        let s = min(max(start, 0), 1), e = min(max(end, s), 1)
        func along(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ t: Double) -> (x: Double, y: Double) {
            (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        }
        return TextLine(corners: [along(corners[0], corners[1], s), along(corners[0], corners[1], e),
                                  along(corners[3], corners[2], e), along(corners[3], corners[2], s)], score: score)
    }

    /// Where a point lies along the line, as a share of its length (0 the left edge, 1 the right).
    public func share(at point: (x: Double, y: Double)) -> Double {
        let ux = corners[1].x - corners[0].x, uy = corners[1].y - corners[0].y
        let length = max(hypot(ux, uy), 1)
        return ((point.x - corners[0].x) * ux + (point.y - corners[0].y) * uy) / (length * length)
    }

    /// A box as a line running left to right.
    init(_ box: PixelBox, score: Double = 1) {
        let left = Double(box.x), top = Double(box.y), right = Double(box.x + box.width), bottom = Double(box.y + box.height)
        self.init(corners: [(left, top), (right, top), (right, bottom), (left, bottom)], score: score)
    }

    func offset(dx: Double, dy: Double) -> TextLine {
        TextLine(corners: corners.map { ($0.x + dx, $0.y + dy) }, score: score)
    }

    var quad: st_quad {
        let xs = corners.map { Float($0.x) }, ys = corners.map { Float($0.y) }
        return st_quad(x: (xs[0], xs[1], xs[2], xs[3]), y: (ys[0], ys[1], ys[2], ys[3]), score: Float(score))
    }

    init(corners: [(x: Double, y: Double)], score: Double) {
        self.corners = corners
        self.score = score
    }

    init(_ quad: st_quad) {
        let xs = [quad.x.0, quad.x.1, quad.x.2, quad.x.3], ys = [quad.y.0, quad.y.1, quad.y.2, quad.y.3]
        corners = zip(xs, ys).map { (Double($0), Double($1)) }
        score = Double(quad.score)
    }

    public static func == (lhs: TextLine, rhs: TextLine) -> Bool {
        lhs.score == rhs.score && lhs.corners.elementsEqual(rhs.corners) { $0.x == $1.x && $0.y == $1.y }
    }
}

public struct SceneTextError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }

    /// The sentence the C library wrote into `message`.
    init(message: [CChar]) {
        description = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// PaddleOCR's DB text detector (PP-OCR det) on OpenCV's DNN module: where the text lines are.
/// Owns the network, which sees one picture at a time: the worker's threads share it, each
/// detection taking the lock for the network's pass alone.
public final class TextDetector: @unchecked Sendable {
    private let plugin: SceneTextPlugin
    private let handle: OpaquePointer
    /// Held for each call into the network, whose buffers one pass at a time may use.
    private let network = NSLock()
    /// How large the detector sees the picture: the shorter side brought up to `side`, the longer
    /// side kept under `maxSide` (time grows with the area).
    public let side = Tuning.detectorSide, maxSide = Tuning.detectorMaxSide

    public init(modelPath: String) throws {
        plugin = try SceneTextPlugin.shared.get()
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = plugin.detectorOpen(modelPath, &error, error.count) else {
            throw SceneTextError(message: error)
        }
        self.handle = handle
    }

    deinit { plugin.detectorClose(handle) }

    /// The text lines in `picture`, top to bottom.
    public func lines(in picture: Picture) throws -> [TextLine] {
        try lines(in: picture, within: PixelBox(x: 0, y: 0, width: picture.width, height: picture.height))
    }

    /// The text lines in the part of `picture` inside `region` (which lies inside the picture), top
    /// to bottom, in the part's own coordinates: the detector reads the part where it lies, without a
    /// copy of it.
    /// `longest` caps the longer side the detector sees, below `maxSide`, for a coarser and cheaper look.
    public func lines(in picture: Picture, within region: PixelBox, longest: Int? = nil) throws -> [TextLine] {
        guard region.x < picture.width, region.y < picture.height, region.x + region.width > 0,
              region.y + region.height > 0, region.width > 0, region.height > 0 else { return [] }
        let colour = try picture.rgb()
        let maxSide = min(longest ?? maxSide, maxSide)
        var settings = st_detector_settings(side: Int32(side), max_side: Int32(maxSide), threshold: Float(Tuning.detectorThreshold),
                                            box_threshold: Float(Tuning.detectorBoxThreshold),
                                            unclip_ratio: Float(Tuning.detectorUnclipRatio))
        var boxes = [st_quad](repeating: st_quad(), count: 1000)
        var error = [CChar](repeating: 0, count: 512)
        let count = colour.withImage(within: region) { image in
            network.withLock { plugin.detectorDetect(handle, &image, &settings, &boxes, Int32(boxes.count), &error, error.count) }
        }
        guard count >= 0 else { throw SceneTextError(message: error) }
        return boxes.prefix(Int(count)).map(TextLine.init)
    }

    /// How many of the detector's pixels a pixel of `region` becomes with the longer side capped at
    /// `longest` (the plugin's own rule: the shorter side brought up to `side`, the longer kept under the cap).
    public func scale(of region: PixelBox, longest: Int? = nil) -> Double {
        let cap = Double(min(longest ?? maxSide, maxSide))
        let short = Double(max(1, min(region.width, region.height))), long = Double(max(1, max(region.width, region.height)))
        let ratio = short < Double(side) ? Double(side) / short : 1
        return long * ratio > cap ? cap / long : ratio
    }

    /// Lets go of the buffers the network keeps from its last pass. OpenCV's DNN keeps each layer's
    /// output at the size of the last input (about 50 MB at 512 × 384) and reuses it for the next
    /// pass of that size; a pass over a blank 32 × 32 picture brings them down to that size. The
    /// next photo's pass allocates them again, which costs a few milliseconds.
    public func letGoOfBuffers() {
        guard let blank = try? Picture(width: Self.blankSide, height: Self.blankSide,
                                       rgb: [UInt8](repeating: 0, count: Self.blankSide * Self.blankSide * 3)) else { return }
        var settings = st_detector_settings(side: Int32(Self.blankSide), max_side: Int32(Self.blankSide), threshold: 1,
                                            box_threshold: 1, unclip_ratio: Float(Tuning.detectorUnclipRatio))
        var boxes = [st_quad](repeating: st_quad(), count: 1)
        var error = [CChar](repeating: 0, count: 512)
        blank.withImage { image in
            _ = network.withLock { plugin.detectorDetect(handle, &image, &settings, &boxes, Int32(boxes.count), &error, error.count) }
        }
    }

    private static let blankSide = 32
}

extension Picture {
    /// The pixels as the scene-text library reads them: Leptonica's 32 bpp words, red in the high byte.
    func withImage<T>(_ body: (inout st_image) -> T) -> T {
        withImage(within: PixelBox(x: 0, y: 0, width: width, height: height), body)
    }

    /// The pixels inside `region` (clipped to the picture) as the scene-text library reads them, where
    /// they lie: each row starts one row of the whole picture after the last.
    func withImage<T>(within region: PixelBox, _ body: (inout st_image) -> T) -> T {
        precondition(!isGrey, "the scene-text library reads colour pictures")
        let left = min(max(region.x, 0), width), top = min(max(region.y, 0), height)
        let right = max(left, min(region.x + region.width, width)), bottom = max(top, min(region.y + region.height, height))
        var image = st_image(
            pixels: UnsafePointer(mutableBytes + top * bytesPerLine + left * Self.bytesPerPixel),
            width: Int32(right - left), height: Int32(bottom - top), bytes_per_row: bytesPerLine, red: 3, green: 2, blue: 1)
        return withExtendedLifetime(self) { body(&image) }
    }
}
