import Foundation
import GRDB
import MorningCore
#if canImport(Glibc)
import Glibc
#endif

/// The state file: one SQLite database in WAL mode, synchronous=FULL.
///
/// One connection writes: only bmd changes the file and each request touches a few
/// rows, so a `DatabaseQueue` is enough and there is never more than one writer. Reads
/// go through a second, read-only connection that never waits: while another program
/// holds the file's write lock (sqlite3 in a transaction, a database browser editing)
/// and a write waits for it, every read still answers at once, as WAL lets it.
///
/// Why not GRDB's `DatabasePool`, which is that pair with a pool of readers: bmd has no
/// use for more than one reader (the engine answers one call at a time under its lock;
/// only an export reads beside it, briefly), and the pair must exist without a pool too,
/// since a file opened on a full disk and the tests' in-memory stores have one connection
/// only. A pool opens its readers when reads first need them and closes them again (when
/// told to release memory, or once no longer needed); closing a GRDB connection frees its
/// DispatchQueue, which starts libdispatch's worker thread, and that thread then wakes
/// once a second for as long as bmd runs (see below). Two connections opened once and
/// kept for bmd's life leave an idle bmd asleep, as `bench/idle-wakeups` checks.
public final class Store: Sendable {
    let queue: DatabaseQueue
    /// The connection reads use: the writer's own for an in-memory store or a file
    /// opened on a full disk (whose lock is exclusive), a read-only one otherwise.
    let reader: DatabaseQueue

    /// How long a write waits for another program's lock on the file before it is refused
    /// with `StoreError.busy`: a person editing the file in a database browser holds it for
    /// minutes, and a client should hear why soon rather than wait with no word.
    public static let busyWait: TimeInterval = 2

    /// Gives back the pages each connection keeps in its cache (`PRAGMA shrink_memory`),
    /// read again from the file, through the system's cache, when next needed: for a bmd
    /// that goes idle, which would otherwise hold them written all day. Prepared
    /// statements stay (some 4 KiB in all, and each call would have to make them again).
    public func releaseMemory() {
        for connection in reader === queue ? [queue] : [queue, reader] {
            try? connection.inDatabase { db in try db.execute(sql: "PRAGMA shrink_memory") }
        }
    }

    /// Opens or creates the database at `path` (its folder must exist), runs migrations.
    ///
    /// A file written by a newer build is refused with `StoreError.newerSchema`
    /// before anything writes to it.
    public convenience init(path: String) throws {
        let queue: DatabaseQueue
        var fullDisk = false
        var inspected: DatabaseQueue?
        do {
            (queue, inspected) = try Store.open(path: path)
        } catch let error as StoreError where FileManager.default.fileExists(atPath: path) && Store.diskIsFull(beside: path) {
            // SQLite cannot make or grow the -shm file on a full disk ("disk I/O error").
            // Opened alone, with the WAL index in memory, the file still reads, and every
            // change is refused as a full disk until space is freed.
            guard let fallback = try? Store.openOnFullDisk(path: path) else { throw StoreError.diskFull(message: "\(error)") }
            queue = fallback
            fullDisk = true
        }
        var reader = queue
        if !fullDisk {
            // The read-only connection that inspected an existing file goes on as the
            // reader rather than being closed: closing a GRDB connection frees its
            // DispatchQueue, which starts libdispatch's worker thread, and that thread
            // then wakes once a second for as long as bmd runs.
            reader = try inspected ?? translatingErrors { try DatabaseQueue(path: path, configuration: Store.readerConfiguration) }
        }
        try self.init(queue: queue, reader: reader, openedOnFullDisk: fullDisk)
        if reader !== queue {
            try translatingErrors {
                try reader.inDatabase { db in
                    // A read never waits for a lock: in WAL mode only recovering from a crash takes one.
                    try db.execute(sql: "PRAGMA busy_timeout = 0")
                    // What the inspection learnt of the schema may predate the migrations.
                    db.clearSchemaCache()
                }
            }
        }
    }

    /// Whether the file was opened on a full disk, alone (no -shm): other readers such as
    /// sqlite3(1) are kept out until bmd starts again.
    public let openedOnFullDisk: Bool

    /// The writing connection, and the read-only one that inspected an existing file first.
    private static func open(path: String) throws -> (DatabaseQueue, inspected: DatabaseQueue?) {
        let inspected = try Store.inspect(path: path)
        return try translatingErrors {
            let queue = try DatabaseQueue(path: path, configuration: Store.configuration)
            // Not GRDB's `journalMode = .wal` configuration: it switches the file before
            // the check above could run, and sets synchronous = NORMAL.
            let mode = try queue.writeWithoutTransaction { db in
                try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") ?? ""
            }
            guard mode == "wal" else { throw StoreError.walUnavailable(journalMode: mode) }
            try Store.backUpBeforeMigrating(queue, path: path)
            return (queue, inspected)
        }
    }

    /// Whether the file system that holds `path` has less room than SQLite needs to open
    /// a file in WAL mode (its -shm index takes 32 KiB).
    static func diskIsFull(beside path: String) -> Bool {
        var stats = statvfs()
        let folder = (path as NSString).deletingLastPathComponent
        guard statvfs(folder.isEmpty ? "." : folder, &stats) == 0 else { return false }
        return UInt64(stats.f_bavail) * UInt64(stats.f_frsize) < 1 << 20
    }

    /// Opens an existing file with `locking_mode = EXCLUSIVE` set before its first read,
    /// so that SQLite keeps the WAL index in memory and needs no -shm file. The checks of
    /// `inspect` run on this connection before anything could write.
    static func openOnFullDisk(path: String) throws -> DatabaseQueue {
        var config = configuration
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
        return try translatingErrors {
            let queue = try DatabaseQueue(path: path, configuration: config)
            try queue.read { db in
                try refuseNewerSchema(db)
                let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard problems == ["ok"] else { throw StoreError.damaged(problems.prefix(3).joined(separator: "; ")) }
            }
            return queue
        }
    }

    /// Looks at an existing file through a read-only connection before anything opens it
    /// for writing, and refuses one from a newer build or one that fails SQLite's
    /// `quick_check`. Only a read-only connection leaves such a file exactly as it was: a
    /// read-write one, even one that only read, copies the -wal into the file and deletes
    /// it when it closes.
    ///
    /// Returns that connection, still open, or nil when there is no file yet.
    @discardableResult
    static func inspect(path: String) throws -> DatabaseQueue? {
        let files = FileManager.default
        guard files.fileExists(atPath: path) else { return nil }
        let sidecars = [path + "-wal", path + "-shm"]
        let created = sidecars.filter { !files.fileExists(atPath: $0) }
        var config = configuration
        config.readonly = true
        do {
            return try translatingErrors {
                let queue = try DatabaseQueue(path: path, configuration: config)
                do {
                    try queue.read { db in
                        try refuseNewerSchema(db)
                        let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
                        guard problems == ["ok"] else { throw StoreError.damaged(problems.prefix(3).joined(separator: "; ")) }
                    }
                } catch {
                    try? queue.close()
                    throw error
                }
                return queue
            }
        } catch {
            // SQLite makes an empty -wal and a -shm for a WAL file that had none. Those two,
            // and only while the -wal is still empty, are taken away again.
            let walSize = (try? files.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? nil
            if created.count == 2, walSize == 0 {
                for file in created { try? files.removeItem(atPath: file) }
            }
            throw error
        }
    }

    /// Before a file that holds data is migrated, a copy of it as it was:
    /// `bmd.sqlite.before-<first pending migration>`. A copy left by an earlier attempt is
    /// kept, since it is the one taken before any migration began.
    static func backUpBeforeMigrating(_ queue: DatabaseQueue, path: String) throws {
        let pending: String? = try queue.read { db in
            let applied = try Schema.migrator.appliedIdentifiers(db)
            guard !applied.isEmpty else { return nil }   // a new, empty file: nothing to keep
            return Schema.migrator.migrations.first { !applied.contains($0) }
        }
        guard let pending else { return }
        let copy = path + ".before-" + pending
        guard !FileManager.default.fileExists(atPath: copy) else { return }
        // SQLite's backup API copies a consistent snapshot, WAL included, to a temporary
        // name; the rename makes the copy appear whole or not at all.
        let partial = copy + ".partial"
        try? FileManager.default.removeItem(atPath: partial)
        let destination = try DatabaseQueue(path: partial)
        try queue.backup(to: destination)
        try destination.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
        try destination.close()
        try FileManager.default.moveItem(atPath: partial, toPath: copy)
    }

    /// A private in-memory database with the same schema, for tests.
    public static func inMemory() throws -> Store {
        let queue = try translatingErrors { try DatabaseQueue(configuration: configuration) }
        return try Store(queue: queue, reader: queue)
    }

    deinit {
        // The reader closes first, so that the writer is the last connection and folds the
        // WAL back into the file as it closes, as it did when it was the only one.
        if reader !== queue { try? reader.close() }
    }

    /// Copies every change in the WAL into the state file and empties the WAL. bmd does
    /// this as it stops: the store's connections close only when the last holder lets it
    /// go, which a task still finishing can delay past the end of the process, and a WAL
    /// left behind would make the state file alone an old copy. The connections stay
    /// open (a closed GRDB connection must never be touched again).
    public func foldWAL() throws {
        try translatingErrors { try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") } }
    }

    private init(queue: DatabaseQueue, reader: DatabaseQueue, openedOnFullDisk: Bool = false) throws {
        self.queue = queue
        self.reader = reader
        self.openedOnFullDisk = openedOnFullDisk
        try translatingErrors {
            // Only FULL keeps the last commit after a power loss: in WAL mode, NORMAL may lose it.
            // The queue's one connection stays open for the Store's life, so this sticks.
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            try Schema.migrator.migrate(queue)
        }
        let synchronous = try synchronousMode()
        guard synchronous == 2 else { throw StoreError.notDurable(synchronous: synchronous) }
    }

    /// The reader's: read-only, and it never waits for a lock.
    private static var readerConfiguration: Configuration {
        var config = configuration
        config.readonly = true
        config.busyMode = .immediateError
        return config
    }

    private static var configuration: Configuration {
        var config = Configuration()
        config.label = "MorningStore"
        // The cascades of deleteRoutine rely on it; GRDB's default, stated on purpose.
        config.foreignKeysEnabled = true
        // Only bmd writes, but another program may hold the file's lock for a moment:
        // wait for it a little rather than fail at once, never for long.
        config.busyMode = .timeout(busyWait)
        return config
    }

    private static func refuseNewerSchema(_ db: Database) throws {
        let unknown = try Schema.migrator.appliedIdentifiers(db).subtracting(Schema.migrator.migrations)
        guard unknown.isEmpty else {
            throw StoreError.newerSchema(found: unknown.sorted().joined(separator: ", "))
        }
    }

    // MARK: - Reading

    /// Everything but history: routines (with tasks and `lastRecordDate` = MAX(date) of their
    /// day records), open days, settings and the draft.
    public func loadBook() throws -> Book {
        try read { db in try Store.book(in: db) }
    }

    static func book(in db: Database) throws -> Book {
        var tasks: [RoutineID: [RoutineTask]] = [:]
        for row in try TaskRow.order(Column("routineId"), Column("position")).fetchAll(db) {
            tasks[row.routineId, default: []].append(try row.task)
        }
        var lastRecordDates: [RoutineID: Day] = [:]
        for row in try LastRecordRow.fetchAll(db, sql: LastRecordRow.sql) {
            guard let date = row.date else { continue }
            lastRecordDates[row.routineId] = try Day(stored: date, in: "dayRecord")
        }
        let routines = try RoutineRow.order(Column("id")).fetchAll(db).map {
            try $0.routine(tasks: tasks[$0.id] ?? [], lastRecordDate: lastRecordDates[$0.id])
        }
        var openDays: [Book.OpenDay: UInt32] = [:]
        for row in try OpenDayRow.fetchAll(db) {
            let key = Book.OpenDay(routineID: row.routineId, date: try Day(stored: row.date, in: "openDay"))
            openDays[key] = try UInt32(stored: row.doneMask, in: "openDay")
        }
        let settings = try SettingRow.settings(from: SettingRow.fetchAll(db))
        return Book(routines: routines, openDays: openDays, settings: settings, draft: try DraftRow.load(from: db),
                    draftRevision: try DraftRow.revision(in: db))
    }

    /// The Day Record of one routine on one date, or nil.
    public func record(of routine: RoutineID, on date: Day) throws -> DayRecord? {
        try read { db in
            try DayRecordRow.fetchOne(db, key: ["routineId": routine, "date": date.description])?.record
        }
    }

    /// Completed counts of the routine's Day Records with date in from...through, by date.
    public func completedCounts(of routine: RoutineID, from: Day, through: Day) throws -> [Day: Int] {
        try completedCounts(of: [routine], from: from, through: through)[routine] ?? [:]
    }

    /// The same for several routines, read in one transaction (a week for every data card).
    public func completedCounts(of routines: [RoutineID], from: Day, through: Day) throws -> [RoutineID: [Day: Int]] {
        try read { db in
            // YYYY-MM-DD text sorts as the dates do, so the range is a plain comparison that
            // the primary key (routineId, date) serves. The statement is prepared once.
            let statement = try db.cachedStatement(sql: """
                SELECT date, completed FROM dayRecord WHERE routineId = ? AND date >= ? AND date <= ?
                """)
            var all: [RoutineID: [Day: Int]] = [:]
            for routine in routines {
                var counts: [Day: Int] = [:]
                let rows = try Row.fetchCursor(statement, arguments: [routine, from.description, through.description])
                while let row = try rows.next() {
                    let date: String = row[0]
                    counts[try Day(storedDate: date)] = row[1]
                }
                all[routine] = counts
            }
            return all
        }
    }

    /// How many Day Records a routine has.
    public func recordCount(of routine: RoutineID) throws -> Int {
        try read { db in try DayRecordRow.filter(Column("routineId") == routine).fetchCount(db) }
    }

    /// PRAGMA synchronous as SQLite reports it on the writer connection (2 = FULL).
    public func synchronousMode() throws -> Int {
        try translatingErrors { try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 } }
    }

    /// PRAGMA journal_mode: "wal" for a file, "memory" for `inMemory()`.
    public func journalMode() throws -> String {
        try translatingErrors { try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" } }
    }

    // MARK: - Writing

    /// Applies the changes in order in ONE write transaction, or none of them (throws).
    ///
    /// While another program holds the file's lock the write waits `busyWait` for it, or
    /// with `waiting: false` not at all, and then throws `StoreError.busy`: bmd's own
    /// work that can be done later (closing a day that ended) must not hold anyone up.
    public func apply(_ changes: [Change], waiting: Bool = true) throws {
        guard !changes.isEmpty else { return }
        try translatingErrors {
            try queue.writeWithoutTransaction { db in
                if !waiting { try db.execute(sql: "PRAGMA busy_timeout = 0") }
                defer { if !waiting { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(Store.busyWait * 1000))") } }
                try db.inTransaction(.immediate) {
                    for change in changes { try change.write(to: db) }
                    return .commit
                }
            }
        }
    }

    /// Reads through the connection that never waits for a lock.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors { try reader.read(body) }
    }
}

/// The latest Day Record date of each routine, for `Routine.lastRecordDate`.
private struct LastRecordRow: Decodable, FetchableRecord {
    var routineId: Int64
    var date: String?

    /// One look-up in the (routineId, date) key per routine: the start-up of a bmd with
    /// years of history does not read every record (a GROUP BY would).
    static let sql = """
        SELECT id AS routineId, (SELECT MAX(date) FROM dayRecord WHERE routineId = routine.id) AS date
        FROM routine
        """
}

/// Runs `body`, turning GRDB's errors into `StoreError` so that no GRDB type leaves
/// this module.
func translatingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as StoreError {
        throw error
    } catch let error as DatabaseError {
        let message = error.message ?? error.description
        switch error.resultCode {
        case .SQLITE_FULL: throw StoreError.diskFull(message: message)
        case .SQLITE_READONLY: throw StoreError.readOnly(message: message)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: throw StoreError.damaged(message)
        case .SQLITE_BUSY, .SQLITE_LOCKED: throw StoreError.busy(message: message)
        default: break
        }
        throw StoreError.sqlite(code: error.extendedResultCode.rawValue, message: error.message ?? error.description)
    } catch {
        // A value SQLite holds but Codable could not decode (a damaged file).
        throw StoreError.unreadable(String(describing: error))
    }
}
