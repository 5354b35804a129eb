import WordBookCommandLine

runCommandLine(WordBookCommand.self)
