import Foundation
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#endif

/// Why an Anki package was not written; the message is what the learner reads.
public enum AnkiExportError: Error, CustomStringConvertible, Equatable {
    case noWords(path: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .noWords(path):
            return "no words match, so \(path) was not written"
        case let .cannotWrite(path, reason):
            return "\(path) could not be written: \(reason)"
        }
    }
}

/// A legacy Anki package (.apkg): a zip of `collection.anki2`, a `media` map from entry numbers to
/// file names, and the media files themselves as entries "0", "1", ...
public struct AnkiPackage {
    /// A file the cards show, read only when it is written into the package.
    public struct Medium {
        public var name: String
        public var bytes: () throws -> Data

        public init(name: String, bytes: @escaping () throws -> Data) {
            self.name = name
            self.bytes = bytes
        }
    }

    public var collection: AnkiCollection
    public var media: [Medium]

    public init(collection: AnkiCollection, media: [Medium]) {
        self.collection = collection
        self.media = media
    }

    /// Writes the package to `path` through a temporary file beside it, renamed into place at the
    /// end: `path` is either the whole new package or left as it was.
    public func write(to path: String, now: Date = Date()) throws {
        let destination = URL(fileURLWithPath: path)
        let folder = destination.deletingLastPathComponent()
        let partial = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).part")
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-anki-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: workspace)
            try? FileManager.default.removeItem(at: partial)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw AnkiExportError.cannotWrite(path: path, reason: "the folder \(folder.path) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw AnkiExportError.cannotWrite(path: path, reason: "it is a folder")
        }
        let archive: Archive
        do {
            archive = try Archive(url: partial, accessMode: .create)
        } catch {
            throw AnkiExportError.cannotWrite(path: path, reason: Self.reason(creating: folder))
        }

        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let collectionFile = workspace.appendingPathComponent("collection.anki2")
        try collection.write(to: collectionFile.path, now: now)
        do {
            try archive.addEntry(with: "collection.anki2", fileURL: collectionFile, compressionMethod: .deflate)
            var names: [String: String] = [:]
            for (index, medium) in media.enumerated() {
                let bytes = try medium.bytes()
                // JPEGs do not shrink: stored as they are.
                try archive.addEntry(with: String(index), type: .file, uncompressedSize: Int64(bytes.count),
                                     modificationDate: now, provider: { position, size in
                                         let start = Int(position)
                                         return bytes.subdata(in: start..<min(bytes.count, start + size))
                                     })
                names[String(index)] = medium.name
            }
            let map = try JSONSerialization.data(withJSONObject: names, options: [.sortedKeys])
            try archive.addEntry(with: "media", type: .file, uncompressedSize: Int64(map.count), modificationDate: now,
                                 provider: { position, size in
                                     map.subdata(in: Int(position)..<min(map.count, Int(position) + size))
                                 })
        } catch let error as AnkiExportError {
            throw error
        } catch {
            throw AnkiExportError.cannotWrite(path: path, reason: "\(error)")
        }
        guard rename(partial.path, path) == 0 else {
            throw AnkiExportError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Why a file could not be created in `folder`, in words.
    private static func reason(creating folder: URL) -> String {
        access(folder.path, W_OK) == 0 ? "the file could not be created" : "the folder \(folder.path) is not writable"
    }
}
