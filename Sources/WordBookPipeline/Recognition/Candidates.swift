import Foundation

/// How unlike a written word a reading looks: misreadings mix case and grow punctuation.
enum WordShape {
    static func oddity(of text: String, besides best: String) -> Double {
        var oddity = Double(abs(text.count - best.count)) * Tuning.lengthPenalty
        if hasMixedCase(text) { oddity += Tuning.mixedCasePenalty }
        if text.unicodeScalars.contains(where: { !CharacterSet.alphanumerics.contains($0) }) {
            oddity += Tuning.innerPunctuationPenalty
        }
        return oddity
    }

    /// How much a proposal looks like a word a learner writes down, 0-1: one letter alone, digits run
    /// into letters ("6Soume", "4CARRUSEL") and case mixed inside a word are what misreadings and
    /// words glued to their neighbours look like.
    static func plausibility(of text: String) -> Double {
        let letters = text.filter(\.isLetter).count
        var belief = letters >= 2 ? 1.0 : Tuning.lonePenalty
        if letters > 0 && text.contains(where: \.isNumber) { belief *= Tuning.digitsInWordPenalty }
        if hasMixedCase(text) { belief *= Tuning.mixedCaseFactor }
        return belief
    }

    /// Whether `other` may be another reading of the word read as `text`: about as long (a letter in
    /// four misread, lost or doubled), or `text` is `other` run together with a word before or after it
    /// that `isWord` knows (a word space one reader did not see: ROCKYMOUNTS for MOUNTS).
    static func isReading(_ other: String, of text: String, isWord: (String) -> Bool) -> Bool {
        if abs(other.count - text.count) <= max(1, text.count / 4) { return true }
        let folded = text.lowercased(), part = other.lowercased()
        if folded.hasPrefix(part) { return isWord(String(text.dropFirst(other.count))) }
        if folded.hasSuffix(part) { return isWord(String(text.dropLast(other.count))) }
        return false
    }

    /// Whether a run of letters in `text` has its capitals where print never sets them (`ClANGkt`,
    /// `ATHiwAR9`, `FeOmURE`): a recogniser that guessed each letter's case from a noisy crop, not a
    /// word. Print sets a word's letters all small, all capitals (with a small plural s: `DVDs`), or
    /// as capitalised parts run together, after at most one small letter and before at most one
    /// capital (`Station`, `GameStop`, `McDonald`, `iPhone`, `eBay`, `GmbH`, `PhD`). ß counts as either case.
    static func hasGarbledCase(_ text: String) -> Bool {
        text.split(whereSeparator: { !$0.isLetter }).contains { run in
            let cased = run.filter { $0 != "ß" && ($0.isUppercase || $0.isLowercase) }
            return !cased.isEmpty && (try? printedCase.wholeMatch(in: cased)) == nil
        }
    }

    /// The words after a lone small letter that begins a run of letters with a capital after it
    /// (`Phone` of `iPhone`, `Bay` of `eBay`, `Aneac` of `pAneac`): print sets a brand so on a word,
    /// and a reader makes one of a stray mark before a word.
    static func wordsAfterSmallPrefix(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter }).compactMap { run in
            guard run.count > 2, run.first?.isLowercase == true, run.dropFirst().first?.isUppercase == true else { return nil }
            return String(run.dropFirst())
        }
    }

    private nonisolated(unsafe) static let printedCase = /\p{Ll}+|\p{Lu}+s?|\p{Ll}?(?:\p{Lu}\p{Ll}+)+\p{Lu}?/

    /// Letters neither all capitals, all small, nor one capital then small ones. ß has no capital
    /// on most signs, so it counts as either ("STRAßE").
    static func hasMixedCase(_ text: String) -> Bool {
        let letters = text.filter { $0.isLetter && $0 != "ß" }
        guard let first = letters.first else { return false }
        let rest = letters.dropFirst()
        if letters.allSatisfy({ !$0.isLowercase }) || letters.allSatisfy({ !$0.isUppercase }) { return false }
        return !(first.isUppercase && rest.allSatisfy { !$0.isUppercase })
    }
}

enum Candidates {
    /// Up to `Recognizer.maximumCandidates` distinct readings, none equal to `proposal`, none without a
    /// letter or digit. Readings that differ from a better one only in case come last.
    static func distinct(_ texts: [String], excluding proposal: String) -> [String] {
        let usable = texts.filter { !$0.isEmpty && $0 != proposal && WordText.hasLetterOrDigit($0) }
        var keys: Set<String> = [key(proposal)]
        let fresh = usable.filter { keys.insert(key($0)).inserted }
        var result: [String] = []
        for text in fresh + usable where !result.contains(text) {
            result.append(text)
            if result.count == Recognizer.maximumCandidates { break }
        }
        return result
    }

    static func key(_ text: String) -> String {
        text.lowercased()
    }

    /// The candidates a learner might pick: none of fewer than two letters, and a spelling of the
    /// proposal with a letter or two changed (`Ausganj` for `Ausgang`, `iMadness`) only when the
    /// language's dictionary knows it or it is the proposal in other case (`CAFÉ`, `ausgang`). The
    /// proposal with other accents or ß (`Café` for `CAFE`) stays unless the dictionary knows the
    /// proposal and not it (`Souffle` for `Soufflé`, `Äusgang` for `Ausgang`): the dictionary settles
    /// which spelling of those letters is the word. Other words near the aim, and readings unlike the
    /// proposal, stay.
    ///
    /// Nor is a candidate two or three letters the dictionary does not know (`ot`, `Cee`), a reading
    /// the dictionary does not know whose capitals print never sets (`ClANGkt`, `ATHiwAR9`:
    /// `WordShape.hasGarbledCase`) or whose first small letter stands before no word it knows
    /// (`pAneac`), mostly marks and digits (`16-`, `#1:`), two words with a mark between
    /// (`HOTELS:RE`, `BURMA★SUP`), or the proposal run together with
    /// more letters that make no word (`MDENPUB` beside `PUB`, `CLEANINGPLACE`, `SCHOOL16`, `DAYS-INK`): a word
    /// space one reader did not see glued a neighbour's letters on; when the proposal is `sure`, its
    /// misreading glued to more (`Hycsosthe` beside `Hyksos`) is none either. A word that holds the
    /// proposal stays (`TOWING` beside `TOW`, a proposal cut short), and so does the sign's possessive
    /// (`MAX'S`). Of readings that differ only in the apostrophe, the first stays; a candidate's own
    /// misspellings go as the proposal's do.
    static func forLearner(_ candidates: [String], proposal: String, sure: Bool = true, isWord: (String) -> Bool?) -> [String] {
        // hunspell takes words joined by a hyphen as a word (`DAYS-INK`): two words, each one a candidate.
        func glued(_ candidate: String) -> Bool {
            isGlued(candidate, to: proposal, sure: sure)
                && (isWord(candidate) != true || candidate.contains(where: { !$0.isLetter && $0 != "'" && $0 != "\u{2019}" }))
        }
        // A glued reading's own misspellings are glued too: `ROCYMOUNTS` beside `ROCKYMOUNTS`, where
        // the aim took `ROCKY` from the run. The proposal's possessive stays (`LULAB's` beside `LULAB'sAN`).
        let gluedReadings = Set(candidates.filter(glued))
        let possessive = withStraightApostrophes(letterFolded(proposal)) + "'s"
        let kept = candidates.filter { candidate in
            let letters = candidate.filter(\.isLetter).count
            guard letters >= 2, letters * 2 > candidate.count else { return false }
            // Two or three letters the dictionary does not know are what a reader makes of an edge, a
            // texture or the stub of a cut letter (`ot`, `Cee`, `mT`), far more often than a word.
            if letters <= Tuning.shortCandidateLetters, isWord(candidate) == false { return false }
            // `iPhone` and `eBay` are brands set on a word; `pAneac` and `sOns` set on none are a stray mark and a misreading.
            if isWord(candidate) != true, WordShape.hasGarbledCase(candidate)
                || WordShape.wordsAfterSmallPrefix(candidate).contains(where: { isWord($0) == false }) { return false }
            // A mark that ends a word, inside a reading, makes it two (`HOTELS:RE`).
            guard !candidate.unicodeScalars.contains(where: { LineText.endsWord(String($0)) }) else { return false }
            if gluedReadings.contains(candidate) { return false }
            if isWord(candidate) != true, !isVariant(candidate, of: proposal), withStraightApostrophes(letterFolded(candidate)) != possessive,
               gluedReadings.contains(where: { isVariant(candidate, of: $0) }) {
                return false
            }
            guard !proposal.isEmpty, isVariant(candidate, of: proposal) else { return true }
            if candidate.lowercased() == proposal.lowercased() || isWord(candidate) == true { return true }
            return folded(candidate) == folded(proposal) && isWord(proposal) != true
        }
        return withoutMisspellings(foldingApostrophes(foldingMixedCase(kept, proposal: proposal), proposal: proposal), proposal: proposal, isWord: isWord)
    }

    /// Candidates without a spelling of a candidate before them with a letter or two changed that
    /// the dictionary does not know (`DQLAN’S` after `DOLAN’S`, `Donino’s` after `Domino’s`): the
    /// rule the proposal's own misspellings follow, for the words beside it. The proposal in other
    /// capitals or accents stays (`STATION` after `Stations`, beside `Station`).
    static func withoutMisspellings(_ candidates: [String], proposal: String, isWord: (String) -> Bool?) -> [String] {
        var kept: [String] = []
        for candidate in candidates {
            let straight = withStraightApostrophes(candidate)
            let misspelt = isWord(candidate) != true && folded(candidate) != folded(proposal) && kept.contains { better in
                let other = withStraightApostrophes(better)
                return isVariant(straight, of: other) && folded(straight) != folded(other)
            }
            if !misspelt { kept.append(candidate) }
        }
        return kept
    }

    /// Readings that differ from the proposal or a candidate before them only in the mark written as
    /// the apostrophe (`BROWN’S` beside `BROWN'S`): signs set it straight or curled, and the recogniser
    /// reads either; the learner would pick the same word from both.
    static func foldingApostrophes(_ candidates: [String], proposal: String) -> [String] {
        var seen: Set<String> = [withStraightApostrophes(proposal)]
        return candidates.filter { seen.insert(withStraightApostrophes($0)).inserted }
    }

    /// The marks a reader takes for an apostrophe (curled quotes, a prime, the grave and acute accents
    /// set alone) written as the straight one.
    static func withStraightApostrophes(_ text: String) -> String {
        String(text.map { apostropheLike.contains($0) ? "'" : $0 })
    }

    private static let apostropheLike: Set<Character> = ["\u{2019}", "\u{2018}", "\u{02BC}", "\u{2032}", "`", "\u{00B4}"]

    /// Whether `candidate` is `proposal`, of two letters or more, with more characters before or after
    /// it, other than a possessive's `'s`; or, for a proposal of four letters or more, starts or ends
    /// with a reading of it a letter in four away (`Hycsosthe` beside `Hyksos`, `Nogrollo84` beside
    /// `Mogrollo`): the same word misread, with a neighbour's letters glued on.
    /// The second only when the proposal is `sure`: a guess's letters are as likely wrong as the
    /// candidate's (`GameStop` beside `Came` at 24 is the sign's name read right).
    static func isGlued(_ candidate: String, to proposal: String, sure: Bool = true) -> Bool {
        let whole = withStraightApostrophes(letterFolded(candidate)), part = withStraightApostrophes(letterFolded(proposal))
        guard part.count >= 2, whole.count > part.count else { return false }
        if whole.contains(part) { return whole != part + "'s" }
        guard sure, part.count >= 4, !(whole.hasSuffix("'s") && whole.count == part.count + 2) else { return false }
        let budget = max(1, part.count / 4)
        return editDistance(String(whole.prefix(part.count)), part) <= budget
            || editDistance(String(whole.suffix(part.count)), part) <= budget
    }

    /// Readings that differ from the proposal or another candidate only in capitals, and mix case
    /// inside the word (`CompresaCon`, `CompresacOn` beside `Compresacon`): a reader's misreading of
    /// the same letters, not a spelling a learner would pick. The first of several such stays when no
    /// cleanly written one does.
    static func foldingMixedCase(_ candidates: [String], proposal: String) -> [String] {
        let clean = Set(([proposal] + candidates).filter { !$0.isEmpty && !WordShape.hasMixedCase($0) }.map(key))
        var seen = Set<String>()
        return candidates.filter { candidate in
            guard WordShape.hasMixedCase(candidate) else { return true }
            let folded = key(candidate)
            defer { seen.insert(folded) }
            return !clean.contains(folded) && !seen.contains(folded) && folded != key(proposal)
        }
    }

    /// Whether `text` is `proposal` with at most one edit in four letters (at least one): what a reader
    /// that misread, lost or doubled a letter gives.
    static func isVariant(_ text: String, of proposal: String) -> Bool {
        let edits = min(editDistance(folded(text), folded(proposal)), editDistance(letterFolded(text), letterFolded(proposal)))
        return edits <= max(1, proposal.count / 4) || folded(text) == folded(proposal)
    }

    /// Case and accents aside; case folding writes ß as ss (`STRASSE` is `Straße`).
    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Case and accents aside, letter for letter: ß stays one letter, so a ß misread as B (`StraBe`) is one edit away, not two.
    private static func letterFolded(_ text: String) -> String {
        text.lowercased().folding(options: .diacriticInsensitive, locale: nil)
    }

    /// Levenshtein distance, by characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
