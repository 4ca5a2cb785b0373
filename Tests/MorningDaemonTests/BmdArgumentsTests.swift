import Logging
@testable import MorningDaemon
import Testing

/// bmd's command line: each option's value is taken as given, and a line bmd cannot
/// read whole is a usage error that says what is wrong, never a default taken silently.
@Suite("bmd's command line")
struct BmdArgumentsTests {
    private func options(stateDir: String? = nil, socket: String? = nil, verbose: Bool = false) -> BmdProcess.Options {
        var o = BmdProcess.Options()
        o.stateDir = stateDir
        o.socket = socket
        if verbose { o.logLevel = .debug }
        return o
    }

    @Test("An option's value is the next argument or follows '='; no option means every default")
    func valuesAreRead() {
        #expect(BmdProcess.Options.read([]) == .run(options()))
        #expect(BmdProcess.Options.read(["--state-dir", "/s", "--socket", "/r/bmd.sock", "--verbose"])
            == .run(options(stateDir: "/s", socket: "/r/bmd.sock", verbose: true)))
        #expect(BmdProcess.Options.read(["--state-dir=/s", "--socket=/r/bmd.sock"]) == .run(options(stateDir: "/s", socket: "/r/bmd.sock")))
        #expect(BmdProcess.Options.read(["--state-dir=-odd"]) == .run(options(stateDir: "-odd")))
    }

    @Test("An option without its value is a usage error naming the option, not the default folder",
          arguments: [["--state-dir"], ["--socket"], ["--state-dir", "--verbose"], ["--socket", "-h"]])
    func missingValueIsUsageError(_ line: [String]) {
        #expect(BmdProcess.Options.read(line) == .usageError("\(line[0]) needs a value"))
    }

    @Test("An empty value, a value given to a flag and an unknown option are usage errors")
    func wrongLinesAreUsageErrors() {
        #expect(BmdProcess.Options.read(["--state-dir", ""]) == .usageError("--state-dir needs a value, not an empty one"))
        #expect(BmdProcess.Options.read(["--state-dir="]) == .usageError("--state-dir needs a value, not an empty one"))
        #expect(BmdProcess.Options.read(["--verbose=yes"]) == .usageError("--verbose takes no value"))
        #expect(BmdProcess.Options.read(["--stat-dir", "/s"]) == .usageError("unknown option --stat-dir"))
        #expect(BmdProcess.Options.read(["/s"]) == .usageError("unknown option /s"))
    }

    @Test("--help prints the usage and --version the version, whatever comes after")
    func helpAndVersionPrint() {
        #expect(BmdProcess.Options.read(["--help"]) == .print(BmdProcess.usage))
        #expect(BmdProcess.Options.read(["-h", "--bogus"]) == .print(BmdProcess.usage))
        guard case .print(let version) = BmdProcess.Options.read(["--version"]) else {
            Issue.record("--version did not print")
            return
        }
        #expect(version.hasPrefix("bmd "))
    }
}
