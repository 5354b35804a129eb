import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A plain HTTP client with its own cookie, redirects not followed, for the server's answers as they are.
final class WebClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    var cookie: String?
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    struct Answer {
        let status: Int
        let body: String
        let data: Data
        let headers: [String: String]
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func send(_ method: String, _ url: URL, form: String? = nil, body: Data? = nil) async throws -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        if let form {
            request.httpBody = Data(form.utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        } else if let body {
            request.httpBody = body
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return Answer(status: http.statusCode, body: String(decoding: data, as: UTF8.self), data: data, headers: headers)
    }

    func get(_ url: URL) async throws -> Answer { try await send("GET", url) }

    func post(_ url: URL, _ fields: [(String, String)]) async throws -> Answer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let form = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        return try await send("POST", url, form: form)
    }

    /// Opens a pairing address and keeps the session cookie it sets.
    func pair(_ url: URL) async throws -> Answer {
        let answer = try await get(url)
        if let setCookie = answer.headers["set-cookie"], let pair = setCookie.split(separator: ";").first {
            cookie = String(pair)
        }
        return answer
    }

    /// A hidden field of the page's first form.
    static func field(_ name: String, in page: String) -> String? {
        guard let range = page.range(of: #"name="\#(name)" value="[^"]*""#, options: .regularExpression) else { return nil }
        return page[range].split(separator: "\"").dropFirst(3).first.map(String.init) ?? ""
    }

    /// The word the pending page shows.
    static func shownWord(in page: String) -> Int64? {
        guard let range = page.range(of: #"data-word="\d+""#, options: .regularExpression) else { return nil }
        return Int64(page[range].filter(\.isNumber))
    }
}
