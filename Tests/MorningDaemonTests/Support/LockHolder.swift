import Foundation
import Testing

/// sqlite3 holding a state file's write lock, as a database browser does while editing.
final class LockHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(_ file: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [file]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'held';\n".utf8))
        var said = ""
        while !said.contains("held") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
        }
        #expect(said.contains("held"), "sqlite3 did not take the lock: \(said)")
    }

    func release() {
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
