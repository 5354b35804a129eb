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

    /// Names under `folder` (the root by default) whose bytes are not UTF-8, which the rules do not
    /// leave alone: a path String cannot name them, so the worker renames them first.
    public func undecodableNames(under folder: String? = nil) -> [UndecodableName] {
        var result: [UndecodableName] = []
        collectUndecodable(folder ?? root, into: &result)
        return result
    }

    private func collectUndecodable(_ folder: String, into result: inout [UndecodableName]) {
        let (names, undecodable) = Self.names(in: folder)
        result += undecodable.filter { name in
            let isFolder = name.isFolder
            return isFolder ? !rules.ignoresFolder(named: name.shown) : !rules.ignoresFile(named: name.shown)
        }
        for name in names.sorted() where !rules.ignoresFolder(named: name) && isFolderEntry("\(folder)/\(name)") {
            let path = "\(folder)/\(name)"
            if !isOwn(folder: path) { collectUndecodable(path, into: &result) }
        }
    }

    private func isFolderEntry(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The folder's entries by their bytes: UTF-8 names as strings, the others apart.
    static func names(in folder: String) -> (names: [String], undecodable: [UndecodableName]) {
        guard let directory = opendir(folder) else { return ([], []) }
        defer { closedir(directory) }
        var names: [String] = [], undecodable: [UndecodableName] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                names.append(name)
            } else {
                undecodable.append(UndecodableName(folder: folder, bytes: bytes))
            }
        }
        return (names, undecodable)
    }

    private func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        Self.names(in: folder).names.sorted().map { name in (name, isFolderEntry("\(folder)/\(name)")) }
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

/// A file or folder whose name is not UTF-8 (a camera's or an old system's Latin-1 name): shown,
/// and renamed to, the name with each byte that is not UTF-8 written as `%XX`.
public struct UndecodableName: Sendable, Equatable {
    public let folder: String
    public let bytes: [UInt8]

    public init(folder: String, bytes: [UInt8]) {
        self.folder = folder
        self.bytes = bytes
    }

    /// `caf%E9.jpg` for the Latin-1 bytes of `café.jpg`.
    public var shown: String {
        var text = ""
        var rest = bytes[...]
        while !rest.isEmpty {
            // The longest prefix that is UTF-8, then one byte escaped.
            var length = rest.count
            while length > 0, String(validating: rest.prefix(length), as: UTF8.self) == nil { length -= 1 }
            if length > 0 {
                text += String(decoding: rest.prefix(length), as: UTF8.self)
                rest = rest.dropFirst(length)
            } else {
                text += String(format: "%%%02X", rest.first!)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    public var shownPath: String { "\(folder)/\(shown)" }

    public var isFolder: Bool { fileType == S_IFDIR }

    public var isRegularFile: Bool { fileType == S_IFREG }

    private var fileType: mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// The path as the C string the system takes.
    public var path: [CChar] {
        (Array(folder.utf8) + [0x2F] + bytes + [0]).map { CChar(bitPattern: $0) }
    }
}
