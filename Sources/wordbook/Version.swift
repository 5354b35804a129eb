/// What `wordbook --version` prints; written here only (`make version` reads it from this line).
let wordBookVersion = "0.16.0"
