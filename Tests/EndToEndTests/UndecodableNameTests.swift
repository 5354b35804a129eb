import Foundation
import Glibc
import Testing
@testable import WordBookSettings

/// A photo whose name is not UTF-8 (Latin-1 from an old camera or system) is never left in the
/// inbox unseen: the worker renames it to how it is shown and files it; `ingest`, which leaves files
/// where they are, fails it with the reason.
@Suite struct UndecodableNameTests {
    /// `folder/bytes` as the system takes it.
    static func cPath(_ folder: String, _ bytes: [UInt8]) -> [CChar] {
        (Array(folder.utf8) + [0x2F] + bytes + [0]).map { CChar(bitPattern: $0) }
    }

    static func write(_ data: Data, to path: [CChar]) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == data.count)
    }

    static let latin1Cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    static let broken: [UInt8] = [0xFF, 0xFE] + Array(" sign.jpg".utf8)

    @Test func theShownNameEscapesOnlyTheBytesThatAreNotUTF8() {
        #expect(UndecodableName(folder: "/in", bytes: Self.latin1Cafe).shown == "caf%E9.jpg")
        #expect(UndecodableName(folder: "/in", bytes: Array("Straße".utf8) + [0xC3]).shownPath == "/in/Straße%C3")
    }

    @Test func theWorkerRenamesAndFilesThem() throws {
        let scratch = try Scratch(workers: 1)
        let photos = try distinctPhotos(2)
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        // One waiting before the start (found by the start-up scan), one arriving while it watches.
        try Self.write(photos[0].data, to: Self.cPath(scratch.inbox, Self.broken))
        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        try Self.write(photos[1].data, to: Self.cPath(scratch.root, Self.latin1Cafe))
        #expect(rename(Self.cPath(scratch.root, Self.latin1Cafe), Self.cPath(scratch.inbox, Self.latin1Cafe)) == 0)

        #expect(eventually(timeout: 120) { scratch.files(under: "archive").count == 2 }, "\(worker.output)")
        #expect(worker.stop() == 0)
        #expect(scratch.files(under: "archive").map { ($0 as NSString).lastPathComponent }.sorted() == ["%FF%FE sign.jpg", "caf%E9.jpg"])
        #expect(Set(contentHashes(under: "\(scratch.data)/archive")) == Set(photos.map { sha256($0.data) }))
        #expect(Scratch.fileCount(scratch.inbox) == 0)
        #expect(worker.output.contains("caf%E9.jpg has a name that is not UTF-8"), "\(worker.output)")
        #expect(try filedHashes(scratch.database).hashes.count == 2)
    }

    @Test func ingestFailsThemWithTheReasonAndLeavesThemThere() throws {
        let scratch = try Scratch()
        let folder = "\(scratch.root)/photos"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let photo = try distinctPhotos(1)[0]
        try Self.write(photo.data, to: Self.cPath(folder, Self.latin1Cafe))
        let result = try wordbook(["ingest", "--json", "--config", scratch.config, folder])
        #expect(result.status == 1)
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(line["status"] as? String == "failed")
        #expect(line["file"] as? String == "\(folder)/caf%E9.jpg")
        #expect((line["error"] as? String)?.contains("not UTF-8") == true, "\(line)")
        #expect(Scratch.fileCount(folder) == 1)
    }
}

extension Scratch {
    /// Files in `folder` by their bytes, whatever their names; its folders (inbox/de, ...) left out.
    static func fileCount(_ folder: String) -> Int {
        guard let directory = opendir(folder) else { return -1 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let first = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix(3)) }
            if first[0] == 0x2E && (first[1] == 0 || (first[1] == 0x2E && first[2] == 0)) { continue }
            if entry.pointee.d_type == UInt8(DT_DIR) { continue }
            count += 1
        }
        return count
    }
}
