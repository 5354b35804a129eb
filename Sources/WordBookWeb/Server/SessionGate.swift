import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WordBookStore

/// Lets a request through only with a live session's cookie (pairing aside), and turns what the
/// routes throw into a page: nothing is served to a browser that is not paired.
struct SessionGate: RouterMiddleware {
    typealias Context = WebContext

    static let cookieName = "wordbook_session"
    /// A session's last use is written at most this often, not on every request.
    static let touchInterval: TimeInterval = 300

    let database: AppDatabase
    let pages: Pages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let isPairing = request.method == .get && request.uri.path.hasPrefix("/pair/")
        var context = context
        if !isPairing {
            guard let token = request.cookies[Self.cookieName]?.value, !token.isEmpty,
                  let session = try database.webSession(token: token) else { return pages.unpaired() }
            if Date().timeIntervalSince(session.lastSeenAt) > Self.touchInterval, let id = session.id {
                try? database.touchWebSession(id: id)
            }
            context.session = session
            context.sessionToken = token
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return pages.message("Not here", "There is no such page: the words waiting are on the pending page.", status: .notFound)
        } catch let error as HTTPError {
            return pages.message("Refused", "The request was refused (\(error.status.code) \(error.status.reasonPhrase)): nothing was changed.",
                                 status: error.status)
        } catch let error as WebError {
            return pages.message("Refused", error.description, status: error.status)
        } catch {
            context.logger.error("\(request.method) \(request.uri.path): \(error)")
            return pages.message("Something went wrong", "The word book could not be read or changed: \(error).",
                                 status: .internalServerError)
        }
    }
}
