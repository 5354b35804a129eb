/// Why a dictionary file could not be used; the description names the file and is what the learner reads.
public enum GlossError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case notDictzip(path: String, reason: String)
    case corrupt(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "\(path) could not be read: \(reason)"
        case let .notDictzip(path, reason):
            "\(path) is not a dictzip file: \(reason)"
        case let .corrupt(path, reason):
            "\(path) is damaged: \(reason)"
        }
    }
}
