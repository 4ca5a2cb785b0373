import GRDB

/// The schema of the state file, as a list of named migrations.
///
/// A migration that has shipped is never edited: a new schema is a new migration
/// appended below, and a file that holds a migration this list does not know was
/// written by a newer build, so it is refused rather than touched.
enum Schema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // Raw SQL rather than GRDB's table builder: the text below is exactly
            // what ran on every existing file, whatever GRDB version builds this.
            try db.execute(sql: """
                CREATE TABLE routine (
                    id INTEGER PRIMARY KEY,
                    slug TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('celebrity', 'custom')),
                    isActive BOOLEAN NOT NULL CHECK (isActive IN (0, 1)),
                    createdDate TEXT NOT NULL,
                    startDate TEXT NOT NULL,
                    activationSerial INTEGER NOT NULL
                );
                -- At most one active routine, whatever the code above does.
                CREATE UNIQUE INDEX routine_onlyOneActive ON routine (isActive) WHERE isActive = 1;

                CREATE TABLE task (
                    routineId INTEGER NOT NULL REFERENCES routine (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position >= 1),
                    time INTEGER NOT NULL CHECK (time BETWEEN 0 AND 1439),
                    title TEXT NOT NULL,
                    PRIMARY KEY (routineId, position)
                );

                CREATE TABLE dayRecord (
                    routineId INTEGER NOT NULL REFERENCES routine (id) ON DELETE CASCADE,
                    date TEXT NOT NULL,
                    doneMask INTEGER NOT NULL,
                    taskCount INTEGER NOT NULL,
                    completed INTEGER NOT NULL,
                    PRIMARY KEY (routineId, date)
                );

                CREATE TABLE openDay (
                    routineId INTEGER NOT NULL REFERENCES routine (id) ON DELETE CASCADE,
                    date TEXT NOT NULL,
                    doneMask INTEGER NOT NULL,
                    PRIMARY KEY (routineId, date)
                );

                CREATE TABLE setting (
                    key TEXT NOT NULL PRIMARY KEY,
                    value TEXT NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2-drafts") { db in
            // The custom routine being written: at most one draft, its tasks by
            // 1-based position in time order, as in `task`.
            try db.execute(sql: """
                CREATE TABLE draft (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    title TEXT
                );

                CREATE TABLE draftTask (
                    draftId INTEGER NOT NULL REFERENCES draft (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 20),
                    time INTEGER NOT NULL CHECK (time BETWEEN 0 AND 1439),
                    title TEXT NOT NULL,
                    PRIMARY KEY (draftId, position)
                );
                """)
        }
        migrator.registerMigration("v3-draft-revision") { db in
            // How many times the draft has changed, kept apart from `draft` because it
            // outlives it: a draft started after a discard or a save goes on counting, so a
            // window still showing the old one is refused rather than changing the new one.
            try db.execute(sql: """
                CREATE TABLE draftRevision (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    revision INTEGER NOT NULL CHECK (revision >= 0)
                );
                """)
        }
        return migrator
    }()
}
