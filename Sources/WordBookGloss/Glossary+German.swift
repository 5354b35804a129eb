import Foundation
import WordBookVocabulary

/// German words no dictionary lists, glossed by German's own rules from words it does list (compounds,
/// contractions, Swiss spelling, separable verbs), and words of another language met in the text; tried
/// after every spelling and base form of the word has failed.
extension Glossary {
    /// Letters a German compound's first part keeps at least: shorter ones are prefixes (`ver`, `ab`)
    /// or syllables more often than words.
    static let shortestCompoundPart = 3

    /// A noun compound by its last part, a noun. German compounds are right-headed (a `Bahnhofstraße` is a kind of
    /// Straße, a `Hauptbahnhof` a kind of Bahnhof), so the gloss is the head's, and the line says what
    /// the word is made of: `Bahnhofstraße` → "street, road (n, fem; Bahnhof + Straße)". The first
    /// part may be joined by a linking element (`Liebe-s-brief`, `Sonne-n-schein`, `Kind-er-garten`),
    /// may have lost its final e (`Schul-bus` from Schule) or be a verb's stem (`Fahr-karte` from
    /// fahren); hunspell must know it. The longest head a dictionary knows wins, since the longer the
    /// head, the nearer its meaning is to the whole; a head may itself be a compound.
    func compoundGloss(_ written: String, _ sources: Sources, _ route: GlossRoute) -> Gloss? {
        guard let stemmer = stemmer(for: route.language), let (parts, head) = compound(written, sources, route, stemmer: stemmer, depth: 0) else {
            return nil
        }
        let made = parts.joined(separator: " + ")
        return Gloss(text: Self.withNote(made, head.text), entry: "\(written) = \(made)\n\n" + head.entry, headword: made)
    }

    /// The parts of a compound and the gloss of its head: first the longest head a dictionary knows as
    /// it is, then one that is a compound itself.
    private func compound(_ written: String, _ sources: Sources, _ route: GlossRoute, stemmer: Stemmer, depth: Int)
        -> (parts: [String], head: Gloss)? {
        let letters = Array(written)
        // German writes a noun with a capital, and a noun compound's head is a noun: `Mitarbeiter`, not `mitgliedern`.
        guard depth < 2, letters.first?.isUppercase == true, letters.allSatisfy({ $0.isLetter || $0 == "-" }),
              letters.count >= 2 * Self.shortestCompoundPart else { return nil }
        var splits: [(modifier: String, head: String)] = []
        for cut in Self.shortestCompoundPart...(letters.count - Self.shortestCompoundPart) {
            let first = String(letters[..<cut]).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
            let rest = String(letters[cut...]).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
            guard rest.count >= Self.shortestCompoundPart, let modifier = Self.compoundModifier(first, stemmer: stemmer) else { continue }
            splits.append((modifier, rest.prefix(1).uppercased() + rest.dropFirst().lowercased()))
        }
        for split in splits {
            if let head = gloss(ofWritten: split.head, sources, route), Self.isNoun(head) { return ([split.modifier, head.headword], head) }
        }
        for split in splits {
            if let (parts, head) = compound(split.head, sources, route, stemmer: stemmer, depth: depth + 1) {
                return ([split.modifier] + parts, head)
            }
        }
        return nil
    }

    /// Whether a gloss's grammar, in its closing parentheses, names a noun: `street (n, fem)`.
    static func isNoun(_ gloss: Gloss) -> Bool {
        Gloss.grammar(of: gloss.text).contains("n")
    }

    /// A masculine or neuter noun in the genitive singular, which adds -es or -s (`des Bahnhofs`, `des
    /// Tages`, `des Lebens`): the noun's own gloss, after the word as written (`Sonntags`, on Sundays)
    /// but before hunspell's stems (which read `Lebens` as the verb leben) and the compound rule (which
    /// read `Bahnhofs` as Bahn + Hof). Only a word written with a capital, as German writes a noun, and
    /// one hunspell knows as a form of another (not a name of its own, `Hans`, nor an English plural,
    /// `Emails`); a feminine noun takes no -s (`Kameras` is a plural, left to the stems).
    func genitiveGloss(_ written: String, _ sources: Sources, _ route: GlossRoute) -> Gloss? {
        guard written.first?.isUppercase == true, written.allSatisfy(\.isLetter), let stemmer = stemmer(for: route.language),
              stemmer.knows(written), !stemmer.isStem(written) else { return nil }
        for ending in ["es", "s"] where written.lowercased().hasSuffix(ending) && written.count - ending.count >= Self.shortestCompoundPart {
            let noun = String(written.dropLast(ending.count))
            // A noun ending in a hissing sound takes -es (`des Platzes`, `des Busses`): `GRUSS` is Gruß, not Grus + s.
            if ending == "s", let end = noun.lowercased().last, "sßxz".contains(end) { continue }
            // -es is an adjective's ending too (`ein altes Haus`, `etwas Neues`): an adjective's form is no genitive.
            if ending == "es", let adjective = gloss([noun.lowercased()], sources), Gloss.grammar(of: adjective.text).contains("adj") { return nil }
            guard let gloss = gloss(Self.caseForms(of: noun), sources), !gloss.headword.hasSuffix("…") else { continue }
            let grammar = Gloss.grammar(of: gloss.text)
            if grammar.contains("n"), grammar.contains("masc") || grammar.contains("neut") { return gloss }
        }
        return nil
    }

    /// The word a compound's first part stands for, as hunspell knows it: the part itself, without a
    /// linking element (-s-, -es-, -n-, -en-, -er-, -e-, -ens-), with its dropped e, or a verb's
    /// infinitive; nil when it is none of these.
    static func compoundModifier(_ part: String, stemmer: Stemmer) -> String? {
        guard part.count >= shortestCompoundPart, part.allSatisfy(\.isLetter) else { return nil }
        var candidates = [part]
        for link in ["s", "es", "n", "en", "er", "e", "ens"] where part.hasSuffix(link) && part.count - link.count >= shortestCompoundPart {
            candidates.append(String(part.dropLast(link.count)))
        }
        candidates += [part + "e", part + "en", part + "n"]
        for candidate in candidates {
            let capitalised = candidate.prefix(1).uppercased() + candidate.dropFirst().lowercased()
            for form in [capitalised, candidate.lowercased()] where stemmer.knows(form) { return form }
        }
        return nil
    }

    /// A word written the Swiss way, ss for every ß (`grössten`, `heisse`, `liessen`): looked up with
    /// ß for each ss in turn, each spelling through the word's base forms.
    func swissSpellingGloss(_ written: String, _ sources: Sources, _ route: GlossRoute) -> Gloss? {
        var searched = written.startIndex
        while let found = written.range(of: "ss", range: searched..<written.endIndex) {
            let spelling = written.replacingCharacters(in: found, with: "ß")
            if let gloss = gloss(ofWritten: spelling, sources, route) { return gloss }
            searched = written.index(after: found.lowerBound)
        }
        return nil
    }

    /// The modal or auxiliary verb a German word is a form of, by that verb's line in Ding: `soll` is
    /// sollen's ("shall, should") before it is Ding's adverb "reportedly", `sollte` before the
    /// conjunction "if". These verbs are a closed class of grammar, and their forms are among the most
    /// frequent words of any German text, as être's and ser's are of French and Spanish (see
    /// `Analyser.auxiliaryVerb`); German has no analyser here, so Ding's own lists of forms say it.
    /// Only a form Ding also lists as a word of its own is meant: the others (`ist`, `kann`) are found
    /// as the verb's forms anyway. Written with a capital and small letters after it, the word is the
    /// noun German writes so (`das Soll`, the target), not the verb.
    func germanAuxiliary(of written: String, _ sources: Sources) -> String? {
        guard !(written.first?.isUppercase == true && written.dropFirst().contains(where: \.isLowercase)),
              let ding = sources.ding, sources.dingDirect,
              let (lines, _) = ding.entries(forms: [written.lowercased()], exactly: true),
              lines.contains(where: { $0.match.role < .inflection }) else { return nil }
        for line in lines where line.match.role == .inflection {
            let base = line.entry.base(ofInflectionAt: line.match.position)
            if Self.germanAuxiliaries.contains(base) { return base }
        }
        return nil
    }

    /// German's modal verbs, and the auxiliaries of its tenses and passive.
    static let germanAuxiliaries: Set<String> = ["sein", "haben", "werden", "können", "müssen", "dürfen", "sollen", "wollen", "mögen"]

    /// A separable verb's particle stays joined to the verb at the end of a clause (`weil es gut
    /// aussieht`) and around `zu` (`aufzunehmen`): the particle with the infinitive of the rest, `aus`
    /// + `sieht` (a form of sehen) → aussehen, `auf` + `zu` + `nehmen` → aufnehmen.
    func separableVerbGloss(_ written: String, _ sources: Sources, _ route: GlossRoute) -> Gloss? {
        guard let ding = sources.ding, sources.dingDirect else { return nil }
        let word = written.lowercased()
        for particle in Self.separableParticles where word.hasPrefix(particle) && word.count - particle.count >= Self.shortestCompoundPart {
            let rest = String(word.dropFirst(particle.count))
            var infinitives: [String] = []
            if rest.hasPrefix("zu"), rest.count - 2 >= Self.shortestCompoundPart { infinitives.append(String(rest.dropFirst(2))) }
            if let (lines, _) = ding.entries(forms: [rest], exactly: true) {
                for line in lines where line.match.role == .inflection {
                    let base = line.entry.base(ofInflectionAt: line.match.position)
                    if !infinitives.contains(base) { infinitives.append(base) }
                }
            }
            for infinitive in infinitives {
                let verb = particle + infinitive
                if let found = found([verb], inDing: ding, exactly: true) {
                    let text = GlossLine.text(found.translations, grammar: found.grammar)
                    guard !text.isEmpty else { continue }
                    return Gloss(text: Self.withNote("from \(verb)", text), entry: found.entry, headword: verb)
                }
            }
        }
        return nil
    }

    /// The particles of German's separable verbs, the longer before the shorter they begin with.
    static let separableParticles = [
        "zusammen", "zurück", "herunter", "heraus", "herein", "hinaus", "hinein", "vorbei", "weiter", "voran",
        "durch", "nach", "fest", "fort", "heim", "hinzu", "hin", "her", "los", "mit", "weg", "auf", "aus", "bei",
        "ein", "vor", "ab", "an", "zu",
    ]

    /// A preposition fused with the definite article, as German writes it: `im` (in dem), `zum` (zu
    /// dem), `zur` (zu der), `ins` (in das), `vom` (von dem), `beim`, `aufs`, `übers`. The preposition
    /// is the word without its last letter, or with an n for it before an m (`im`, `am`, `vom`), tagged as a
    /// preposition in Ding; the gloss is its translations with "the". Only a word Ding does not list
    /// as written: `vor` is a preposition of its own, not von + der.
    func contractionGloss(_ written: String, _ sources: Sources, _ route: GlossRoute) -> Gloss? {
        guard sources.dingDirect, let ding = sources.ding else { return nil }
        let word = written.lowercased()
        let articles: [Character: String] = ["m": "dem", "s": "das", "r": "der"]
        guard (2...7).contains(word.count), let last = word.last, let article = articles[last],
              ding.entries(forms: Self.caseForms(of: written), exactly: true) == nil else { return nil }
        let stem = String(word.dropLast())
        // The n dropped before the dative's m alone (`im`, `vom`): `Weges` is no wegen + das.
        for preposition in last == "m" ? [stem, stem + "n"] : [stem] {
            guard let (lines, _) = ding.entries(forms: [preposition], exactly: true),
                  lines.contains(where: { $0.match.role == .headword && ($0.entry.head.first?.tags ?? []).contains { $0.hasPrefix("prp") } }),
                  let found = found([preposition], inDing: ding, exactly: true) else { continue }
            let translations = found.translations.prefix(3).map { $0 + " the" }
            let parts = "\(preposition) + \(article)"
            return Gloss(text: Self.withNote(parts, GlossLine.text(translations, grammar: Grammar(tags: ["prep", "art"]))),
                         entry: "\(written) = \(parts)\n\n" + found.entry, headword: parts)
        }
        return nil
    }

    /// A word English hunspell knows and neither the dictionaries nor hunspell of the word's language
    /// do: English in German, French or Spanish text (`new`, `stream`), glossed as itself; one it knows
    /// only with a capital is a name (`Obama`), when the word's language does not know it in lower case.
    func englishGloss(_ written: String, _ route: GlossRoute) -> Gloss? {
        guard let english = GlossRoute.names[.english], let own = stemmer(for: route.language),
              let stemmer = stemmer(for: english) else { return nil }
        let lower = written.lowercased()
        guard lower.count >= 2, lower.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "-" }) else { return nil }
        // A word of the text's own language that is also English (`ran`, `quant`, `video`) is not English there.
        guard !own.knows(lower) else { return nil }
        if stemmer.knows(lower), !own.knows(written) {
            return Gloss(text: "\(lower) (English)", entry: "\(written): an English word (hunspell en_US)", headword: lower)
        }
        let capitalised = lower.prefix(1).uppercased() + lower.dropFirst()
        if stemmer.knows(capitalised) {
            return Gloss(text: "\(capitalised) (a name)", entry: "\(written): a name in English (hunspell en_US)", headword: capitalised)
        }
        return nil
    }

    /// A word of the text's language that none of its dictionaries has, spelled as a headword of
    /// FreeDict's English-German dictionary (`patois`, `video`): most often a word English took from
    /// it or shares with it, and means the same by. It is glossed as itself, then by what English
    /// means by it, through German and Ding (`patois`, Mundart: "vernacular, dialect"), noted "if as
    /// in English": some such words are false friends (French `linger`, a linen maker, or `quant`,
    /// of `quant à`). Tried last, after every dictionary of the word's own language: a word they have
    /// is glossed as they have it (`coin` is "corner" in French, whatever English means by it).
    func sharedWithEnglishGloss(_ written: String, _ route: GlossRoute) -> Gloss? {
        guard nativeLanguage == .english, route.language != GlossRoute.names[.english],
              let own = stemmer(for: route.language), let englishToGerman = dictionary("eng-deu"),
              let germanToEnglish = dictionary("deu-eng") else { return nil }
        let lower = written.lowercased()
        guard lower.count >= 3, lower.allSatisfy({ $0.isLetter || $0 == "-" }), own.knows(written) || own.knows(lower),
              let english = found([lower], through: (englishToGerman, germanToEnglish), ding: dingDictionary()).first,
              english.headword == lower else { return nil }
        let translations = [lower] + english.translations.filter { Self.comparable($0) != Self.comparable(lower) }
        guard translations.count > 1 else { return nil }
        return Gloss(text: Self.withNote("if as in English", GlossLine.text(translations, grammar: english.grammar)),
                     entry: "\(written): in no dictionary of its language; an English word (FreeDict eng-deu), glossed as English means it\n\n"
                         + english.entry,
                     headword: lower)
    }

    /// A gloss line with a note in its closing parentheses: `street (n, fem)` and `Bahnhof + Straße` →
    /// `street (n, fem; Bahnhof + Straße)`.
    static func withNote(_ note: String, _ text: String) -> String {
        if text.hasSuffix(")"), let open = text.lastIndex(of: "("), !text[open...].dropFirst().contains("(") {
            return String(text.dropLast()) + "; " + note + ")"
        }
        return text + " (" + note + ")"
    }
}
