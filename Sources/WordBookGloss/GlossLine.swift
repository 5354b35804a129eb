/// The one line a learner reads beside a word: its translations, the ones several senses agree on
/// first and the rest in the dictionary's order, whole ones only up to about 60 characters, then the
/// headword's part of speech and gender: `exit, way out, expenses (n, masc)`.
///
/// Agreement comes first because FreeDict's German dictionaries give each sense its own entry in no
/// order of use: `geschlossen` has nineteen, and five of them say "closed".
enum GlossLine {
    static let width = 60

    /// A translation and the entry that first gave it.
    struct Translation: Equatable {
        var text: String
        var entry: Int
    }

    /// The entries' translations, each once (case aside), by how many senses give it, then by first appearance.
    static func ranked(_ entries: [DictionaryEntry]) -> [Translation] {
        var translations: [Translation] = []
        var positions: [String: Int] = [:]
        var senseCounts: [Int] = []
        for (number, entry) in entries.enumerated() {
            for sense in entry.senses {
                var counted: Set<Int> = []
                for text in sense {
                    let key = text.lowercased()
                    let position = positions[key] ?? {
                        translations.append(Translation(text: text, entry: number))
                        senseCounts.append(0)
                        positions[key] = translations.count - 1
                        return translations.count - 1
                    }()
                    if counted.insert(position).inserted { senseCounts[position] += 1 }
                }
            }
        }
        return translations.indices
            .sorted { (senseCounts[$0], -$0) > (senseCounts[$1], -$1) }
            .map { translations[$0] }
    }

    /// The line itself; empty when there is no translation.
    static func text(_ translations: [Translation], grammar: Grammar) -> String {
        text(translations.map(\.text), grammar: grammar)
    }

    static func text(_ translations: [String], grammar: Grammar) -> String {
        var shown: [String] = []
        var length = 0
        for translation in translations {
            let added = (shown.isEmpty ? 0 : 2) + translation.count
            guard shown.isEmpty || length + added <= width else { break }
            shown.append(translation)
            length += added
        }
        guard !shown.isEmpty else { return "" }
        let line = shown.joined(separator: ", ")
        return grammar.summary.map { "\(line) (\($0))" } ?? line
    }
}
