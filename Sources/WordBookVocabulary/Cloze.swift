import Foundation

/// A gloss as the cue of a card that hides the word: the word and its forms written over, as a cloze
/// card does, since a dictionary's gloss often holds the word itself (`Café = coffee, café,
/// coffee-house`; `Alarmer = alarm, to alert`).
public enum Cloze {
    public static let blank = "[…]"

    /// `gloss` with every word of it that is `word` or a form of it (sharing a stem: a common start of
    /// four letters or more, at least three quarters of the shorter) replaced by `blank`; case and
    /// accents do not count.
    public static func masking(_ word: String, in gloss: String) -> String {
        let hidden = folded(word)
        guard !hidden.isEmpty else { return gloss }
        var result = ""
        var token = ""
        func flush() {
            result += isForm(folded(token), of: hidden) ? blank : token
            token = ""
        }
        for character in gloss {
            if character.isLetter || character == "'" && !token.isEmpty {
                token.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss")
    }

    static func isForm(_ token: String, of word: String) -> Bool {
        guard !token.isEmpty else { return false }
        if token == word { return true }
        let shorter = min(token.count, word.count)
        guard shorter >= 4 else { return false }
        let common = zip(token, word).prefix { $0 == $1 }.count
        return common >= 4 && Double(common) >= 0.75 * Double(shorter)
    }
}
