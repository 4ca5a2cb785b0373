import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The processes the end-to-end tests start: tests run in parallel, and what one test
/// holds open must never reach another test's bmd.
@Suite("Test support: the processes tests start")
struct ChildProcessTests {
    @Test("A child gets only its three standard descriptors, whatever the tests hold open without close-on-exec")
    func nothingInherited() throws {
        // Open without close-on-exec, as Foundation opens files and the tests' clients
        // opened their sockets.
        let held = [socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0), open("/dev/null", O_RDONLY)]
        defer { held.forEach { close($0) } }
        try #require(held.allSatisfy { $0 >= 0 && fcntl($0, F_GETFD) & FD_CLOEXEC == 0 })
        // Each descriptor from 3 up that the shell has (tested without opening anything).
        let listed = try ChildProcess.run("/bin/sh", ["-c", "i=3; while [ $i -lt 4096 ]; do [ -e /proc/$$/fd/$i ] && echo $i; i=$((i + 1)); done; true"],
                                          environment: ["PATH": "/usr/bin:/bin"])
        #expect(listed.status == 0 && listed.stdout.isEmpty, "descriptors from 3 up: \(listed.stdout)\(listed.stderr)")
    }
}
