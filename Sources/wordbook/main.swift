import ArgumentParser
import Foundation
import Glibc

// Debian's libtesseract uses OpenMP, which reads OMP_THREAD_LIMIT when it loads, before main.
// With one engine per worker, more threads only fight over the cores: the commands that
// recognise set it and start again. The others never call Tesseract and skip the second start.
let recognises = ["run", "ingest"].contains(CommandLine.arguments.dropFirst().first ?? "")
if recognises && ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
    setenv("OMP_THREAD_LIMIT", "1", 1)
    let arguments = CommandLine.arguments
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    execv("/proc/self/exe", &argv)
    // Only reached when exec failed: go on with OpenMP's defaults.
}

// Errors reach the learner as one sentence and a non-zero status; --help and --version as usual.
do {
    var command = try WordBookCommand.parseAsRoot()
    try command.run()
} catch {
    let status = WordBookCommand.exitCode(for: error)
    if status.isSuccess {
        WordBookCommand.exit(withError: error)
    }
    let message = WordBookCommand.message(for: error)
    if !message.isEmpty {
        FileHandle.standardError.write(Data("wordbook: \(message)\n".utf8))
    }
    exit(status.rawValue)
}
