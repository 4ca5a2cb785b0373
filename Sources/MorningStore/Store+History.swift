import GRDB
import MorningCore

// Reading history for the charts, stats, heatmap and export, and writing an
// import. Day Records are read as plain rows rather than through Codable: ten years
// of twenty routines is some 70,000 of them, and `stats` reads them all.
extension Store {
    /// The Day Records of one routine, or of every routine when `routine` is nil, with
    /// dates in `from...through` (either end open when nil), by routine then date.
    public func records(of routine: RoutineID? = nil, from: Day? = nil, through: Day? = nil) throws -> [DayRecord] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let routine {
            conditions.append("routineId = ?")
            arguments += [routine]
        }
        // YYYY-MM-DD text sorts as the dates do. With a routine the primary key
        // (routineId, date) serves the range.
        if let from {
            conditions.append("date >= ?")
            arguments += [from.description]
        }
        if let through {
            conditions.append("date <= ?")
            arguments += [through.description]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try read { db in try Store.records(in: db, filter: filter, arguments: arguments) }
    }

    /// The book and every Day Record, read in one transaction so that they agree, for an
    /// export built without holding up anyone who reads or writes meanwhile.
    public func bookAndRecords() throws -> (book: Book, records: [DayRecord]) {
        try read { db in (try Store.book(in: db), try Store.records(in: db, filter: "", arguments: [])) }
    }

    private static func records(in db: Database, filter: String, arguments: StatementArguments) throws -> [DayRecord] {
        // One of eight shapes of query, each prepared once.
        let statement = try db.cachedStatement(sql: """
            SELECT routineId, date, doneMask, taskCount FROM dayRecord \(filter) ORDER BY routineId, date
            """)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        var records: [DayRecord] = []
        while let row = try rows.next() {
            let date: String = row[1]
            records.append(DayRecord(routineID: row[0], date: try Day(storedDate: date),
                                     doneMask: try UInt32(stored: row[2], in: "dayRecord"), taskCount: row[3]))
        }
        return records
    }
}

extension Store {
    /// What closing days needs when the clock reads earlier than a day already closed:
    /// the Day Records dated `today` or later, and each routine's latest record before
    /// `today`, in one read.
    public func laterRecords(from today: Day) throws -> LaterRecords {
        let records = try self.records(from: today)
        let latest = try read { db in
            // One look-up in the (routineId, date) key per routine.
            let statement = try db.cachedStatement(sql: """
                SELECT id, (SELECT MAX(date) FROM dayRecord WHERE routineId = routine.id AND date < ?) FROM routine
                """)
            var latest: [RoutineID: Day] = [:]
            let rows = try Row.fetchCursor(statement, arguments: [today.description])
            while let row = try rows.next() {
                guard let date: String = row[1] else { continue }
                latest[row[0]] = try Day(storedDate: date)
            }
            return latest
        }
        return LaterRecords(records: records, latestBefore: latest)
    }
}

extension Day {
    /// A stored `YYYY-MM-DD`, read digit by digit: the general parser splits the text,
    /// which is most of the time `stats` takes over a long history.
    init(storedDate text: String) throws {
        var text = text
        let day = text.withUTF8 { bytes -> Day? in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var n = 0
                for i in range {
                    let digit = Int(bytes[i]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    n = n * 10 + digit
                }
                return n
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return Day(year: year, month: month, day: day)
        }
        guard let day else { throw StoreError.unreadable("dayRecord holds the date \"\(text)\", not YYYY-MM-DD") }
        self = day
    }
}

extension Archive {
    /// Inserts every routine with its tasks, records and open days, inside the caller's
    /// transaction. The records go through one prepared statement: an import may hold
    /// tens of thousands.
    func write(to db: Database) throws {
        for routine in routines {
            try Change.insertRoutine(routine).write(to: db)
        }
        let insert = try db.makeStatement(sql: """
            INSERT INTO dayRecord (routineId, date, doneMask, taskCount, completed) VALUES (?, ?, ?, ?, ?)
            """)
        for record in records {
            try insert.execute(arguments: [record.routineID, record.date.description, Int64(record.doneMask),
                                           record.taskCount, record.completed])
        }
        for (day, mask) in openDays {
            try Change.setOpenDay(day.routineID, day.date, doneMask: mask).write(to: db)
        }
    }
}
