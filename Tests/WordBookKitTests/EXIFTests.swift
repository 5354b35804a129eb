import Foundation
import Testing
@testable import WordBookPipeline

@Suite struct EXIFTests {
    let jpegStub: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x02, 0xFF, 0xD9]

    @Test(arguments: [true, false])
    func readsOrientationAndCaptureTimeInBothByteOrders(littleEndian: Bool) {
        let builder = EXIFBuilder(littleEndian: littleEndian, orientation: 6,
                                  dateTimeOriginal: "2026:10:24 23:50:00", offsetTimeOriginal: "+02:00")
        let exif = EXIFReader.read(jpeg: builder.applied(to: jpegStub))
        #expect(exif.orientation == .right)
        #expect(exif.dateTimeOriginal == "2026:10:24 23:50:00")
        #expect(exif.offsetTimeOriginal == "+02:00")
        let date = exif.captureDate(in: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(date == ISO8601DateFormatter().date(from: "2026-10-24T21:50:00Z"))
    }

    @Test func withoutAnOffsetTheTimeIsReadInTheConfiguredZone() {
        let exif = ExifMetadata(dateTimeOriginal: "2026:10:24 23:50:00")
        #expect(exif.captureDate(in: TimeZone(identifier: "Europe/Berlin")!)
                == ISO8601DateFormatter().date(from: "2026-10-24T21:50:00Z"))
        #expect(exif.captureDate(in: TimeZone(identifier: "UTC")!)
                == ISO8601DateFormatter().date(from: "2026-10-24T23:50:00Z"))
    }

    @Test func orientationNineIsIgnored() {
        let exif = EXIFReader.read(jpeg: EXIFBuilder(orientation: 9).applied(to: jpegStub))
        #expect(exif.orientation == nil)
    }

    @Test func anIFDOffsetPastTheEndYieldsNothing() {
        var tiff = EXIFBuilder(orientation: 6).tiff()
        tiff[4] = 0xF0; tiff[5] = 0xFF  // IFD0 offset far beyond the block
        let exif = EXIFReader.read(jpeg: EXIFBuilder.inserting(EXIFBuilder.app1(tiff: tiff), into: jpegStub))
        #expect(exif == ExifMetadata())
    }

    @Test func anExifIFDPointingBackToIFD0StopsInsteadOfLooping() {
        var builder = EXIFBuilder(orientation: 3)
        builder.dateTimeOriginal = "2026:10:24 10:00:00"
        var tiff = builder.tiff()
        // The Exif IFD pointer is IFD0's second entry; aim it at IFD0 itself (offset 8).
        let valueField = 8 + 2 + 12 + 8
        tiff[valueField] = 8; tiff[valueField + 1] = 0; tiff[valueField + 2] = 0; tiff[valueField + 3] = 0
        let exif = EXIFReader.read(jpeg: EXIFBuilder.inserting(EXIFBuilder.app1(tiff: tiff), into: jpegStub))
        #expect(exif.orientation == .down)
        #expect(exif.dateTimeOriginal == nil)
    }

    @Test func truncatedSegmentsAndGarbageYieldNothing() {
        let full = EXIFBuilder(orientation: 6).applied(to: jpegStub)
        for length in 0..<full.count {
            _ = EXIFReader.read(jpeg: Array(full.prefix(length)))
        }
        #expect(EXIFReader.read(jpeg: Array(repeating: 0xFF, count: 100)) == ExifMetadata())
        #expect(EXIFReader.read(jpeg: []) == ExifMetadata())
    }

    @Test func badOffsetsAndDatesAreRejected() {
        #expect(ExifMetadata.timeZone(offset: "+02:00") == TimeZone(secondsFromGMT: 7200))
        #expect(ExifMetadata.timeZone(offset: "-05:30") == TimeZone(secondsFromGMT: -19800))
        #expect(ExifMetadata.timeZone(offset: "02:00") == nil)
        #expect(ExifMetadata.timeZone(offset: "+99:00") == nil)
        #expect(ExifMetadata(dateTimeOriginal: "0000:00:00 00:00:00").captureDate(in: .gmt) == nil)
        #expect(ExifMetadata(dateTimeOriginal: "garbage").captureDate(in: .gmt) == nil)
        // A year no phone photo has, and a day no month has, count as missing: the file's time stands in.
        #expect(ExifMetadata(dateTimeOriginal: "9999:12:31 23:59:59").captureDate(in: .gmt) == nil)
        #expect(ExifMetadata(dateTimeOriginal: "1980:01:01 00:00:00").captureDate(in: .gmt) == nil)
        #expect(ExifMetadata(dateTimeOriginal: "2026:02:30 12:00:00").captureDate(in: .gmt) == nil)
        #expect(ExifMetadata(dateTimeOriginal: "2026:02:28 12:00:00").captureDate(in: .gmt) != nil)
    }
}
