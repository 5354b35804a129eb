import Foundation
import Glibc
import WordBookPipeline
import WordBookSettings

/// A worker starting on a new word book whose inbox is mostly something other than photos (a
/// documents folder named by mistake in `paths.inbox`) would move every one of those files into
/// failed/. It refuses instead, naming a few of them, and moves nothing.
///
/// A phone's first sync brings photos, and a sync folder a stray file or two (a note, a hidden
/// marker): only an inbox of `fewestFilesJudged` files or more, more than half of them no picture by
/// their first bytes, is refused. Once the word book exists, the learner has chosen the inbox.
public struct UnlikelyInbox: Error, CustomStringConvertible, Equatable {
    public let inbox: String
    public let files: Int
    public let others: [String]

    /// Fewer files than this are never judged: a few stray ones are no sign of a wrong folder.
    public static let fewestFilesJudged = 20
    /// At most this many files are opened to judge: the first of them, by name.
    static let filesOpened = 1000

    public var description: String {
        let named = others.prefix(3).map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        return "the inbox \(inbox) holds \(files) files, \(others.count) of them no photos (\(named), …), "
            + "and the worker would move those into failed/: on a first start it files nothing from such a folder. "
            + "Point paths.inbox at the folder your phone's photos arrive in, or move the other files out"
    }

    /// Throws when `paths.inbox`, judged by the first `filesOpened` of its files, is mostly no photos.
    public static func check(paths: DataPaths, rules: IgnoreRules) throws {
        let files = InboxScanner(paths: paths, rules: rules).files().sorted()
        guard files.count >= fewestFilesJudged else { return }
        let judged = files.prefix(filesOpened)
        let others = judged.filter { !isPicture($0) }
        if others.count * 2 > judged.count {
            throw UnlikelyInbox(inbox: paths.inbox, files: files.count, others: others)
        }
    }

    /// Whether the file's first bytes are those of a picture format the worker reads.
    static func isPicture(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return true }  // unreadable: not this check's to judge
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
        let count = read(descriptor, &head, head.count)
        return count > 0 && ImageFormat(sniffing: head.prefix(count)) != nil
    }
}
