import GRDB
import WordBookVocabulary

// Here rather than beside `Language`: the vocabulary module sits below the store and does not import GRDB.
extension Language: DatabaseValueConvertible {
    /// The short code, as the `targetLanguage` column holds it.
    public var databaseValue: DatabaseValue { code.databaseValue }

    /// The language of a stored code; nil (a decoding error) for a code no WordBook writes.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Language? {
        String.fromDatabaseValue(dbValue).flatMap(Language.init(name:))
    }
}
