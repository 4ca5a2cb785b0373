import Foundation
@testable import MorningProtocol
import VarlinkGenerator
import MorningTestSupport
import Testing

/// JSONValue stands in for Foundation's coders, so those are the reference for its text;
/// the generated binding stands for the interface file, so that file is the reference for
/// every message: random JSON shaped by the file reads and writes back unchanged.
@Suite("JSON without Foundation: the same text as JSONEncoder; every message as the interface file shapes it")
struct JSONTests {
    static func foundationEncoder(pretty: Bool) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    static let interface: Interface = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MorningProtocol/org.bettermorning.Morning.varlink")
        return try! Interface(parsing: try! String(contentsOf: file, encoding: .utf8))
    }()

    /// Every struct of the interface, and every method's parameters and reply, by the name
    /// of its Swift type, with its fields and whether a nil optional is left out (parameters).
    static var messages: [(name: String, fields: [Field], omitsNil: Bool)] {
        var all: [(String, [Field], Bool)] = []
        for t in interface.types {
            if case .structure(let fields) = t.shape { all.append((t.name, fields, false)) }
        }
        for m in interface.methods {
            all.append((m.name + "Parameters", m.input, true))
            all.append((m.name + "Reply", m.output, false))
        }
        return all
    }

    @Test("Every message of the interface file: random values read and write back unchanged, members in key order")
    func everyMessageType() throws {
        var random = FuzzRun.random(0x4A53_4F4E)
        let rounds = 40 * FuzzRun.scale
        #expect(Set(Morning.messageTypes.keys) == Set(Self.messages.map(\.name) + Self.interface.types.compactMap {
            if case .structure = $0.shape { $0.name } else { nil }
        }))
        for message in Self.messages {
            let type = try #require(Morning.messageTypes[message.name], "\(message.name) has no Swift type")
            for _ in 0..<rounds {
                // A struct shared by parameters and replies writes null for nil: send what it writes.
                let omits = message.omitsNil && !Self.isNamedStruct(type)
                let tree = RandomTree.object(message.fields, omitNil: omits, interface: Self.interface, random: &random)
                let value = try type.init(json: tree, at: .root)
                #expect(value.json.text() == tree.text(), "\(message.name), \(FuzzRun.tag)")
                #expect(value.json.text(pretty: true) == tree.text(pretty: true))
                // Members come in key order, so that printing copies nothing to sort them.
                #expect(Self.inKeyOrder(value.json), "\(message.name) writes its members out of key order")
            }
        }
    }

    /// Whether `type` is one of the interface's named structs (which write null for nil).
    static func isNamedStruct(_ type: any JSONCodable.Type) -> Bool {
        interface.types.contains { t in
            guard case .structure = t.shape, let named = Morning.messageTypes[t.name] else { return false }
            return ObjectIdentifier(named) == ObjectIdentifier(type)
        }
    }

    static func inKeyOrder(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            let keys = members.map { Array($0.key.utf8) }
            return zip(keys, keys.dropFirst()).allSatisfy { !$1.lexicographicallyPrecedes($0) }
                && members.allSatisfy { inKeyOrder($0.value) }
        case .array(let items): return items.allSatisfy(inKeyOrder)
        default: return true
        }
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
        for _ in 0..<500 * FuzzRun.scale { values.append(RandomTree.string(&random)) }
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
                _ = try Morning.StatusReply(jsonText: Array(text.utf8))
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
        let status = String(decoding: Morning.StatusReply(
            phase: .running, state: .inProgress, date: "2026-11-25", routine: nil, today: .init(date: "2026-11-25", completed: 1, total: 3),
            currentTask: nil, nextTask: nil, behind: 0, nextReminder: nil, notifications: .init(enabled: true, sound: true, available: false)).json.text(), as: UTF8.self)
        #expect(path(status) == nil)
        #expect(path(status.replacingOccurrences(of: #""phase":"running""#, with: #""phase":"sleeping""#)) == "phase")
        #expect(path(status.replacingOccurrences(of: #""completed":1"#, with: #""completed":"1""#)) == "today.completed")
        #expect(path(status.replacingOccurrences(of: #""completed":1"#, with: #""completed":1.5"#)) == "today.completed")
        #expect(path(status.replacingOccurrences(of: #""behind":0"#, with: #""behind":null"#)) == "behind")
        #expect(path(status.replacingOccurrences(of: #""behind":0,"#, with: "")) == "behind")
        #expect(path(status.replacingOccurrences(of: #""enabled":true"#, with: #""enabled":1"#)) == "notifications.enabled")
        func ints(_ text: String) throws -> [Int] {
            try JSONRead.items(try JSONValue.parse(Array(text.utf8)), .root) { try JSONRead.int($0, $1) }
        }
        #expect(try ints("[1.0, 1e2, -0]") == [1, 100, 0])
        #expect(throws: DecodingError.self) { _ = try ints("[9223372036854775808]") }
        #expect(throws: DecodingError.self) { _ = try ints("[1.5]") }
        // Of a key given twice, the first counts, as with JSONDecoder.
        #expect(try Morning.TaskTime(jsonText: Array(#"{"time":"06:00","title":"a","title":"b"}"#.utf8)).title == "a")
        // Inside an array the path names the item.
        let routine = #"{"id":"x","name":"X","type":"custom","active":true,"createdDate":"d","startDate":"d","tasks":[{"time":"06:00","title":"a"},{"time":"07:00","title":3}]}"#
        do {
            _ = try Morning.RoutineInfo(jsonText: Array(routine.utf8))
            Issue.record("a title that is a number was read")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["tasks", "Index 1", "title"])
            #expect(context.codingPath[1].intValue == 1)
        }
        // A field read as a message must be an object.
        #expect(path(status.replacingOccurrences(of: #""notifications":{"available":false,"enabled":true,"reason":null,"sound":true}"#, with: #""notifications":[]"#)) == "notifications")
    }
}

/// Random JSON shaped by an interface file's fields: each optional null (or left out)
/// or present, arrays of a few items, strings with quotes, escapes and non-ASCII.
enum RandomTree {
    static func object(_ fields: [Field], omitNil: Bool, interface: Interface, random: inout SeededRandom) -> JSONValue {
        var members: [JSONValue.Member] = []
        for f in fields {
            if case .optional(let inner) = f.type {
                if random.chance(0.3) {
                    if !omitNil { members.append(.init(key: f.name, value: .null)) }
                    continue
                }
                members.append(.init(key: f.name, value: value(inner, interface: interface, random: &random)))
            } else {
                members.append(.init(key: f.name, value: value(f.type, interface: interface, random: &random)))
            }
        }
        return .object(members)
    }

    static func value(_ t: TypeReference, interface: Interface, random: inout SeededRandom) -> JSONValue {
        switch t {
        case .bool: return .bool(random.chance(0.5))
        case .int: return .int(random.chance(0.5) ? random.below(100) : Int(bitPattern: UInt(random.next())))
        case .float: return .double(Double(random.below(1_000_000)) / Double(1 + random.below(1000)))
        case .string: return .string(string(&random))
        case .object: return .object([.init(key: "k", value: .string(string(&random)))])
        case .optional(let inner):
            return random.chance(0.3) ? .null : value(inner, interface: interface, random: &random)
        case .array(let inner):
            return .array((0..<random.below(4)).map { _ in value(inner, interface: interface, random: &random) })
        case .dictionary(let inner):
            return .object((0..<random.below(3)).map { .init(key: "k\($0)", value: value(inner, interface: interface, random: &random)) })
        case .inline(let shape): return shaped(shape, interface: interface, random: &random)
        case .named(let name):
            let declared = interface.types.first { $0.name == name }!
            return shaped(declared.shape, interface: interface, random: &random)
        }
    }

    static func shaped(_ shape: Shape, interface: Interface, random: inout SeededRandom) -> JSONValue {
        switch shape {
        case .enumeration(let names): return .string(random.pick(names))
        case .structure(let fields): return object(fields, omitNil: false, interface: interface, random: &random)
        }
    }

    /// Control characters, quotes, backslashes, slashes, line separators and any other
    /// scalar below the surrogates: what escaping must get right.
    static func string(_ random: inout SeededRandom) -> String {
        let length = random.below(12)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            switch random.below(6) {
            case 0: scalars.append(Unicode.Scalar(UInt8(random.below(0x20))))
            case 1: scalars.append(random.pick(["\"", "\\", "/", "\u{7f}", "\u{2028}", "é", "✓", "😀"].map { $0.unicodeScalars.first! }))
            case 2: scalars.append(Unicode.Scalar(UInt32(0x80 + random.below(0xD7FF - 0x80)))!)
            default: scalars.append(Unicode.Scalar(UInt8(0x20 + random.below(0x5F))))
            }
        }
        return String(scalars)
    }
}
