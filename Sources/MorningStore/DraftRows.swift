import GRDB
import MorningCore

/// The row of `draft`: there is one while a custom routine is being written.
struct DraftRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "draft"
    /// The only id the table allows: a user has one draft at a time.
    static let only: Int64 = 1

    var id: Int64
    var title: String?

    /// Replaces the stored draft with `draft`, or removes it when nil.
    ///
    /// A draft has at most `Limits.taskCount` tasks, so it is written whole on every change: its rows
    /// always match the draft that was last kept, inside the caller's transaction.
    static func write(_ draft: Draft?, to db: Database) throws {
        // Its tasks go with it (ON DELETE CASCADE).
        try DraftRow.deleteAll(db)
        guard let draft else { return }
        try DraftRow(id: only, title: draft.title).insert(db)
        // Positions follow `Draft.tasks`, which is in time order with ties as added.
        for (offset, task) in draft.tasks.enumerated() {
            try DraftTaskRow(draftId: only, position: offset + 1, time: task.time.minutes, title: task.title).insert(db)
        }
    }

    /// Counts one more revision of the draft, as `Book.setDraft` does in memory.
    static func countRevision(in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO draftRevision (id, revision) VALUES (1, 1)
            ON CONFLICT (id) DO UPDATE SET revision = revision + 1
            """)
    }

    /// The draft's revision: 0 until it first changed.
    static func revision(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT revision FROM draftRevision WHERE id = 1") ?? 0
    }

    /// The stored draft, or nil when there is none.
    static func load(from db: Database) throws -> Draft? {
        guard let row = try DraftRow.fetchOne(db) else { return nil }
        let tasks = try DraftTaskRow.filter(Column("draftId") == row.id).order(Column("position")).fetchAll(db)
        return Draft(title: row.title, tasks: try tasks.map { try $0.task })
    }
}

/// A row of `draftTask`: one task of the draft, by its 1-based position in time order.
struct DraftTaskRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "draftTask"

    var draftId: Int64
    var position: Int
    var time: Int
    var title: String

    var task: RoutineTask {
        get throws { try RoutineTask(storedMinutes: time, title: title, at: "task \(position) of the draft") }
    }
}
