import HTTPTypes
import Hummingbird
import Mustache

/// The pages, rendered from `Templates` into responses: HTML, never cached, with a content
/// security policy that lets in nothing but this server's own photos.
struct Pages: Sendable {
    let library: MustacheLibrary

    init() throws {
        var library = MustacheLibrary()
        try library.register(Templates.layout, named: "layout")
        try library.register(Templates.formStamp, named: "formStamp")
        try library.register(Templates.candidates, named: "candidates")
        try library.register(Templates.pending, named: "pending")
        try library.register(Templates.review, named: "review")
        try library.register(Templates.books, named: "books")
        try library.register(Templates.words, named: "words")
        try library.register(Templates.word, named: "word")
        try library.register(Templates.status, named: "status")
        try library.register(Templates.message, named: "message")
        self.library = library
    }

    static let headers: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        .contentSecurityPolicy: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
    ]

    /// `template` filled with `values`, inside the layout.
    /// `waiting` and `due` are the counts beside the pending and review links.
    func page(_ template: String, title: String, values: [String: Any], waiting: Int? = nil, due: Int? = nil,
              status: HTTPResponse.Status = .ok) -> Response {
        let content = library.render(values, withTemplate: template) ?? ""
        var layout: [String: Any] = ["title": title, "content": content]
        if let waiting, waiting > 0 { layout["waiting"] = waiting }
        if let due, due > 0 { layout["due"] = due }
        let html = library.render(layout, withTemplate: "layout") ?? ""
        return Response(status: status, headers: Self.headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A refusal or a notice: a heading and one sentence, with a way back to the pending page when the
    /// browser is paired.
    func message(_ heading: String, _ sentence: String, status: HTTPResponse.Status, paired: Bool = true) -> Response {
        page("message", title: heading, values: ["heading": heading, "sentence": sentence, "back": paired], status: status)
    }

    /// What a browser without a session gets, whatever it asked for.
    func unpaired() -> Response {
        message("Pair this phone first",
                "This browser is not signed in: on the WordBook box, run wordbook web pair and open the address it prints (or scan its QR code) here.",
                status: .unauthorized, paired: false)
    }
}
