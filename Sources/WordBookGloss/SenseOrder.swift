import Foundation

/// Which of a word's senses a learner meets first, from data. Ding's file lists a word's lines in
/// alphabetical order, not in order of use (`Zug`: "lineament" first, "train" last), so each line, a
/// sense, is weighed by two things:
/// - how common its English words are in English (EnglishFrequency's Zipf value: "train" 5.0, "move"
///   5.6, "lineament" below 3): a learner meets first the sense in the words everyone uses;
/// - how much Ding says about it: the forms, examples and compounds a line gives after the sense
///   itself. Ding's editors write them for the senses in use: `Zug`'s "train" line has 52 parts, the
///   game's "move" 5, "lineament" 2. On a log scale, as Zipf is: ten times the parts count as ten
///   times the frequency.
/// Ding's order stands unless a later sense is ten times more common (one Zipf higher) than the next
/// one in Ding's order: then the most common goes first. Ding's first line for `Ausgang`, "exit",
/// keeps its place before "ending"; `Zug`'s "train" goes before "lineament".
/// A line whose first word is another (`Eisenbahnzug; Zug (Bahn)`, `Achtung` third in `Respekt;
/// Hochachtung; Achtung`), or a verb's use with a preposition and object (`um etw. feilschen`), is that
/// word's sense second, and counts half a Zipf lower.
enum SenseOrder {
    /// The translations that stand for a sense: the first few of one line, synonyms of one another.
    static let translationsWeighed = 3

    /// Senses in Ding's order, each time the next one, unless the most common of those left is one
    /// Zipf above it: then that one.
    static func ordered<Sense>(_ senses: [Sense], commonness: (Sense) -> Double) -> [Sense] {
        var left = senses.map { ($0, commonness($0)) }
        var ordered: [Sense] = []
        while let next = left.first {
            let best = left.indices.max { left[$0].1 < left[$1].1 } ?? 0
            let chosen = left[best].1 >= next.1 + 1 ? best : 0
            ordered.append(left.remove(at: chosen).0)
        }
        return ordered
    }

    /// Whether one of the first few translations is in English words the frequency table holds:
    /// "to palter" is not, "to haggle" neither, "to bargain" is.
    static func hasKnownTranslation(_ translations: [String]) -> Bool {
        translations.prefix(translationsWeighed).contains { translation in
            EnglishFrequency.zipf(of: translation).map { $0 > EnglishFrequency.rare } ?? false
        }
    }

    /// How common a sense is: the Zipf value of its most common translation among the first few, plus
    /// the base-10 logarithm of the line's parts, less a half when the word is not the line's first.
    /// A sense Ding labels as out of use or rare (`dated`, `obs.`, `poet.`, `hist.`, …) counts one lower:
    /// the label says a learner meets it less than its English word suggests (`Herr` as the master of a
    /// slave, `[hist.]`, against "gentleman").
    static func commonness(_ translations: [String], parts: Int, synonym: Bool, labelledRare: Bool = false) -> Double {
        let best = translations.prefix(translationsWeighed).compactMap(EnglishFrequency.zipf(of:)).max() ?? EnglishFrequency.rare
        return best + log10(Double(max(parts, 1))) - (synonym ? 0.5 : 0) - (labelledRare ? 1 : 0)
    }
}
