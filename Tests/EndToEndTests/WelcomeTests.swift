import Foundation
import Testing

// Rules W1.
@Suite("End to end: the welcome")
struct WelcomeTests {
    /// bmctl run with a pseudo-terminal as its stdout, through script(1).
    func onTerminal(_ box: Sandbox, _ arguments: String) throws -> Output {
        try box.run("/usr/bin/script", ["-qec", "\(Binaries.bmctl) --no-autostart \(arguments)", "/dev/null"],
                    environment: box.baseEnvironment)
    }

    @Test("Shown once on the first terminal run, never in --json or without a terminal, again after reset",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func once() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        // Scripts neither see it nor use it up.
        #expect(!(try box.bmctl("status").stdout.contains("Welcome to Better Morning")))
        #expect(!(try onTerminal(box, "status --json").stdout.contains("Welcome to Better Morning")))
        let first = try onTerminal(box, "status")
        #expect(first.stdout.contains("Welcome to Better Morning"))
        for part in ["bmctl explore", "bmctl create", "bmctl notifications test", "bmctl data", "bmctl activate NAME"] {
            #expect(first.stdout.contains(part), "\(part)")
        }
        #expect(first.stdout.contains("No active routine"))
        #expect(!(try onTerminal(box, "status").stdout.contains("Welcome to Better Morning")))
        // On demand, always.
        #expect(try box.bmctl("welcome").stdout.contains("Welcome to Better Morning"))
        // A reset re-arms it.
        #expect(try box.bmctl("reset", "--yes").status == 0)
        #expect(try onTerminal(box, "status").stdout.contains("Welcome to Better Morning"))
        try box.stopDaemon()
    }
}
