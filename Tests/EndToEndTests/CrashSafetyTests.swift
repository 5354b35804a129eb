import Foundation
import Glibc
import Testing

/// kill -9 at random moments costs nothing: every photo ends up filed once or in failed/, never lost, never twice.
@Suite(.serialized) struct CrashSafetyTests {
    @Test func theWorkerKilledAgainAndAgainLosesNothingAndFilesNothingTwice() throws {
        let scratch = try Scratch()
        // Each round's worker files a photo or two before it is killed: 25 photos keep every round busy.
        let photos = try distinctPhotos(25)
        let broken = (0..<5).map { (String(format: "broken-%d.jpg", $0), Data("not a photo \($0)".utf8)) }
        let inputs = (photos + broken).shuffled()
        try FileManager.default.createDirectory(atPath: scratch.inbox, withIntermediateDirectories: true)
        for (name, data) in inputs.prefix(10) { try data.write(to: URL(fileURLWithPath: "\(scratch.inbox)/\(name)")) }

        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var fed = 10
        for round in 0..<10 {
            let worker = try Worker(scratch, name: "round-\(round)")
            // Start-up itself is a moment to be killed in too.
            usleep(UInt32.random(in: 100_000...1_500_000, using: &generator))
            while fed < inputs.count && fed < 10 + (round + 1) * 2 {
                let (name, data) = inputs[fed]
                let staged = "\(scratch.root)/\(name).part"
                try data.write(to: URL(fileURLWithPath: staged))
                rename(staged, "\(scratch.inbox)/\(name)")
                fed += 1
            }
            usleep(UInt32.random(in: 50_000...900_000, using: &generator))
            // A worker that had ended by itself before the kill is no kill.
            if worker.process.isRunning { kills += 1 }
            worker.kill9()
        }
        for (name, data) in inputs[fed...] { try data.write(to: URL(fileURLWithPath: "\(scratch.inbox)/\(name)")) }

        let last = try Worker(scratch, name: "last")
        #expect(last.waitUntilWatching())
        #expect(eventually(timeout: 240) { scratch.files(under: "inbox").isEmpty }, "inbox: \(scratch.files(under: "inbox"))")
        #expect(last.stop() == 0)
        #expect(kills >= 8)

        let (hashes, integrity) = try filedHashes(scratch.database)
        #expect(integrity == "ok")
        #expect(Set(hashes).count == hashes.count, "no photo filed twice")
        #expect(Set(hashes) == Set(photos.map { sha256($0.data) }), "every photo filed")
        let archived = contentHashes(under: "\(scratch.data)/archive")
        let failed = contentHashes(under: "\(scratch.data)/failed")
        #expect(archived.count + failed.count == inputs.count, "each input once in archive or failed")
        #expect(Set(archived) == Set(photos.map { sha256($0.data) }))
        #expect(Set(failed) == Set(broken.map { sha256($0.1) }))
        #expect(scratch.files(under: "failed").filter { $0.hasSuffix(".error.txt") }.count == broken.count)
    }

    @Test func ingestKilledMidRunFilesEachPhotoOnceWhenRunAgain() throws {
        let scratch = try Scratch()
        let folder = "\(scratch.root)/photos"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let photos = try distinctPhotos(12)
        for (name, data) in photos { try data.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }

        for delay: UInt32 in [400_000, 900_000, 1_500_000] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: wordbookBinary)
            process.arguments = ["ingest", folder, "--config", scratch.config]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let finish = try wordbook(["ingest", "--json", folder, "--config", scratch.config])
        #expect(finish.status == 0, "\(finish.stderr)")
        let statuses = finish.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["status"] as? String
        }
        #expect(statuses.count == photos.count && statuses.allSatisfy { $0 == "filed" || $0 == "duplicate" })
        let (hashes, integrity) = try filedHashes(scratch.database)
        #expect(integrity == "ok")
        #expect(hashes.count == photos.count && Set(hashes) == Set(photos.map { sha256($0.data) }))
    }
}
