import GRDB
import MorningCore

extension Change {
    /// Writes this change inside the caller's transaction.
    func write(to db: Database) throws {
        switch self {
        case .insertRoutine(let routine):
            try RoutineRow(routine).insert(db)
            // Positions follow `Routine.tasks`, which is already in time order.
            for (offset, task) in routine.tasks.enumerated() {
                try TaskRow(routineId: routine.id, position: offset + 1, time: task.time.minutes, title: task.title)
                    .insert(db)
            }

        case .updateRoutine(let routine):
            // Name and tasks never change after saving: only these columns are written (the
            // id only when it had to be made anew, see Book.distinctIDs).
            try db.execute(literal: """
                UPDATE routine
                SET slug = \(routine.slug), isActive = \(routine.isActive), createdDate = \(routine.createdDate.description),
                    startDate = \(routine.startDate.description),
                    activationSerial = \(routine.activationSerial)
                WHERE id = \(routine.id)
                """)
            guard db.changesCount == 1 else { throw StoreError.noSuchRoutine(routine.id) }

        case .deleteRoutine(let id):
            // Tasks, Day Records and open days go with it (ON DELETE CASCADE).
            guard try RoutineRow.deleteOne(db, key: id) else { throw StoreError.noSuchRoutine(id) }

        case .setOpenDay(let id, let date, let doneMask):
            if doneMask == 0 {
                try OpenDayRow.deleteOne(db, key: ["routineId": id, "date": date.description])
            } else {
                // REPLACE is an upsert here: nothing refers to openDay rows.
                try OpenDayRow(routineId: id, date: date.description, doneMask: Int64(doneMask))
                    .insert(db, onConflict: .replace)
            }

        case .finalizeDay(let record):
            // A plain INSERT: a second record for the same day fails the whole batch,
            // so a day is finalized exactly once.
            // Through statements prepared once per connection: catching up after a long
            // time off, or after an import, finalizes thousands of days in one change.
            let insert = try db.cachedStatement(sql: """
                INSERT INTO dayRecord (routineId, date, doneMask, taskCount, completed) VALUES (?, ?, ?, ?, ?)
                """)
            try insert.execute(arguments: [record.routineID, record.date.description, Int64(record.doneMask),
                                           record.taskCount, record.completed])
            let drop = try db.cachedStatement(sql: "DELETE FROM openDay WHERE routineId = ? AND date = ?")
            try drop.execute(arguments: [record.routineID, record.date.description])

        case .removeDayRecord(let id, let date):
            try DayRecordRow.deleteOne(db, key: ["routineId": id, "date": date.description])

        case .setSettings(let settings):
            for row in SettingRow.rows(settings) {
                try row.insert(db, onConflict: .replace)
            }

        case .deleteEverything:
            // Children first, so that the order does not depend on the cascades.
            for table in [DayRecordRow.self, OpenDayRow.self, TaskRow.self, RoutineRow.self, SettingRow.self,
                          DraftTaskRow.self, DraftRow.self] as [any TableRecord.Type]
            {
                try table.deleteAll(db)
            }

        case .importEverything(let archive):
            try archive.write(to: db)

        case .setDraft(let draft):
            try DraftRow.write(draft, to: db)
            try DraftRow.countRevision(in: db)
        }
    }
}
