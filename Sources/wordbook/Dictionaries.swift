import Foundation
import WordBookGloss
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// The learner's dictionaries as the configuration names them. Nothing is opened until a word
/// is looked up, so commands that only might correct a word cost nothing more when they do not.
struct Dictionaries {
    let glossary: Glossary?

    init(_ configuration: Configuration) {
        glossary = Glossary.configured(configuration)
    }

    /// The dictionary's gloss of `word`, nil when glosses are off or no dictionary has the word.
    func gloss(of word: String, language: Language) -> Gloss? {
        glossary?.lookUp(word, language: language).gloss
    }
}

extension AppDatabase {
    /// `correct` with the new word's gloss looked up first.
    func correct(id: Int64, to text: String, dictionaries: Dictionaries, by command: String = "correct") throws -> Word {
        let language = try word(id: id).targetLanguage
        // The noun is looked up, as the store files it: "die Straße" is Straße.
        let noun = language.splittingArticle(text.trimmingCharacters(in: .whitespacesAndNewlines)).noun
        return try correct(id: id, to: text, gloss: noun.isEmpty ? nil : dictionaries.gloss(of: noun, language: language),
                           by: command)
    }
}
