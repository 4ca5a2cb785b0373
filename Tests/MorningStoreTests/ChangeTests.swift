import MorningCore
import Testing
@testable import MorningStore

/// Every kind of Change, applied and read back through loadBook.
@Suite struct ChangeTests {
    let store: Store

    init() throws {
        store = try Store.inMemory()
    }

    // Rule D2.
    @Test func insertRoutineKeepsTasksInTimeOrder() throws {
        // Given a routine whose tasks were added out of time order, two at the same time
        let saved = routine(1, active: true, tasks: [
            task("06:00", "Wake up"), task("05:30", "Water"), task("06:00", "Stretch"), task("23:55", "Sleep"),
        ])

        // When it is inserted
        try store.apply([.insertRoutine(saved)])

        // Then it reads back whole, tasks sorted by time and equal times in the order added
        let loaded = try store.loadBook()
        #expect(loaded.routines == [saved])
        #expect(loaded.routines[0].tasks.map(\.title) == ["Water", "Wake up", "Stretch", "Sleep"])
        #expect(loaded.routines[0].lastRecordDate == nil)
        #expect(loaded.active?.id == 1)
    }

    // Rule D4.
    @Test func updateRoutineWritesOnlyActivationStartAndSerial() throws {
        // Given a stored routine
        try store.apply([.insertRoutine(routine(1, active: true, start: "2026-11-23", serial: 1))])

        // When an update carries a new start, serial and state, and (wrongly) a new name and tasks
        var update = routine(1, active: false, start: "2026-12-01", serial: 7)
        update.name = "Renamed"
        update.tasks = [task("10:00", "Something else")]
        try store.apply([.updateRoutine(update)])

        // Then only activation, start date and serial changed
        let loaded = try #require(try store.loadBook().routine(id: 1))
        #expect(loaded.isActive == false)
        #expect(loaded.startDate == day("2026-12-01"))
        #expect(loaded.activationSerial == 7)
        #expect(loaded.name == "Routine 1")
        #expect(loaded.tasks == routine(1).tasks)
    }

    @Test func changeOnAnUnknownRoutineFailsTheBatch() throws {
        // Given an empty store
        // When a batch updates or deletes a routine that is not stored
        // Then it throws and nothing of the batch is kept
        #expect(throws: StoreError.noSuchRoutine(9)) {
            try store.apply([.setSettings(Settings(welcomeShown: true)), .updateRoutine(routine(9))])
        }
        #expect(throws: StoreError.noSuchRoutine(9)) {
            try store.apply([.setSettings(Settings(welcomeShown: true)), .deleteRoutine(9)])
        }
        #expect(try store.loadBook() == Book())
    }

    // Rule T1.
    @Test func setOpenDayStoresChecksAndAnEmptyMaskRemovesThem() throws {
        // Given an active routine
        try store.apply([.insertRoutine(routine(1, active: true))])

        // When tasks of today are checked, re-checked, and a second day is checked
        try store.apply([.setOpenDay(1, day("2026-11-23"), doneMask: 0b01)])
        try store.apply([.setOpenDay(1, day("2026-11-23"), doneMask: 0b11), .setOpenDay(1, day("2026-11-24"), doneMask: 0b10)])

        // Then the latest mask of each day is stored
        var book = try store.loadBook()
        #expect(book.openDays == [
            Book.OpenDay(routineID: 1, date: day("2026-11-23")): 0b11,
            Book.OpenDay(routineID: 1, date: day("2026-11-24")): 0b10,
        ])

        // When a day's checks are all undone
        try store.apply([.setOpenDay(1, day("2026-11-23"), doneMask: 0)])

        // Then that day is gone and the other stays
        book = try store.loadBook()
        #expect(book.openDays == [Book.OpenDay(routineID: 1, date: day("2026-11-24")): 0b10])
        // And clearing a day that has no checks is harmless
        try store.apply([.setOpenDay(1, day("2026-11-30"), doneMask: 0)])
    }

    // Rule T3.
    @Test func finalizeDayWritesTheRecordAndDropsTheOpenDay() throws {
        // Given an active routine with checks on two days
        try store.apply([
            .insertRoutine(routine(1, active: true)),
            .setOpenDay(1, day("2026-11-23"), doneMask: 0b01),
            .setOpenDay(1, day("2026-11-24"), doneMask: 0b10),
        ])

        // When the first day, and a later day it never saw, are finalized
        let first = DayRecord(routineID: 1, date: day("2026-11-23"), doneMask: 0b01, taskCount: 2)
        let never = DayRecord(routineID: 1, date: day("2026-11-25"), doneMask: 0, taskCount: 2)
        try store.apply([.finalizeDay(first), .finalizeDay(never)])

        // Then both records are stored, the first day's checks are gone, the other day's stay,
        // and lastRecordDate is the latest record
        #expect(try store.record(of: 1, on: day("2026-11-23")) == first)
        #expect(try store.record(of: 1, on: day("2026-11-25")) == never)
        #expect(try store.record(of: 1, on: day("2026-11-24")) == nil)
        let book = try store.loadBook()
        #expect(book.openDays == [Book.OpenDay(routineID: 1, date: day("2026-11-24")): 0b10])
        #expect(book.routine(id: 1)?.lastRecordDate == day("2026-11-25"))
    }

    // Rule T3.
    @Test func aDayIsFinalizedOnlyOnceAndAFailingBatchKeepsNothing() throws {
        // Given a day already finalized
        let record = DayRecord(routineID: 1, date: day("2026-11-23"), doneMask: 0b01, taskCount: 2)
        try store.apply([.insertRoutine(routine(1, active: true)), .finalizeDay(record)])
        let before = try store.loadBook()

        // When a batch checks a task, changes the settings and finalizes the same day again
        let again = DayRecord(routineID: 1, date: day("2026-11-23"), doneMask: 0b11, taskCount: 2)
        #expect(throws: StoreError.self) {
            try store.apply([
                .setOpenDay(1, day("2026-11-24"), doneMask: 0b01),
                .setSettings(Settings(notificationsEnabled: false)),
                .finalizeDay(again),
            ])
        }

        // Then none of the batch is kept, and the first record stands
        #expect(try store.loadBook() == before)
        #expect(try store.record(of: 1, on: day("2026-11-23")) == record)
        #expect(try store.recordCount(of: 1) == 1)
    }

    // Rule D1.
    @Test func theDatabaseRefusesASecondActiveRoutine() throws {
        // Given one active routine
        try store.apply([.insertRoutine(routine(1, active: true))])

        // When a batch inserts a routine and then makes a second one active
        #expect(throws: StoreError.self) {
            try store.apply([.insertRoutine(routine(2, active: false)), .insertRoutine(routine(3, active: true))])
        }
        // Or activates a stored one without deactivating the first
        try store.apply([.insertRoutine(routine(2, active: false))])
        #expect(throws: StoreError.self) {
            try store.apply([.updateRoutine(routine(2, active: true, serial: 2))])
        }

        // Then nothing of either batch is kept: routine 1 alone is active, routine 3 absent
        let book = try store.loadBook()
        #expect(book.routines.map(\.id) == [1, 2])
        #expect(book.routines.filter(\.isActive).map(\.id) == [1])

        // And switching in the order the core emits (A2: deactivate first) is accepted
        try store.apply([.updateRoutine(routine(1, active: false)), .updateRoutine(routine(2, active: true, serial: 2))])
        #expect(try store.loadBook().active?.id == 2)
    }

    @Test func setSettingsRoundTrips() throws {
        // Given default settings
        #expect(try store.loadBook().settings == Settings())

        // When each setting is changed in turn
        for settings in [Settings(notificationsEnabled: false, welcomeShown: false),
                         Settings(notificationsEnabled: false, welcomeShown: true),
                         Settings(notificationsEnabled: true, welcomeShown: true),
                         Settings(notificationsEnabled: true, reminderSound: false, welcomeShown: true),
                         Settings(notificationsEnabled: true, keepReminderOnScreen: false),
                         Settings(notificationsEnabled: true, keepReminderOnScreen: true)] {
            try store.apply([.setSettings(settings)])

            // Then the stored settings are exactly the last ones written
            #expect(try store.loadBook().settings == settings)
        }
    }

    @Test("Outstanding jumps of the clock ahead, with their timelines, and a forgotten reminder read back as written")
    func jumpsAheadRoundTrip() throws {
        var settings = Settings(reminderFiredOn: day("2026-11-24"), latestToday: day("2026-11-25"),
                                jumpsAhead: [JumpAhead(from: day("2026-11-22"), reminderFiredBefore: nil, timelines: []),
                                             JumpAhead(from: day("2026-11-24"), reminderFiredBefore: day("2026-11-23"),
                                                       timelines: [1_795_341_600.125, 1_795_417_200])])
        settings.reminderFiredTimeline = 1_795_341_600.5
        settings.reminderForgotten = ForgottenReminder(day: day("2026-11-25"), timeline: 1_795_417_200.25)
        try store.apply([.setSettings(settings)])
        #expect(try store.loadBook().settings == settings)
        try store.apply([.setSettings(Settings())])
        #expect(try store.loadBook().settings == Settings())
    }

    @Test("The reminder's popup is kept with its day, id and server, and forgotten again")
    func reminderPopupRoundTrips() throws {
        // Given a popup on screen
        let popup = ReminderPopup(day: day("2026-11-24"), id: 4_000_000_000, server: ":1.42")
        try store.apply([.setSettings(Settings(reminderFiredOn: day("2026-11-24"), reminderPopup: popup))])

        // Then it reads back from the database, as a restarted bmd reads it
        #expect(try store.loadBook().settings.reminderPopup == popup)

        // And once it is closed, none is kept
        try store.apply([.setSettings(Settings(reminderFiredOn: day("2026-11-24")))])
        #expect(try store.loadBook().settings.reminderPopup == nil)

        // And the bus it was shown on is kept with it
        let onBus = ReminderPopup(day: day("2026-11-24"), id: 7, server: ":1.42", bus: "5f0e2a3c9b1d4e6f8a7b6c5d4e3f2a1b")
        try store.apply([.setSettings(Settings(reminderFiredOn: day("2026-11-24"), reminderPopup: onBus))])
        #expect(try store.loadBook().settings.reminderPopup == onBus)
    }

    // Rule A5.
    @Test func deleteRoutineRemovesItsTasksRecordsAndOpenDays() throws {
        // Given two routines, each with records and open days
        try store.apply([
            .insertRoutine(routine(1, serial: 1)),
            .finalizeDay(DayRecord(routineID: 1, date: day("2026-11-23"), doneMask: 1, taskCount: 2)),
            .setOpenDay(1, day("2026-11-24"), doneMask: 1),
            .insertRoutine(routine(2, active: true, serial: 2)),
            .finalizeDay(DayRecord(routineID: 2, date: day("2026-11-23"), doneMask: 3, taskCount: 2)),
            .setOpenDay(2, day("2026-11-24"), doneMask: 2),
        ])

        // When the active one is deleted
        try store.apply([.deleteRoutine(2)])

        // Then it, its records and its open days are gone; none is active; the other is untouched
        let book = try store.loadBook()
        #expect(book.routines.map(\.id) == [1])
        #expect(book.active == nil)
        #expect(try store.recordCount(of: 2) == 0)
        #expect(try store.record(of: 2, on: day("2026-11-23")) == nil)
        #expect(book.openDays == [Book.OpenDay(routineID: 1, date: day("2026-11-24")): 1])
        #expect(try store.recordCount(of: 1) == 1)

        // And its tasks went too: the id and slug can be stored again from scratch
        try store.apply([.insertRoutine(routine(2, active: true, tasks: [task("07:00", "Run")]))])
        #expect(try store.loadBook().routine(id: 2)?.tasks == [task("07:00", "Run")])
    }

    // Rule A6.
    @Test func deleteEverythingEmptiesEveryTableAndKeepsTheSchema() throws {
        // Given routines, records, open days and settings
        try store.apply([
            .insertRoutine(routine(1, serial: 1)),
            .finalizeDay(DayRecord(routineID: 1, date: day("2026-11-23"), doneMask: 1, taskCount: 2)),
            .insertRoutine(routine(2, active: true, serial: 2)),
            .setOpenDay(2, day("2026-11-24"), doneMask: 2),
            .setSettings(Settings(notificationsEnabled: false, welcomeShown: true)),
        ])

        // When everything is deleted
        try store.apply([.deleteEverything])

        // Then the Book is empty with default settings (the welcome shows again) and no record is left
        #expect(try store.loadBook() == Book())
        #expect(try store.recordCount(of: 1) == 0)
        #expect(try store.tableNames() == ["routine", "task", "dayRecord", "openDay", "setting", "draft", "draftTask", "draftRevision"])

        // And the store is usable afterwards
        try store.apply([.insertRoutine(routine(1, active: true))])
        #expect(try store.loadBook().routines.count == 1)
    }

    @Test func anEmptyBatchIsANoOp() throws {
        // Given / When an empty batch
        try store.apply([])

        // Then nothing is stored
        #expect(try store.loadBook() == Book())
    }

    @Test func theStoredBookMatchesTheCoreBookThroughAFullFlow() throws {
        // Given the core's Book and a store that receives every change it emits
        var book = Book()
        func store(_ changes: [Change]) throws { try self.store.apply(changes) }
        /// Closes the days that ended and stores the closing, as bmd does before each write.
        func closed(_ date: Day) throws -> Book.Today {
            let closing = book.closeDays(today: date, exists: everyDateExists) { nil }
            try store(closing.changes)
            return closing.today
        }

        // When a custom routine is saved, checked on two days, replaced by another
        // (which finalizes today for it, A2) and notifications are turned off
        try store(try book.saveCustom(name: "Early", tasks: [task("06:00", "Wake"), task("05:30", "Water"),
                                                              task("06:00", "Stretch")],
                                      today: closed(day("2026-11-22")), catalog: []).changes)
        try store(try book.check("Wake", done: true, today: closed(day("2026-11-23"))).changes)
        try store(try book.check("3", done: true, today: closed(day("2026-11-24"))).changes)
        try store(try book.saveCustom(name: "Late", tasks: [task("09:00", "Coffee")],
                                      today: closed(day("2026-11-24")), catalog: []).changes)
        try store(book.setNotifications(false))

        // Then the store reads back exactly the Book the core holds
        #expect(try self.store.loadBook() == book)
        let early = try #require(book.routines.first { $0.name == "Early" })
        #expect(try self.store.record(of: early.id, on: day("2026-11-23"))
                == DayRecord(routineID: early.id, date: day("2026-11-23"), doneMask: 0b010, taskCount: 3))
        #expect(try self.store.record(of: early.id, on: day("2026-11-24"))?.doneMask == 0b100)
        #expect(try self.store.loadBook().active?.name == "Late")
    }
}
