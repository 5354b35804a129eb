/// The note beside a photo in `failed/` that says why it failed: `NAME.error.txt`.
public enum FailureNote {
    static let suffix = ".error.txt"

    /// `NAME.error.txt` beside `photo`, with NAME shortened when the whole would pass the 255-byte
    /// limit of a file name.
    public static func path(for photo: String) -> String {
        let slash = photo.lastIndex(of: "/")
        let folder = slash.map { String(photo[..<$0]) } ?? "."
        var name = slash.map { String(photo[photo.index(after: $0)...]) } ?? photo
        while name.utf8.count + suffix.utf8.count > 255 { name.removeLast() }
        return "\(folder)/\(name)\(suffix)"
    }

    /// Whether `path` is such a note rather than a photo.
    public static func isNote(_ path: String) -> Bool {
        path.hasSuffix(suffix)
    }
}
