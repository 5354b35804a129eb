import Foundation
import Testing
@testable import WordBookGloss
import WordBookVocabulary

/// Looking a word up as a learner would: in any case, inflected, through German, with dictionaries missing.
@Suite struct GlossLookupTests {
    static let glossary = Glossary(nativeLanguage: .english)

    static func gloss(_ word: String, _ code: String, in glossary: Glossary = glossary) throws -> Gloss {
        let language = try #require(Language(name: code))
        guard case let .found(gloss) = glossary.lookUp(word, language: language) else {
            throw GlossNotFound(word: word, lookup: glossary.lookUp(word, language: language))
        }
        return gloss
    }

    struct GlossNotFound: Error { var word: String; var lookup: GlossLookup }

    /// The spelling check that decides between two readers' readings of a photo.
    @Test func aWordOfTheLanguageIsKnownInAnyCase() {
        #expect(Self.glossary.isWord("Restaurant", language: .english) == true)
        #expect(Self.glossary.isWord("RESTAURANT", language: .english) == true)
        #expect(Self.glossary.isWord("Restourant", language: .english) == false)
        #expect(Self.glossary.isWord("Straße", language: .german) == true)
        #expect(Self.glossary.isWord("Strase", language: .german) == false)
        #expect(Glossary(nativeLanguage: .english, hunspellFolder: "/nonexistent").isWord("Straße", language: .german) == nil)
    }

    @Test func aWordIsFoundInAnyCase() throws {
        for word in ["Ausgang", "AUSGANG", "ausgang"] {
            let gloss = try Self.gloss(word, "de")
            #expect(gloss.headword == "Ausgang")
            #expect(gloss.text.contains("exit"))
            #expect(gloss.text.hasSuffix("(n, masc)"))
        }
        #expect(try Self.gloss("STACHEL", "de").headword == "Stachel")
    }

    @Test func aPluralNounsGlossSaysItIsAPlural() throws {
        // Ding tags the plural `{pl}`; Apertium's analyser reads it <pl>.
        #expect(try Self.gloss("HERREN", "de").text.hasSuffix("(n, masc, pl)"))
        #expect(try Self.gloss("Kosten", "de").text.hasSuffix("(n, pl)"))
        #expect(try Self.gloss("Ausgang", "de").text.hasSuffix("(n, masc)"))
        #expect(try Self.gloss("Kiefer", "de").text.hasSuffix("(n, masc)"), "Kiefer is its own plural, and a singular too")
        #expect(try Self.gloss("femmes", "fr").text.hasSuffix("(n, fem, pl)"))
        #expect(try Self.gloss("bus", "fr").text.hasSuffix("(n)"), "the same in both numbers")
        #expect(try Self.gloss("datos", "es").text.hasSuffix("(n, masc, pl)"))
    }

    @Test func germanInCapitalsSpellsSharpSAsDoubleS() throws {
        let street = try Self.gloss("STRASSE", "de")
        #expect(street.headword == "Straße")
        #expect(street.text.contains("street"))
        #expect(try Self.gloss("FUSSGÄNGERZONE", "de").text.hasPrefix("pedestrian zone"))
        #expect(try Self.gloss("GRUSS", "de").headword == "Gruß")
        #expect(try Self.gloss("Masse", "de").headword == "Masse", "a word spelled right keeps its ss")
        #expect(DictionaryIndex.folded("schloßstraße") == DictionaryIndex.folded("schlossstrasse"))
    }

    @Test func aWordWrittenWithoutItsAccentsFindsTheHeadwordWithThem() throws {
        #expect(try Self.gloss("estacion", "es").headword == "estación")
        #expect(try Self.gloss("ESTACION", "es").text.contains("station"))
        #expect(try Self.gloss("ENTREE", "fr").headword == "entrée")
        #expect(try Self.gloss("Fenetre", "fr").text.hasPrefix("window"))
        #expect(try Self.gloss("Strasse", "de").headword == "Straße")
        #expect(try Self.gloss("Brotchen", "de").text.hasPrefix("bread roll"))
        // A word spelled right is never traded for an accented one.
        #expect(try Self.gloss("rue", "fr").headword == "rue")
        #expect(DictionaryIndex.folded("straße") == "strasse" && DictionaryIndex.folded("mañana") == "manana")
    }

    @Test func theCaseAsWrittenChoosesBetweenHeadwords() throws {
        let verb = try Self.gloss("essen", "de")
        #expect(verb.headword == "essen")
        #expect(verb.text.hasPrefix("to eat"))
        let noun = try Self.gloss("Essen", "de")
        #expect(noun.headword == "Essen")
        #expect(noun.text.contains("meal"))
        #expect(!noun.text.contains("eat,"))
    }

    @Test func anInflectedFormFindsItsBaseForm() throws {
        let ausgang = try Self.gloss("Ausgängen", "de")
        #expect(ausgang.headword == "Ausgang")
        #expect(ausgang.text.contains("exit"))
        let sortie = try Self.gloss("sorties", "fr")
        #expect(sortie.headword == "sortie")
        #expect(sortie.text.contains("exit"))
        let salida = try Self.gloss("salidas", "es")
        #expect(salida.headword == "salida")
        #expect(salida.text.contains("exit"))
        // Ding lists the plural beside its singular.
        let streets = try Self.gloss("Straßen", "de")
        #expect(streets.headword == "Straße")
        #expect(streets.text.contains("street"))
    }

    @Test func theFormAsWrittenComesBeforeItsStem() throws {
        let closed = try Self.gloss("fermé", "fr")
        #expect(closed.headword == "fermé")
        #expect(closed.text.contains("closed"))
        #expect(try Self.gloss("fermer", "fr").text.hasPrefix("close"))
    }

    @Test func aFormOnlyARegionOrRegisterListsIsItsBaseFormFirst() throws {
        // spa-deu has `huevos` only as `[coloq.] huevos`, slang; on a menu it is huevo's plural.
        let eggs = try Self.gloss("huevos", "es")
        #expect(eggs.headword == "huevo" && eggs.text.hasPrefix("egg"), "\(eggs.headword): \(eggs.text)")
        // A word nothing else knows keeps its labelled entry, without the label: `[Am.] celular`.
        let phone = try Self.gloss("celular", "es")
        #expect(phone.headword == "celular" && phone.text.contains("mobile phone"), "\(phone.headword): \(phone.text)")
    }

    @Test func aWordMissingFromTheDirectDictionaryGoesThroughGerman() throws {
        let mairie = try Self.gloss("mairie", "fr")
        #expect(mairie.text.hasPrefix("town hall"))
        #expect(mairie.text.hasSuffix("(n, fem)"), "the French word's gender, not Rathaus's")
        #expect(mairie.entry.hasPrefix("mairie /"))
        #expect(mairie.entry.contains("\nRathaus (neut) = town hall"), "both entries, for show: the French word's, and Ding's of Rathaus")
        let juniper = try Self.gloss("GENÉVRIER", "fr")
        #expect(juniper.headword == "genévrier")
        #expect(juniper.text.contains("juniper"))
    }

    @Test func whatBothDictionariesAgreeOnLeadsAndTheOthersWordIsAdded() throws {
        // fra-eng: "stage, station, stop"; through Bahnhof, "station" too, so it comes first.
        let gare = try Self.gloss("gare", "fr")
        #expect(gare.text.hasPrefix("station, "), "\(gare.text)")
        #expect(gare.text.contains("railway station"))
        #expect(gare.entry.hasPrefix("gare /") && gare.entry.contains("\nBahnhof (masc)"), "\(gare.entry)")
        // fra-eng lacks the everyday word; through Apotheke and Apertium's table (farmacia) it leads.
        #expect(try Self.gloss("pharmacie", "fr").text.hasPrefix("pharmacy, chemist's shop, drugstore"))
        // German's own dictionary is the direct one: nothing is added.
        #expect(try Self.gloss("Bahnhof", "de").entry.contains("\n\ngare") == false)
    }

    @Test func aTablesEnglishIsWrittenAsEnglishWritesItWhateverTheWordsCase() throws {
        // Apertium copies the case of the word it is given: `GARE` through estación gave SEASON.
        #expect(try Self.gloss("GARE", "fr").text == Self.gloss("gare", "fr").text)
        #expect(try Self.gloss("Occupé", "fr").text == Self.gloss("occupé", "fr").text)
        // Its English dictionary keeps adjectives in small letters, which English writes with a capital.
        #expect(try Self.gloss("noël", "fr").text.contains("Christmas"))
        #expect(try Self.gloss("mexicanos", "es").text.contains("Mexican"))
    }

    @Test func aLearnersOwnLanguageIsNotGlossed() {
        #expect(Self.glossary.lookUp("exit", language: .english) == .sameLanguage)
        #expect(Glossary(nativeLanguage: .german).lookUp("Ausgang", language: .german) == .sameLanguage)
    }

    @Test func aWordInNoDictionaryIsNotFound() {
        #expect(Self.glossary.lookUp("Xyzzyquorx", language: .german) == .notFound)
        #expect(Self.glossary.lookUp("xyzzyquorx", language: .french) == .notFound)
        #expect(Self.glossary.lookUp("", language: .spanish) == .notFound)
        #expect(Self.glossary.lookUp("?!", language: .spanish) == .notFound)
    }

    /// Debian's FreeDict dictionaries join every two of the four languages, directly or through German.
    @Test func everyPairOfLanguagesHasARoute() {
        for native in Language.supported {
            for language in Language.supported where language != native {
                #expect(GlossRoute(language: language, nativeLanguage: native) != nil, "\(language) for \(native)")
            }
        }
    }

    @Test func missingDictionariesAreNamedByTheirPackages() throws {
        // Ding's file glosses German without FreeDict; a word in neither names the missing package.
        let noFreeDict = Glossary(nativeLanguage: .english, dictionaryFolder: "/nonexistent")
        #expect(try Self.gloss("Ausgang", "de", in: noFreeDict).text.hasPrefix("exit"))
        #expect(noFreeDict.lookUp("Xyzzyquorx", language: .german) == .missingDictionary(packages: ["dict-freedict-deu-eng"]))
        let noDictionaries = Glossary(nativeLanguage: .english, dictionaryFolder: "/nonexistent", dingPath: "/nonexistent",
                                      apertiumFolder: "/nonexistent")
        #expect(noDictionaries.lookUp("Ausgang", language: .german) == .missingDictionary(packages: ["dict-freedict-deu-eng", "trans-de-en"]))
        #expect(noDictionaries.lookUp("sortie", language: .french)
            == .missingDictionary(packages: ["dict-freedict-fra-eng", "dict-freedict-fra-deu", "dict-freedict-deu-eng", "trans-de-en",
                                             "apertium-fr-es", "apertium-eng-spa"]))

        let noHunspell = Glossary(nativeLanguage: .english, hunspellFolder: "/nonexistent")
        #expect(try Self.gloss("Ausgang", "de", in: noHunspell).text.contains("exit"), "a headword needs no stems")
        #expect(noHunspell.lookUp("Xyzzyquorxen", language: .german) == .missingDictionary(packages: ["hunspell-de-de"]))
    }

    /// The index still reads, the text does not inflate: reinstalling the package is the fix, as for a missing one.
    @Test func aDamagedDictionaryIsNamedLikeAMissingOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gloss-damaged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: "/usr/share/dictd/freedict-fra-eng.index",
                                         toPath: folder.appendingPathComponent("freedict-fra-eng.index").path)
        var text = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/dictd/freedict-fra-eng.dict.dz"))
        let header = 12 + Int(text[10]) + Int(text[11]) << 8
        text.replaceSubrange(header..<text.count, with: Data(repeating: 0, count: text.count - header))
        try text.write(to: folder.appendingPathComponent("freedict-fra-eng.dict.dz"))

        let glossary = Glossary(nativeLanguage: .english, dictionaryFolder: folder.path, apertiumFolder: "/nonexistent")
        #expect(glossary.lookUp("sortie", language: .french)
            == .missingDictionary(packages: ["dict-freedict-fra-eng", "dict-freedict-fra-deu", "dict-freedict-deu-eng",
                                             "apertium-fr-es", "apertium-eng-spa"]))
    }

    @Test func statusListsWhatIsMissingForTheLearnersLanguages() {
        #expect(Self.glossary.missingPackages(for: [.german, .french, .spanish]).isEmpty)
        let missing = Glossary(nativeLanguage: .english, dictionaryFolder: "/nonexistent", hunspellFolder: "/nonexistent")
            .missingPackages(for: [.german, .french, .english])
        #expect(missing == ["dict-freedict-deu-eng", "hunspell-de-de", "dict-freedict-fra-eng", "dict-freedict-fra-deu", "hunspell-fr"])
        #expect(Glossary.installCommand(for: ["hunspell-fr"]) == "sudo apt-get install hunspell-fr")
    }

    /// Spanish to French has no FreeDict dictionary; Spanish–German and German–French do.
    @Test func routesGoThroughGermanOnlyWhenNeitherLanguageIsGerman() throws {
        let spanishForFrench = try #require(GlossRoute(language: .spanish, nativeLanguage: .french))
        #expect(spanishForFrench.direct == nil)
        #expect(spanishForFrench.pairs == ["spa-deu", "deu-fra"])
        #expect(try #require(GlossRoute(language: .french, nativeLanguage: .german)).pairs == ["fra-deu"])
        #expect(try #require(GlossRoute(language: .english, nativeLanguage: .french)).pairs == ["eng-fra", "eng-deu", "deu-fra"])
    }

    @Test func oneGlossaryServesManyThreads() async throws {
        let words: [(String, Language)] = [
            ("Ausgang", .german), ("mairie", .french), ("salidas", .spanish), ("geschlossen", .german), ("fermé", .french),
            ("pescado", .spanish),
        ]
        let glossary = Glossary(nativeLanguage: .english)
        let expected = words.map { Self.glossary.lookUp($0.0, language: $0.1) }
        let results = await withTaskGroup(of: (Int, GlossLookup).self) { group in
            for _ in 0..<8 {
                for (number, (word, language)) in words.enumerated() {
                    group.addTask { (number, glossary.lookUp(word, language: language)) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8 * words.count)
        for (number, lookup) in results { #expect(lookup == expected[number]) }
    }
}
