
/// One FreeDict dictionary as Debian installs it for dictd: `freedict-fra-eng.index` and `.dict.dz`.
/// Opened once per glossary; both files stay mapped and every read leaves them as they are.
final class BilingualDictionary: Sendable {
    /// FreeDict's name for the pair, source language first: `fra-eng`.
    let pair: String
    private let index: DictionaryIndex
    private let text: DictzipFile
    private let accented: AccentedKeys

    init(folder: String, pair: String) throws(GlossError) {
        self.pair = pair
        index = try DictionaryIndex(path: Self.path(folder: folder, pair: pair, ending: "index"))
        accented = AccentedKeys(index)
        text = try DictzipFile(path: Self.path(folder: folder, pair: pair, ending: "dict.dz"))
    }

    static func path(folder: String, pair: String, ending: String) -> String {
        "\(folder)/freedict-\(pair).\(ending)"
    }

    /// The other keys that `word` shares once accents are left out and ß is ss (`Strasse` → straße).
    func accentedKeys(of word: String) -> [String] {
        accented.of(word)
    }

    /// Every entry whose headword dictfmt filed under the same key as `word`, in the dictionary's order.
    func entries(underKeyOf word: String) throws(GlossError) -> [DictionaryEntry] {
        let key = DictionaryIndex.key(for: word)
        guard !key.isEmpty else { return [] }
        var locations = index.locations(forKey: key)
        // dictfmt files the second form of `modisto, | modista` under ` modista`, with its leading space.
        if locations.isEmpty { locations = index.locations(forKey: " " + key) }
        var entries: [DictionaryEntry] = []
        for location in locations { entries.append(DictionaryEntry(text: try text.text(at: location))) }
        return entries
    }

    /// The entries for `forms` of one word (its case variants, all under one key), and the headword as
    /// they spell it. The first form some header spells exactly wins: the key ignores case, the header
    /// does not (`Essen` the meal, `essen` to eat). When no header spells any of the forms, every
    /// entry under the key, unless `exactly` asks for a spelled headword.
    /// With `leftOut`, a key whose every entry is labelled (`[coloq.] huevos`) gives none, and
    /// `leftOut` records that it met one: a look-up first reads without them, so that `huevos` is
    /// huevo's plural, eggs, before slang.
    func entries(forms: [String], exactly: Bool = false, leftOut: Glossary.LabelledLeftOut? = nil) throws(GlossError)
        -> (entries: [DictionaryEntry], headword: String)? {
        guard let first = forms.first else { return nil }
        let entries = try entries(underKeyOf: first)
        for form in forms {
            // A region's or a register's entry is not the word's own: spa-deu's `dije` is "er sagte",
            // and Chile's adjective `[Chile] dije` ("nett") is read only where the word has no other.
            let spelled = entries.filter { $0.labels.isEmpty && $0.spellings.contains(form) }
            if !spelled.isEmpty { return (spelled, form) }
        }
        guard !exactly, let entry = entries.first else { return nil }
        if let leftOut, !entries.contains(where: \.labels.isEmpty) {
            leftOut.met = true
            return nil
        }
        let key = DictionaryIndex.key(for: first)
        return (entries, entry.spellings.first { DictionaryIndex.key(for: $0) == key } ?? entry.headword)
    }
}
