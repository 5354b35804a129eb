import Foundation
import Glibc
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// `wordbook run` as systemd would run it, on a scratch data folder, with the real inotify, Tesseract and SQLite.
@Suite(.serialized) struct RunEndToEndTests {
    @Test func photosArrivingEveryWayAreFiledArchivedAndSettled() throws {
        let scratch = try Scratch()
        let images = LabeledImage.all
        #expect(images.count >= 12)
        func folder(_ image: LabeledImage) -> String { image.language == "en" ? "" : "\(image.language)/" }

        // Already there at start-up: the first image of each language, one of them in an existing subfolder.
        let atStart = images.filter { ["exit_sign_12mp.jpg", "cafe.jpg"].contains($0.file) }
        for image in atStart {
            try FileManager.default.createDirectory(atPath: "\(scratch.inbox)/\(folder(image))", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: image.path, toPath: "\(scratch.inbox)/\(folder(image))\(image.file)")
        }

        let log = "\(scratch.root)/run.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let notifications = try NotifyListener(path: "\(scratch.root)/notify.sock")
        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: wordbookBinary)
        worker.arguments = ["run", "--config", scratch.config]
        worker.environment = ProcessInfo.processInfo.environment.merging(["NOTIFY_SOCKET": notifications.path]) { $1 }
        worker.standardError = FileHandle(forWritingAtPath: log)
        worker.standardOutput = FileHandle.nullDevice
        try worker.run()
        defer { if worker.isRunning { worker.terminate() } }
        // systemd hears READY=1 once the database is open and the watches are armed.
        #expect(notifications.wait(for: "READY=1", timeout: 60),
                "the worker did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        // A folder for each installed Tesseract model (scripts/install-deps.sh installs these four); only fr/ was there.
        for language in ["en", "de", "fr", "es"] {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: "\(scratch.inbox)/\(language)", isDirectory: &isFolder) && isFolder.boolValue,
                    "inbox/\(language)")
        }

        // The rest arrive while it runs: written under a temporary name and renamed (as sync tools do),
        // or written slowly in chunks over more than a second. Language folders are created now.
        let later = images.filter { image in !atStart.contains { $0.file == image.file } }
        for (index, image) in later.enumerated() {
            let folderPath = "\(scratch.inbox)/\(folder(image))"
            try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: image.path))
            if index % 3 == 0 {
                try writeSlowly(bytes, to: folderPath + image.file, chunks: 6, pause: 0.2)
            } else {
                let temporary = "\(folderPath).\(image.file).part"
                try bytes.write(to: URL(fileURLWithPath: temporary))
                #expect(rename(temporary, folderPath + image.file) == 0)
            }
        }
        // Not an image, whatever its name says.
        try "just some text".write(toFile: "\(scratch.inbox)/x.jpg", atomically: false, encoding: .utf8)

        let database = try AppDatabase.open(path: scratch.database, create: false)
        let allFiled = try eventually(timeout: 240) {
            try database.wordCount() == images.count && scratch.files(under: "failed").count == 2
                && scratch.files(under: "inbox").isEmpty
        }
        let filedCount = try database.wordCount()
        #expect(allFiled, "filed \(filedCount) of \(images.count); inbox: \(scratch.files(under: "inbox")); log: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")

        let calendar = CaptureCalendar(timeZone: scratch.timeZone)
        let rows = try database.words(onDay: nil)
        for image in images {
            let name = folder(image) + image.file
            guard let (word, book) = rows.first(where: { $0.word.sourceName == name }) else {
                Issue.record("\(name) was not filed")
                continue
            }
            #expect(word.word == image.word, "\(name)")
            #expect(word.targetLanguage.code == image.language, "\(name)")
            #expect(word.status == .proposed)
            let archived = scratch.files(under: "archive").filter { $0.hasSuffix("/" + image.file) }
            #expect(archived.count == 1, "\(name) in archive: \(archived)")
            if let captured = image.captured {
                #expect(book == calendar.day(of: captured), "\(name)")
                #expect(archived.first?.hasPrefix(book + "/") == true)
            }
            #expect(calendar.iso8601(word.nextReviewDate) == calendar.iso8601(calendar.startOfNextDay(after: word.capturedAt)))
            #expect(calendar.startOfDay(book).map(calendar.startOfNextDay(after:)) == word.nextReviewDate, "\(name)")
            let stored = try #require(try database.image(wordId: word.id!))
            #expect(max(stored.width, stored.height) <= 1600)
        }

        // The text file failed with a reason.
        #expect(scratch.files(under: "failed") == ["x.jpg", "x.jpg.error.txt"])
        let reason = try String(contentsOfFile: "\(scratch.data)/failed/x.jpg.error.txt", encoding: .utf8)
        #expect(reason.contains("not a JPEG, PNG, TIFF, WebP or HEIC image"))

        // A second copy of a photo under another name is archived, not filed again.
        let again = images[0]
        try FileManager.default.copyItem(atPath: again.path, toPath: "\(scratch.inbox)/copy of \(again.file)")
        #expect(eventually(timeout: 30) { scratch.files(under: "inbox").isEmpty })
        #expect(try database.wordCount() == images.count)
        #expect(scratch.files(under: "archive").contains { $0.hasSuffix("/copy of \(again.file)") })

        // The learner settles proposals with the real command line while the worker runs.
        let pending = try wordbook(["pending", "--config", scratch.config])
        #expect(pending.status == 0)
        for image in images {
            // A photo whose middle holds no word waits with an empty proposal.
            let shown = image.word.isEmpty ? "(no word found)" : image.word
            #expect(pending.stdout.contains(shown), "pending lists \(shown)")
        }
        let strasse = try #require(rows.first { $0.word.word == "Straße" }?.word.id)
        let exit = try #require(rows.first { $0.word.word == "EXIT" }?.word.id)
        #expect(try wordbook(["correct", "\(strasse)", "Strasse", "--config", scratch.config]).status == 0)
        #expect(try wordbook(["confirm", "\(exit)", "--config", scratch.config]).status == 0)
        #expect(try database.word(id: strasse).word == "Strasse")
        #expect(try database.word(id: strasse).status == .confirmed)
        #expect(try database.word(id: strasse).proposedWord == "Straße")
        #expect(try database.word(id: exit).status == .confirmed)
        let afterwards = try wordbook(["pending", "--config", scratch.config])
        #expect(!afterwards.stdout.contains("#\(exit) "))

        #expect(notifications.messages.contains { $0.hasPrefix("STATUS=filed ") })

        // SIGTERM: STOPPING=1, finish and exit 0.
        worker.terminate()
        worker.waitUntilExit()
        #expect(worker.terminationReason == .exit && worker.terminationStatus == 0)
        #expect(notifications.wait(for: "STOPPING=1", timeout: 5))
    }

    private func writeSlowly(_ bytes: Data, to path: String, chunks: Int, pause: TimeInterval) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let size = (bytes.count + chunks - 1) / chunks
        for start in stride(from: 0, to: bytes.count, by: size) {
            try handle.write(contentsOf: bytes[start..<min(start + size, bytes.count)])
            Thread.sleep(forTimeInterval: pause)
        }
        try handle.close()
    }

    /// The environment of `executable run`, read from /proc once it is watching its inbox, and its exit
    /// status after a stop.
    static func environmentOnceWatching(_ executable: String, scratch: Scratch, environment: [String: String]) throws
        -> (variables: [String], status: Int32) {
        let log = "\(scratch.root)/\(URL(fileURLWithPath: executable).lastPathComponent).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: executable)
        worker.arguments = ["run", "--config", scratch.config]
        worker.environment = environment
        worker.standardError = FileHandle(forWritingAtPath: log)
        worker.standardOutput = FileHandle.nullDevice
        try worker.run()
        defer { if worker.isRunning { worker.terminate() } }
        #expect(eventually(timeout: 60) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("watching") })
        let environ = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(worker.processIdentifier)/environ"))
        worker.terminate()
        worker.waitUntilExit()
        return (environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }, worker.terminationStatus)
    }

    /// Tesseract's OpenMP reads OMP_THREAD_LIMIT as it loads: the commands that recognise, and the
    /// worker started by hand, start again with it set to 1, and the others run as they are.
    @Test func theRecognisingCommandsLimitOpenMPThemselves() throws {
        let scratch = try Scratch()
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = nil
        let run = try Self.environmentOnceWatching(wordbookBinary, scratch: scratch, environment: environment)
        #expect(run.variables.contains("OMP_THREAD_LIMIT=1"), "run started again with the limit set")
        #expect(run.status == 0)

        let photo = try #require(LabeledImage.all.first { $0.file == "cafe.jpg" })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: wordbookBinary)
        process.arguments = ["ingest", "--json", "--language", photo.language, "--config", scratch.config, photo.path]
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let filed = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        #expect(process.terminationStatus == 0 && filed?["word"] as? String == photo.word, "\(output)")

        // The worker started by hand, as a unit without the variable starts it, limits OpenMP itself.
        let worker = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent().appendingPathComponent("wordbook-worker").path
        let direct = try Self.environmentOnceWatching(worker, scratch: scratch, environment: environment)
        #expect(direct.variables.contains("OMP_THREAD_LIMIT=1"), "wordbook-worker started again with the limit set")
        #expect(direct.status == 0)

        let status = Process()
        status.executableURL = URL(fileURLWithPath: wordbookBinary)
        status.arguments = ["status", "--config", scratch.config]
        status.environment = environment
        status.standardOutput = FileHandle.nullDevice
        try status.run()
        status.waitUntilExit()
        #expect(status.terminationStatus == 0)
    }
}
