import CHunspell
import Glibc
import Synchronization

/// One hunspell dictionary, asked for the stems of an inflected form: `Straßen` → `Straße`,
/// `sorties` → `sortie`. Hunspell is not thread-safe, so every call holds the handle's lock.
final class Stemmer: Sendable {
    private let handle: Mutex<OpaquePointer>

    /// Nil when the `.aff` or `.dic` file is missing: hunspell would quietly stem nothing.
    init?(affixPath: String, dictionaryPath: String) {
        guard access(affixPath, R_OK) == 0, access(dictionaryPath, R_OK) == 0,
              let created = Hunspell_create(affixPath, dictionaryPath) else { return nil }
        handle = Mutex(created)
    }

    deinit {
        handle.withLock { Hunspell_destroy($0) }
    }

    /// Whether hunspell knows `word` as written (a word in capitals counts when its letters form a known word).
    func knows(_ word: String) -> Bool {
        handle.withLock { Hunspell_spell($0, word) != 0 }
    }

    /// The stems hunspell gives for `word`, in its order, without `word` itself.
    func stems(of word: String) -> [String] {
        allStems(of: word).filter { $0 != word }
    }

    /// Whether hunspell gives `word` as a stem of itself: a word of its own (the name `Hans`), not only
    /// a form of another (`Bahnhofs`).
    func isStem(_ word: String) -> Bool {
        allStems(of: word).contains(word)
    }

    private func allStems(of word: String) -> [String] {
        handle.withLock { handle in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = Int(Hunspell_stem(handle, &list, word))
            defer { Hunspell_free_list(handle, &list, Int32(count)) }
            guard count > 0, let list else { return [] }
            var stems: [String] = []
            for position in 0..<count {
                guard let stem = list[position].map({ String(cString: $0) }), !stems.contains(stem) else { continue }
                stems.append(stem)
            }
            return stems
        }
    }
}
