import Foundation
import Testing

/// Two executables: the command line links no recognition or archive library, the worker links them.
@Suite struct ExecutablesTests {
    static func linked(_ binary: String) throws -> String {
        try runProgram("/usr/bin/ldd", [binary]).stdout
    }

    @Test func theCommandLineLinksNoRecognitionOrArchiveLibrary() throws {
        let libraries = try Self.linked(wordbookBinary)
        for name in ["libtesseract", "liblept", "libarchive"] {
            #expect(!libraries.contains(name), "wordbook links \(name)")
        }
        #expect(libraries.contains("libturbojpeg"), "thumbnails need TurboJPEG")
    }

    @Test func theWorkerLinksThemAndTheCommandLineHandsOverToIt() throws {
        let worker = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent().appendingPathComponent("wordbook-worker").path
        let libraries = try Self.linked(worker)
        for name in ["libtesseract", "liblept", "libarchive"] {
            #expect(libraries.contains(name), "wordbook-worker does not link \(name)")
        }
        // The command line checks the options before it hands over, in the same one sentence.
        let scratch = try Scratch()
        let result = try wordbook(["ingest", "--workers", "0", "--config", scratch.config, "/dev/null"])
        #expect(result.status != 0)
        #expect(result.stderr == "wordbook: --workers must be from 1 to 64.\n")
    }

    /// `run`, `ingest` and the Anki export need the worker: beside `wordbook`, else on PATH; when it is
    /// in neither, one sentence says so and where it was looked for.
    @Test func theWorkerIsFoundOnPathOrMissedInOneSentence() throws {
        let scratch = try Scratch()
        let alone = "\(scratch.root)/alone", onPath = "\(scratch.root)/path"
        for folder in [alone, onPath] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // A copy, not a link: the worker is looked for beside the executable's real path.
        try FileManager.default.copyItem(atPath: wordbookBinary, toPath: "\(alone)/wordbook")

        let missing = try runProgram("\(alone)/wordbook", ["run", "--config", scratch.config], environment: ["PATH": onPath])
        #expect(missing.status == 1)
        #expect(missing.stderr == "wordbook: wordbook-worker was found neither in \(alone) nor on PATH; it does the recognising and the Anki export (make install puts it beside wordbook)\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.inbox), "nothing was started")

        let worker = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent().appendingPathComponent("wordbook-worker").path
        try FileManager.default.createSymbolicLink(atPath: "\(onPath)/wordbook-worker", withDestinationPath: worker)
        let found = try runProgram("\(alone)/wordbook", ["ingest", "--json", "--config", scratch.config, "/dev/null"],
                                   environment: ["PATH": onPath])
        #expect(found.stdout.contains(#""status":"failed""#) && found.stdout.contains("/dev/null"), "\(found.stderr)")
    }

    @Test func bothReportTheSameVersion() throws {
        let worker = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent().appendingPathComponent("wordbook-worker").path
        let own = try wordbook(["--version"]).stdout
        #expect(!own.isEmpty)
        #expect(try runProgram(worker, ["--version"]).stdout == own)
    }
}
