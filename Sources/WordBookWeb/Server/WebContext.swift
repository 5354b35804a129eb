import Hummingbird
import WordBookStore

/// One request's context: the session its cookie opened, and the body cap forms are read with.
struct WebContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// Set by `SessionGate` for every route it lets through but pairing.
    var session: WebSession?
    /// The cookie's token, which the CSRF token of the session's forms is derived from.
    var sessionToken: String?

    init(source: Source) {
        coreContext = .init(source: source)
    }

    var maxUploadSize: Int { WebApp.maxBodyBytes }
}
