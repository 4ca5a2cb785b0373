import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built window says why bmd is away in bmd's own words, with what to do.
// Rule U4: the window keeps the reason that matters.
@Suite("End to end: why bmd is away", .serialized)
struct WindowAwayTests {
    @Test("a bmd the window starts that refuses a state folder open to the group is heard: the page says why, and what to run")
    func startedBmdRefusesItsFolder() throws {
        let box = try Sandbox(time: "2026-11-18 08:00:00")
        try FileManager.default.createDirectory(atPath: box.stateDir, withIntermediateDirectories: true)
        #expect(chmod(box.stateDir, 0o770) == 0)
        // A group that is the user's alone lets no one else in: give the folder one that
        // others share (nogroup, nobody's primary group).
        if SafeRefusalTests.ownGroupIsPrivate {
            try #require(chown(box.stateDir, geteuid(), 65534) == 0)
        }
        let desktop = try WindowDesktop()
        defer { desktop.stop() }
        try desktop.open(box)
        let prefix = "Nothing answers at \(box.socketPath); bmd was started (pid "
        let found = try desktop.wait(role: "label", name: prefix + "…", within: 10)
        let name = (found["widget"] as? [String: Any])?["name"] as? String ?? ""
        #expect(name.contains("but ended at once (exit status 1), saying: bmd: the state folder \(box.stateDir) is open to other users (mode 770)"),
                "the page says: \(name)")
        #expect(name.contains("run `chmod 700 \(box.stateDir)`, then start bmd again"), "the page says: \(name)")
    }
}
