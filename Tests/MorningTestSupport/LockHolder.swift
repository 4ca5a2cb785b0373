import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// sqlite3 holding a state file's write lock, as a database browser does while editing.
/// The engine's tests and the end-to-end tests hold the lock the same way, with this.
public final class LockHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Starts sqlite3 on `file` and returns once it says it holds the lock, or after 10
    /// seconds (the test then fails here, saying what sqlite3 said).
    public init(_ file: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        // No ~/.sqliterc of the person running the tests changes what sqlite3 prints:
        // sqlite3 finds the home folder through the password file even with no HOME.
        process.arguments = ["-init", "/dev/null", file]
        process.environment = [:]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'held';\n".utf8))
        var said = ""
        let deadline = ContinuousClock.now + .seconds(10)
        while !said.contains("held") {
            let left = deadline - .now
            guard left > .zero else { break }
            var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let waited = poll(&ready, 1, Int32((left / .milliseconds(1)).rounded(.up)))
            if waited < 0, errno == EINTR { continue }
            guard waited > 0 else { break }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
        }
        #expect(said.contains("held"), "sqlite3 did not take the lock: \(said)")
    }

    /// Ends the transaction and sqlite3.
    public func release() {
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
