import GRDB

// Views of the file below the Book, for tests and for diagnosing a damaged file.
// Internal on purpose: the daemon only ever speaks in Changes.
extension Store {
    /// The migrations the file records as applied.
    func appliedMigrations() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
    }

    /// The tables of the schema, leaving out SQLite's and GRDB's own.
    func tableNames() throws -> Set<String> {
        try read { db in
            try String.fetchSet(db, sql: """
                SELECT name FROM sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
                """)
        }
    }

    /// Runs raw SQL outside any Change: tests use it to age or damage a file on purpose.
    func execute(sql: String) throws {
        try translatingErrors { try queue.writeWithoutTransaction { try $0.execute(sql: sql) } }
    }
}

extension Store {
    /// Makes a file as a build that knew only the migrations up to `identifier` would
    /// have left it, so tests can open it with this build.
    static func createFile(at path: String, migratedUpTo identifier: String, sql: String = "") throws {
        try translatingErrors {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            try Schema.migrator.migrate(queue, upTo: identifier)
            if !sql.isEmpty { try queue.writeWithoutTransaction { try $0.execute(sql: sql) } }
            try queue.close()
        }
    }

    /// The migrations a file at `path` records, read without this build's Store.
    static func migrations(inFileAt path: String) throws -> [String] {
        try translatingErrors {
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            return try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier") }
        }
    }

    /// How many routines a file at `path` holds.
    static func routineCount(inFileAt path: String) throws -> Int {
        try translatingErrors {
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            return try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM routine") ?? 0 }
        }
    }
}
