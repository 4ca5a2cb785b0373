import Foundation
import MorningTestSupport
import Testing
import Varlink

/// JSONValue stands in for Foundation's coders, so those are the reference for its text
/// and for the errors a binding's reading throws.
@Suite("JSON without Foundation: the same text as JSONEncoder, and errors that name the field as JSONDecoder's do")
struct JSONTests {
    static func foundationEncoder(pretty: Bool) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    @Test("Doubles: the shortest text that reads back, without a trailing .0, as JSONEncoder writes them")
    func doubles() throws {
        var random = FuzzRun.random(0x444F_5542)
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 1.5, 2.0 / 3.0, 1e20, 1e21, 1e-5, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 100, 12]
        for _ in 0..<2000 * FuzzRun.scale {
            let d = Double(bitPattern: random.next())
            if d.isFinite { values.append(d) }
            values.append(Double(random.below(1_000_000)) / Double(random.below(999) + 1))
        }
        let ours = JSONValue.array(values.map(JSONValue.double)).text()
        #expect(ours == [UInt8](try Self.foundationEncoder(pretty: false).encode(values)))
        let read = try JSONRead.items(try JSONValue.parse(ours), .root) { try JSONRead.double($0, $1) }
        #expect(read == values)
        // JSON has no NaN: such a double (which no message holds) is written as null, not as text JSON refuses.
        #expect(JSONValue.double(.nan) == .null && JSONValue.double(-.infinity) == .null)
    }

    @Test("Strings: quotes, backslashes and control characters escaped, slashes and the rest as UTF-8, read back whole")
    func strings() throws {
        var random = FuzzRun.random(0x5354_5247)
        var values = ["", "a/b", "q\"\\", "\u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}", "é✓😀", "\u{2028}\u{2029}"]
        for _ in 0..<500 * FuzzRun.scale { values.append(random.textToEscape()) }
        let ours = JSONValue.array(values.map(JSONValue.string)).text()
        #expect(ours == [UInt8](try Self.foundationEncoder(pretty: false).encode(values)))
        #expect(try JSONRead.items(try JSONValue.parse(ours), .root) { try JSONRead.string($0, $1) } == values)
    }

    @Test("Keys are sorted byte by byte; empty containers print as JSONEncoder prints them")
    func keysAndEmptyContainers() throws {
        let value: [String: [String: [Int]]] = ["b": [:], "B": ["x": []], "_": ["z": [1], "a": [2, 3]], "aa": [:]]
        func tree(_ d: [String: [String: [Int]]]) -> JSONValue {
            .object(d.map { key, inner in
                .init(key: key, value: .object(inner.map { .init(key: $0.key, value: .array($0.value.map(JSONValue.int))) }))
            })
        }
        for pretty in [false, true] {
            #expect(tree(value).text(pretty: pretty) == [UInt8](try Self.foundationEncoder(pretty: pretty).encode(value)))
        }
        #expect(String(decoding: tree(value).text(), as: UTF8.self) == #"{"B":{"x":[]},"_":{"a":[2,3],"z":[1]},"aa":{},"b":{}}"#)
    }

    @Test("The reader takes JSON as RFC 8259 defines it and refuses the rest, saying where")
    func syntax() throws {
        // A trailing comma is taken, as JSONDecoder takes it (an export edited by hand).
        let good = [#" {"a" : [1, -2.5e3, true, false, null, "\u00e9\ud83d\ude00\/\n"]} "#, "\u{FEFF}[]", "0", "-0", "1E+2", #""""#,
                    "[1,]", #"{"a":1 , }"#, #"[{"a":[2,],},]"#]
        for text in good {
            #expect(throws: Never.self, "\(text)") { _ = try JSONValue.parse(Array(text.utf8)) }
        }
        let bad = ["", "[,]", "{,}", "[1,,]", #"{"a":1,,}"#, "01", "1.", ".5", "-", "[1]x", "\"a\tb\"", #""\ud800""#, #""\x""#, "[", "{\"a\"}",
                   "tru", "nul", "{1:2}", #""\u12"#, String(repeating: "[", count: 600) + String(repeating: "]", count: 600)]
        for text in bad {
            #expect(throws: JSONSyntaxError.self, "\(text)") { _ = try JSONValue.parse(Array(text.utf8)) }
        }
        #expect(throws: JSONSyntaxError.self) { _ = try JSONValue.parse([0x22, 0xFF, 0x22]) }
        let parsed = try JSONValue.parse(Array(#"{"a":"x\"y","b":[1.50]}"#.utf8))
        #expect(parsed == .object([.init(key: "a", value: .string("x\"y")), .init(key: "b", value: .array([.number("1.50")]))]))
    }

    @Test("Decoding errors name the field at fault, as JSONDecoder's do")
    func decodingErrors() throws {
        func path(_ text: String) -> String? {
            do {
                _ = try Notes.StatusReply(jsonText: Array(text.utf8))
                return nil
            } catch let error as DecodingError {
                switch error {
                case .keyNotFound(let key, let c): return (c.codingPath + [key]).map(\.stringValue).joined(separator: ".")
                case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
                    return c.codingPath.map(\.stringValue).joined(separator: ".")
                @unknown default: return "?"
                }
            } catch {
                return "not a DecodingError: \(error)"
            }
        }
        let status = String(decoding: Notes.StatusReply(
            state: .open, date: "2026-11-25", page: nil, today: .init(date: "2026-11-25", written: 1, total: 3),
            behind: 0, bell: .init(enabled: true, sound: true, available: false)).json.text(), as: UTF8.self)
        #expect(path(status) == nil)
        #expect(path(status.replacingOccurrences(of: #""state":"open""#, with: #""state":"sleeping""#)) == "state")
        #expect(path(status.replacingOccurrences(of: #""written":1"#, with: #""written":"1""#)) == "today.written")
        #expect(path(status.replacingOccurrences(of: #""written":1"#, with: #""written":1.5"#)) == "today.written")
        #expect(path(status.replacingOccurrences(of: #""behind":0"#, with: #""behind":null"#)) == "behind")
        #expect(path(status.replacingOccurrences(of: #""behind":0,"#, with: "")) == "behind")
        #expect(path(status.replacingOccurrences(of: #""enabled":true"#, with: #""enabled":1"#)) == "bell.enabled")
        func ints(_ text: String) throws -> [Int] {
            try JSONRead.items(try JSONValue.parse(Array(text.utf8)), .root) { try JSONRead.int($0, $1) }
        }
        #expect(try ints("[1.0, 1e2, -0]") == [1, 100, 0])
        #expect(throws: DecodingError.self) { _ = try ints("[9223372036854775808]") }
        #expect(throws: DecodingError.self) { _ = try ints("[1.5]") }
        // Of a key given twice, the first counts, as with JSONDecoder.
        #expect(try Notes.Line(jsonText: Array(#"{"time":"06:00","text":"a","text":"b"}"#.utf8)).text == "a")
        // Inside an array the path names the item.
        let page = #"{"id":"x","title":"X","shade":"plain","pinned":true,"lines":[{"time":"06:00","text":"a"},{"time":"07:00","text":3}]}"#
        do {
            _ = try Notes.Page(jsonText: Array(page.utf8))
            Issue.record("a text that is a number was read")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["lines", "Index 1", "text"])
            #expect(context.codingPath[1].intValue == 1)
        }
        // A field read as a message must be an object.
        #expect(path(status.replacingOccurrences(of: #""bell":{"available":false,"enabled":true,"reason":null,"sound":true}"#, with: #""bell":[]"#)) == "bell")
    }
}
