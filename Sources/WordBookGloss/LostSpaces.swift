/// FreeDict's Spanish-English dictionary writes most of its translations of several words without
/// their spaces: `tener` is "havegot", `poder` "beableto", `porque` "forthereasonthat", `zumo de
/// manzana` "applejuice" (about 400 of its 3,952 translations of five letters or more). A translation
/// English hunspell does not know and the frequency table does not list is written again with its
/// spaces, when it cuts into English words the table lists and hunspell knows (`ment` and `que`, which
/// the table lists from names and French, are none):
/// - into as few words as it can (`belongto` is "belong to", not "be long to");
/// - each of three letters or more, or one of English's words of one or two letters (`a`, `to`,
///   `of`: a closed class), so that no stray letters make a word (`labourer` is no "labour er");
/// - of those, the cut whose words are the more common phrase (EnglishFrequency's Zipf of a phrase):
///   `firstaid` is "first aid", not "fir staid";
/// - and only when that phrase reaches Zipf 2: a rarer one is a word of its own that hunspell lacks
///   (`carburettor` cuts only into "carb ur et tor").
/// Only spa-eng is read so: fra-eng's few such translations stand among British and old spellings
/// hunspell en_US does not know (`rigour`, `adaptor`, `worshipper`), which would be cut.
enum LostSpaces {
    /// The dictionaries whose translations lost their spaces.
    static let dictionaries: Set = ["spa-eng"]

    /// English's words of one or two letters, the only such parts a cut may have.
    static let shortWords: Set = ["a", "an", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is", "it",
                                  "me", "my", "no", "of", "on", "or", "so", "to", "up", "us", "we"]

    /// The Zipf value a phrase must reach to be read as one.
    static let commonEnough = 2.0

    /// `translation` with its spaces, or as it is.
    static func restored(_ translation: String, knows: (String) -> Bool) -> String {
        let letters = Array(translation)
        guard letters.count >= 5, letters.allSatisfy({ $0.isLowercase && $0.isLetter }),
              !EnglishFrequency.lists(translation), !knows(translation) else { return translation }
        // fewest[i]: the fewest words the letters from i on cut into, nil when they cut into none.
        var fewest = [Int?](repeating: nil, count: letters.count + 1)
        fewest[letters.count] = 0
        func isPart(_ from: Int, _ to: Int) -> Bool {
            let part = String(letters[from..<to])
            return (part.count >= 3 || shortWords.contains(part)) && EnglishFrequency.lists(part) && knows(part)
        }
        for start in stride(from: letters.count - 1, through: 0, by: -1) {
            for end in start + 1...letters.count where isPart(start, end) {
                if let rest = fewest[end], fewest[start].map({ rest + 1 < $0 }) ?? true { fewest[start] = rest + 1 }
            }
        }
        guard let count = fewest[0], count >= 2 else { return translation }
        // Every cut into that many words, the most common phrase kept.
        var best: (phrase: String, zipf: Double)?
        func cut(from start: Int, _ parts: [String]) {
            if start == letters.count {
                let phrase = parts.joined(separator: " ")
                if let zipf = EnglishFrequency.zipf(of: phrase), zipf > best?.zipf ?? -.infinity { best = (phrase, zipf) }
                return
            }
            for end in start + 1...letters.count where isPart(start, end) && fewest[end] == count - parts.count - 1 {
                cut(from: end, parts + [String(letters[start..<end])])
            }
        }
        cut(from: 0, [])
        guard let best, best.zipf >= commonEnough else { return translation }
        return best.phrase
    }
}
