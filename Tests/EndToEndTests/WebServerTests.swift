import Foundation
import Glibc
import GRDB
import Testing

/// The real `wordbook-web` on 127.0.0.1, over HTTP as a browser speaks it: what it serves without a
/// session, what it refuses and that a refusal changes nothing in the SQLite file.
@Suite struct WebServerTests {
    static let unpaired = "Pair this phone first"

    @Test func withoutASessionEveryRouteAnswers401WithThePairingPage() async throws {
        let server = try WebServer()
        let before = try server.state()
        let client = WebClient()
        let id = try #require(try server.pendingIDs().first)
        for path in ["", "pending", "words/\(id)/photo", "words/abc/photo", "words/\(id)", "undo", "nothing/here", "pair",
                     "pending?id=\(id)", "static/app.css", "favicon.ico",
                     "review", "review/\(id)", "words/\(id)/cue", "words/\(id)/around", "books", "books/2026-01-01", "search?q=a"] {
            let url = path.isEmpty ? server.base : try #require(URL(string: path, relativeTo: server.base))
            let answer = try await client.get(url)
            #expect(answer.status == 401, "GET /\(path): \(answer.status)")
            #expect(answer.body.contains(Self.unpaired), "GET /\(path)")
        }
        for path in ["words/\(id)", "undo", "pending", "review/\(id)", "review/undo", "words/\(id)/edit"] {
            let answer = try await client.post(try #require(URL(string: path, relativeTo: server.base)), [("action", "confirm")])
            #expect(answer.status == 401, "POST /\(path): \(answer.status)")
            #expect(answer.body.contains(Self.unpaired), "POST /\(path)")
        }
        // A cookie the server never gave is no session either.
        client.cookie = "wordbook_session=forged"
        #expect(try await client.get(server.base.appendingPathComponent("pending")).status == 401)
        #expect(try server.state() == before)
    }

    @Test func pairingSetsAStrictHttpOnlyCookieOnceAndRevokingEndsIt() async throws {
        let server = try WebServer()
        let phone = WebClient()
        let url = try server.pairingURL()
        let paired = try await phone.pair(url)
        #expect(paired.status == 303 && paired.headers["location"] == "/pending")
        let cookie = try #require(paired.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && !cookie.contains("Secure"), "\(cookie)")
        let page = try await phone.get(server.base.appendingPathComponent("pending"))
        let first = try server.pendingIDs().first
        #expect(page.status == 200 && WebClient.shownWord(in: page.body) == first)

        // The code works once.
        let second = try await WebClient().pair(url)
        #expect(second.status == 403 && second.headers["set-cookie"] == nil)

        // Only the token's hash is stored.
        let token = try #require(phone.cookie?.split(separator: "=").last.map(String.init))
        #expect(try server.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM webSession WHERE tokenSHA256 = ?", arguments: [token]) } == 0)

        // --config before `web` goes along to wordbook-web, as after it.
        let listed = try wordbook(["--config", server.scratch.config, "web", "sessions"])
        #expect(listed.status == 0 && listed.stdout.contains("ID  paired"), "\(listed.stdout) \(listed.stderr)")
        let sessionID = try #require(try server.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM webSession") })
        let revoked = try wordbook(["web", "revoke", "\(sessionID)", "--config", server.scratch.config])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(try await phone.get(server.base.appendingPathComponent("pending")).status == 401)
        let again = try wordbook(["web", "revoke", "\(sessionID)", "--config", server.scratch.config])
        #expect(again.status != 0 && again.stderr == "wordbook: there is no web session #\(sessionID): wordbook web sessions lists them\n")
    }

    @Test func aPostWithoutTheSessionsFormTokenIsRefusedAndChangesNothing() async throws {
        let server = try WebServer()
        let phone = WebClient(), other = WebClient()
        _ = try await phone.pair(try server.pairingURL())
        _ = try await other.pair(try server.pairingURL())
        let page = try await phone.get(server.base.appendingPathComponent("pending")).body
        let id = try #require(WebClient.shownWord(in: page))
        let seen = try #require(WebClient.field("seen", in: page))
        let token = try #require(WebClient.field("csrf", in: page))
        let othersToken = try #require(WebClient.field("csrf", in: try await other.get(server.base.appendingPathComponent("pending")).body))
        #expect(token != othersToken)
        let before = try server.state()
        let url = server.base.appendingPathComponent("words/\(id)")
        for fields in [[("seen", seen), ("action", "confirm")],
                       [("csrf", ""), ("seen", seen), ("action", "confirm")],
                       [("csrf", String(token.reversed())), ("seen", seen), ("action", "reject")],
                       [("csrf", othersToken), ("seen", seen), ("action", "confirm")]] {
            let answer = try await phone.post(url, fields)
            #expect(answer.status == 403, "\(fields)")
            #expect(answer.body.contains("nothing was saved"))
        }
        let undo = try await phone.post(server.base.appendingPathComponent("undo"), [("csrf", othersToken)])
        #expect(undo.status == 403)
        #expect(try server.state() == before)

        // The same form with its own token is done.
        let done = try await phone.post(url, [("csrf", token), ("seen", seen), ("action", "confirm")])
        #expect(done.status == 303)
        #expect(try server.word(id).status == "confirmed")
    }

    @Test func photosAreServedByWordIDAloneAndNothingElseReachesTheFilesystem() async throws {
        let server = try WebServer()
        let phone = WebClient()
        _ = try await phone.pair(try server.pairingURL())
        let id = try #require(try server.pendingIDs().first)
        // The framed word, the cue with it painted over, and the words around it to tap: each a
        // phone-size region within the budget, for every word filed.
        for word in try server.read({ db in try Int64.fetchAll(db, sql: "SELECT id FROM word") }) {
            for kind in ["photo", "cue", "around"] {
                let photo = try await phone.get(server.base.appendingPathComponent("words/\(word)/\(kind)"))
                #expect(photo.status == 200 && photo.headers["content-type"] == "image/jpeg", "#\(word) \(kind)")
                #expect(photo.data.starts(with: [0xFF, 0xD8, 0xFF]))
                #expect(photo.data.count <= 60_000, "#\(word) \(kind): \(photo.data.count) bytes")
            }
        }

        let bookID = try #require(try server.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM wordBook") })
        let changeless = try server.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM word") ?? 0 } + 1
        let refused = [
            "words/..%2F..%2F..%2Fetc%2Fpasswd/photo", "words/%2Fetc%2Fpasswd/photo", "words/..%2Fwordbook.sqlite/photo",
            "words/abc/photo", "words/-\(id)/photo", "words/+\(id)/photo", "words/0\(id)/photo", "words/0x1/photo",
            "words/1e1/photo", "words/\(id).0/photo", "words/99999999999999999999999/photo", "words/\(changeless)/photo",
            "books/\(bookID)/photo", "words/\(id)/photo/..%2F..%2Fwordbook.sqlite", "wordbook.sqlite", "words/",
        ]
        for path in refused {
            let url = try #require(URL(string: path, relativeTo: server.base), "\(path)")
            let answer = try await phone.get(url)
            #expect(answer.status == 404, "GET /\(path): \(answer.status)")
            #expect(answer.headers["content-type"]?.hasPrefix("text/html") == true, "GET /\(path)")
            #expect(!answer.body.contains("root:") && !answer.body.contains("SQLite format"), "GET /\(path)")
        }
        // Dot segments sent as they are, not folded by the client.
        let traversal = try await rawRequest(server.base, "GET /words/../../../../etc/passwd HTTP/1.1", cookie: try #require(phone.cookie))
        #expect(traversal.hasPrefix("HTTP/1.1 404"), "\(traversal.prefix(80))")
        #expect(!traversal.contains("root:"))
    }

    @Test func aBodyOverTheCapIsRefusedWithASentenceAndChangesNothing() async throws {
        let server = try WebServer()
        let phone = WebClient()
        _ = try await phone.pair(try server.pairingURL())
        let page = try await phone.get(server.base.appendingPathComponent("pending")).body
        let id = try #require(WebClient.shownWord(in: page))
        let token = try #require(WebClient.field("csrf", in: page)), seen = try #require(WebClient.field("seen", in: page))
        let before = try server.state()
        let long = String(repeating: "a", count: 20_000)
        let answer = try await phone.post(server.base.appendingPathComponent("words/\(id)"),
                                          [("csrf", token), ("seen", seen), ("action", "correct"), ("word", long)])
        #expect(answer.status == 413)
        #expect(answer.body.contains("The form was larger than 16 KB, so nothing was saved"))
        #expect(try server.state() == before)
    }

    @Test func wrongPairingCodesAreRateLimitedAndThenEvenTheRightOneWaits() async throws {
        let server = try WebServer()
        let browser = WebClient()
        for attempt in 1...5 {
            let answer = try await browser.pair(server.base.appendingPathComponent("pair/wrong-code-\(attempt)"))
            #expect(answer.status == 403, "attempt \(attempt)")
            #expect(answer.body.contains("The pairing code is wrong, used already or expired"))
        }
        let limited = try await browser.pair(server.base.appendingPathComponent("pair/wrong-code-6"))
        #expect(limited.status == 429 && limited.body.contains("Too many wrong pairing codes"))
        let right = try await browser.pair(try server.pairingURL())
        #expect(right.status == 429 && right.headers["set-cookie"] == nil)
        #expect(try server.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM webSession") } == 0)
    }

    @Test func twoPhonesOnOneWordTheSecondIsToldAndShownTheWordAsItIsNow() async throws {
        let server = try WebServer()
        let first = WebClient(), second = WebClient()
        _ = try await first.pair(try server.pairingURL())
        _ = try await second.pair(try server.pairingURL())
        let pendingURL = server.base.appendingPathComponent("pending")
        let firstPage = try await first.get(pendingURL).body, secondPage = try await second.get(pendingURL).body
        let id = try #require(WebClient.shownWord(in: firstPage))
        #expect(WebClient.shownWord(in: secondPage) == id)
        let wordURL = server.base.appendingPathComponent("words/\(id)")
        let confirmed = try await first.post(wordURL, [("csrf", try #require(WebClient.field("csrf", in: firstPage))),
                                                       ("seen", try #require(WebClient.field("seen", in: firstPage))), ("action", "confirm")])
        #expect(confirmed.status == 303)
        let late = try await second.post(wordURL, [("csrf", try #require(WebClient.field("csrf", in: secondPage))),
                                                   ("seen", try #require(WebClient.field("seen", in: secondPage))), ("action", "reject")])
        #expect(late.status == 409)
        let word = try server.word(id)
        #expect(late.body.contains("Word #\(id) was changed on another phone or on the box meanwhile, so nothing was done: it is now confirmed as \(word.word)."),
                "\(late.body)")
        #expect(word.status == "confirmed")
        #expect(try server.read { db in try String.fetchAll(db, sql: "SELECT command FROM change") } == ["web"])

        // A typed word with a control character is refused in one sentence, and the text is kept in the field.
        let page = try await second.get(pendingURL).body
        let next = try #require(WebClient.shownWord(in: page))
        let refused = try await second.post(server.base.appendingPathComponent("words/\(next)"),
                                            [("csrf", try #require(WebClient.field("csrf", in: page))),
                                             ("seen", try #require(WebClient.field("seen", in: page))), ("action", "correct"),
                                             ("word", "Stra\u{1B}[2Jße")])
        #expect(refused.status == 422)
        #expect(refused.body.contains("A word cannot hold control characters (such as a tab or a line break): type it again."))
        #expect(try server.word(next).status == "proposed")
    }

    /// Behind a reverse proxy that the phone reaches over HTTPS (`url`), the app speaks plain HTTP and
    /// the session cookie is `Secure` all the same.
    @Test func behindAnHTTPSProxyTheCookieIsSecure() async throws {
        let server = try WebServer(configuration: """
            [web]
            url = "https://wordbook.example.org"
            """)
        #expect(server.base.scheme == "http")
        let paired = try await WebClient().pair(try server.pairingURL())
        let cookie = try #require(paired.headers["set-cookie"])
        #expect(paired.status == 303 && cookie.contains("Secure") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
    }

    /// With `tls_certificate` and `tls_key`, HTTPS itself, and the session cookie is `Secure`.
    @Test func withACertificateItServesHTTPSAndTheCookieIsSecure() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-tls-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try runProgram("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                                                     "-keyout", "\(folder)/key.pem", "-out", "\(folder)/cert.pem"])
        try #require(made.status == 0, "\(made.stderr)")
        let server = try WebServer(configuration: """
            [web]
            tls_certificate = "\(folder)/cert.pem"
            tls_key = "\(folder)/key.pem"
            """)
        #expect(server.base.scheme == "https")
        let url = try server.pairingURL()
        #expect(url.scheme == "https")
        // curl -k: the certificate is the test's own.
        let paired = try runProgram("/usr/bin/curl", ["-k", "-s", "-i", url.absoluteString])
        #expect(paired.stdout.hasPrefix("HTTP/1.1 303"), "\(paired.stdout.prefix(200)) \(paired.stderr)")
        let cookie = paired.stdout.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") } ?? ""
        #expect(cookie.contains("Secure") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
        let plain = try runProgram("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}",
                                                     "http://127.0.0.1:\(server.base.port ?? 0)/pending"])
        #expect(plain.stdout != "200")
    }

    /// `wordbook` stays without the web server: SwiftNIO's code is in `wordbook-web` alone.
    @Test func onlyTheWebExecutableHoldsSwiftNIO() throws {
        func nioSymbols(_ binary: String) throws -> Int {
            let symbols = try runProgram("/usr/bin/readelf", ["--syms", "--wide", binary]).stdout
            return symbols.split(separator: "\n").filter { $0.contains("7NIOCore") }.count
        }
        #expect(try nioSymbols(wordbookBinary) == 0)
        #expect(try nioSymbols(webBinary) > 0)
    }

    /// One request written to the socket byte for byte, so no client folds its path; the answer's head and body.
    func rawRequest(_ base: URL, _ line: String, cookie: String) async throws -> String {
        let port = try #require(base.port)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = "\(line)\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nConnection: close\r\n\r\n"
        _ = request.utf8CString.withUnsafeBufferPointer { send(socket, $0.baseAddress, $0.count - 1, 0) }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
