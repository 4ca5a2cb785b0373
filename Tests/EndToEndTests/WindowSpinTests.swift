import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built window never spins on a call bmd refuses: measured as the processor time
/// bmd and the window spend while the window shows what bmd would not give.
// Rule U4: the window never spins and never freezes.
@Suite("End to end: the window never spins", .serialized)
struct WindowSpinTests {
    /// The processor time `pid` has used so far, in clock ticks (user and system).
    static func cpuTicks(_ pid: pid_t) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command's name: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    @Test("a routine that starts more than 14 days after bmd's today (a clock three weeks behind) shows its start, and neither bmd nor the window spins")
    func routineStartsFarAhead() throws {
        let box = try Sandbox(time: "2026-11-18 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)  // starts 2026-11-19
        box.setClock("2026-10-20 08:00:00")
        #expect(try waitUntil(within: .seconds(5)) { try box.bmctl("status", "--json").object["date"] as? String == "2026-10-20" })
        let desktop = try WindowDesktop()
        defer { desktop.stop() }
        try desktop.open(box)
        // The routine's first day, which bmd serves, is the one on show.
        try desktop.wait(role: "label", name: "Thursday 2026-11-19 · upcoming…", within: 5)
        let bmd = try #require(box.daemon?.pid)
        let window = try #require(desktop.windowPID)
        let before = (try #require(Self.cpuTicks(bmd)), try #require(Self.cpuTicks(window)))
        // A measurement over two seconds, not a wait for something to happen: asking for a
        // refused day again and again kept each near half a core (a second of ticks here).
        usleep(2_000_000)
        let after = (try #require(Self.cpuTicks(bmd)), try #require(Self.cpuTicks(window)))
        let ticks = sysconf(Int32(_SC_CLK_TCK))
        #expect(after.0 - before.0 < ticks / 10, "bmd used \(after.0 - before.0) ticks in 2 s")
        #expect(after.1 - before.1 < ticks / 10, "the window used \(after.1 - before.1) ticks in 2 s")
    }
}
