import Logging
@testable import MorningDaemon
import Testing

@Suite("Journal logging under systemd")
struct JournalTests {
    @Test("Entries carry the message, a syslog priority, where they were logged, and metadata as fields")
    func fields() {
        let fields = JournalLogHandler.fields(identifier: "bmd", level: .warning, message: "reminder could not be shown",
                                              metadata: ["delay_ms": "12", "routine": "Immanuel Kant"],
                                              file: "ReminderService.swift", function: "plan()", line: 42)
        #expect(fields == ["MESSAGE=reminder could not be shown", "PRIORITY=4", "SYSLOG_IDENTIFIER=bmd",
                           "CODE_FILE=ReminderService.swift", "CODE_LINE=42", "CODE_FUNC=plan()",
                           "BM_DELAY_MS=12", "BM_ROUTINE=Immanuel Kant"])
        #expect([Logger.Level.debug, .info, .notice, .error, .critical].map(JournalLogHandler.priority) == [7, 6, 5, 3, 2])
    }

    @Test("Only a JOURNAL_STREAM naming stderr itself means the journal")
    func detection() {
        #expect(!JournalLogHandler.stderrIsJournal(environment: [:]))
        #expect(!JournalLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "1:2"]))
        #expect(!JournalLogHandler.stderrIsJournal(environment: ["JOURNAL_STREAM": "garbage"]))
    }
}
