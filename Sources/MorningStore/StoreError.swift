import MorningCore

/// Why the state file could not be opened, read or changed.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The file holds migrations this build does not know (`found`, comma-separated):
    /// a newer bmd wrote it. It is refused and left exactly as it was.
    case newerSchema(found: String)
    /// SQLite would not switch the file to WAL mode.
    case walUnavailable(journalMode: String)
    /// `PRAGMA synchronous` is not FULL after setting it, so a power loss could drop
    /// the last commit.
    case notDurable(synchronous: Int)
    /// A change names a routine that is not stored: the Book and the file disagree.
    case noSuchRoutine(RoutineID)
    /// A stored value this build cannot turn back into a Book (a damaged file).
    case unreadable(String)
    /// The disk that holds the state file has no room for the change (SQLITE_FULL).
    case diskFull(message: String)
    /// The state file or its folder cannot be written (SQLITE_READONLY).
    case readOnly(message: String)
    /// The file is not a SQLite database, or its pages fail SQLite's own checks
    /// (SQLITE_NOTADB, SQLITE_CORRUPT, or `PRAGMA quick_check` found a problem).
    case damaged(String)
    /// Another program holds the state file's lock (sqlite3 in a transaction, a database
    /// browser editing it) and did not let go within `Store.busyWait` (SQLITE_BUSY).
    case busy(message: String)
    /// SQLite refused: a broken constraint (a second active routine, a day finalized
    /// twice) or another failure. `code` is the extended result code.
    case sqlite(code: Int32, message: String)

    /// A change could not be stored for lack of room or write access, or for another
    /// program's lock, with nothing damaged: bmd serves on, reading what it has.
    public var isFullOrReadOnly: Bool {
        switch self {
        case .diskFull, .readOnly, .busy: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .newerSchema(let found):
            "the state file was written by a newer Better Morning (unknown migrations: \(found)); it was left unchanged"
        case .walUnavailable(let mode):
            "SQLite would not use WAL mode for the state file (journal mode is \(mode))"
        case .notDurable(let synchronous):
            "SQLite would not set synchronous = FULL on the state file (it is \(synchronous))"
        case .noSuchRoutine(let id):
            "no stored routine has id \(id)"
        case .unreadable(let detail):
            "the state file holds a value that cannot be read: \(detail)"
        case .diskFull(let message):
            "the disk that holds the state file is full (\(message)); free some space and try again"
        case .readOnly(let message):
            "the state file is read-only (\(message)); bmd can show it but not change it"
        case .busy:
            "another program holds the state file (sqlite3 or a database browser with the file open in a "
                + "transaction); nothing was changed: close it, or end its transaction, and try again"
        case .damaged(let detail):
            "the state file is damaged or is not a Better Morning database (\(detail))"
        case .sqlite(let code, _) where code & 0xFF == 19:
            // SQLITE_CONSTRAINT: SQLite's own words stay in the log (debugDescription).
            "the change contradicts what the state file holds, so it was not stored (error \(code))"
        case .sqlite(let code, _):
            "the state file could not be read or changed (error \(code)); bmd's log has the details"
        }
    }

    /// For the log: the description, with SQLite's own message where there is one.
    public var debugDescription: String {
        if case .sqlite(let code, let message) = self { return "\(description): SQLite error \(code): \(message)" }
        return description
    }
}
