import Foundation
import Testing
@testable import MorningControl

/// What people read — help, man pages, README and docs — says each rule in plain words,
/// never by the specification's codes ("(L2)", "H5", "T3") or its section numbers.
@Suite struct PlainWordsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let code = try! NSRegularExpression(pattern: #"\b[FDATCNHWLU][0-9]+\b|§"#)

    static func codes(in text: String) -> [String] {
        code.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    @Test("no help text of any command cites a rule code")
    func help() {
        for command in [""] + BMCtl.commandNames.sorted() {
            let words = command.split(separator: " ").map(String.init)
            let run = bmctl(words + ["--help"])
            #expect(run.status == 0, "\(command)")
            #expect(Self.codes(in: run.out).isEmpty, "bmctl \(command) --help: \(Self.codes(in: run.out))")
        }
    }

    @Test("no man page, README or doc cites a rule code")
    func documents() throws {
        let folders = ["man", "docs"].map { Self.root.appendingPathComponent($0) }
        var files = [Self.root.appendingPathComponent("README.md")]
        for folder in folders {
            files += try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { ["1", "5", "md"].contains($0.pathExtension) }
        }
        #expect(files.count >= 5)
        for file in files {
            // mdoc's own macros (.D1, a displayed line) are not text.
            let text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .map { $0.hasPrefix(".D1 ") ? String($0.dropFirst(4)) : String($0) }.joined(separator: "\n")
            #expect(Self.codes(in: text).isEmpty, "\(file.lastPathComponent): \(Self.codes(in: text))")
        }
    }

    @Test("bmctl(1) documents the JSON of every read command, the export files and status --follow/--format")
    func manPageCoversJSON() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("man/bmctl.1"), encoding: .utf8)
        let json = page.components(separatedBy: ".Sh JSON OUTPUT").last?.components(separatedBy: "\n.Sh ").first ?? ""
        for command in ["status", "day", "week", "data", "explore", "stats", "history", "export", "import", "notifications"] {
            #expect(json.contains(".It Cm \(command)"), "JSON OUTPUT lacks \(command)")
        }
        #expect(page.contains(".Sh EXPORT FILES"))
        #expect(page.contains(".It Cm status Oo Fl -follow Oc Oo Fl -format"))
        #expect(page.contains("Fl -routine"))
        #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("man/bmctl-export.md").path))
    }
}
