import Foundation

/// The shared datasets the recognition tests read: `$WORDBOOK_DATASETS`, else `../shared/datasets`
/// beside the checkout, else beside the checkout this one was cloned from (a clone made elsewhere
/// on the same machine, as `git clone . /tmp/fresh` makes).
public func sharedDatasets(root: URL) -> URL {
    if let named = ProcessInfo.processInfo.environment["WORDBOOK_DATASETS"], !named.isEmpty {
        return URL(fileURLWithPath: named)
    }
    let beside = root.appendingPathComponent("../shared/datasets").standardized
    if FileManager.default.fileExists(atPath: beside.path) { return beside }
    let git = Process()
    let pipe = Pipe()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    git.arguments = ["-C", root.path, "remote", "get-url", "origin"]
    git.standardOutput = pipe
    git.standardError = FileHandle.nullDevice
    guard (try? git.run()) != nil else { return beside }
    git.waitUntilExit()
    let origin = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    guard git.terminationStatus == 0, origin.hasPrefix("/") else { return beside }
    let cloned = URL(fileURLWithPath: origin).appendingPathComponent("../shared/datasets").standardized
    return FileManager.default.fileExists(atPath: cloned.path) ? cloned : beside
}
