import WordBookSettings

extension Glossary {
    /// The dictionaries, hunspell data and analysers where the configuration says they are
    /// (`[gloss]`), for a learner of its `native_language`. Nothing is opened until it is needed.
    public convenience init(_ configuration: Configuration) {
        self.init(nativeLanguage: configuration.nativeLanguage, dictionaryFolder: configuration.dictionaryFolder,
                  hunspellFolder: configuration.hunspellFolder, dingPath: configuration.dingPath,
                  apertiumFolder: configuration.apertiumFolder)
    }

    /// The learner's glossary, or nil with glosses off (`[gloss] enabled = false`).
    public static func configured(_ configuration: Configuration) -> Glossary? {
        configuration.glossEnabled ? Glossary(configuration) : nil
    }
}
