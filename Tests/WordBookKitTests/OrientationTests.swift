import CTesseract
import Foundation
import Testing
@testable import WordBookPipeline

/// EXIF's own definition of each orientation: which side of the scene row 0 and column 0 of the stored image show.
private enum Side { case top, bottom, left, right }
private let definition: [Int: (row0: Side, column0: Side)] = [
    1: (.top, .left), 2: (.top, .right), 3: (.bottom, .right), 4: (.bottom, .left),
    5: (.left, .top), 6: (.right, .top), 7: (.right, .bottom), 8: (.left, .bottom),
]

/// How a camera would store the upright `scene` (w × h, one value per pixel) under `orientation`.
private func stored(_ scene: [[Int]], orientation: Int) -> [[Int]] {
    let h = scene.count, w = scene[0].count
    let (row0, column0) = definition[orientation]!
    let rowsAreSceneRows = row0 == .top || row0 == .bottom
    let storedHeight = rowsAreSceneRows ? h : w, storedWidth = rowsAreSceneRows ? w : h
    return (0..<storedHeight).map { r in
        (0..<storedWidth).map { c in
            // Row r of the stored image runs along the scene side row0 names, moving inwards as r grows;
            // column c runs from the side column0 names.
            switch (row0, column0) {
            case (.top, .left): return scene[r][c]
            case (.top, .right): return scene[r][w - 1 - c]
            case (.bottom, .right): return scene[h - 1 - r][w - 1 - c]
            case (.bottom, .left): return scene[h - 1 - r][c]
            case (.left, .top): return scene[c][r]
            case (.right, .top): return scene[c][w - 1 - r]
            case (.right, .bottom): return scene[h - 1 - c][w - 1 - r]
            case (.left, .bottom): return scene[h - 1 - c][r]
            default: fatalError("not an EXIF orientation")
            }
        }
    }
}

private func picture(_ grid: [[Int]]) throws -> Picture {
    let bytes = grid.flatMap { $0.flatMap { [UInt8($0 * 10), UInt8(255 - $0 * 10), UInt8($0 * 3)] } }
    return try Picture(width: grid[0].count, height: grid.count, rgb: bytes)
}

@Suite struct OrientationTests {
    let scene = [[0, 1, 2], [3, 4, 5]]  // 3 wide, 2 high, every pixel different

    @Test(arguments: 1...8)
    func everyOrientationComesOutUpright(orientation: Int) throws {
        let camera = try picture(stored(scene, orientation: orientation))
        let upright = try camera.upright(from: ExifOrientation(rawValue: orientation)!)
        #expect(upright.width == 3 && upright.height == 2)
        #expect(try upright.rgbBytes() == (try picture(scene)).rgbBytes())
    }

    /// The tiled quarter turn moves every pixel where Leptonica's pixRotateOrth does, at sizes that
    /// are not multiples of the tile, so that recognition sees exactly the same picture.
    @Test(arguments: [(1, 1), (1, 40), (40, 1), (31, 33), (64, 32), (97, 130)])
    func quarterTurnsMatchLeptonica(width: Int, height: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<(width * height * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let original = try Picture(width: width, height: height, rgb: bytes)
        for (clockwise, quads) in [(true, Int32(1)), (false, Int32(3))] {
            let turned = try original.turnedQuarter(clockwise: clockwise)
            let reference = Picture(owning: try #require(pixRotateOrth(original.pix, quads)))
            var same: Int32 = 0
            #expect(pixEqual(turned.pix, reference.pix, &same) == 0 && same == 1, "clockwise: \(clockwise)")
            #expect(turned.width == height && turned.height == width)
        }
    }

    /// The whole path: a JPEG with an EXIF block, decoded by libjpeg and turned by the decoder.
    @Test(arguments: 1...8)
    func jpegWithExifOrientationDecodesUpright(orientation: Int) throws {
        // Blocks of 16 × 16 flat colour survive JPEG compression almost exactly.
        let blocks = [[0, 5, 10, 15], [20, 25, 3, 8]]
        let sceneGrid = (0..<32).map { y in (0..<64).map { x in blocks[y / 16][x / 16] } }
        let codec = try JPEGCodec()
        let jpeg = try codec.encode(try picture(stored(sceneGrid, orientation: orientation)), quality: 95)
        let tagged = EXIFBuilder(orientation: UInt16(orientation)).applied(to: [UInt8](jpeg))

        let decoder = try PhotoDecoder(maxPixels: 1_000_000)
        let photo = try decoder.decode(tagged, longEdge: 64)
        #expect(photo.orientation.rawValue == orientation)
        #expect(photo.picture.width == 64 && photo.picture.height == 32)
        let got = try photo.picture.rgbBytes(), want = try picture(sceneGrid).rgbBytes()
        // Compare block centres, away from chroma bleeding at the edges.
        for by in 0..<2 {
            for bx in 0..<4 {
                let i = ((by * 16 + 8) * 64 + bx * 16 + 8) * 3
                for channel in 0..<3 {
                    #expect(abs(Int(got[i + channel]) - Int(want[i + channel])) <= 12, "block \(bx),\(by)")
                }
            }
        }
    }
}
