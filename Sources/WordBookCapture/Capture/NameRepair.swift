import Foundation
import Glibc
import WordBookSettings

/// Gives a file or folder in the inbox whose name is not UTF-8 the name it is shown by
/// (`caf%E9.jpg`), so that it can be filed like any other; nothing is ever replaced.
enum NameRepair {
    struct Failure: Error, CustomStringConvertible {
        let name: UndecodableName
        let code: Int32

        var description: String {
            "\(name.shownPath) (its name is not UTF-8) could not be renamed: \(String(cString: strerror(code)))"
        }
    }

    /// Renames it to the first free name among `shown`, `shown (2)`, ...; returns the new path.
    static func rename(_ name: UndecodableName) throws -> String {
        let shown = name.shown
        let stem = (shown as NSString).deletingPathExtension, ext = (shown as NSString).pathExtension
        let source = name.path
        let isFolder = name.isFolder
        for attempt in 1...1000 {
            let target = "\(name.folder)/\(Disposal.numbered(stem: stem, ext: ext, attempt))"
            // A file gets its second name first (link never replaces one), then loses the old one.
            if !isFolder {
                if link(source, target) == 0 {
                    guard unlink(source) == 0 || errno == ENOENT else { throw Failure(name: name, code: errno) }
                    return target
                }
                if errno == EEXIST { continue }
                guard errno == EPERM || errno == EMLINK || errno == ENOTSUP else { throw Failure(name: name, code: errno) }
            }
            // A folder, or a file system without hard links: renamed when the name is free.
            var info = stat()
            if lstat(target, &info) == 0 { continue }
            guard Glibc.rename(source, target) == 0 else { throw Failure(name: name, code: errno) }
            return target
        }
        throw Failure(name: name, code: EEXIST)
    }
}
