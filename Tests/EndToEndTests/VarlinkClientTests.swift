import Foundation
import Testing

/// The PyPI `varlink` 31.0.0 client, as `make test` installs it.
let varlinkPython: String? = {
    let path = ProcessInfo.processInfo.environment["BM_VARLINK_PYTHON"]
        ?? packageRoot.appendingPathComponent(".build-venv/bin/python").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
}()

// Rules F6.
@Suite("End to end: a generic varlink client")
struct VarlinkClientTests {
    @Test("The PyPI varlink client lists, describes and calls bmd", .enabled(if: varlinkPython != nil))
    func pypiClient() throws {
        let python = try #require(varlinkPython)
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let address = "unix:" + box.socketPath
        let info = try box.run(python, ["-m", "varlink.cli", "info", address], environment: box.baseEnvironment)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("org.bettermorning.Morning") && info.stdout.contains("Product: bmd"))
        // It parses the whole interface description before it shows it.
        let help = try box.run(python, ["-m", "varlink.cli", "help", address + "/org.bettermorning.Morning"],
                               environment: box.baseEnvironment)
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("method Activate(routine: string)"))
        let call = try box.run(python, ["-m", "varlink.cli", "call", address + "/org.bettermorning.Morning.Activate",
                                        #"{"routine": "kant"}"#], environment: box.baseEnvironment)
        #expect(call.status == 0, "\(call.stderr)")
        #expect(call.stdout.contains("\"startDate\": \"2026-03-03\""))
        #expect(try box.bmctl("status", "--json").object["phase"] as? String == "waiting")
        try box.stopDaemon()
    }
}
