import Foundation
import Testing
import WordBookThumbnail
import WordBookVocabulary

/// A part of a stored photo decoded alone (libjpeg's partial decompression) shows what the whole
/// photo decoded and cropped shows there, at every DCT scale the web app uses.
@Suite struct JPEGRegionTests {
    static let cafe = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestImages/cafe.jpg")

    /// The largest difference of any colour value between two images of one size, over the columns
    /// `columns` of each row.
    static func largestDifference(_ a: RGBImage, _ b: RGBImage, columns: Range<Int>) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in columns {
                for channel in 0..<3 {
                    let index = (y * a.width + x) * 3 + channel
                    largest = max(largest, abs(Int(a.rgb[index]) - Int(b.rgb[index])))
                }
            }
        }
        return largest
    }

    @Test("A region decoded alone is the whole photo's pixels there, at full, half and quarter size", arguments: [
        (nil as Int?, PixelBox(x: 0, y: 0, width: 300, height: 200)),
        (nil, PixelBox(x: 437, y: 253, width: 611, height: 389)),
        (800, PixelBox(x: 37, y: 101, width: 500, height: 300)),
        (400, PixelBox(x: 201, y: 150, width: 199, height: 150)),
    ])
    func regionMatchesTheCroppedPhoto(longEdge: Int?, region: PixelBox) throws {
        let jpeg = try Data(contentsOf: Self.cafe)
        let wanted = longEdge.map { (width: $0, height: $0 * 3 / 4) }
        let scale = try JPEGScale(ofJPEG: jpeg).reduced(atLeast: wanted)
        #expect(scale.width == longEdge ?? 1600)
        let whole = try RGBImage(jpeg: jpeg, atLeast: wanted)
        let part = try RGBImage(jpeg: jpeg, at: scale, region: region)
        let cropped = whole.cropped(to: region)
        #expect(part.width == region.width && part.height == region.height)
        // libjpeg blends the colour of a region's outer columns as if they were the photo's edge.
        #expect(Self.largestDifference(part, cropped, columns: 1..<(region.width - 1)) == 0)
        #expect(Self.largestDifference(part, cropped, columns: 0..<region.width) <= 40)
    }

    @Test("A region reaching past the photo is cut at its edge; a photo cut short still shows its top")
    func edgesAndDamage() throws {
        let jpeg = try Data(contentsOf: Self.cafe)
        let full = try JPEGScale(ofJPEG: jpeg)
        let past = try RGBImage(jpeg: jpeg, at: full, region: PixelBox(x: 1500, y: 1100, width: 300, height: 300))
        #expect(past.width == 100 && past.height == 100)

        let cut = jpeg.prefix(jpeg.count / 2)
        let top = try RGBImage(jpeg: cut, at: try JPEGScale(ofJPEG: cut), region: PixelBox(x: 100, y: 50, width: 200, height: 100))
        let whole = try RGBImage(jpeg: jpeg, at: full, region: PixelBox(x: 100, y: 50, width: 200, height: 100))
        #expect(top == whole)

        #expect(throws: ThumbnailError.self) {
            try RGBImage(jpeg: Data("not a photo".utf8), at: JPEGScale(ofJPEG: Data("not a photo".utf8)), region: PixelBox(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(throws: ThumbnailError.self) {
            try RGBImage(jpeg: jpeg, at: full, region: PixelBox(x: 1700, y: 0, width: 10, height: 10))
        }
    }
}
