import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Output that cannot be written is a failure a script sees; a reader that left early is not.
@Suite("End to end: output that cannot be written")
struct OutputFailureTests {
    /// Commands that print something, read and write alike.
    static let commands: [[String]] = [
        ["status"], ["status", "--json"], ["day"], ["week"], ["data", "--json"], ["stats"], ["history"],
        ["explore"], ["explore", "--json"], ["export"], ["export", "--format", "csv"], ["export", "--format", "ics"],
        ["check", "1"], ["notifications"], ["--help"], ["--version"],
    ]

    /// Runs bmctl under sh with stdout redirected as `redirect` says, stderr captured.
    private func run(_ box: Sandbox, _ arguments: [String], redirect: String) throws -> Output {
        try box.run("/bin/sh", ["-c", #""$0" --no-autostart "$@" "# + redirect, Binaries.bmctl] + arguments,
                    environment: box.baseEnvironment)
    }

    private func sandbox() throws -> Sandbox {
        let box = try Sandbox(time: "2026-03-03 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-05 08:00:00")
        return box
    }

    @Test("A full device behind stdout: every command exits 1 and says it could not write")
    func fullDevice() throws {
        let box = try sandbox()
        for command in Self.commands {
            let out = try run(box, command, redirect: ">/dev/full")
            #expect(out.status == 1, "\(command): \(out.status) \(out.stderr)")
            #expect(out.stderr.contains("cannot write the output: No space left on device"), "\(command): \(out.stderr)")
        }
        try box.stopDaemon()
    }

    @Test("A closed stdout: every command exits 1 and says stdout is closed")
    func closedStdout() throws {
        let box = try sandbox()
        for command in Self.commands {
            let out = try run(box, command, redirect: ">&-")
            #expect(out.status == 1, "\(command): \(out.status) \(out.stderr)")
            #expect(out.stderr.contains("cannot write the output: stdout is closed"), "\(command): \(out.stderr)")
        }
        // Nothing meant for stdout reached bmd's socket, which a closed fd 1 could have become.
        #expect(try box.bmctl("status").status == 0)
        try box.stopDaemon()
    }

    @Test("A reader that goes away early ends bmctl quietly", .timeLimit(.minutes(1)))
    func readerGone() throws {
        let box = try sandbox()
        // A follower ends as soon as its reader goes, not at the next change of the status.
        for command in [["export"], ["explore"], ["data"], ["explore", "--json"], ["status", "--follow"]] {
            // bash's PIPESTATUS gives bmctl's own status, not head's.
            let out = try box.run("/bin/bash", ["-c", #"timeout 20 "$0" --no-autostart "$@" | head -c 1 >/dev/null; echo "${PIPESTATUS[0]}""#,
                                                Binaries.bmctl] + command, environment: box.baseEnvironment)
            let status = Int32(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(status == 0 || status == 128 + SIGPIPE, "\(command): \(out.stdout)")
            #expect(out.stderr.isEmpty, "\(command): \(out.stderr)")
        }
        try box.stopDaemon()
    }

    @Test("An export to a full file system fails with the reason and exit 1, never a silent cut file")
    func fullDisk() throws {
        // A tiny tmpfs needs privileges; a file size limit makes the same EFBIG/ENOSPC-like failure
        // for a normal user: the shell sets it for bmctl alone.
        let box = try sandbox()
        let file = box.root.appendingPathComponent("backup.json").path
        let out = try box.run("/bin/bash", ["-c", #"trap '' XFSZ; ulimit -f 0; "$0" --no-autostart export > "$1""#, Binaries.bmctl, file],
                              environment: box.baseEnvironment)
        #expect(out.status == 1, "\(out.status) \(out.stderr)")
        #expect(out.stderr.contains("cannot write the output"), "\(out.stderr)")
        try box.stopDaemon()
    }
}
