import Foundation
import MorningProtocol
import Testing
import Varlink
@testable import MorningControl

/// The steps of adding a method that a build does not enforce: every method of the
/// interface file is called by a bmctl command, and every command is in bmctl(1).
@Suite struct RecipeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift source of bmctl's library, as one text.
    static func controlSources() throws -> String {
        let folder = root.appendingPathComponent("Sources/MorningControl")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }
            .map { codeOnly(try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }.joined(separator: "\n")
    }

    /// Swift source without its comments (`//` to the end of the line, `/* … */`), so that
    /// a call named only in a comment does not count as made. Strings are kept whole.
    static func codeOnly(_ source: String) -> String {
        var out = ""
        var chars = Array(source)[...]
        var inString = false
        while let c = chars.first {
            if !inString, c == "/", chars.dropFirst().first == "/" {
                chars = chars.drop { $0 != "\n" }
                continue
            }
            if !inString, c == "/", chars.dropFirst().first == "*" {
                let rest = String(chars.dropFirst(2))
                guard let end = rest.range(of: "*/") else { break }
                chars = Array(rest[end.upperBound...])[...]
                continue
            }
            if c == "\"", chars.dropFirst().prefix(2) != ["\"", "\""] || inString { inString.toggle() }
            if inString, c == "\\", let next = chars.dropFirst().first {
                out.append(c)
                out.append(next)
                chars = chars.dropFirst(2)
                continue
            }
            out.append(c)
            chars = chars.dropFirst()
        }
        return out
    }

    @Test("a call named in a comment is not a call: the recipe's check reads the code")
    func commentsAreNotCode() {
        #expect(!Self.codeOnly("// Morning.Call.skip(task: t)\nlet x = 1").contains("Morning.Call.skip("))
        #expect(!Self.codeOnly("/* Morning.Call.skip(task: t) */ let x = 1").contains("Morning.Call.skip("))
        #expect(!Self.codeOnly("/// `session.call(Morning.Call.skip(task:))`").contains("Morning.Call.skip("))
        #expect(Self.codeOnly("try session.call(Morning.Call.skip(task: t)) // skips").contains("Morning.Call.skip("))
        #expect(Self.codeOnly("let url = \"http://example\"; Morning.Call.skip(task: t)").contains("Morning.Call.skip("))
    }

    @Test("every method of the interface file has a bmctl command that calls it")
    func everyMethodCalled() throws {
        let sources = try Self.controlSources()
        for method in Morning.Method.allCases {
            let name = String(method.rawValue.split(separator: ".").last!)
            let call = "Morning.Call." + name.prefix(1).lowercased() + name.dropFirst() + "("
            // A name Swift reserves is written in backquotes.
            let quoted = "Morning.Call.`" + name.prefix(1).lowercased() + name.dropFirst() + "`("
            #expect(sources.contains(call) || sources.contains(quoted), "no bmctl command calls \(method.rawValue)")
        }
    }

    @Test("every bmctl command has an entry in bmctl(1)")
    func everyCommandInTheManPage() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("man/bmctl.1"), encoding: .utf8)
        for command in BMCtl.commandNames {
            let words = command.split(separator: " ")
            // A nested command such as "draft add" is listed under its parent's entry.
            let entry = words.count == 1 ? ".It Cm \(command)" : ".It Cm \(words[0])"
            #expect(page.contains(entry), "bmctl(1) has no entry for \(command)")
            if words.count > 1 { #expect(page.contains(String(words[1])), "bmctl(1) does not name \(command)") }
        }
    }

    @Test("every option of every bmctl command is in its entry's synopsis in bmctl(1)")
    func everyOptionInTheManPage() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("man/bmctl.1"), encoding: .utf8)
        let entries = page.components(separatedBy: "\n").filter { $0.hasPrefix(".It Cm ") }
        let declared = try declaredCommands().map { (command: $0.words, options: $0.flags + $0.options) }
        #expect(declared.contains { $0.command == ["status"] && $0.options.contains("--max-width") })
        #expect(declared.contains { $0.command == ["draft", "save"] && $0.options == ["--yes", "--revision"] })
        for (command, options) in declared {
            // A nested command is written under its parent's word: `.It Cm draft add …`, `.It Cm draft Op Cm show`.
            let synopsis = entries.filter { line in
                let words = line.split(separator: " ")
                return words.count > 2 && words[2] == command[0] && command.dropFirst().allSatisfy { line.contains($0) }
            }.joined(separator: "\n")
            #expect(!synopsis.isEmpty, "bmctl(1) has no entry for \(command.joined(separator: " "))")
            for option in options {
                // mdoc writes one dash of `--yes` itself: `Fl -yes`.
                #expect(synopsis.contains("Fl " + option.dropFirst()), "bmctl(1)'s entry for \(command.joined(separator: " ")) does not show \(option)")
            }
        }
    }

    @Test("the interface file's notes reach the binding: what only reads, and how large a call may be")
    func notesReachTheBinding() throws {
        let text = Morning.interfaceDescription
        for method in Morning.Method.allCases {
            let name = method.rawValue.split(separator: ".").last!
            // The comment lines right above the method's declaration.
            let lines = text.components(separatedBy: "\n")
            let at = try #require(lines.firstIndex { $0.hasPrefix("method \(name)(") })
            let comment = lines[..<at].reversed().prefix { $0.hasPrefix("#") }
            #expect(method.readsOnly == comment.contains("# Reads only."), "\(name)")
            #expect(method.answeredApart == comment.contains("# Answered apart."), "\(name)")
            #expect(method.followed == comment.contains("# Followed with more."), "\(name)")
            #expect((method.frameLimit != nil) == comment.contains { $0.hasPrefix("# Its call may be up to") }, "\(name)")
        }
        // The two a person would expect: status only reads; a check writes.
        #expect(Morning.Method.status.readsOnly && !Morning.Method.check.readsOnly)
        // Status is followed; a test notification and an export wait on something slow.
        #expect(Morning.Method.status.followed && !Morning.Method.status.answeredApart)
        #expect(Morning.Method.testNotification.answeredApart && Morning.Method.export.answeredApart)
        #expect(Morning.Method.import.frameLimit == 16 << 20)
    }
}
