import Foundation
import Glibc

/// Lists the files waiting under a folder, skipping what the ignore rules leave alone.
public struct InboxScanner: Sendable {
    public let root: String
    public let rules: IgnoreRules

    public init(root: String, rules: IgnoreRules) {
        self.root = root
        self.rules = rules
    }

    /// Every candidate file under `folder` (the root by default), depth first, sorted by name.
    /// Symbolic links are listed as files, never followed into.
    public func files(under folder: String? = nil) -> [String] {
        var result: [String] = []
        walk(folder ?? root, into: &result)
        return result
    }

    /// Every folder under `folder`, itself included, that the rules let in.
    public func folders(under folder: String? = nil) -> [String] {
        var result: [String] = []
        collectFolders(folder ?? root, into: &result)
        return result
    }

    private func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.sorted().map { name in
            var info = stat()
            let isFolder = lstat("\(folder)/\(name)", &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            return (name, isFolder)
        }
    }

    private func walk(_ folder: String, into result: inout [String]) {
        for entry in entries(of: folder) {
            if entry.isFolder {
                if !rules.ignoresFolder(named: entry.name) { walk("\(folder)/\(entry.name)", into: &result) }
            } else if !rules.ignoresFile(named: entry.name) {
                result.append("\(folder)/\(entry.name)")
            }
        }
    }

    private func collectFolders(_ folder: String, into result: inout [String]) {
        result.append(folder)
        for entry in entries(of: folder) where entry.isFolder && !rules.ignoresFolder(named: entry.name) {
            collectFolders("\(folder)/\(entry.name)", into: &result)
        }
    }

    /// A file's modification time, without following a link; nil when it is gone.
    public static func modificationDate(_ path: String) -> Date? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }
}
