import Foundation
import MorningCore
import Testing
@testable import MorningStore

/// What a refused change says: a constraint SQLite enforces is said in plain words, so
/// no raw SQLite error reaches a person; SQLite's own message is kept for the log only.
@Suite struct StoreErrorTests {
    @Test func aBrokenConstraintIsSaidInPlainWords() throws {
        // Given a stored routine with the id "kant"
        let store = try Store.inMemory()
        let kant = Routine(id: 1, slug: "kant", name: "Immanuel Kant", kind: .celebrity,
                           tasks: [RoutineTask(time: TimeOfDay(minutes: 300)!, title: "Tea")], isActive: false,
                           createdDate: Day(iso: "2026-11-20")!, startDate: Day(iso: "2026-11-21")!, activationSerial: 1)
        try store.apply([.insertRoutine(kant)])

        // When a second routine with the same id is stored
        var twin = kant
        twin.id = 2
        do {
            try store.apply([.insertRoutine(twin)])
            Issue.record("a second routine with the id kant was stored")
        } catch let error as StoreError {
            // Then the user reads no SQLite message; the log gets it
            #expect(!error.description.contains("SQLite") && !error.description.contains("UNIQUE"), "\(error.description)")
            #expect(error.description.contains("contradicts what the state file holds"), "\(error.description)")
            #expect(String(reflecting: error).contains("UNIQUE constraint failed"), "\(String(reflecting: error))")
        }
        #expect(try store.loadBook().routines.map(\.id) == [1])
    }
}
