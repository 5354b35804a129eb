import GRDB

extension AppDatabase {
    /// Every schema version, in order. A migration that has shipped is never edited: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1: word books, words, images, tags") { db in
            try db.create(table: "wordBook") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("recordDate", .text).notNull().unique()
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "word") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("wordBook", onDelete: .cascade).notNull()
                t.column("word", .text).notNull()
                t.column("targetLanguage", .text).notNull()
                t.column("masteryLevel", .integer).notNull().defaults(to: 0)
                    .check { (0...5).contains($0) }
                t.column("notes", .text).notNull().defaults(to: "")
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("nextReviewDate", .datetime).notNull().indexed()
                t.column("reviewInterval", .integer).notNull().defaults(to: 1)
                t.column("reviewCount", .integer).notNull().defaults(to: 0)
                t.column("lastReviewDate", .datetime)
                t.column("status", .text).notNull().indexed()
                    .check { ["proposed", "confirmed", "rejected"].contains($0) }
                t.column("proposedWord", .text).notNull()
                t.column("confidence", .integer).notNull()
                t.column("candidates", .jsonText).notNull().defaults(to: "[]")
                t.column("box", .jsonText)
                t.column("context", .text).notNull().defaults(to: "")
                t.column("sourceName", .text).notNull()
                t.column("sourceSHA256", .text).notNull().unique()
                t.column("capturedAt", .datetime).notNull()
            }
            try db.create(table: "wordImage") { t in
                t.primaryKey("wordId", .integer).references("word", onDelete: .cascade)
                t.column("jpeg", .blob).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
            }
            try db.create(table: "tag") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("key", .text).notNull().unique()
            }
            try db.create(table: "wordTag") { t in
                t.primaryKey {
                    t.belongsTo("word", onDelete: .cascade)
                    t.belongsTo("tag", onDelete: .cascade)
                }
            }
        }

        migrator.registerMigration("v2: review history, full-text search") { db in
            try db.create(table: "review") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("word", onDelete: .cascade).notNull()
                t.column("reviewedAt", .datetime).notNull()
                t.column("level", .integer).notNull().check { (0...5).contains($0) }
                t.column("interval", .integer).notNull()
                t.column("nextReviewDate", .datetime).notNull()
            }
            // Folding ß by SQL's own replace() keeps the triggers working from any connection,
            // the sqlite3 shell included; unicode61 folds case and removes the other diacritics.
            let fold = { (column: String) in "replace(replace(\(column), 'ß', 'ss'), 'ẞ', 'SS')" }
            try db.execute(sql: """
                CREATE VIRTUAL TABLE wordSearch USING fts5(word, notes, context, tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO wordSearch (rowid, word, notes, context)
                    SELECT id, \(fold("word")), \(fold("notes")), \(fold("context")) FROM word;
                CREATE TRIGGER wordSearchInsert AFTER INSERT ON word BEGIN
                    INSERT INTO wordSearch (rowid, word, notes, context)
                    VALUES (new.id, \(fold("new.word")), \(fold("new.notes")), \(fold("new.context")));
                END;
                CREATE TRIGGER wordSearchDelete AFTER DELETE ON word BEGIN
                    DELETE FROM wordSearch WHERE rowid = old.id;
                END;
                CREATE TRIGGER wordSearchUpdate AFTER UPDATE OF word, notes, context ON word BEGIN
                    DELETE FROM wordSearch WHERE rowid = old.id;
                    INSERT INTO wordSearch (rowid, word, notes, context)
                    VALUES (new.id, \(fold("new.word")), \(fold("new.notes")), \(fold("new.context")));
                END;
                CREATE INDEX wordOnTargetLanguage ON word (targetLanguage);
                CREATE INDEX wordTagOnTagId ON wordTag (tagId);
                """)
        }

        // Indexes for the read commands at 100,000 words (bench/store.py shows their query plans).
        migrator.registerMigration("v3: indexes for the read commands at scale") { db in
            try db.execute(sql: """
                -- due and stats' due today: status = ? AND nextReviewDate <= ?, in nextReviewDate order.
                CREATE INDEX wordOnStatusNextReviewDate ON word (status, nextReviewDate);
                -- pending: status = 'proposed' in capture order, without sorting.
                CREATE INDEX wordOnStatusCapturedAt ON word (status, capturedAt);
                -- list by day or range: a book's words in capture order; books counts words and
                -- mastered ones from this index alone.
                CREATE INDEX wordOnWordBookIdCapturedAt ON word (wordBookId, capturedAt, masteryLevel);
                -- stats: the counts and the per-language counts read this index, not the rows.
                CREATE INDEX wordOnTargetLanguageStatus ON word (targetLanguage, status, masteryLevel);
                -- stats' streak: was anything reviewed on a day without a word book?
                CREATE INDEX reviewOnReviewedAt ON review (reviewedAt);
                """)
        }

        // Nullable: a word has an FSRS state only once FSRS has graded it.
        migrator.registerMigration("v4: fsrs memory state") { db in
            try db.alter(table: "word") { t in
                t.add(column: "stability", .double)
                t.add(column: "difficulty", .double)
                t.add(column: "fsrsState", .text).check { FSRSState.allCases.map(\.rawValue).contains($0) }
                t.add(column: "fsrsStep", .integer)
            }
            try db.execute(sql: """
                -- stats' FSRS recall: the confirmed words with a memory state, from this index alone
                -- (empty until FSRS grades a word, so the interval rule's stats cost nothing more).
                CREATE INDEX wordOnStatusStabilityLastReviewDate ON word (status, stability, lastReviewDate)
                    WHERE stability IS NOT NULL;
                """)
        }

        // books counts mastered words (Word.mastered: confirmed, level 4 or more) from its index alone.
        migrator.registerMigration("v5: status in the index books reads") { db in
            try db.execute(sql: """
                DROP INDEX wordOnWordBookIdCapturedAt;
                CREATE INDEX wordOnWordBookIdCapturedAt ON word (wordBookId, capturedAt, masteryLevel, status);
                """)
        }

        // A word's meaning, and search over it: the full-text table gains a column, so it is built again.
        migrator.registerMigration("v6: glosses") { db in
            try db.alter(table: "word") { t in
                t.add(column: "gloss", .text)
                t.add(column: "glossSource", .text).check { GlossSource.allCases.map(\.rawValue).contains($0) }
                t.add(column: "glossEntry", .text)
            }
            let fold = { (column: String) in "replace(replace(\(column), 'ß', 'ss'), 'ẞ', 'SS')" }
            let columns = "word, notes, context, gloss"
            let values = { (row: String) in
                ["word", "notes", "context"].map { fold("\(row)\($0)") }.joined(separator: ", ") + ", coalesce(\(row)gloss, '')"
            }
            try db.execute(sql: """
                DROP TRIGGER wordSearchInsert;
                DROP TRIGGER wordSearchDelete;
                DROP TRIGGER wordSearchUpdate;
                DROP TABLE wordSearch;
                CREATE VIRTUAL TABLE wordSearch USING fts5(\(columns), tokenize = 'unicode61 remove_diacritics 2');
                INSERT INTO wordSearch (rowid, \(columns)) SELECT id, \(values("")) FROM word;
                CREATE TRIGGER wordSearchInsert AFTER INSERT ON word BEGIN
                    INSERT INTO wordSearch (rowid, \(columns)) VALUES (new.id, \(values("new.")));
                END;
                CREATE TRIGGER wordSearchDelete AFTER DELETE ON word BEGIN
                    DELETE FROM wordSearch WHERE rowid = old.id;
                END;
                CREATE TRIGGER wordSearchUpdate AFTER UPDATE OF \(columns) ON word BEGIN
                    DELETE FROM wordSearch WHERE rowid = old.id;
                    INSERT INTO wordSearch (rowid, \(columns)) VALUES (new.id, \(values("new.")));
                END;
                """)
        }

        // SQLite cannot add a CHECK to a table that exists: triggers hold new and changed rows to
        // the ranges a backup is checked against (BackupDocument.Limits). Rows outside them, which
        // only a crafted import could have made, are first brought inside, so they can be graded.
        migrator.registerMigration("v7: review values in range") { db in
            typealias Limits = BackupDocument.Limits
            let wordRanges: [(column: String, low: String, high: String)] = [
                ("reviewCount", "\(Limits.reviewCount.lowerBound)", "\(Limits.reviewCount.upperBound)"),
                ("reviewInterval", "\(Limits.reviewInterval.lowerBound)", "\(Limits.reviewInterval.upperBound)"),
                ("confidence", "\(Limits.confidence.lowerBound)", "\(Limits.confidence.upperBound)"),
                ("stability", "\(Limits.stability.lowerBound)", "\(Limits.stability.upperBound)"),
                ("difficulty", "\(Limits.difficulty.lowerBound)", "\(Limits.difficulty.upperBound)"),
                ("fsrsStep", "\(Limits.fsrsStep.lowerBound)", "\(Limits.fsrsStep.upperBound)"),
            ]
            let interval = ("interval", "\(Limits.reviewInterval.lowerBound)", "\(Limits.reviewInterval.upperBound)")
            func clamp(_ range: (column: String, low: String, high: String)) -> String {
                "\(range.column) = max(\(range.low), min(\(range.column), \(range.high)))"
            }
            func outside(_ ranges: [(column: String, low: String, high: String)]) -> String {
                ranges.map { "NEW.\($0.column) NOT BETWEEN \($0.low) AND \($0.high)" }.joined(separator: " OR ")
            }
            // max() and min() of NULL are NULL, and NULL NOT BETWEEN is not true: a word without an
            // FSRS state keeps its NULLs and passes.
            try db.execute(sql: """
                UPDATE word SET \(wordRanges.map(clamp).joined(separator: ", "));
                UPDATE review SET \(clamp(interval));
                CREATE TRIGGER wordValuesInRangeOnInsert BEFORE INSERT ON word WHEN \(outside(wordRanges)) BEGIN
                    SELECT RAISE(ABORT, 'a review value of the word is out of range');
                END;
                CREATE TRIGGER wordValuesInRangeOnUpdate BEFORE UPDATE ON word WHEN \(outside(wordRanges)) BEGIN
                    SELECT RAISE(ABORT, 'a review value of the word is out of range');
                END;
                CREATE TRIGGER reviewIntervalInRangeOnInsert BEFORE INSERT ON review WHEN \(outside([interval])) BEGIN
                    SELECT RAISE(ABORT, 'a review interval is out of range');
                END;
                CREATE TRIGGER reviewIntervalInRangeOnUpdate BEFORE UPDATE ON review WHEN \(outside([interval])) BEGIN
                    SELECT RAISE(ABORT, 'a review interval is out of range');
                END;
                """)
        }

        // Every change a command makes to words, with each word as it was before, so it can be undone.
        migrator.registerMigration("v8: change log") { db in
            try db.create(table: "change") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("madeAt", .datetime).notNull()
                t.column("command", .text).notNull()
                t.column("summary", .text).notNull()
                t.column("undoneAt", .datetime)
            }
            try db.create(table: "changedWord") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("change", onDelete: .cascade).notNull()
                // A word pruned since takes its part of the change with it.
                t.belongsTo("word", onDelete: .cascade).notNull()
                t.column("before", .jsonText).notNull()
                t.column("tagsBefore", .jsonText)
                t.column("reviewId", .integer)
            }
            try db.execute(sql: "CREATE INDEX changeOnUndoneAt ON change (undoneAt, id)")
        }

        // The web app's paired phones and the one-time codes that pair them; only hashes are kept.
        migrator.registerMigration("v9: web sessions") { db in
            try db.create(table: "webSession") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("tokenSHA256", .text).notNull().unique()
                t.column("label", .text).notNull().defaults(to: "")
                t.column("createdAt", .datetime).notNull()
                t.column("lastSeenAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
            }
            try db.create(table: "webPairing") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("codeSHA256", .text).notNull().unique()
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
                t.column("usedAt", .datetime)
            }
        }

        // The words read around the aim point, each with its box in the stored photo, so that the
        // learner taps the word meant; JSON as `candidates` is. Words filed before have none.
        migrator.registerMigration("v10: words around the aim") { db in
            try db.alter(table: "word") { t in
                t.add(column: "wordsAround", .jsonText).notNull().defaults(to: "[]")
            }
        }

        // The web app's pages at 10,000 words (bench/web.py shows their query plans): every page counts
        // the day's queue, so the words due, the new words and the first proposal are read from indexes
        // alone, rather than every proposal or every confirmed word read (and sorted) on each page.
        migrator.registerMigration("v11: indexes for the web app's pages") { db in
            try db.execute(sql: """
                -- pending and the pending page: the least sure proposal first, then the oldest.
                CREATE INDEX wordOnStatusConfidenceCapturedAt ON word (status, confidence, capturedAt);
                -- the day's new words (confirmed, never reviewed) and how many wait, in filing order.
                CREATE INDEX wordOnStatusReviewCount ON word (status, reviewCount);
                -- the words due and in their steps, with what tells reviews from steps: from the index alone.
                DROP INDEX wordOnStatusNextReviewDate;
                CREATE INDEX wordOnStatusNextReviewDate ON word (status, nextReviewDate, reviewCount, reviewInterval);
                """)
        }

        // The headword a dictionary gloss was found under, which the article goes with: `der Vortag`,
        // not `der Vortags`. Words filed before have none until their gloss is found again.
        migrator.registerMigration("v12: a gloss's headword") { db in
            try db.alter(table: "word") { t in
                t.add(column: "glossHeadword", .text)
            }
        }

        return migrator
    }
}
