import Testing
@testable import Varlink

@Suite("A document is read only within the memory it may take once read")
struct JSONBudgetTests {
    @Test("Tiny nested arrays, a few bytes of text each, are refused before they take hundreds of MiB")
    func nestedArrays() {
        let text = "[" + String(repeating: "[[]],", count: 400_000) + "[]]"
        #expect(text.utf8.count < 2 << 20)
        do {
            _ = try JSONValue.parse(Array(text.utf8))
            Issue.record("2 MiB of nested arrays were read whole")
        } catch {
            #expect(error.reason.contains("more values than can be read at once"), "\(error)")
        }
    }

    @Test("Ten years of daily records of a 20-task routine, every task done, are read")
    func tenYears() throws {
        let day = #"{"date":"2026-01-01","done":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}"#
        let text = #"{"days":["# + Array(repeating: day, count: 3_653).joined(separator: ",") + "]}"
        let value = try JSONValue.parse(Array(text.utf8))
        guard case .object(let members) = value, case .array(let days) = members[0].value else {
            Issue.record("not read as an object of days")
            return
        }
        #expect(days.count == 3_653)
    }
}
