import Foundation
import Testing

/// Two executables: the command line links the store alone, the worker the recognition libraries.
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

    @Test func bothReportTheSameVersion() throws {
        let worker = URL(fileURLWithPath: wordbookBinary).deletingLastPathComponent().appendingPathComponent("wordbook-worker").path
        let own = try wordbook(["--version"]).stdout
        #expect(!own.isEmpty)
        #expect(try runProgram(worker, ["--version"]).stdout == own)
    }
}
