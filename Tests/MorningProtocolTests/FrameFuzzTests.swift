import Foundation
@testable import MorningProtocol
import MorningTestSupport
import Testing

// Seeded property tests of the varlink framing and call decoding: random byte streams and
// random mutations of valid calls. Each test prints nothing while it passes; a failure
// names the seed and the case, and `BM_FUZZ_SEED=<seed>` replays exactly that run.
// `BM_FUZZ_SCALE=<n>` runs n times as many cases (for a longer hunt by hand).
// The libFuzzer version of the same properties is fuzz/FrameFuzzer.swift (fuzz/build.sh).

/// Failures of one fuzz loop: each is recorded, and the loop stops after a few, since one
/// bug tends to fail every case after it.
private struct Tally {
    private(set) var failures = 0
    var enough: Bool { failures >= 5 }

    mutating func check(_ ok: Bool, _ message: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        if !ok { fail(message(), sourceLocation: sourceLocation) }
    }

    mutating func fail(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        failures += 1
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

// MARK: - JSON text we control byte for byte

/// JSON built by hand, so that a test can write what JSONSerialization never would:
/// numbers of any size, invalid UTF-8 inside strings, duplicate keys, any depth.
private indirect enum Value {
    case null
    case bool(Bool)
    case number(String)        // the literal as written
    case string(String)
    case rawString([UInt8])    // the bytes between the quotes, unchecked
    case array([Value])
    case object([(String, Value)])

    var text: [UInt8] {
        switch self {
        case .null: return Array("null".utf8)
        case .bool(let b): return Array((b ? "true" : "false").utf8)
        case .number(let n): return Array(n.utf8)
        case .string(let s): return Value.quote(s)
        case .rawString(let bytes): return [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
        case .array(let items):
            return [UInt8(ascii: "[")] + items.map(\.text).joined(separator: [UInt8(ascii: ",")]) + [UInt8(ascii: "]")]
        case .object(let pairs):
            let members = pairs.map { Value.quote($0.0) + [UInt8(ascii: ":")] + $0.1.text }
            return [UInt8(ascii: "{")] + members.joined(separator: [UInt8(ascii: ",")]) + [UInt8(ascii: "}")]
        }
    }

    static func quote(_ s: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    static func call(_ method: String, _ parameters: [(String, Value)]?, extra: [(String, Value)] = []) -> Value {
        var pairs: [(String, Value)] = [("method", .string(method))]
        if let parameters { pairs.append(("parameters", .object(parameters))) }
        return .object(pairs + extra)
    }
}

// MARK: - The parameters of the interface

/// What a parameter holds, as the interface file types it.
private enum Kind: Sendable { case string, bool, int, taskTimes, document }

private struct Field: Sendable {
    var name: String
    var kind: Kind
    var required: Bool
}

/// One method's parameters: their fields and how the daemon decodes them.
private struct Signature: Sendable {
    var method: String
    var fields: [Field]
    var decode: @Sendable (VarlinkCall) throws -> AnyHashable

    static func of<P: JSONCodable & Hashable & Sendable>(_ method: String, _ type: P.Type, _ fields: [Field]) -> Signature {
        Signature(method: "org.bettermorning.Morning." + method, fields: fields) { try $0.parameters(P.self) }
    }

    static let all: [Signature] = {
        func s(_ name: String, _ required: Bool = true) -> Field { Field(name: name, kind: .string, required: required) }
        return [
            of("Explore", Morning.ExploreParameters.self, [s("name", false)]),
            of("Activate", Morning.ActivateParameters.self, [s("routine")]),
            of("Restart", Morning.RestartParameters.self, [s("routine")]),
            of("Delete", Morning.DeleteParameters.self, [s("routine")]),
            of("Day", Morning.DayParameters.self, [s("date", false)]),
            of("Check", Morning.CheckParameters.self, [s("task"), s("date", false)]),
            of("Uncheck", Morning.UncheckParameters.self, [s("task"), s("date", false)]),
            of("SetNotifications", Morning.SetNotificationsParameters.self, [Field(name: "enabled", kind: .bool, required: true)]),
            of("SetNotificationSound", Morning.SetNotificationSoundParameters.self, [Field(name: "sound", kind: .bool, required: true)]),
            of("Welcome", Morning.WelcomeParameters.self, [Field(name: "take", kind: .bool, required: true)]),
            of("Week", Morning.WeekParameters.self,
               [s("routine", false), s("date", false), Field(name: "offset", kind: .int, required: false), s("locale", false)]),
            of("Data", Morning.DataParameters.self, [s("locale", false)]),
            of("Stats", Morning.StatsParameters.self, [s("routine", false)]),
            of("History", Morning.HistoryParameters.self,
               [s("routine", false), Field(name: "months", kind: .int, required: true), s("locale", false)]),
            of("Import", Morning.ImportParameters.self,
               [Field(name: "document", kind: .document, required: true), Field(name: "replace", kind: .bool, required: true)]),
            of("DraftTitle", Morning.DraftTitleParameters.self, [s("title")]),
            of("DraftAdd", Morning.DraftAddParameters.self, [s("time"), s("title")]),
            of("DraftRemove", Morning.DraftRemoveParameters.self, [Field(name: "position", kind: .int, required: true)]),
            of("Create", Morning.CreateParameters.self, [s("title"), Field(name: "tasks", kind: .taskTimes, required: true)]),
            of("CreateFromFile", Morning.CreateFromFileParameters.self, [s("text")]),
            Signature(method: "org.varlink.service.GetInterfaceDescription", fields: [s("interface")]) {
                try $0.parameters(VarlinkService.GetInterfaceDescriptionParameters.self)
            },
        ]
    }()
}

/// Values of the right type for a field.
private func valid(_ kind: Kind, _ r: inout SeededRandom) -> Value {
    switch kind {
    case .string:
        return .string(r.pick(["franklin", "1", "run", "today", "2026-03-02", "6:45am", "", "é✓ 🌅", "Morning", "en_US.UTF-8"]))
    case .bool: return .bool(r.chance(0.5))
    case .int: return .number(r.pick(["0", "1", "-1", "12", "20", "-52", "9223372036854775807", "-9223372036854775808"]))
    case .taskTimes:
        return .array((0..<r.below(4)).map { _ in .object([("time", .string("06:00")), ("title", .string("Run"))]) })
    case .document:
        let day: Value = .object([("date", .string("2026-03-01")), ("done", .array([.number("1")]))])
        let routine: Value = .object([
            ("id", .string("r")), ("name", .string("R")), ("type", .string(r.pick(["custom", "celebrity"]))),
            ("active", .bool(false)), ("createdDate", .string("2026-03-01")), ("startDate", .string("2026-03-01")),
            ("tasks", .array([.object([("time", .string("06:00")), ("title", .string("Run"))])])),
            ("days", .array([day])), ("open", .array([])),
        ])
        return .object([("format", .string("better-morning-export")), ("version", .number("1")),
                        ("exportedOn", .string("2026-03-02")), ("routines", .array(r.chance(0.5) ? [routine] : []))])
    }
}

/// Values of a type the field does not take (null aside: that is only wrong when required).
private func wrong(_ kind: Kind, _ r: inout SeededRandom) -> Value {
    var choices: [Value] = [.object([]), .array([.string("x")]), .object([("x", .number("1"))])]
    if kind != .taskTimes { choices.append(.array([])) }   // no tasks is still a list of tasks
    if kind != .string { choices += [.string("1"), .string("true"), .string("")] }
    if kind != .bool { choices += [.bool(true), .bool(false)] }
    if kind != .int {
        choices += [.number("0"), .number("-3")]
    } else {
        // Numbers that are not an Int: fractions, exponents, beyond 64 bits.
        choices += [.number("1.5"), .number("1e400"), .number("-1e400"), .number("9223372036854775808"),
                    .number("-9223372036854775809"), .number("184467440737095516160000"), .number("0.0000001")]
    }
    if kind == .taskTimes { choices += [.array([.string("06:00 Run")]), .array([.object([("time", .number("6"))])])] }
    if kind == .document { choices += [.object([("format", .number("1"))])] }
    return r.pick(choices)
}

private func validParameters(_ signature: Signature, _ r: inout SeededRandom) -> [(String, Value)] {
    signature.fields.compactMap { field in
        guard field.required || r.chance(0.6) else { return nil }
        return (field.name, field.required || r.chance(0.8) ? valid(field.kind, &r) : .null)
    }
}

// MARK: - Mutations of bytes

/// Damages a frame the way a broken or hostile client might.
private func mutate(_ frame: [UInt8], _ r: inout SeededRandom) -> [UInt8] {
    var bytes = frame
    for _ in 0...r.below(3) {
        switch r.below(9) {
        case 0 where !bytes.isEmpty:   // flip bits
            bytes[r.below(bytes.count)] ^= UInt8(1 << r.below(8))
        case 1 where !bytes.isEmpty:   // a random byte
            bytes[r.below(bytes.count)] = UInt8.random(in: 0...255, using: &r)
        case 2:                        // truncate
            bytes = Array(bytes.prefix(r.below(bytes.count + 1)))
        case 3:                        // insert a NUL
            bytes.insert(0, at: r.below(bytes.count + 1))
        case 4:                        // bytes that are not UTF-8
            bytes.insert(contentsOf: r.pick([[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80, 0x80]]),
                         at: r.below(bytes.count + 1))
        case 5 where !bytes.isEmpty:   // drop a stretch
            let start = r.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + r.below(8)))
        case 6:                        // repeat a stretch
            let start = r.below(bytes.count + 1)
            let piece = bytes[start..<min(bytes.count, start + r.below(16))]
            bytes.insert(contentsOf: piece, at: r.below(bytes.count + 1))
        case 7:                        // JSON punctuation where it does not belong
            bytes.insert(contentsOf: Array(r.pick(["{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "-", "1e999"]).utf8),
                         at: r.below(bytes.count + 1))
        default:                       // random garbage
            bytes.insert(contentsOf: r.bytes(r.below(12)), at: r.below(bytes.count + 1))
        }
    }
    return bytes
}

// MARK: - A reading of JSON that does not share the decoder under test

/// The object's "method", "more" and "oneway" per JSONSerialization, or nil when the text
/// is not an object with a string method and boolean (or absent) flags.
private func referenceHead(_ frame: [UInt8]) -> (method: String, more: Bool, oneway: Bool)? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(frame)) as? [String: Any],
          let method = object["method"] as? String else { return nil }
    func flag(_ key: String) -> Bool?? {
        guard let value = object[key], !(value is NSNull) else { return .some(nil) }
        // NSNumber bridges 0 and 1 to Bool too: only a real JSON boolean counts.
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
        return .some(number.boolValue)
    }
    guard let more = flag("more"), let oneway = flag("oneway") else { return nil }
    return (method, more ?? false, oneway ?? false)
}

@Suite("Fuzzing the varlink framing and call decoding (hostile input)")
struct FrameFuzzTests {
    /// Splits `stream` into frames as the daemon would, given it in `chunks`: the frames it
    /// yields, whether it refused, and the most it held unframed after any chunk.
    private static func split(_ chunks: [[UInt8]], _ splitter: FrameSplitter) -> (frames: [[UInt8]], refused: Bool, pending: Int, peak: Int) {
        var splitter = splitter
        var frames: [[UInt8]] = []
        var peak = 0
        for chunk in chunks {
            splitter.append(chunk)
            do {
                while let frame = try splitter.next() { frames.append(frame) }
            } catch {
                return (frames, true, splitter.pending, peak)
            }
            peak = max(peak, splitter.pending)
        }
        return (frames, false, splitter.pending, peak)
    }

    @Test("Random streams in random chunks: exactly the NUL-ended frames, up to the first one over the limit")
    func splitting() {
        var r = FuzzRun.random(1)
        var t = Tally()
        // The large limit belongs to x.Import however its call is spaced or ordered.
        let prefixes = [#"{"method":"x.Import""#, #"{ "method" : "x.Import""#, "{\n\t\"more\":false,\"method\":\"x.Import\"",
                        #"{"parameters":{},"method":"x.Import""#].map { Array($0.utf8) }
        let cases = 3000 * FuzzRun.scale
        var refusals = 0
        for n in 0..<cases {
            let limit = 64 + r.below(512)
            let large = r.chance(0.5) ? limit * 4 : nil
            // The stream: garbage with NULs, valid calls, and now and then a run longer than the limit.
            var stream: [UInt8] = []
            for _ in 0..<r.below(8) {
                switch r.below(5) {
                case 0: stream += r.bytes(r.below(200))
                case 1: stream += Array(#"{"method":"org.bettermorning.Morning.Status"}"#.utf8) + [0]
                case 2: stream += r.pick(prefixes) + Array(repeating: UInt8(ascii: " "), count: r.below(limit * 5)) + [0]
                case 3: stream += Array(repeating: UInt8(ascii: "a"), count: limit - 2 + r.below(5)) + (r.chance(0.8) ? [0] : [])
                default: stream += [0]
                }
            }
            var chunks: [[UInt8]] = []
            var at = 0
            while at < stream.count {
                let size = r.chance(0.1) ? stream.count : 1 + r.below(r.pick([1, 8, 64, 700]))
                chunks.append(Array(stream[at..<min(stream.count, at + size)]))
                at += size
            }
            let biggestChunk = chunks.map(\.count).max() ?? 0

            // What should come out: the NUL-ended pieces, stopping at the first one over its limit.
            let pieces = stream.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
            let complete = pieces.dropLast()
            let trailing = pieces.last ?? []
            func allowed(_ piece: [UInt8]) -> Int {
                if let large, prefixes.contains(where: { piece.starts(with: $0) }) { return large }
                return limit
            }
            let firstOver = complete.firstIndex { $0.count > allowed($0) }
            let expected = Array(complete[..<(firstOver ?? complete.endIndex)])
            let mustRefuse = firstOver != nil || trailing.count > allowed(trailing)

            let got = Self.split(chunks, FrameSplitter(limit: limit, largeLimits: large.map { ["x.Import": $0] } ?? [:]))
            let context = "case \(n), limit \(limit), large \(large != nil), \(FuzzRun.tag)"
            if got.refused { refusals += 1 }
            t.check(got.refused == mustRefuse, "\(context)")
            t.check(got.frames == expected, "\(context): \(got.frames.count) frames, expected \(expected.count)")
            if !got.refused {
                t.check(got.pending == trailing.count, "\(context)")
            }
            // Never more held than one frame's limit plus the chunk that arrived last.
            t.check(got.peak <= (large ?? limit), "\(context): held \(got.peak)")
            t.check(got.pending <= (large ?? limit) + biggestChunk, "\(context): held \(got.pending)")
            if t.enough { return }
        }
        // The generator does reach both outcomes.
        #expect(refusals > cases / 10 && refusals < cases * 9 / 10, "\(refusals) of \(cases) refused; \(FuzzRun.tag)")
    }

    @Test("A stream with no NUL is refused once past the limit, however long it runs")
    func endlessFrame() throws {
        var r = FuzzRun.random(2)
        let limit = 1 << 16
        var splitter = FrameSplitter(limit: limit, largeLimits: ["x.Import": 16 << 20])
        var sent = 0
        var refusedAt: Int?
        while refusedAt == nil, sent < 4 * limit {
            let chunk = r.bytes(1 + r.below(4096)).map { $0 == 0 ? 1 : $0 }
            splitter.append(chunk)
            sent += chunk.count
            do { _ = try splitter.next() } catch { refusedAt = sent }
            #expect(splitter.pending <= limit + 4096, "\(FuzzRun.tag)")
        }
        let at = try #require(refusedAt, "never refused; \(FuzzRun.tag)")
        #expect(at > limit && at <= limit + 4096, "refused after \(at) bytes; \(FuzzRun.tag)")
    }

    @Test("Any frame: a call whose head JSON reads the same, or MalformedCall; never a crash")
    func decodingAnything() {
        var r = FuzzRun.random(3)
        var t = Tally()
        var decoded = 0, lenient = 0
        let cases = 4000 * FuzzRun.scale
        for n in 0..<cases {
            let frame: [UInt8]
            if r.chance(0.25) {
                frame = r.bytes(r.below(120)).filter { $0 != 0 }
            } else {
                let signature = r.pick(Signature.all)
                var extra: [(String, Value)] = []
                if r.chance(0.3) { extra.append(("more", r.chance(0.7) ? .bool(r.chance(0.5)) : .string("yes"))) }
                if r.chance(0.3) { extra.append(("oneway", r.chance(0.7) ? .bool(r.chance(0.5)) : .number("1"))) }
                let text = Value.call(signature.method, validParameters(signature, &r), extra: extra).text
                frame = r.chance(0.8) ? mutate(text, &r).filter { $0 != 0 } : text
            }
            let reference = referenceHead(frame)
            let context = "case \(n): \(String(decoding: frame, as: UTF8.self)) \(FuzzRun.tag)"
            do {
                let call = try VarlinkCall(frame: frame)
                decoded += 1
                // What the decoder accepted, a second JSON reader agrees is a call …
                if let reference {
                    t.check(call.method == reference.method && call.more == reference.more && call.oneway == reference.oneway,
                            "\(context)")
                } else {
                    // … or the damage is where the head does not look: JSONDecoder checks strings
                    // and numbers only as it reads them, so a broken escape, a number no type holds
                    // or bytes that are not UTF-8 inside "parameters" pass here and are refused
                    // (InvalidParameter) by the method that reads them. The head must still be whole.
                    let head = Value.object([("method", .string(call.method)), ("more", .bool(call.more)), ("oneway", .bool(call.oneway))])
                    t.check(referenceHead(head.text)?.method == call.method && frame.starts(with: Array(#"{"method":"#.utf8)),
                            "decoded, but is not a call: \(context)")
                    lenient += 1
                }
                // Parameters of every kind either decode or name the parameter at fault.
                for signature in Signature.all {
                    do { _ = try signature.decode(call) } catch let error as VarlinkService.Error {
                        t.check(!(error.parameter ?? "").isEmpty, "\(context)")
                    } catch {
                        t.fail("\(signature.method) threw \(error): \(context)")
                    }
                }
            } catch {
                // Refused: then the other reader does not see a call either.
                t.check(reference == nil, "refused a call: \(context)")
            }
            if t.enough { return }
        }
        #expect(decoded > cases / 10, "only \(decoded) of \(cases) decoded; \(FuzzRun.tag)")
    }

    @Test("A parameter of the wrong type, or missing, is named in InvalidParameter; unknown fields are ignored")
    func wrongParameters() throws {
        var r = FuzzRun.random(4)
        var t = Tally()
        for n in 0..<(3000 * FuzzRun.scale) {
            let signature = r.pick(Signature.all)
            var parameters = signature.fields.filter(\.required).map { ($0.name, valid($0.kind, &r)) }
            let baseline = try signature.decode(try VarlinkCall(frame: Value.call(signature.method, parameters).text))
            let context = "case \(n), \(signature.method) \(FuzzRun.tag)"
            switch r.below(4) {
            case 0 where !signature.fields.isEmpty:
                // One field of the wrong type.
                let field = r.pick(signature.fields)
                parameters.removeAll { $0.0 == field.name }
                let bad = wrong(field.kind, &r)
                parameters.insert((field.name, bad), at: r.below(parameters.count + 1))
                let frame = Value.call(signature.method, parameters).text
                do {
                    _ = try signature.decode(try VarlinkCall(frame: frame))
                    t.fail("decoded \(String(decoding: frame, as: UTF8.self)): \(context)")
                } catch let error as VarlinkService.Error {
                    t.check(error.parameter == field.name, "\(String(decoding: frame, as: UTF8.self)): \(context)")
                }
            case 1 where signature.fields.contains(where: \.required):
                // A required field missing, or null.
                let field = r.pick(signature.fields.filter(\.required))
                parameters.removeAll { $0.0 == field.name }
                if r.chance(0.5) { parameters.append((field.name, .null)) }
                do {
                    _ = try signature.decode(try VarlinkCall(frame: Value.call(signature.method, parameters).text))
                    t.fail("decoded without \(field.name): \(context)")
                } catch let error as VarlinkService.Error {
                    t.check(error.parameter == field.name, "\(context)")
                }
            case 2:
                // Fields the interface does not know: ignored, the rest reads as before.
                for i in 0..<(1 + r.below(3)) {
                    let value = r.pick([Value.null, .number("1e999"), .array([.object([])]), .string("x"), .rawString([0xFF, 0xFE])])
                    parameters.insert(("unknown\(i)", value), at: r.below(parameters.count + 1))
                }
                let frame = Value.call(signature.method, parameters).text
                do {
                    t.check(try signature.decode(try VarlinkCall(frame: frame)) == baseline, "\(context)")
                } catch let error as VarlinkService.Error {
                    // Only a member that is not JSON at all (bytes that are not UTF-8) is refused, by its name.
                    let broken = parameters.filter { if case .rawString = $0.1 { true } else { false } }.map(\.0)
                    t.check(broken.contains(error.parameter ?? ""), "\(error): \(context)")
                } catch {
                    t.fail("\(error): \(context)")
                }
            default:
                // The parameters themselves not an object.
                let frame = Value.call(signature.method, nil, extra: [("parameters", r.pick([.array([]), .string("x"), .number("1"), .bool(true)]))]).text
                do {
                    _ = try signature.decode(try VarlinkCall(frame: frame))
                    t.fail("decoded parameters that are not an object: \(context)")
                } catch let error as VarlinkService.Error {
                    t.check(error.parameter == "parameters", "\(context)")
                }
            }
            if t.enough { return }
        }
    }

    @Test("Regressions found by fuzzing: the parameter at fault is named")
    func regressions() throws {
        func parameter<P: JSONCodable>(_ frame: String, _ type: P.Type) throws -> String? {
            let call = try VarlinkCall(frame: Array(frame.utf8))
            do {
                _ = try call.parameters(P.self)
                return nil
            } catch {
                return error.parameter ?? "\(error)"
            }
        }
        // JSONDecoder reports these without a coding path; they used to be named "parameters".
        #expect(try parameter(#"{"method":"m.DraftRemove","parameters":{"position":1.5}}"#, Morning.DraftRemoveParameters.self) == "position")
        #expect(try parameter(#"{"method":"m.History","parameters":{"months":1e400}}"#, Morning.HistoryParameters.self) == "months")
        #expect(try parameter(#"{"method":"m.History","parameters":{"months":-9223372036854775809,"locale":"C"}}"#,
                              Morning.HistoryParameters.self) == "months")
        #expect(try parameter(#"{"method":"m.Check","parameters":{"task":"1","date":"to\qday"}}"#, Morning.CheckParameters.self) == "date")
        #expect(try parameter(#"{"method":"m.Create","parameters":{"title":"T","tasks":[{"time":6.5,"title":"x"}]}}"#,
                              Morning.CreateParameters.self) == "tasks")
        // Week's offset is bounded by bmd itself (EngineTests), not by reading it.
        let week = try VarlinkCall(frame: Array(#"{"method":"m.Week","parameters":{"routine":"r","date":"today","offset":-3,"locale":"C"}}"#.utf8))
        #expect(try week.parameters(Morning.WeekParameters.self) == Morning.WeekParameters(routine: "r", date: "today", offset: -3, locale: "C"))
    }

    @Test("Nesting as deep as a frame allows is refused or read, never a stack overflow")
    func deepNesting() throws {
        for depth in [1, 64, 255, 256, 511, 512, 513, 1024, 10_000, 32_000] {
            for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
                let nested = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                for frame in [#"{"method":"org.bettermorning.Morning.Status","parameters":{"x":\#(nested)}}"#,
                              #"{"method":"org.bettermorning.Morning.Create","parameters":{"title":"T","tasks":\#(nested)}}"#,
                              nested] where frame.utf8.count <= 1 << 16 {
                    let call = try? VarlinkCall(frame: Array(frame.utf8))
                    if let call {
                        if call.method.hasSuffix("Create") {
                            #expect(throws: VarlinkService.Error.self, "depth \(depth)") {
                                _ = try call.parameters(Morning.CreateParameters.self)
                            }
                        }
                    } else {
                        // Deep is allowed to be refused; shallow is not.
                        #expect(depth > 64 || !frame.hasPrefix(#"{"method""#), "depth \(depth) refused")
                    }
                }
            }
        }
    }
}

extension VarlinkService.Error {
    /// The parameter an InvalidParameter names.
    var parameter: String? {
        if case .invalidParameter(let parameter) = self { return parameter }
        return nil
    }
}
