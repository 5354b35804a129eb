import Foundation
import GRDB
import WordBookDigest

/// A phone paired with the web app: its cookie's token is kept as a SHA-256 hash only, so a copy of
/// the database opens no session.
public struct WebSession: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "webSession"

    public var id: Int64?
    var tokenSHA256: String
    /// The browser that paired, as it named itself (its User-Agent), for `wordbook web sessions`.
    public var label: String
    public var createdAt: Date
    public var lastSeenAt: Date
    public var expiresAt: Date

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A one-time pairing code, kept as a hash; used once, or never after it expires.
struct WebPairing: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "webPairing"

    var id: Int64?
    var codeSHA256: String
    var createdAt: Date
    var expiresAt: Date
    var usedAt: Date?
}

public enum WebAccessError: Error, CustomStringConvertible, Equatable {
    case noSuchSession(id: Int64)

    public var description: String {
        switch self {
        case let .noSuchSession(id):
            return "there is no web session #\(id): wordbook web sessions lists them"
        }
    }
}

extension AppDatabase {
    /// The hex SHA-256 of a secret, as the tables keep it.
    static func hashed(_ secret: String) -> String {
        Digest.sha256Hex(Data(secret.utf8))
    }

    /// `count` random bytes as URL- and cookie-safe text (base64url, no padding).
    static func randomSecret(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A new one-time pairing code, good for `lifetime` seconds. Spent and expired codes, and
    /// expired sessions, are cleared on the way.
    public func newPairingCode(lifetime: TimeInterval, now: Date = Date()) throws -> String {
        let code = Self.randomSecret(bytes: 16)
        try writer.write { db in
            try WebPairing.filter(Column("expiresAt") < now || Column("usedAt") != nil).deleteAll(db)
            try WebSession.filter(Column("expiresAt") < now).deleteAll(db)
            var pairing = WebPairing(id: nil, codeSHA256: Self.hashed(code), createdAt: now,
                                     expiresAt: now.addingTimeInterval(lifetime), usedAt: nil)
            try pairing.insert(db)
        }
        return code
    }

    /// Spends a pairing code on a new session of `lifetime` seconds: the session and its token, the
    /// one time the token is ever seen. Nil for a code that is wrong, spent or expired.
    public func pair(code: String, label: String, lifetime: TimeInterval, now: Date = Date()) throws
        -> (session: WebSession, token: String)? {
        let token = Self.randomSecret(bytes: 32)
        return try writer.write { db in
            guard var pairing = try WebPairing.filter(Column("codeSHA256") == Self.hashed(code)).fetchOne(db),
                  pairing.usedAt == nil, pairing.expiresAt > now else { return nil }
            pairing.usedAt = now
            try pairing.update(db)
            var session = WebSession(id: nil, tokenSHA256: Self.hashed(token), label: String(label.prefix(200)),
                                     createdAt: now, lastSeenAt: now, expiresAt: now.addingTimeInterval(lifetime))
            try session.insert(db)
            return (session, token)
        }
    }

    /// The live session a cookie's token opens, or nil.
    public func webSession(token: String, now: Date = Date()) throws -> WebSession? {
        try writer.read { db in
            try WebSession.filter(Column("tokenSHA256") == Self.hashed(token) && Column("expiresAt") > now).fetchOne(db)
        }
    }

    /// Notes that a session was used, for `wordbook web sessions`.
    public func touchWebSession(id: Int64, now: Date = Date()) throws {
        try writer.write { db in
            try db.execute(sql: "UPDATE webSession SET lastSeenAt = ? WHERE id = ?", arguments: [now, id])
        }
    }

    /// The live sessions, the most recently paired first.
    public func webSessions(now: Date = Date()) throws -> [WebSession] {
        try writer.read { db in
            try WebSession.filter(Column("expiresAt") > now).order(Column("id").desc).fetchAll(db)
        }
    }

    /// Ends a session at once: its phone is asked to pair again.
    @discardableResult
    public func revokeWebSession(id: Int64) throws -> WebSession {
        try writer.write { db in
            guard let session = try WebSession.fetchOne(db, key: id) else { throw WebAccessError.noSuchSession(id: id) }
            try session.delete(db)
            return session
        }
    }
}
