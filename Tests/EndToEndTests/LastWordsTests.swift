import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// bmd's refusal to start reaches its exit status even when its stderr cannot be written.
@Suite("End to end: bmd's last words on a stderr that cannot take them")
struct LastWordsTests {
    /// bmd refusing an unknown option under sh, with stderr redirected as `redirect` says;
    /// the shell prints the status bmd exited with, or 128 and the signal that ended it.
    private func refusal(redirect: String) throws -> Int32? {
        let box = try Sandbox(time: "2026-03-03 08:00:00")
        let out = try box.run("/bin/sh", ["-c", #""$0" --no-such-option "# + redirect + #"; echo "$?""#, Binaries.bmd],
                              environment: box.baseEnvironment)
        return Int32(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("bmd with stderr closed still exits 2 for an unknown option, and does not crash")
    func closedStderr() throws {
        #expect(try refusal(redirect: "2>&-") == 2)
    }

    @Test("bmd with stderr on a full device still exits 2 for an unknown option, and does not crash")
    func fullStderr() throws {
        #expect(try refusal(redirect: "2>/dev/full") == 2)
    }

    @Test("bmd with stderr a pipe no one reads any more still exits 2 for an unknown option, not by SIGPIPE")
    func pipeWithoutReader() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // The reading end is closed before bmd starts: its first write finds no reader.
        close(ends[0])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.bmd)
        process.arguments = ["--no-such-option"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 2)
    }
}

/// bmd started with a standard descriptor closed keeps its log lines out of its own files.
@Suite("End to end: bmd started with standard descriptors closed")
struct ClosedDescriptorsTests {
    @Test("with stderr closed (or all three), bmd's log lines go nowhere, not into its lock file; it serves and stops as always",
          arguments: [">/dev/null 2>&-", "0<&- 1>&- 2>&-"])
    func closedAtStart(redirect: String) throws {
        let box = try Sandbox(time: "2026-03-03 08:00:00")
        // sh starts bmd in the background with those descriptors closed and prints its pid.
        let started = try box.run("/bin/sh", ["-c", #""$0" "# + redirect + #" & echo "$!""#, Binaries.bmd],
                                  environment: box.baseEnvironment)
        let pid = try #require(pid_t(started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(pid, SIGKILL) }
        #expect(try SocketKeeperTests.waitUntilReachable(box), "bmd did not answer")
        #expect(try box.bmctl("activate", "kant").status == 0)
        #expect(kill(pid, SIGTERM) == 0)
        #expect(waitUntil(within: .seconds(10)) { kill(pid, 0) != 0 }, "bmd did not stop")
        // bmd's start and its change each log a line: none is in any file of its own.
        for folder in [box.stateDir, box.runtimeDir + "/better-morning"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            // Control: the lock file, the one a stray line would most likely land in, was
            // read (the runtime folder is empty once bmd has stopped and removed its socket).
            if folder == box.stateDir { #expect(names.contains("bmd.lock"), "\(folder) holds \(names)") }
            for name in names {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) ?? Data()
                #expect(bytes.range(of: Data("[MorningDaemon]".utf8)) == nil, "a log line was written into \(name)")
            }
        }
    }
}
