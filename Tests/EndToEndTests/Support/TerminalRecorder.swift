import Foundation

/// A terminal program that writes down what it was asked to run, for `$TERMINAL`.
struct TerminalRecorder {
    let path: String
    /// Its arguments, a line each, once it has run.
    let said: String
    /// The activation tokens it was given: XDG_ACTIVATION_TOKEN's and DESKTOP_STARTUP_ID's
    /// values, a line each; written before `said`.
    let tokens: String

    init(in folder: URL) throws {
        path = folder.appendingPathComponent("my-terminal").path
        said = folder.appendingPathComponent("terminal-ran").path
        tokens = folder.appendingPathComponent("terminal-tokens").path
        try ChildProcess.writeProgram("""
            #!/bin/sh
            printf '%s\\n' "$XDG_ACTIVATION_TOKEN" "$DESKTOP_STARTUP_ID" > '\(tokens)'
            printf '%s\\n' "$@" > '\(said).tmp' && mv '\(said).tmp' '\(said)'

            """, to: path)
    }

    /// Polls until the terminal has run; false when `within` passes first.
    func waitForRun(within: Duration) throws -> Bool {
        let deadline = ContinuousClock.now + within
        while !FileManager.default.fileExists(atPath: said) {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }
}
