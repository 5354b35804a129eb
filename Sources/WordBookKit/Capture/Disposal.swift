import Foundation
import Glibc

/// Where a photo goes after the worker is done with it.
public struct Disposal: Sendable {
    public let inbox: String
    public let archive: String
    public let failed: String
    public let afterFiling: AfterFiling

    public init(paths: DataPaths, afterFiling: AfterFiling) {
        inbox = paths.inbox
        archive = paths.archive
        failed = paths.failed
        self.afterFiling = afterFiling
    }

    /// The path relative to the inbox ("de/Straße.jpg").
    public func relativeName(of path: String) -> String {
        path.hasPrefix(inbox + "/") ? String(path.dropFirst(inbox.count + 1)) : (path as NSString).lastPathComponent
    }

    /// After the commit: into `archive/DAY/`, or deleted when so configured. Returns where it went.
    @discardableResult
    public func archive(_ path: String, day: String) throws -> String? {
        if afterFiling == .delete {
            guard unlink(path) == 0 || errno == ENOENT else { throw DisposalError(path: path, errno: errno) }
            return nil
        }
        return try move(path, into: "\(archive)/\(day)", name: (path as NSString).lastPathComponent)
    }

    /// Into `failed/` (keeping the language folder), with `NAME.error.txt` saying why.
    @discardableResult
    public func fail(_ path: String, reason: String) throws -> String {
        let relative = relativeName(of: path)
        let folder = ((failed as NSString).appendingPathComponent(relative) as NSString).deletingLastPathComponent
        let destination = try move(path, into: folder, name: (relative as NSString).lastPathComponent)
        let note = "\(relativeName(of: path)): \(reason)\n"
        try note.write(toFile: destination + ".error.txt", atomically: true, encoding: .utf8)
        return destination
    }

    /// Renames `path` into `folder` under `name`, or `name (2)` and so on when taken.
    private func move(_ path: String, into folder: String, name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        for attempt in 1...10_000 {
            let candidate = attempt == 1 ? name : (ext.isEmpty ? "\(stem) (\(attempt))" : "\(stem) (\(attempt)).\(ext)")
            let destination = "\(folder)/\(candidate)"
            // link + unlink never replaces an existing file, unlike rename.
            if link(path, destination) == 0 {
                unlink(path)
                return destination
            }
            if errno == EEXIST { continue }
            if errno == EXDEV || errno == EPERM {
                guard !FileManager.default.fileExists(atPath: destination) else { continue }
                try FileManager.default.moveItem(atPath: path, toPath: destination)
                return destination
            }
            throw DisposalError(path: path, errno: errno)
        }
        throw DisposalError(path: path, errno: EEXIST)
    }
}

public struct DisposalError: Error, CustomStringConvertible {
    let path: String
    let errno: Int32

    public var description: String {
        "\(path) could not be moved: \(String(cString: strerror(errno)))"
    }
}
