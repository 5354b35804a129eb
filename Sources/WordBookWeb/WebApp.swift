import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import WordBookCommandLine
import WordBookGloss
import WordBookSettings
import WordBookStore

/// The web app: pairing, the pending page and the photos, on Hummingbird, over the same store
/// methods as the command line (ARCHITECTURE.md, Processes and threads).
public struct WebApp: Sendable {
    /// The largest request body read; a larger one is refused with 413 before it is read whole.
    public static let maxBodyBytes = 16 * 1024
    /// How long `wordbook web pair`'s code works.
    public static let pairingLifetime: TimeInterval = 600

    let database: AppDatabase
    let configuration: Configuration
    let paths: DataPaths
    let pages: Pages
    let desk: TriageDesk
    let reviews: ReviewDesk
    let editor: WordEditor
    /// Photo regions rendered at once: as many as there are cores.
    let renders = RenderGate()
    /// After 5 wrong pairing codes in a row, a minute's wait. `WORDBOOK_WEB_PAIRING_WAIT` (seconds) sets
    /// another, for tests only: a test starved of its threads by others may take a minute between requests.
    let limiter = PairingLimiter(
        window: ProcessInfo.processInfo.environment["WORDBOOK_WEB_PAIRING_WAIT"].flatMap(TimeInterval.init) ?? 60)

    public init(database: AppDatabase, configuration: Configuration, paths: DataPaths) throws {
        self.database = database
        self.configuration = configuration
        self.paths = paths
        pages = try Pages()
        let words = WordDesk(database: database, glossary: Glossary.configured(configuration))
        desk = TriageDesk(words)
        editor = WordEditor(words)
        reviews = ReviewDesk(database: database, configuration: configuration)
    }

    /// Serves on `host`:`port` until SIGTERM or SIGINT; `onListening` gets the port once bound
    /// (the one the system chose, for port 0).
    public func run(host: String, port: Int, logger: Logger, onListening: @escaping @Sendable (Int) -> Void) async throws {
        let router = Router(context: WebContext.self)
        router.add(middleware: SessionGate(database: database, pages: pages))
        addRoutes(to: router)
        let server: HTTPServerBuilder
        if configuration.webServesTLS {
            server = try .tls(.http1(), tlsConfiguration: try tlsConfiguration())
        } else {
            server = .http1()
        }
        let app = Application(
            router: router, server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: logger)
        try await app.runService()
    }

    func tlsConfiguration() throws -> TLSConfiguration {
        let certificate = configuration.webTLSCertificate, key = configuration.webTLSKey
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(certificate)
            let privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
            return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                            privateKey: .privateKey(privateKey))
        } catch {
            throw WebError.tlsFiles(certificate: certificate, key: key, reason: "\(error)")
        }
    }

    func addRoutes(to router: Router<WebContext>) {
        router.get("/") { _, _ in Response.redirect(to: "/pending") }
        router.get("/pair/:code") { request, context in try await pair(request, context) }
        router.get("/pending") { _, context in try await pending(context) }
        router.get("/words/:id/photo") { _, context in try await photo(context) }
        router.get("/words/:id/cue") { _, context in try await photo(context, hidingWord: true) }
        router.get("/words/:id/around") { _, context in try await photo(context, around: true) }
        router.post("/words/:id") { request, context in try await act(request, context) }
        router.post("/undo") { request, context in try await undo(request, context) }
        router.get("/review") { _, context in try await review(context) }
        router.get("/review/:id") { _, context in try await reviewBack(context) }
        router.post("/review/undo") { request, context in try await undoAnswer(request, context) }
        router.post("/review/:id") { request, context in try await answer(request, context) }
        router.get("/status") { _, _ in try status() }
        router.get("/books") { request, context in try books(request, context) }
        router.get("/books/:day") { _, context in try book(context) }
        router.get("/search") { request, _ in try search(request) }
        router.get("/words/:id") { _, context in try await wordPage(context) }
        router.post("/words/:id/edit") { request, context in try await edit(request, context) }
    }

    // MARK: - Pairing

    func pair(_ request: Request, _ context: WebContext) async throws -> Response {
        guard await limiter.mayTry() else {
            return pages.message("Wait a minute", "Too many wrong pairing codes were tried: wait a minute, then open the address again.",
                                 status: .tooManyRequests, paired: false)
        }
        let code = context.parameters.get("code") ?? ""
        let label = request.headers[.userAgent] ?? "a browser"
        let lifetime = TimeInterval(configuration.webSessionDays) * 86_400
        guard code.count <= 64, let (_, token) = try database.pair(code: code, label: label, lifetime: lifetime) else {
            await limiter.recordWrong()
            return pages.message("This address does not pair",
                                 "The pairing code is wrong, used already or expired: run wordbook web pair on the box for a new one.",
                                 status: .forbidden, paired: false)
        }
        var response = Response.redirect(to: "/pending")
        response.setCookie(Cookie(name: SessionGate.cookieName, value: token, maxAge: Int(lifetime), path: "/",
                                  secure: configuration.webReachedOverHTTPS, httpOnly: true, sameSite: .strict))
        return response
    }

    // MARK: - The pending page

    func pending(_ context: WebContext, showing shown: Word? = nil, error: String? = nil, typed: String = "",
                 status: HTTPResponse.Status = .ok) async throws -> Response {
        let session = context.session?.id ?? 0
        let csrf = FormToken.of(sessionToken: context.sessionToken ?? "")
        var values: [String: Any] = ["csrf": csrf]
        if let notice = await desk.takeNotice(session: session) { values["notice"] = notice }
        if let error { values["error"] = error }
        if let undo = await desk.lastUndoable(session: session) { values["undo"] = undo }
        let word = try shown.flatMap { $0.status == .proposed ? $0 : nil } ?? database.firstPending()
        if let word {
            values["word"] = PendingView.values(of: word, csrf: csrf, typed: typed, photo: try database.imageSize(wordId: word.id ?? 0))
        }
        let waiting = try database.wordCount(status: .proposed)
        return pages.page("pending", title: word.map { $0.word.isEmpty ? "#\($0.id ?? 0)" : $0.word } ?? "Nothing waiting",
                          values: values, waiting: waiting, due: try database.reviewQueue(reviews.day()).count, status: status)
    }

    // MARK: - Status

    /// What `wordbook status` says, and why each of the last photos in failed/ failed.
    func status() throws -> Response {
        let report = try StatusReport(configuration: configuration, paths: paths, database: database, checkingLibrary: false)
        let lines = report.lines().map { ["label": $0.label, "text": $0.text] }
        let failures = report.failures(limit: 20).map { ["name": $0.name, "reason": $0.reason] }
        return pages.page("status", title: "Status", values: ["lines": lines, "failures": failures,
                                                              "more": report.failed.count > failures.count ? "\(report.failed.count - failures.count) more in \(paths.failed)" : ""],
                          waiting: try database.wordCount(status: .proposed))
    }

    // MARK: - Photos

    /// A word's ID from the path: digits only, no sign, no leading zero, within Int64.
    static func wordID(_ context: WebContext) -> Int64? {
        guard let text = context.parameters.get("id"), !text.isEmpty, text.count <= 18, text.first != "0",
              text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }

    /// The region around a word's box, the box framed, or painted over as a review's cue; with
    /// `around`, grown to hold the words read around it, for the pending page's taps.
    func photo(_ context: WebContext, hidingWord: Bool = false, around: Bool = false) async throws -> Response {
        guard let id = Self.wordID(context) else { throw WebError.noSuchWord }
        guard let word = try? database.word(id: id) else { throw WebError.noSuchWord }
        guard let stored = try database.image(wordId: id) else { throw WebError.noPhoto(id: id) }
        await renders.enter()
        let jpeg: Data
        do {
            jpeg = try PhotoRegion.jpeg(of: stored.jpeg, box: word.box, around: around ? word.wordsAround : [], hidingWord: hidingWord)
        } catch {
            await renders.leave()
            throw error
        }
        await renders.leave()
        return Response(status: .ok,
                        headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=3600",
                                  HTTPField.Name("X-Content-Type-Options")!: "nosniff"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: jpeg)))
    }

    // MARK: - Actions

    /// The fields of the pending page's forms.
    struct ActionForm: Decodable {
        var csrf: String?
        var seen: String?
        var action: String?
        var word: String?
        var note: String?
        var tag: String?
    }

    /// The form of a POST, read up to the cap, after its CSRF token is checked.
    func form(_ request: Request, _ context: WebContext) async throws -> ActionForm {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw WebError.bodyTooLarge(limit: Self.maxBodyBytes)
        }
        let form: ActionForm
        do {
            form = try URLEncodedFormDecoder().decode(ActionForm.self, from: String(buffer: body))
        } catch {
            throw WebError.unreadableForm
        }
        guard let token = context.sessionToken, let sent = form.csrf, FormToken.matches(sent, sessionToken: token) else {
            throw WebError.badFormToken
        }
        return form
    }

    func act(_ request: Request, _ context: WebContext) async throws -> Response {
        let form = try await form(request, context)
        guard let id = Self.wordID(context) else { throw WebError.noSuchWord }
        let name = form.action ?? ""
        let action: TriageAction
        switch name {
        case "confirm": action = .confirm
        case "reject": action = .reject
        case "correct": action = .correct(to: form.word ?? "")
        default:
            if name.hasPrefix("tap-"), let index = Int(name.dropFirst(4)), index >= 0 {
                action = .tap(word: index)
            } else if name.hasPrefix("pick-"), let index = Int(name.dropFirst(5)), index >= 0 {
                action = .pick(candidate: index)
            } else {
                throw WebError.unknownAction(name)
            }
        }
        let outcome = try await desk.act(action, on: id, seenVersion: form.seen ?? "", session: context.session?.id ?? 0)
        return try await respond(to: outcome, next: "/pending", changed: { word in
            let now = word.status == .proposed
                ? "it is still a proposal, shown here as it is now"
                : "it is now \(word.status.rawValue)" + (word.word.isEmpty ? "" : " as \(word.word)")
            return "Word #\(id) was changed on another phone or on the box meanwhile, so nothing was done: \(now)."
        }, showAgain: { word, sentence, status in
            try await pending(context, showing: word ?? (try? database.word(id: id)), error: sentence,
                              typed: status == .unprocessableContent ? form.word ?? "" : "", status: status)
        })
    }

    /// The answer to a form: a redirect to `next` once done; else the page again (`showAgain`, with the
    /// word as it now is when it changed meanwhile) and the sentence why nothing was done, as 409 when
    /// the word changed meanwhile and 422 when the input was refused.
    func respond(to outcome: DeskOutcome, next: String, changed: (Word) -> String,
                 showAgain: (Word?, String, HTTPResponse.Status) async throws -> Response) async throws -> Response {
        switch outcome {
        case .done:
            return .redirect(to: next)
        case let .changedMeanwhile(word):
            return try await showAgain(word, changed(word), .conflict)
        case let .refused(sentence):
            return try await showAgain(nil, sentence, .unprocessableContent)
        }
    }

    func undo(_ request: Request, _ context: WebContext) async throws -> Response {
        _ = try await form(request, context)
        let session = context.session?.id ?? 0
        await desk.undo(session: session)
        return .redirect(to: "/pending")
    }
}
