import Glibc

/// Names the inbox never treats as photos: hidden files, sync tools' temporary names, system litter.
public struct IgnoreRules: Sendable {
    public static let filePatterns = [
        ".*", "*.part", "*.tmp", "*.filepart", "*.crdownload", "*~", "*.error.txt",
        "desktop.ini", "Thumbs.db",
    ]
    public static let folderNames: Set<String> = [".stfolder", ".stversions", "@eaDir", ".Trashes", "__MACOSX"]

    public let extraPatterns: [String]

    public init(extraPatterns: [String] = []) {
        self.extraPatterns = extraPatterns
    }

    /// Whether a file with this name (the last path component) is left alone.
    public func ignoresFile(named name: String) -> Bool {
        (Self.filePatterns + extraPatterns).contains { fnmatch($0, name, 0) == 0 }
    }

    /// Whether a folder with this name is left alone, with everything in it.
    public func ignoresFolder(named name: String) -> Bool {
        name.hasPrefix(".") || Self.folderNames.contains(name)
            || extraPatterns.contains { fnmatch($0, name, 0) == 0 }
    }
}
