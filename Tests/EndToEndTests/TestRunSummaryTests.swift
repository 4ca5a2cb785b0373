import Foundation
import Testing

/// `make test` runs the window's tests even when the others failed, and its last lines
/// say how each part went, with the failures of each again: a failed run never hides
/// that the window's tests did not run.
@Suite("make test's last lines: every part run, each named passed or failed")
struct TestRunSummaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A part that fails as a Swift test run does, through scripts/failures-last.
    static let failingPart = #"scripts/failures-last sh -c 'echo "✘ Test \"Some test\" recorded an issue at X.swift:1:2: Expectation failed"; echo "✘ Test \"Some test\" failed after 0.1 seconds with 1 issue."; exit 1'"#

    static func run(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/test-parts")
        process.arguments = arguments
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("after a failed first part the second still runs; the end names both, with the first's failures again")
    func failedThenPassed() throws {
        let run = try Self.run(["every test but the window's", Self.failingPart,
                                "the window's tests", "echo THE-WINDOW-PART-RAN"])
        #expect(run.status != 0)
        #expect(run.out.contains("THE-WINDOW-PART-RAN"), "\(run.out)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(Array(lines.suffix(2)) == ["== every test but the window's: FAILED (exit status 1)", "== the window's tests: passed"],
                "\(run.out)")
        // The failure is said again after the window's part, among the last lines.
        let ran = try #require(run.out.range(of: "THE-WINDOW-PART-RAN"))
        #expect(run.out[ran.upperBound...].contains("✘ Test \"Some test\" failed after"), "\(run.out)")
    }

    @Test("a part that fails last fails the whole; all passing passes")
    func statuses() throws {
        let failedLast = try Self.run(["first", "true", "second", "exit 3"])
        #expect(failedLast.status != 0)
        #expect(failedLast.out.hasSuffix("== first: passed\n== second: FAILED (exit status 3)\n"), "\(failedLast.out)")
        let passed = try Self.run(["first", "true", "second", "true"])
        #expect(passed.status == 0, "\(passed.out)")
    }

    @Test("make test runs its parts through scripts/test-parts, the window's among them")
    func makefileUsesIt() throws {
        let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let recipe = try #require(makefile.components(separatedBy: "\ntest: ").dropFirst().first?.components(separatedBy: "\n\n").first)
        #expect(recipe.contains("scripts/test-parts") && recipe.contains("test-window"), "\(recipe)")
    }
}
