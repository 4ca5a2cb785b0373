import MorningProtocol
import Testing

/// Morning's own messages, as scripts read them: what the contract promises of their JSON.
@Suite("Morning's messages as its interface file and the scripting contract shape them")
struct MessageTests {
    // Section 10 of the scripting contract.
    @Test("absent optional contract fields are written as null and read back as nil")
    func nulls() throws {
        let status = Morning.StatusReply(phase: .none, state: nil, date: "2026-11-22", routine: nil, today: nil, currentTask: nil,
                                    nextTask: nil, behind: 0, nextReminder: nil,
                                    notifications: .init(enabled: true, sound: true, available: false))
        let json = String(decoding: status.json.text(), as: UTF8.self)
        for key in ["routine", "today", "nextReminder", "currentTask", "nextTask"] {
            #expect(json.contains("\"\(key)\":null"), "\(key) in \(json)")
        }
        #expect(try Morning.StatusReply(jsonText: Array(json.utf8)) == status)
        // Older or generic clients may leave them out entirely.
        let week = try Morning.WeekDay(jsonText: Array(#"{"date":"2026-11-22"}"#.utf8))
        #expect(week.completed == nil)
    }
}

