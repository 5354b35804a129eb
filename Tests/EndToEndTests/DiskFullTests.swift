import Foundation
import Glibc
import Testing

/// The data folder on a small tmpfs that fills up: photos wait in the inbox, nothing is lost,
/// and they are filed once there is room again.
@Suite struct DiskFullTests {
    /// Whether this process may mount a tmpfs: root, and not in a container that forbids it.
    static let canMountTmpfs: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-mount-\(UUID())").path
        defer { rmdir(folder) }
        guard getuid() == 0, mkdir(folder, 0o700) == 0, mount("tmpfs", folder, "tmpfs", 0, "size=1m") == 0 else { return false }
        umount2(folder, Int32(MNT_DETACH))
        return true
    }()

    @Test(.enabled(if: canMountTmpfs, "mounting a small tmpfs to fill needs root"))
    func aFullDiskHoldsPhotosInTheInboxUntilThereIsRoom() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.data, withIntermediateDirectories: true)
        try #require(mount("tmpfs", scratch.data, "tmpfs", 0, "size=24m") == 0, "\(String(cString: strerror(errno)))")
        defer { umount2(scratch.data, Int32(MNT_DETACH)) }

        let worker = try Worker(scratch)
        #expect(worker.waitUntilWatching())
        let staging = "\(scratch.data)/staging"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        let photos = try distinctPhotos(3)
        for (name, data) in photos { try data.write(to: URL(fileURLWithPath: "\(staging)/\(name)")) }
        // Fill every byte left.
        let filler = "\(scratch.data)/filler"
        _ = FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
        let block = Data(count: 1 << 20)
        while (try? handle.write(contentsOf: block)) != nil {}
        var small = Data(count: 4096)
        while !small.isEmpty { if (try? handle.write(contentsOf: small)) == nil { small = small.prefix(small.count / 2) } }
        try? handle.close()

        for (name, _) in photos { rename("\(staging)/\(name)", "\(scratch.inbox)/\(name)") }
        #expect(eventually(timeout: 30) { worker.output.contains("stays in the inbox") }, "\(worker.output)")
        Thread.sleep(forTimeInterval: 2)
        #expect(Set(scratch.files(under: "inbox")) == Set(photos.map(\.name)), "nothing lost, nothing failed")
        #expect(scratch.files(under: "failed").isEmpty)
        let status = try wordbook(["status", "--config", scratch.config])
        #expect(status.stdout.contains("MB free under \(scratch.data)"), "\(status.stdout)")

        // Room again: the held-back photos are filed on the next try.
        unlink(filler)
        #expect(eventually(timeout: 60) { scratch.files(under: "inbox").isEmpty }, "\(worker.output)")
        #expect(worker.stop() == 0)
        let (hashes, integrity) = try filedHashes(scratch.database)
        #expect(integrity == "ok")
        #expect(Set(hashes) == Set(photos.map { sha256($0.data) }))
    }
}
