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
