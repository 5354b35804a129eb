import Testing
@testable import WordBookSettings

/// The `[web]` section: its keys read, and each wrong value refused in one sentence naming the key.
@Suite struct WebConfigurationTests {
    @Test func theWebKeysAreRead() throws {
        let configuration = try Configuration.parse("""
            [web]
            listen = "[::1]:9090"
            session_days = 30
            tls_certificate = "/etc/ssl/wordbook.pem"
            tls_key = "/etc/ssl/wordbook.key"
            url = "https://wordbook.example.org"
            """, file: "test.toml")
        #expect(configuration.webAddress == ("::1", 9090))
        #expect(configuration.webSessionDays == 30)
        #expect(configuration.webServesTLS)
        #expect(configuration.webURL == "https://wordbook.example.org")
        #expect(Configuration().webAddress == ("127.0.0.1", 8080) && !Configuration().webServesTLS)
    }

    @Test(arguments: [
        ("listen = \"8080\"", "test.toml: web.listen must be an address and port such as \"127.0.0.1:8080\" or \"[::1]:8080\""),
        ("listen = \"127.0.0.1:70000\"", "test.toml: web.listen must be an address and port such as \"127.0.0.1:8080\" or \"[::1]:8080\""),
        ("session_days = 0", "test.toml: web.session_days must be a whole number from 1 to 3650"),
        ("tls_certificate = \"/etc/ssl/wordbook.pem\"", "test.toml: web.tls_key must be set together with web.tls_certificate: HTTPS needs both files"),
        ("url = \"wordbook.example.org\"", "test.toml: web.url must be an address starting with https:// or http://, or \"\" for listen's"),
    ])
    func aWrongValueIsRefusedNamingTheKey(line: String, message: String) throws {
        #expect(throws: ConfigurationError.self) { try Configuration.parse("[web]\n\(line)", file: "test.toml") }
        do {
            _ = try Configuration.parse("[web]\n\(line)", file: "test.toml")
        } catch {
            #expect("\(error)" == message)
        }
    }
}
