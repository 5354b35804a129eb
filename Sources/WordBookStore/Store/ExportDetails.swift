import Foundation
import GRDB

extension AppDatabase {
    /// The review history and which words have a stored photo, for the words `ids`.
    public func ankiExportDetails(of ids: [Int64]) throws -> (reviews: [Int64: [Review]], withPhoto: Set<Int64>) {
        try writer.read { db in
            let list = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
            var reviews: [Int64: [Review]] = [:]
            for review in try Review.fetchAll(db, sql: """
                SELECT * FROM review WHERE wordId IN (SELECT value FROM json_each(?)) ORDER BY reviewedAt, id
                """, arguments: [list]) {
                reviews[review.wordId, default: []].append(review)
            }
            let withPhoto = try Set(Int64.fetchAll(db, sql: """
                SELECT wordId FROM wordImage WHERE wordId IN (SELECT value FROM json_each(?))
                """, arguments: [list]))
            return (reviews, withPhoto)
        }
    }
}
