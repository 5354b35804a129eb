import Foundation
import Glibc
import Testing
@testable import WordBookStore

/// A photo whose modification time is in the future (a phone's clock ahead, `cp -p` of such a file),
/// found by the inbox's scan, is filed: it cannot be "still being written" for a year.
@Suite struct FutureTimeTests {
    @Test func aPhotoFromTheFutureFoundByTheScanIsFiled() throws {
        let scratch = try Scratch(workers: 1)
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        let photo = try distinctPhotos(1)[0]
        let path = "\(scratch.inbox)/\(photo.name)"
        try photo.data.write(to: URL(fileURLWithPath: path))
        let nextYear = time(nil) + 365 * 86_400
        var times = [timeval(tv_sec: nextYear, tv_usec: 0), timeval(tv_sec: nextYear, tv_usec: 0)]
        #expect(utimes(path, &times) == 0)

        let worker = try Worker(scratch)
        defer { _ = worker.stop() }
        let database = { try AppDatabase.open(path: scratch.database, create: true) }
        #expect(try eventually(timeout: 90) { try database().wordCount() == 1 && scratch.files(under: "inbox").isEmpty },
                "\(worker.output)")
        #expect(worker.output.contains("\(photo.name) was modified at") && worker.output.contains("in the future"), "\(worker.output)")
    }
}
