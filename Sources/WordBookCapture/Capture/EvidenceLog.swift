import Foundation
import WordBookPipeline

/// A tab-separated file of what the photo said about each proposal (`Evidence`), one line per photo:
/// its name, then `Evidence.fieldNames`. bench/accuracy.py sets $WORDBOOK_EVIDENCE to collect it, and
/// bench/calibrate.py fits the confidence rule's weights to it. Several filers append to one file:
/// each line is one write to a file opened for appending, which the kernel does not interleave.
struct EvidenceLog: Sendable {
    let path: String

    func append(name: String, _ evidence: Evidence) {
        let line = ([name.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")] + evidence.fields)
            .joined(separator: "\t") + "\n"
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
