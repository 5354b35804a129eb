import Foundation

/// Ding's German-English dictionary, read in place: the text file stays mapped, and an index of its
/// German terms, built once, finds a word's lines by binary search.
///
/// The index has dictd's format (`key<TAB>offset<TAB>length`, keys as dictfmt writes them, sorted by
/// their bytes, lines of one key in the file's order), so `DictionaryIndex` reads it. It lives in the
/// index folder as `ding-de-en-FORMAT-SIZE-MTIME.index`: a source file of another size or time, or an
/// index whose terms are read another way (`indexFormat`), is another name, so a changed file is
/// indexed again and the old index removed.
final class DingDictionary: Sendable {
    let path: String
    private let text: MappedFile
    private let index: DictionaryIndex
    private let accented: AccentedKeys

    /// Opens `path` and its index in `indexFolder`, building the index first when it is not there.
    /// A folder that cannot be written gets the index in the temporary folder, for this process only.
    init(path: String, indexFolder: String) throws(GlossError) {
        self.path = path
        text = try MappedFile(path: path)
        index = try Self.index(of: path, text: text, folder: indexFolder)
        accented = AccentedKeys(index)
    }

    /// The index of `text`, the file at `path`: the one in `folder`, else built and written there.
    private static func index(of path: String, text: MappedFile, folder: String) throws(GlossError) -> DictionaryIndex {
        let indexPath = try indexPath(for: path, folder: folder)
        if let existing = try? DictionaryIndex(path: indexPath), existing.file.bytes.count > 0 {
            return existing
        }
        let built = buildIndex(text.bytes)
        if let written = write(built, to: indexPath, removingOthersIn: folder) {
            return try DictionaryIndex(path: written)
        }
        let temporary = NSTemporaryDirectory() + "/wordbook-ding-\(getpid())-\(UUID().uuidString).index"
        guard let written = write(built, to: temporary, removingOthersIn: nil) else {
            throw .unreadable(path: temporary, reason: "the index of \(path) could not be written")
        }
        let index = try DictionaryIndex(path: written)
        unlink(written)  // the mapping stays; the file goes with the process
        return index
    }

    /// Where the index of the file at `path`, as it is now, lives in `folder`.
    static func indexPath(for path: String, folder: String) throws(GlossError) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        return "\(folder)/\(indexPrefix)\(indexFormat)-\(status.st_size)-\(status.st_mtim.tv_sec).index"
    }

    /// How the index reads a line's terms; a change to `DingEntry`'s terms counts it up.
    /// 2: a verb's preposition and object are not the term (`um etw. feilschen` is under feilschen).
    private static let indexFormat = 2

    private static let indexPrefix = "ding-de-en-"

    /// The default index folder: systemd's cache directory for the service, else the user's cache.
    static func defaultIndexFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let cache = environment["CACHE_DIRECTORY"]?.split(separator: ":").first { return String(cache) }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/wordbook" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/wordbook" }
        return NSTemporaryDirectory() + "/wordbook"
    }

    // MARK: - Looking up

    /// The lines that hold a term of `forms` (one word's case variants, all under one key), with each
    /// line's best role for the first form some term spells exactly, and that spelling; the key alone
    /// when none does, unless `exactly`.
    func entries(forms: [String], exactly: Bool = false) -> (entries: [(entry: DingEntry, match: DingEntry.Match)], headword: String)? {
        guard let first = forms.first else { return nil }
        let key = DictionaryIndex.key(for: first)
        guard !key.isEmpty else { return nil }
        var lines: [DingEntry] = []
        for location in index.locations(forKey: key) {
            guard location.offset >= 0, location.length > 0, location.offset + location.length <= text.bytes.count else { continue }
            let bytes = UnsafeRawBufferPointer(rebasing: text.bytes[location.offset..<location.offset + location.length])
            if let entry = DingEntry(line: String(decoding: bytes, as: UTF8.self)) { lines.append(entry) }
        }
        let matches = lines.map { ($0, $0.matches(key)) }
        var calls: (entries: [(entry: DingEntry, match: DingEntry.Match)], headword: String)?
        for form in forms + (exactly ? [] : [nil]) {
            // The call is the word's before any other spelling of its key (`Erzähl!`, "Shoot!", before `Erzähl…`, which begins compounds).
            if form == nil, let calls { return calls }
            var found: [(entry: DingEntry, match: DingEntry.Match)] = []
            var headword: String?
            for (entry, terms) in matches {
                guard let best = terms.filter({ form == nil || $0.spelling == form })
                    .min(by: { ($0.role, $0.position) < ($1.role, $1.position) }) else { continue }
                found.append((entry, best))
                headword = headword ?? best.spelling
            }
            guard let headword, !found.isEmpty else { continue }
            // A word with a capital may be one a sign or a sentence starts with: where Ding has it so only
            // as a call (`Danke!` on a film set, "Cut!"; `Natürlich!`, "Sure I will!"), the word in small
            // letters is read first (danke, "thanks"; natürlich, "natural").
            if calls == nil, let form, form != form.lowercased(), form == form.prefix(1) + form.dropFirst().lowercased(),
               forms.contains(form.lowercased()),
               found.allSatisfy({ $0.match.part == 0 && $0.match.position < $0.entry.head.count && $0.entry.head[$0.match.position].call }) {
                calls = (found, form)
                continue
            }
            return (found, form ?? headword)
        }
        return calls
    }

    /// The other keys that `word` shares once accents are left out and ß is ss (`Strasse` → straße).
    func accentedKeys(of word: String) -> [String] {
        accented.of(word)
    }

    // MARK: - Building the index

    /// The index's bytes: a line per indexed term of every dictionary line.
    static func buildIndex(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        // Each key's bytes in one buffer, and its record pointing there: sorted by memcmp, as the index is read.
        var keyBytes: [UInt8] = []
        var records: [(keyStart: Int, keyLength: Int, offset: Int, length: Int)] = []
        records.reserveCapacity(1_200_000)
        keyBytes.reserveCapacity(12_000_000)
        guard let base = bytes.baseAddress else { return [] }
        var start = 0
        while start < bytes.count {
            let end = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start).map { UnsafeRawPointer($0) - base } ?? bytes.count
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            if end > start, bytes[start] != UInt8(ascii: "#"), let separator = DingEntry.separatorOffset(in: line) {
                let german = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<separator]), as: UTF8.self)
                if let terms = DingEntry.indexedTerms(germanSide: german) {
                    var keys: Set<String> = []
                    for term in terms {
                        let key = DictionaryIndex.key(for: term)
                        if !key.isEmpty, keys.insert(key).inserted {
                            records.append((keyBytes.count, key.utf8.count, start, end - start))
                            keyBytes.append(contentsOf: key.utf8)
                        }
                    }
                }
            }
            start = end + 1
        }
        keyBytes.withUnsafeBytes { keys in
            records.sort { a, b in
                let order = memcmp(keys.baseAddress! + a.keyStart, keys.baseAddress! + b.keyStart, min(a.keyLength, b.keyLength))
                if order != 0 { return order < 0 }
                return a.keyLength != b.keyLength ? a.keyLength < b.keyLength : a.offset < b.offset
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(records.count * 20)
        for record in records {
            output += keyBytes[record.keyStart..<record.keyStart + record.keyLength]
            output.append(UInt8(ascii: "\t"))
            output += base64(record.offset)
            output.append(UInt8(ascii: "\t"))
            output += base64(record.length)
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    /// dictd's base64 digits for `value`, the most significant first.
    static func base64(_ value: Int) -> [UInt8] {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var value = value
        var result: [UInt8] = []
        repeat {
            result.append(digits[value & 63])
            value >>= 6
        } while value > 0
        return result.reversed()
    }

    /// Writes beside the final name and renames, so a reader never maps half an index; nil when the folder refuses.
    private static func write(_ bytes: [UInt8], to path: String, removingOthersIn folder: String?) -> String? {
        let manager = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        try? manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let partial = path + ".\(getpid()).part"
        guard manager.createFile(atPath: partial, contents: Data(bytes)), rename(partial, path) == 0 else {
            unlink(partial)
            return nil
        }
        if let folder, let names = try? manager.contentsOfDirectory(atPath: folder) {
            let kept = (path as NSString).lastPathComponent
            for name in names where name.hasPrefix(indexPrefix) && name.hasSuffix(".index") && name != kept {
                try? manager.removeItem(atPath: folder + "/" + name)
            }
        }
        return path
    }
}
