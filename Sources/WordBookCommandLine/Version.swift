/// What `wordbook --version` and `wordbook-worker --version` print; written here only
/// (`make version` reads it from this line).
public let wordBookVersion = "0.17.0"
