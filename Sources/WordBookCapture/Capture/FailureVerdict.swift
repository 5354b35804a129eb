import Foundation
import Glibc
import GRDB
import WordBookPipeline

/// Whether a photo that could not be filed failed for good, is worth another try later, or is
/// perhaps still being written: the one place that decides.
public enum FailureVerdict: Sendable, Equatable {
    /// The photo itself is the problem: it goes to failed/ with the reason.
    case final
    /// Nothing is wrong with the photo (a full disk, a database held by another process): it stays
    /// in the inbox and is tried again after a while.
    case retryLater
    /// Memory ran out: the machine's for a moment, or this photo needs more than the worker may
    /// have. It stays in the inbox and is tried again after a while, a few times, then it is failed.
    case shortOfMemory
    /// A sync tool may still be writing it: it is tried again once it has been left alone.
    case stillBeingWritten
    /// The database is damaged (corrupt pages): no photo can be filed, and none is at fault; the
    /// photos stay in the inbox and the worker stops.
    case databaseDamaged

    /// How long a file must be left alone before a failure to read it counts.
    public static let settleTime: TimeInterval = 2
    /// Whether a file modified at `modified` may still be being written: modified in the last
    /// `settleTime`. A time further ahead than that (a phone's clock ahead, `cp -p` of such a file)
    /// says nothing about writing, and waiting for it to pass would wait for ever.
    public static func mayBeWriting(modified: Date, now: Date = Date()) -> Bool {
        abs(now.timeIntervalSince(modified)) < settleTime
    }

    /// How young an empty file may be and still be filling.
    public static let emptyFileGrace: TimeInterval = 30

    /// The verdict on `error`, met filing the file at `path`.
    public static func judge(_ error: Error, path: String, now: Date = Date()) -> FailureVerdict {
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_NOMEM { return .shortOfMemory }
        if let error = error as? DatabaseError, isTransient(error) { return .retryLater }
        if let error = error as? ResourceLimitError { return error.code == ENOMEM ? .shortOfMemory : .retryLater }
        if case .outOfMemory? = error as? ImagingError { return .shortOfMemory }
        if let error = error as? DatabaseError, [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) { return .databaseDamaged }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .final }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        if mayBeWriting(modified: modified, now: now) { return .stillBeingWritten }
        // Created but not written yet, perhaps: an empty file gets longer to fill.
        let changed = Date(timeIntervalSince1970: Double(info.st_ctim.tv_sec))
        if info.st_size == 0 && now.timeIntervalSince(changed) < emptyFileGrace { return .stillBeingWritten }
        return .final
    }

    /// Database errors that say nothing about the photo.
    static func isTransient(_ error: DatabaseError) -> Bool {
        [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_READONLY, .SQLITE_CANTOPEN]
            .contains(error.resultCode)
    }
}
