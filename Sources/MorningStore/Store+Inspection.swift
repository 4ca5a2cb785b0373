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
