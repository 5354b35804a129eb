import Foundation
import Glibc

/// Lists the files waiting under a folder, skipping what the ignore rules leave alone.
public struct InboxScanner: Sendable {
    public let root: String
    public let rules: IgnoreRules
    /// WordBook's own folders (the archive, failed/) and files (the database and its companions),
    /// which a configuration may put inside the inbox: never listed, however they are named.
    public let ownFolders: [String]
    public let ownFiles: [String]

    public init(root: String, rules: IgnoreRules, ownFolders: [String] = [], ownFiles: [String] = []) {
        self.root = root
        self.rules = rules
        self.ownFolders = ownFolders
        self.ownFiles = ownFiles
    }

    /// The scanner of a data set-up's inbox, which leaves out the set-up's own folders and files.
    public init(paths: DataPaths, rules: IgnoreRules) {
        self.init(root: paths.inbox, rules: rules, ownFolders: [paths.archive, paths.failed], ownFiles: paths.ownFiles)
    }

    /// Whether `path` is the archive or the failed folder, by the file system's identity of the
    /// folder, not by how the path is spelt.
    public func isOwn(folder path: String) -> Bool {
        ownFolders.contains { Self.sameFile(path, $0) }
    }

    /// Whether `path` is the database or one of its companion files.
    public func isOwn(file path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return ownFiles.contains { own in
            (own as NSString).lastPathComponent == name
                && Self.sameFile((path as NSString).deletingLastPathComponent, (own as NSString).deletingLastPathComponent)
        }
    }

    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a.isEmpty ? "." : a, &first) == 0, stat(b.isEmpty ? "." : b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
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
            let path = "\(folder)/\(entry.name)"
            if entry.isFolder {
                if !rules.ignoresFolder(named: entry.name) && !isOwn(folder: path) { walk(path, into: &result) }
            } else if !rules.ignoresFile(named: entry.name) && !isOwn(file: path) {
                result.append(path)
            }
        }
    }

    private func collectFolders(_ folder: String, into result: inout [String]) {
        result.append(folder)
        for entry in entries(of: folder) where entry.isFolder && !rules.ignoresFolder(named: entry.name) {
            let path = "\(folder)/\(entry.name)"
            if !isOwn(folder: path) { collectFolders(path, into: &result) }
        }
    }

    /// A file's modification time, without following a link; nil when it is gone.
    public static func modificationDate(_ path: String) -> Date? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }
}
