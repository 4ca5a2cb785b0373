import Foundation
@testable import MorningProtocol
import MorningTestSupport
import Testing

/// JSONValue and each message's JSONCodable conformance stand in for Foundation's coders
/// and the synthesized Codable ones, so those are the reference: the same bytes out,
/// the same values in, for every message type.
@Suite("JSON without Foundation: the same text as JSONEncoder, the same values as JSONDecoder")
struct JSONTests {
    /// Every Codable type of the protocol.
    static var messageTypes: [any (JSONCodable & Codable & Equatable).Type] { [
        Morning.TaskTime.self, Morning.CatalogRoutine.self, Morning.RoutineInfo.self, Morning.Progress.self,
        Morning.Notifications.self, Morning.DayTask.self, Morning.WeekDay.self, Morning.WeekChart.self,
        Morning.Card.self, Morning.Status.self, Morning.ExploreParameters.self, Morning.ExploreReply.self,
        Morning.RoutineParameters.self, Morning.ActivationReply.self, Morning.DeleteReply.self,
        Morning.DayParameters.self, Morning.DayReply.self, Morning.TaskParameters.self, Morning.CheckReply.self,
        Morning.NotificationsParameters.self, Morning.NotificationsReply.self, Morning.WelcomeParameters.self,
        Morning.WelcomeReply.self, Morning.ReloadReply.self, Morning.WeekParameters.self, Morning.DataParameters.self,
        Morning.DataReply.self, Morning.ErrorParameters.self, Morning.StatsTotals.self, Morning.RoutineStats.self,
        Morning.StatsParameters.self, Morning.StatsReply.self, Morning.HistoryDay.self, Morning.HistoryParameters.self,
        Morning.HistoryReply.self, Morning.ExportDay.self, Morning.ExportRoutine.self, Morning.ExportDocument.self,
        Morning.ExportReply.self, Morning.ImportParameters.self, Morning.ImportReply.self, Morning.DraftTask.self,
        Morning.DraftReply.self, Morning.DraftChangeReply.self, Morning.DraftTitleParameters.self,
        Morning.DraftAddParameters.self, Morning.DraftRemoveParameters.self, Morning.CreateParameters.self,
        Morning.CreateFromFileParameters.self, Varlink.GetInfoReply.self, Varlink.InterfaceParameters.self,
        Varlink.DescriptionReply.self, Empty.self,
    ] }

    static func foundationEncoder(pretty: Bool) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    @Test("Every message type: random values are written byte for byte as JSONEncoder writes them, compact and pretty, and read back equal")
    func everyMessageType() throws {
        var random = FuzzRun.random(0x4A53_4F4E)
        let rounds = 40 * FuzzRun.scale
        for type in Self.messageTypes {
            try check(type, rounds: rounds, random: &random)
        }
    }

    private func check<T: JSONCodable & Codable & Equatable>(_ type: T.Type, rounds: Int, random: inout SeededRandom) throws {
        for _ in 0..<rounds {
            var values = RandomValues(random: &random)
            let value = try values.make(T.self)
            for pretty in [false, true] {
                let ours = value.json.text(pretty: pretty)
                let reference = [UInt8](try Self.foundationEncoder(pretty: pretty).encode(value))
                #expect(ours == reference, "\(T.self) pretty=\(pretty), \(FuzzRun.tag): \(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: reference, as: UTF8.self))")
                let back = try T(jsonText: ours)
                #expect(back == value, "\(T.self) read back differently, \(FuzzRun.tag)")
                #expect(try JSONDecoder().decode(T.self, from: Data(ours)) == back)
            }
            // What JSONEncoder wrote, read by the hand-written reader: the same value.
            #expect(try T(jsonText: try JSONEncoder().encode(value)) == value, "\(T.self), \(FuzzRun.tag)")
            // Members come in key order, so that printing copies nothing to sort them.
            #expect(Self.inKeyOrder(value.json), "\(T.self) writes its members out of key order")
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
        let read = try JSONFields.items(try JSONValue.parse(ours), .root) { try JSONFields.double($0, $1.codingPath) }
        #expect(read == values)
        // JSON has no NaN: such a double (which no message holds) is written as null, not as text JSON refuses.
        #expect(JSONValue.double(.nan) == .null && JSONValue.double(-.infinity) == .null)
    }

    @Test("Strings: quotes, backslashes and control characters escaped, slashes and the rest as UTF-8, read back whole")
    func strings() throws {
        var random = FuzzRun.random(0x5354_5247)
        var values = ["", "a/b", "q\"\\", "\u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}", "é✓😀", "\u{2028}\u{2029}"]
        for _ in 0..<500 * FuzzRun.scale { values.append(RandomValues.string(&random)) }
        let ours = JSONValue.strings(values).text()
        #expect(ours == [UInt8](try Self.foundationEncoder(pretty: false).encode(values)))
        #expect(try JSONFields.items(try JSONValue.parse(ours), .root) { try JSONFields.string($0, $1.codingPath) } == values)
    }

    @Test("Keys are sorted byte by byte; empty containers print as JSONEncoder prints them")
    func keysAndEmptyContainers() throws {
        let value: [String: [String: [Int]]] = ["b": [:], "B": ["x": []], "_": ["z": [1], "a": [2, 3]], "aa": [:]]
        func tree(_ d: [String: [String: [Int]]]) -> JSONValue {
            .object(d.map { key, inner in
                .init(key: key, value: .object(inner.map { .init(key: $0.key, value: .ints($0.value)) }))
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
                _ = try Morning.Status(jsonText: Array(text.utf8))
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
        let status = String(decoding: Morning.Status(
            phase: .running, date: "2026-11-25", routine: nil, today: .init(date: "2026-11-25", completed: 1, total: 3),
            currentTask: nil, nextTask: nil, behind: 0, nextReminder: nil, notifications: .init(enabled: true, available: false)).json.text(), as: UTF8.self)
        #expect(path(status) == nil)
        #expect(path(status.replacingOccurrences(of: #""phase":"running""#, with: #""phase":"sleeping""#)) == "phase")
        #expect(path(status.replacingOccurrences(of: #""completed":1"#, with: #""completed":"1""#)) == "today.completed")
        #expect(path(status.replacingOccurrences(of: #""completed":1"#, with: #""completed":1.5"#)) == "today.completed")
        #expect(path(status.replacingOccurrences(of: #""behind":0"#, with: #""behind":null"#)) == "behind")
        #expect(path(status.replacingOccurrences(of: #""behind":0,"#, with: "")) == "behind")
        #expect(path(status.replacingOccurrences(of: #""enabled":true"#, with: #""enabled":1"#)) == "notifications.enabled")
        func ints(_ text: String) throws -> [Int] {
            try JSONFields.items(try JSONValue.parse(Array(text.utf8)), .root) { try JSONFields.int($0, $1.codingPath) }
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
        #expect(path(status.replacingOccurrences(of: #""notifications":{"available":false,"enabled":true}"#, with: #""notifications":[]"#)) == "notifications")
    }
}

// MARK: - Random values of any Decodable type

/// Makes a random value of a Decodable type by decoding it from made-up data: every
/// field, optional or not, array length and string comes from the generator. A field
/// whose type refuses what was made up (an enum's raw value) is made up again.
struct RandomValues {
    var random: SeededRandom

    init(random: inout SeededRandom) { self.random = SeededRandom(seed: random.next()) }

    mutating func make<T: Decodable>(_ type: T.Type) throws -> T {
        let source = Source(random: random)
        defer { random = source.random }
        return try source.value(T.self, codingPath: [])
    }

    /// Words that the protocol's enums take, so that made-up raw values often fit.
    static let words = ["none", "waiting", "running", "today", "past", "future", "done", "missed", "untouched", "upcoming",
                        "celebrity", "custom"]

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

    final class Source: Decoder {
        var random: SeededRandom
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(random: SeededRandom) { self.random = random }

        func value<T: Decodable>(_ type: T.Type, codingPath: [any CodingKey]) throws -> T {
            var lastError: (any Error)?
            for _ in 0..<200 {
                let saved = self.codingPath
                self.codingPath = codingPath
                defer { self.codingPath = saved }
                do { return try T(from: self) } catch { lastError = error }
            }
            throw lastError!
        }

        func string() -> String {
            random.chance(0.5) ? random.pick(RandomValues.words) : RandomValues.string(&random)
        }

        func double() -> Double {
            while true {
                let d = random.chance(0.5) ? Double(bitPattern: random.next()) : Double(random.below(2000)) / 7
                if d.isFinite { return d }
            }
        }

        func integer<I: FixedWidthInteger>(_ type: I.Type) -> I {
            random.chance(0.2) ? I.random(in: I.min...I.max, using: &random) : I(truncatingIfNeeded: random.below(40))
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Keyed<Key>(source: self, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            Unkeyed(source: self, codingPath: codingPath, count: random.below(4))
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(source: self) }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let source: Source
        let codingPath: [any CodingKey]
        var allKeys: [Key] {
            (0..<source.random.below(3)).compactMap { _ in Key(stringValue: RandomValues.string(&source.random)) }
        }
        func contains(_ key: Key) -> Bool { source.random.chance(0.8) }
        func decodeNil(forKey key: Key) throws -> Bool { source.random.chance(0.25) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { source.random.chance(0.5) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { source.string() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { source.double() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { source.integer(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try source.value(type, codingPath: codingPath + [key])
        }
        func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
            KeyedDecodingContainer(Keyed<N>(source: source, codingPath: codingPath + [key]))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            Unkeyed(source: source, codingPath: codingPath + [key], count: source.random.below(4))
        }
        func superDecoder() throws -> any Decoder { source }
        func superDecoder(forKey key: Key) throws -> any Decoder { source }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let source: Source
        let codingPath: [any CodingKey]
        let total: Int
        var currentIndex = 0
        init(source: Source, codingPath: [any CodingKey], count: Int) {
            self.source = source; self.codingPath = codingPath; self.total = count
        }
        var count: Int? { total }
        var isAtEnd: Bool { currentIndex >= total }
        mutating func decodeNil() throws -> Bool { false }
        mutating func decode(_ type: Bool.Type) throws -> Bool { currentIndex += 1; return source.random.chance(0.5) }
        mutating func decode(_ type: String.Type) throws -> String { currentIndex += 1; return source.string() }
        mutating func decode(_ type: Double.Type) throws -> Double { currentIndex += 1; return source.double() }
        mutating func decode(_ type: Int.Type) throws -> Int { currentIndex += 1; return source.integer(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            return try source.value(type, codingPath: codingPath)
        }
        mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
            currentIndex += 1
            return KeyedDecodingContainer(Keyed<N>(source: source, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            currentIndex += 1
            return Unkeyed(source: source, codingPath: codingPath, count: source.random.below(4))
        }
        mutating func superDecoder() throws -> any Decoder { source }
    }

    struct Single: SingleValueDecodingContainer {
        let source: Source
        var codingPath: [any CodingKey] { source.codingPath }
        func decodeNil() -> Bool { source.random.chance(0.25) }
        func decode(_ type: Bool.Type) throws -> Bool { source.random.chance(0.5) }
        func decode(_ type: String.Type) throws -> String { source.string() }
        func decode(_ type: Double.Type) throws -> Double { source.double() }
        func decode(_ type: Int.Type) throws -> Int { source.integer(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try source.value(type, codingPath: codingPath) }
    }
}
