import Testing
@testable import WordBookGloss

/// An entry's text read into a headword, its grammar and its senses, labels, examples and notes left out.
@Suite struct GlossEntryTests {
    @Test func aGermanEntryGivesItsTranslationWithoutLabelsOrCrossReferences() {
        let entry = DictionaryEntry(text: "Stachel /ʃtˈaxəl/ <masc, n, sg>\n [bot.] thorn <n>\n   Synonym: {Dorn}\n\n see: {Dornen}, {Stacheln}\n")
        #expect(entry.headword == "Stachel")
        #expect(entry.grammar.summary == "n, masc", "number is left out")
        #expect(entry.senses == [["thorn"]])
    }

    @Test func examplesAndNotesAreNotSenses() {
        let entry = DictionaryEntry(text: "Sponsor /ʃpˈɔnzoːɾ/ <masc, n, sg>\nsponsor <n>\n      \"Co-Sponsor\"  - co-sponsor\n         Note: Sport\n")
        #expect(entry.senses == [["sponsor"]])
    }

    @Test func abbreviationsAndTheirPronunciationsAreDropped() {
        let street = DictionaryEntry(text: "Straße /ʃtɾˈɑːsə/ (Str. /ˌɛstˌeːˈɛɾ/) <fem, n, sg>\nstreet <n>St,  /ˌɛstˈeː/\n")
        #expect(street.headword == "Straße")
        #expect(street.senses == [["street"]])
        let station = DictionaryEntry(text: "Bahnhof /bˈɑːnhoːf/ <masc, n, sg>\nrailway station <n> [Br.] , train station <n> [Am.] , station <n>Sta.,  /ʃtˈɑː/ Stn,  /ˌɛstˌeːˈɛn/\n")
        #expect(station.senses == [["railway station", "train station", "station"]])
        let roll = DictionaryEntry(text: "Brötchen /bɾˈøːtçən/ <neut, n, sg>\n [Norddt.]  [Mitteldt.] bread roll <n>, roll <n>, bun <n> [Am.]\n")
        #expect(roll.senses == [["bread roll", "roll", "bun"]])
    }

    @Test func labelsBeforeTheHeadwordLabelTheEntry() {
        // spa-deu writes a region or register before 540 of its headwords.
        let gentleman = DictionaryEntry(text: " [Am.] caballero /kˌaβaʎˈeɾo/ <n, m>\n1. Kavalier <n, m>\n2. Gentleman <n, m>\n")
        #expect(gentleman.headword == "caballero" && gentleman.spellings == ["caballero"])
        #expect(gentleman.labels == ["[Am.]"] && gentleman.grammar.summary == "n, masc")
        #expect(gentleman.senses == [["Kavalier"], ["Gentleman"]])
        let fast = DictionaryEntry(text: " [coloq.]  [Esp.] a toda pastilla /a tˈoða pastˈiʎa/\nmit Volldampf\n")
        #expect(fast.headword == "a toda pastilla" && fast.labels == ["[coloq.]", "[Esp.]"])
        // deu-eng's headword `[sic]` is a word in brackets, not a label.
        #expect(DictionaryEntry(text: "[sic] /zˈiːk/\nsic\n").headword == "[sic]")
    }

    @Test func numberedSensesAreEachTheirOwn() {
        let entry = DictionaryEntry(text: "salida /salˈiða/\n1. demand, sale\n2. exit, wayout\n3. departure\n")
        #expect(entry.senses == [["demand", "sale"], ["exit", "wayout"], ["departure"]])
        #expect(entry.grammar.summary == nil)
        #expect(DictionaryEntry(text: "ayuntamiento /ˌaʝuntamjˈɛnto/\n1. town\u{2010}hall\n").senses == [["town-hall"]])
    }

    /// fra-deu follows a translation line with a definition in French, and numbers some definitions alone.
    @Test func definitionsInTheHeadwordsLanguageAreNotTranslations() {
        let bee = DictionaryEntry(text: "abeille /a.bɛj/ <n, fem>\nBiene, Imme 2.\nInsecte à miel\n 3.\nInsecte hyménoptère\n")
        #expect(bee.senses == [["Biene", "Imme"]])
        let exit = DictionaryEntry(text: "sortie /sɔʁ.ti/ <n, fem>\n1. Ausstieg, Ausgang\n2. Ausgang, Austritt\nIssue, endroit où l’on sort\n3. Austritt\nPassage d’un lieu dans un autre\n")
        #expect(exit.senses == [["Ausstieg", "Ausgang"], ["Ausgang", "Austritt"], ["Austritt"]])
        #expect(exit.grammar.summary == "n, fem")
    }

    @Test func spanishGermanGendersAndContextsAreRead() {
        let entry = DictionaryEntry(text: "combinación /kˌombinaθjˈon/ <n, f>\nAnschluss <n, m>, (Reise)\n")
        #expect(entry.grammar.summary == "n, fem")
        #expect(entry.senses == [["Anschluss"]], "a bare parenthesis is context, not a translation")
        #expect(DictionaryEntry(text: "colgar /kolɣˈaɾ/\nauflegen (Telefon)\n").senses == [["auflegen (Telefon)"]])
        #expect(DictionaryEntry(text: "x /x/ <v>\n(Sahne, Eiweiß) schlagen\n").senses == [["(Sahne, Eiweiß) schlagen"]])
        let waiter = DictionaryEntry(text: "mozo, | moza /mˈoθo/ /mˈoθa/ <n, f>\nKellner, | Kellnerin <n, f>\n")
        #expect(waiter.spellings == ["mozo, | moza", "mozo", "moza"])
        #expect(waiter.senses == [["Kellner", "Kellnerin"]])
        let both = DictionaryEntry(text: "cerrado /θerˈaðo/, cerrada /θerˈaða/\ngeschlossen\n")
        #expect(both.headword == "cerrado")
        #expect(both.spellings == ["cerrado", "cerrada"])
    }

    /// `geschlossen` has nineteen entries in deu-eng; five say "closed", which the gloss puts first.
    @Test func translationsSeveralSensesGiveComeFirst() {
        let entries = ["jointless", "concluded", "closed", "closed, shut", "united"].map {
            DictionaryEntry(text: "geschlossen /ɡəʃlˈɔsən/ <adj>\n\($0)\n")
        }
        let ranked = GlossLine.ranked(entries)
        #expect(ranked.map(\.text) == ["closed", "jointless", "concluded", "shut", "united"])
        #expect(GlossLine.text(ranked, grammar: entries[0].grammar) == "closed, jointless, concluded, shut, united (adj)")
    }

    @Test func theGlossKeepsWholeTranslationsToAboutSixtyCharacters() {
        let long = DictionaryEntry(text: "x /x/ <n>\n\((1...12).map { "translation\($0)" }.joined(separator: ", "))\n")
        let text = GlossLine.text(GlossLine.ranked([long]), grammar: Grammar())
        #expect(text.count <= GlossLine.width)
        #expect(text.hasSuffix("translation4"))
        let one = DictionaryEntry(text: "x /x/\n\(String(repeating: "y", count: 80))\n")
        #expect(GlossLine.text(GlossLine.ranked([one]), grammar: Grammar()).count == 80, "one translation is never cut")
    }
}
