import WordBookVocabulary

/// Roman numerals met in the text (`Ludwig II`, `XX. Jahrhundert`, `MCMXCIV` over a door): no dictionary
/// lists them, and English hunspell knows `ii` and `iv` as words, so without this they read as English.
extension Glossary {
    /// The number a Roman numeral stands for, as its gloss in the learner's language: `XIV` → "14 (Roman
    /// numeral)", for a German speaker "14 (römische Zahl)"; nil for any other word.
    func romanNumeralGloss(_ written: String) -> Gloss? {
        guard let value = Self.romanNumeralValue(written) else { return nil }
        let name = Self.romanNumeralNames[nativeLanguage] ?? "Roman numeral"
        return Gloss(text: "\(value) (\(name))", entry: "\(written) = \(value) (\(name))", headword: written)
    }

    /// What the gloss calls a Roman numeral, by the learner's language.
    static let romanNumeralNames: [Language: String] = [
        .english: "Roman numeral", .german: "römische Zahl", .french: "chiffre romain", .spanish: "número romano",
    ]

    /// The number a word written as a Roman numeral stands for, all in capitals or all in small letters,
    /// spelled as numbers are (XIV, not XIIII or VIX); nil for any other word. Not a lone letter (the
    /// English `I`, the sizes `L` and `M`, `C` for Celsius, `X` for a cross), nor one of fewer than four
    /// letters with L, C, D or M in it: those are units, sizes and words as often (`CL`, `MM`, `XL`, `MIX`, `DIX`, `MIL`).
    static func romanNumeralValue(_ written: String) -> Int? {
        let capitals = written.uppercased()
        guard written.count >= 2, written == capitals || written == written.lowercased() else { return nil }
        let digits = capitals.compactMap { romanDigits[$0] }
        guard digits.count == capitals.count, digits.count >= 4 || digits.allSatisfy({ $0 <= 10 }) else { return nil }
        // A digit before a larger one is taken away from it (IV, XC).
        let value = digits.indices.reduce(0) { sum, index in
            sum + (index + 1 < digits.count && digits[index] < digits[index + 1] ? -digits[index] : digits[index])
        }
        guard (1...3999).contains(value), romanNumeral(value) == capitals else { return nil }
        return value
    }

    private static let romanDigits: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]

    /// How a number from 1 to 3999 is written in Roman numerals: 1994 → MCMXCIV.
    static func romanNumeral(_ value: Int) -> String {
        let symbols = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
            (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var rest = value, text = ""
        for (amount, symbol) in symbols {
            while rest >= amount {
                text += symbol
                rest -= amount
            }
        }
        return text
    }
}
