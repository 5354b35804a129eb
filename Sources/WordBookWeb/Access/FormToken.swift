import Foundation
import WordBookDigest

/// The CSRF token of a session's forms: an HMAC of the session's secret cookie, so a page of another
/// site, which cannot read the cookie, cannot forge it, and it changes with every session.
enum FormToken {
    static func of(sessionToken: String) -> String {
        Digest.hex(Digest.hmacSHA256(key: Data(sessionToken.utf8), message: Data("wordbook form".utf8)))
    }

    /// Whether `sent` is the session's token, compared in constant time.
    static func matches(_ sent: String, sessionToken: String) -> Bool {
        let expected = Array(of(sessionToken: sessionToken).utf8), given = Array(sent.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
