import HTTPTypes
import Hummingbird

/// Why the web app refused a request or could not start, in the sentence the learner reads.
public enum WebError: Error, CustomStringConvertible {
    case bodyTooLarge(limit: Int)
    case unreadableForm
    case badFormToken
    case unknownAction(String)
    case noSuchWord
    case noPhoto(id: Int64)
    case tlsFiles(certificate: String, key: String, reason: String)

    public var description: String {
        switch self {
        case let .bodyTooLarge(limit):
            return "The form was larger than \(limit / 1024) KB, so nothing was saved: send a shorter word."
        case .unreadableForm:
            return "The form could not be read, so nothing was saved: reload the page and try again."
        case .badFormToken:
            return "This form is not from this phone's page (or the page is too old), so nothing was saved: reload the page and try again."
        case let .unknownAction(action):
            return "There is no action \"\(action.prefix(40))\", so nothing was saved: reload the page and try again."
        case .noSuchWord:
            return "There is no word with that ID: photos are found by a word's number, as the pending page shows it."
        case let .noPhoto(id):
            return "Word #\(id) has no stored photo."
        case let .tlsFiles(certificate, key, reason):
            return "the TLS certificate \(certificate) and key \(key) could not be read: \(reason)"
        }
    }

    var status: HTTPResponse.Status {
        switch self {
        case .bodyTooLarge: .contentTooLarge
        case .unreadableForm, .unknownAction: .badRequest
        case .badFormToken: .forbidden
        case .noSuchWord, .noPhoto: .notFound
        case .tlsFiles: .internalServerError
        }
    }
}
