import Foundation
import GRDB
import WordBookDigest
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// A deck of the exported collection. Anki matches decks by name on import; the id only has to be
/// the same in every export, so it is derived from the name.
public struct AnkiDeck: Sendable, Equatable {
    public var id: Int64
    public var name: String

    public init(name: String) {
        self.name = name
        id = Self.stableID(name)
    }

    /// FNV-1a of the name, folded into the range of Anki's own ids (milliseconds since 1970).
    static func stableID(_ name: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return 1_500_000_000_000 + Int64(hash % 500_000_000_000)
    }
}

/// A card's scheduling, in the numbers Anki keeps in its `cards` table.
public struct AnkiCard: Sendable, Equatable {
    /// 0 new, 2 review.
    public var type: Int
    public var queue: Int
    /// A new card's position, or a review card's due day counted from the collection's creation day.
    public var due: Int
    /// Days.
    public var interval: Int
    /// Ease in permille.
    public var factor: Int
    public var reps: Int
    public var lapses: Int
    /// Kept in the card's data, where Anki looks for it before its review history.
    public var lastReview: Date?
    /// A word scheduled by FSRS: its memory state, which Anki's FSRS carries on from.
    public var memory: AnkiMemory?

    public static func new(position: Int) -> AnkiCard {
        AnkiCard(type: 0, queue: 0, due: position, interval: 0, factor: 0, reps: 0, lapses: 0, lastReview: nil)
    }

    /// The card's `data` column: `{"lrt": seconds}` plus `s`, `d`, `dr` and `decay` under FSRS.
    var data: String {
        var parts: [String] = []
        if let memory {
            parts.append("\"decay\":\(memory.decay)")
            parts.append("\"d\":\(memory.difficulty)")
            parts.append("\"dr\":\(memory.desiredRetention)")
        }
        if let lastReview { parts.append("\"lrt\":\(Int64(lastReview.timeIntervalSince1970))") }
        if let memory { parts.append("\"s\":\(memory.stability)") }
        return parts.isEmpty ? "" : "{" + parts.joined(separator: ",") + "}"
    }

    /// Anki's starting ease, 250 %.
    public static let startingFactor = 2500

    public static func review(dueDay: Int, interval: Int, reps: Int, lapses: Int, lastReview: Date?, memory: AnkiMemory? = nil) -> AnkiCard {
        AnkiCard(type: 2, queue: 2, due: dueDay, interval: max(1, interval), factor: startingFactor, reps: reps, lapses: lapses,
                 lastReview: lastReview, memory: memory)
    }
}

/// FSRS's memory state in the terms of Anki's card data.
public struct AnkiMemory: Sendable, Equatable {
    public var stability: Double
    public var difficulty: Double
    public var desiredRetention: Double
    /// FSRS-6's forgetting curve decay (the 21st parameter) for the default parameters.
    public var decay = FSRSScheduler.defaultParameters[20]

    public init(stability: Double, difficulty: Double, desiredRetention: Double) {
        self.stability = stability
        self.difficulty = difficulty
        self.desiredRetention = desiredRetention
    }
}

/// One note of the WordBook note type with its one card.
public struct AnkiNote: Sendable, Equatable {
    /// Milliseconds; Anki shows it as the note's creation time. Also the card's id.
    public var id: Int64
    /// What Anki recognises the note by when a later export is imported.
    public var guid: String
    /// In `AnkiNoteType.fields` order, as HTML.
    public var fields: [String]
    /// The first field as plain text, which Anki sorts by and checks duplicates with.
    public var sortField: String
    /// Without spaces.
    public var tags: [String]
    /// Anki updates a note it already has only from a newer one.
    public var modified: Date
    public var deckId: Int64
    public var card: AnkiCard
}

/// One answer in the review history, in Anki's `revlog` terms.
public struct AnkiReview: Sendable, Equatable {
    /// Milliseconds of the answer.
    public var id: Int64
    public var noteId: Int64
    /// 1 again, 2 hard, 3 good, 4 easy.
    public var ease: Int
    public var interval: Int
    public var lastInterval: Int
    /// 0 learning (a new card's first answer), 1 review.
    public var type: Int
}

/// The note type every exported word uses: the photo on the front, the word on the back.
public enum AnkiNoteType {
    /// Stable, so a later export's notes belong to the note type the first one created.
    public static let id: Int64 = 1_761_955_200_000
    public static let name = "WordBook"
    /// `Meaning` came last, after the others, so notes of an earlier export keep their fields' places.
    public static let fields = ["Word", "Photo", "Context", "Notes", "Language", "Captured", "Meaning"]
    /// When the templates below last changed: Anki replaces its copy of the note type only with a newer one.
    static let modified: Int64 = 1_795_478_400
    static let templateName = "Photo to word"
    static let front = """
        <div class="photo">{{Photo}}</div>
        <div class="language">{{Language}}</div>
        """
    static let back = """
        {{FrontSide}}
        <hr id="answer">
        <div class="word">{{Word}}</div>
        {{#Meaning}}<div class="meaning">{{Meaning}}</div>{{/Meaning}}
        {{#Context}}<div class="context">{{Context}}</div>{{/Context}}
        {{#Notes}}<div class="notes">{{Notes}}</div>{{/Notes}}
        <div class="captured">{{Captured}}</div>
        """
    static let css = """
        .card { font-family: sans-serif; font-size: 22px; text-align: center; color: black; background-color: white; }
        .photo img { max-width: 100%; max-height: 60vh; }
        .language, .captured { color: #777; font-size: 15px; }
        .word { font-size: 34px; font-weight: bold; }
        .meaning { font-size: 24px; margin-top: 6px; }
        .context { font-style: italic; margin-top: 8px; }
        .notes { margin-top: 8px; }
        """
}

/// A collection in Anki's legacy format (schema 11), which every Anki since 2.1 imports.
public struct AnkiCollection: Sendable {
    /// Review cards' due days count from this time's day.
    public var createdAt: Date
    public var decks: [AnkiDeck]
    public var notes: [AnkiNote]
    public var reviews: [AnkiReview]

    public init(createdAt: Date, decks: [AnkiDeck], notes: [AnkiNote], reviews: [AnkiReview]) {
        self.createdAt = createdAt
        self.decks = decks
        self.notes = notes
        self.reviews = reviews
    }

    /// Anki's field separator.
    static let fieldSeparator = "\u{1f}"

    /// Writes the collection as a new SQLite file at `path`.
    public func write(to path: String, now: Date = Date()) throws {
        let queue = try DatabaseQueue(path: path)
        let nowSeconds = Int64(now.timeIntervalSince1970)
        let nowMilliseconds = Int64(now.timeIntervalSince1970 * 1000)
        try queue.write { db in
            try db.execute(sql: Self.schema)
            try db.execute(
                sql: "INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')",
                arguments: [Int64(createdAt.timeIntervalSince1970), nowMilliseconds, nowMilliseconds,
                            try json(configuration()), try json(noteTypes()), try json(deckTable(modified: nowSeconds)),
                            try json(deckOptions())])
            let insertNote = try db.makeStatement(sql: "INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')")
            let insertCard = try db.makeStatement(sql: "INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)")
            for note in notes {
                let modified = Int64(note.modified.timeIntervalSince1970)
                let tags = note.tags.isEmpty ? "" : " " + note.tags.joined(separator: " ") + " "
                try insertNote.execute(arguments: [
                    note.id, note.guid, AnkiNoteType.id, modified, tags, note.fields.joined(separator: Self.fieldSeparator),
                    note.sortField, Self.checksum(note.sortField),
                ])
                let card = note.card
                try insertCard.execute(arguments: [
                    note.id, note.id, note.deckId, modified, card.type, card.queue, card.due, card.interval, card.factor,
                    card.reps, card.lapses, card.data,
                ])
            }
            let insertReview = try db.makeStatement(sql: "INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, 0, ?)")
            for review in reviews {
                try insertReview.execute(arguments: [
                    review.id, review.noteId, review.ease, review.interval, review.lastInterval, AnkiCard.startingFactor, review.type,
                ])
            }
        }
        try queue.close()
    }

    /// Anki's duplicate check: the first 8 hex digits of the SHA-1 of the first field's text.
    static func checksum(_ text: String) -> Int64 {
        let digest = Digest.sha1(Data(text.utf8))
        return digest.prefix(4).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }

    private func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    private func configuration() -> [String: Any] {
        [
            "schedVer": 2, "activeDecks": [decks.first?.id ?? 1], "curDeck": decks.first?.id ?? 1, "curModel": String(AnkiNoteType.id),
            "nextPos": notes.count + 1, "sortType": "noteFld", "sortBackwards": false, "addToCur": true,
            "collapseTime": 1200, "dueCounts": true, "estTimes": true, "newSpread": 0, "timeLim": 0,
        ]
    }

    private func noteTypes() -> [String: Any] {
        let fields: [[String: Any]] = AnkiNoteType.fields.enumerated().map { ord, name in
            ["name": name, "ord": ord, "sticky": false, "rtl": false, "font": "Arial", "size": 20, "media": [String]()]
        }
        let template: [String: Any] = [
            "name": AnkiNoteType.templateName, "ord": 0, "qfmt": AnkiNoteType.front, "afmt": AnkiNoteType.back,
            "bqfmt": "", "bafmt": "", "did": NSNull(),
        ]
        let noteType: [String: Any] = [
            "id": AnkiNoteType.id, "name": AnkiNoteType.name, "type": 0, "mod": AnkiNoteType.modified, "usn": -1,
            "sortf": 0, "did": NSNull(), "tmpls": [template], "flds": fields, "css": AnkiNoteType.css,
            "latexPre": "", "latexPost": "", "latexsvg": false, "req": [[0, "any", [1, 4]]], "tags": [String](),
            "vers": [String](),
        ]
        return [String(AnkiNoteType.id): noteType]
    }

    private func deckTable(modified: Int64) -> [String: Any] {
        var table: [String: Any] = [:]
        for deck in decks {
            table[String(deck.id)] = [
                "id": deck.id, "name": deck.name, "mod": modified, "usn": -1, "desc": "", "dyn": 0, "conf": 1,
                "collapsed": false, "browserCollapsed": false, "extendNew": 0, "extendRev": 0,
                "newToday": [0, 0], "revToday": [0, 0], "lrnToday": [0, 0], "timeToday": [0, 0],
            ] as [String: Any]
        }
        return table
    }

    /// Anki's defaults; the importer keeps the learner's own options unless asked otherwise.
    private func deckOptions() -> [String: Any] {
        let options: [String: Any] = [
            "id": 1, "name": "Default", "mod": 0, "usn": 0, "dyn": false, "maxTaken": 60, "timer": 0,
            "autoplay": true, "replayq": true,
            "new": ["delays": [1.0, 10.0], "ints": [1, 4, 0], "initialFactor": AnkiCard.startingFactor, "order": 1,
                    "perDay": 20, "bury": false] as [String: Any],
            "rev": ["perDay": 200, "ease4": 1.3, "ivlFct": 1.0, "maxIvl": 36500, "hardFactor": 1.2, "bury": false] as [String: Any],
            "lapse": ["delays": [10.0], "mult": 0.0, "minInt": 1, "leechFails": 8, "leechAction": 1] as [String: Any],
        ]
        return ["1": options]
    }

    /// Tables and indexes of Anki's schema 11.
    static let schema = """
        CREATE TABLE col (
            id INTEGER PRIMARY KEY, crt INTEGER NOT NULL, mod INTEGER NOT NULL, scm INTEGER NOT NULL,
            ver INTEGER NOT NULL, dty INTEGER NOT NULL, usn INTEGER NOT NULL, ls INTEGER NOT NULL,
            conf TEXT NOT NULL, models TEXT NOT NULL, decks TEXT NOT NULL, dconf TEXT NOT NULL, tags TEXT NOT NULL);
        CREATE TABLE notes (
            id INTEGER PRIMARY KEY, guid TEXT NOT NULL, mid INTEGER NOT NULL, mod INTEGER NOT NULL,
            usn INTEGER NOT NULL, tags TEXT NOT NULL, flds TEXT NOT NULL, sfld INTEGER NOT NULL,
            csum INTEGER NOT NULL, flags INTEGER NOT NULL, data TEXT NOT NULL);
        CREATE TABLE cards (
            id INTEGER PRIMARY KEY, nid INTEGER NOT NULL, did INTEGER NOT NULL, ord INTEGER NOT NULL,
            mod INTEGER NOT NULL, usn INTEGER NOT NULL, type INTEGER NOT NULL, queue INTEGER NOT NULL,
            due INTEGER NOT NULL, ivl INTEGER NOT NULL, factor INTEGER NOT NULL, reps INTEGER NOT NULL,
            lapses INTEGER NOT NULL, left INTEGER NOT NULL, odue INTEGER NOT NULL, odid INTEGER NOT NULL,
            flags INTEGER NOT NULL, data TEXT NOT NULL);
        CREATE TABLE revlog (
            id INTEGER PRIMARY KEY, cid INTEGER NOT NULL, usn INTEGER NOT NULL, ease INTEGER NOT NULL,
            ivl INTEGER NOT NULL, lastIvl INTEGER NOT NULL, factor INTEGER NOT NULL, time INTEGER NOT NULL,
            type INTEGER NOT NULL);
        CREATE TABLE graves (usn INTEGER NOT NULL, oid INTEGER NOT NULL, type INTEGER NOT NULL);
        CREATE INDEX ix_notes_usn ON notes (usn);
        CREATE INDEX ix_cards_usn ON cards (usn);
        CREATE INDEX ix_revlog_usn ON revlog (usn);
        CREATE INDEX ix_cards_nid ON cards (nid);
        CREATE INDEX ix_cards_sched ON cards (did, queue, due);
        CREATE INDEX ix_revlog_cid ON revlog (cid);
        CREATE INDEX ix_notes_csum ON notes (csum);
        """
}
