import Foundation
import Glibc
import Logging
import Testing
@testable import WordBookSettings

@Suite struct LoggingTests {
    @Test func linesThatCannotBeWrittenAreCountedAndToldWithTheNextLineThatCan() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-log-\(UUID()).txt").path
        defer { unlink(path) }
        // The log's descriptor first leads to /dev/full, then to a file.
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = LogOutput(descriptor: descriptor)
        let logger = Logger(label: "test") { StderrLogHandler(label: $0, environment: ["JOURNAL_STREAM": "8:1"], output: output) }
        logger.info("one")
        logger.error("two")
        #expect(output.unwrittenLines == 2)

        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(file >= 0 && dup2(file, descriptor) == descriptor)
        close(file)
        logger.info("three")
        #expect(output.unwrittenLines == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == "<4>2 log lines could not be written: No space left on device\n<6>three\n")
    }
}
