import CArchive
import Foundation

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
        guard let archive = archive_write_new() else {
            throw AnkiExportError.cannotWrite(path: path, reason: "out of memory")
        }
        defer { archive_write_free(archive) }
        archive_write_set_format_zip(archive)
        guard archive_write_open_filename(archive, partial.path) == ARCHIVE_OK else {
            throw AnkiExportError.cannotWrite(path: path, reason: Self.reason(creating: folder))
        }

        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let collectionFile = workspace.appendingPathComponent("collection.anki2")
        try collection.write(to: collectionFile.path, now: now)
        do {
            let writer = ZipWriter(archive: archive, modified: now)
            try writer.add("collection.anki2", try Data(contentsOf: collectionFile), compressed: true)
            var names: [String: String] = [:]
            for (index, medium) in media.enumerated() {
                // JPEGs do not shrink: stored as they are.
                try writer.add(String(index), try medium.bytes(), compressed: false)
                names[String(index)] = medium.name
            }
            try writer.add("media", try JSONSerialization.data(withJSONObject: names, options: [.sortedKeys]), compressed: true)
            guard archive_write_close(archive) == ARCHIVE_OK else { throw writer.error() }
        } catch let error as AnkiExportError {
            throw error
        } catch let error as ZipWriter.Failure {
            throw AnkiExportError.cannotWrite(path: path, reason: error.message)
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

/// Entries streamed into a zip one after another: each is written once, and the central
/// directory once at the end.
private struct ZipWriter {
    struct Failure: Error {
        var message: String
    }

    let archive: OpaquePointer
    let modified: Date

    func add(_ name: String, _ bytes: Data, compressed: Bool) throws {
        let compression = compressed ? archive_write_zip_set_compression_deflate(archive)
            : archive_write_zip_set_compression_store(archive)
        guard compression == ARCHIVE_OK, let entry = archive_entry_new() else { throw error() }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname(entry, name)
        archive_entry_set_filetype(entry, 0o100000)  // AE_IFREG, a cast macro Swift does not import
        archive_entry_set_perm(entry, 0o644)
        archive_entry_set_size(entry, la_int64_t(bytes.count))
        archive_entry_set_mtime(entry, time_t(modified.timeIntervalSince1970), 0)
        guard archive_write_header(archive, entry) == ARCHIVE_OK else { throw error() }
        let written = bytes.withUnsafeBytes { buffer in
            buffer.isEmpty ? 0 : archive_write_data(archive, buffer.baseAddress, buffer.count)
        }
        guard written == bytes.count else { throw error() }
    }

    func error() -> Failure {
        Failure(message: archive_error_string(archive).map { String(cString: $0) } ?? "the zip could not be written")
    }
}
