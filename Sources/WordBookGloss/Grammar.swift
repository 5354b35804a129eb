/// What an entry's header says about its headword: the part of speech and the gender, as FreeDict
/// abbreviates them (`<masc, n, sg>`, `<n, fem>`, `<n, f>`, `<vt>`). Transitivity and the headword's
/// number are left out: a learner glancing at a gloss wants to know "a noun, feminine", not "singular,
/// transitive". A word that is a noun's plural (`Herren`, `femmes`) says so: its article is the
/// plural's (`die Herren`, `les femmes`).
struct Grammar: Equatable {
    var partsOfSpeech: [String] = []
    var genders: [String] = []
    /// Whether the word looked up is a plural noun, set by the route that knows it.
    var plural = false

    private static let partsOfSpeech: Set = ["n", "v", "vt", "vi", "adj", "adv", "prep", "conj", "pron", "num", "int", "art", "pn", "ptcl"]
    private static let genders = ["masc": "masc", "fem": "fem", "neut": "neut", "m": "masc", "f": "fem"]

    /// From the comma-separated tags of the header's `<...>` groups.
    init(tags: [String]) {
        for tag in tags {
            if let gender = Self.genders[tag] {
                if !genders.contains(gender) { genders.append(gender) }
            } else if Self.partsOfSpeech.contains(tag), !partsOfSpeech.contains(tag) {
                partsOfSpeech.append(tag)
            }
        }
    }

    init() {}

    /// The part of speech a translation must share: a verb, transitive or not, is a verb.
    var kind: String? {
        partsOfSpeech.first.map { ["vt", "vi"].contains($0) ? "v" : $0 }
    }

    /// `n, masc`, `n, masc, pl`, or nil when the header names neither.
    var summary: String? {
        let parts = partsOfSpeech + genders + (plural && partsOfSpeech.contains("n") ? ["pl"] : [])
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
