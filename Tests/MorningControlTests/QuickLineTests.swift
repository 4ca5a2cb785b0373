import ArgumentParser
@testable import MorningControl
import MorningTestSupport
import Testing

/// bmctl reads everyday command lines itself (QuickLine) and leaves the rest to
/// ArgumentParser; whatever it reads, it must read exactly as ArgumentParser would.
@Suite("QuickLine: everyday command lines read without ArgumentParser, as ArgumentParser reads them")
struct QuickLineTests {
    /// The request ArgumentParser makes of `arguments`, read the way bmctl reads them.
    static func reference(_ arguments: [String]) throws -> any Request & Equatable {
        let parsed = try BMCtl.parseAsRoot(ArgumentOrder.hoistingGlobalOptions(arguments, commands: BMCtl.commandNames))
        guard let command = parsed as? any ControlCommand else {
            throw ValidationError("\(type(of: parsed)) is not a bmctl command")
        }
        return command.request
    }

    static func same(_ a: any Request, _ b: any Request & Equatable) -> Bool {
        func open<B: Request & Equatable>(_ b: B) -> Bool { (a as? B) == b }
        return open(b)
    }

    static let words = [
        "status", "today", "day", "check", "uncheck", "week", "data", "stats", "history", "explore", "activate", "help",
        "--json", "--json", "--no-autostart", "--socket", "--socket=/tmp/a.sock", "/tmp/b.sock", "--follow", "--format",
        "waybar", "text", "bogus", "--format=polybar", "--date", "--date=yesterday", "today", "tomorrow", "2026-11-23",
        "2026-02-30", "--week", "--prev", "--next", "--months", "--months=6", "3", "0", "-1", "+2", "13", "x",
        "--max-width", "--max-width=12", "--routine", "--routine=kant",
        "run", "1", "franklin", "-h", "--help", "--", "-", "--bogus", "--json=yes", "--socket=", "",
    ]

    @Test("Random command lines: each one QuickLine reads, ArgumentParser reads as the same request")
    func sameAsArgumentParser() throws {
        var random = FuzzRun.random(0x5155_4943)
        var accepted = 0
        let lines = 6000 * FuzzRun.scale
        for _ in 0..<lines {
            var line: [String] = []
            if random.chance(0.3) { line.append(random.pick(["--json", "--no-autostart", "--socket", "--socket=/x"])) }
            line.append(random.pick(QuickLine.everyday.map(\.name) + ["help", "reset", "bogus"]))
            for _ in 0..<random.below(5) { line.append(random.pick(Self.words)) }
            guard let quick = QuickLine.request(line) else { continue }
            accepted += 1
            let parsed: any Request & Equatable
            do {
                parsed = try Self.reference(line)
            } catch {
                Issue.record("QuickLine read \(line) but ArgumentParser refuses it: \(BMCtl.fullMessage(for: error)) (\(FuzzRun.tag))")
                continue
            }
            #expect(Self.same(quick, parsed), "\(line): \(quick) against \(parsed) (\(FuzzRun.tag))")
        }
        // Most random lines are malformed; a good share must still be read quickly.
        #expect(accepted > lines / 10, "QuickLine read only \(accepted) of \(lines) lines")
    }

    @Test("The lines status bars and aliases run are read without ArgumentParser")
    func everydayLines() throws {
        let lines = [
            ["status"], ["status", "--json"], ["--json", "status"], ["status", "--format", "waybar"],
            ["status", "--follow", "--format=i3blocks"], ["--socket", "/tmp/a.sock", "--no-autostart", "status"],
            ["today"], ["day", "yesterday"], ["check"], ["check", "1"], ["uncheck", "run", "--date", "today"], ["week", "--prev", "2"],
            ["week", "franklin", "--week=2026-11-02"], ["data", "--json"], ["stats"], ["stats", "bench-20"],
            ["history", "--months", "6"], ["explore", "murakami"],
        ]
        for line in lines {
            let quick = try #require(QuickLine.request(line), "\(line)")
            #expect(Self.same(quick, try Self.reference(line)), "\(line)")
        }
    }

    @Test("Help, mistakes and anything unusual are left to ArgumentParser")
    func leftToArgumentParser() {
        let lines = [
            [], ["help"], ["status", "--help"], ["status", "-h"], ["--json"], ["status", "--json", "--json"],
            ["status", "--format"], ["status", "--format", "bogus"], ["status", "--format", "waybar", "--json"],
            ["uncheck"], ["check", "1", "2"], ["day", "--", "2026-11-23"], ["day", "-1"], ["week", "--prev", "x"],
            ["week", "--prev", "1", "--next", "1"], ["week", "--prev", "-1"], ["history", "--months", "13"],
            ["status", "--bogus"], ["status", "--json=yes"], ["status", "--socket="], ["activate", "franklin"],
            ["day", "2026-02-30"], ["stats", "a", "b"], ["status", "extra"],
        ]
        for line in lines {
            #expect(QuickLine.request(line) == nil, "\(line)")
        }
    }
}
