import Foundation
import MorningTestSupport
import Testing
import Varlink

// What the fuzz tests of framing and call decoding (FrameFuzzTests) build their cases from:
// JSON written byte by byte, the notebook's parameters, and damage done to frames.

/// Failures of one fuzz loop: each is recorded, and the loop stops after a few, since one
/// bug tends to fail every case after it.
struct Failures {
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
indirect enum RawJSON: Sendable {
    case null
    case bool(Bool)
    case number(String)        // the literal as written
    case string(String)
    case rawString([UInt8])    // the bytes between the quotes, unchecked
    case array([RawJSON])
    case object([(String, RawJSON)])

    var text: [UInt8] {
        switch self {
        case .null: return Array("null".utf8)
        case .bool(let b): return Array((b ? "true" : "false").utf8)
        case .number(let n): return Array(n.utf8)
        case .string(let s): return RawJSON.quote(s)
        case .rawString(let bytes): return [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
        case .array(let items):
            return [UInt8(ascii: "[")] + items.map(\.text).joined(separator: [UInt8(ascii: ",")]) + [UInt8(ascii: "]")]
        case .object(let pairs):
            let members = pairs.map { RawJSON.quote($0.0) + [UInt8(ascii: ":")] + $0.1.text }
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

    static func call(_ method: String, _ parameters: [(String, RawJSON)]?, extra: [(String, RawJSON)] = []) -> RawJSON {
        var pairs: [(String, RawJSON)] = [("method", .string(method))]
        if let parameters { pairs.append(("parameters", .object(parameters))) }
        return .object(pairs + extra)
    }
}

// MARK: - The parameters of the notebook

/// What a parameter holds, as the interface file types it: a list of lines, or a whole
/// book (structs within structs), besides the plain types.
enum ParameterKind: Sendable { case string, bool, int, lines, book }

struct ParameterField: Sendable {
    var name: String
    var kind: ParameterKind
    var required: Bool
}

/// One method's parameters: their fields and how a server decodes them.
struct Signature: Sendable {
    var method: String
    var fields: [ParameterField]
    var decode: @Sendable (VarlinkCall) throws -> AnyHashable

    static func of<P: JSONCodable & Hashable & Sendable>(_ method: String, _ type: P.Type, _ fields: [ParameterField]) -> Signature {
        Signature(method: Notes.interfaceName + "." + method, fields: fields) { try $0.parameters(P.self) }
    }

    /// The notebook's methods, a parameter list of each shape, and org.varlink.service's
    /// one method with parameters.
    static let all: [Signature] = {
        func s(_ name: String, _ required: Bool = true) -> ParameterField { ParameterField(name: name, kind: .string, required: required) }
        return [
            of("Find", Notes.FindParameters.self, [s("name", false)]),
            of("Open", Notes.OpenParameters.self, [s("page")]),
            of("Mark", Notes.MarkParameters.self, [s("line"), s("date", false)]),
            of("Ring", Notes.RingParameters.self, [ParameterField(name: "enabled", kind: .bool, required: true)]),
            of("Week", Notes.WeekParameters.self,
               [s("page", false), s("date", false), ParameterField(name: "offset", kind: .int, required: false), s("locale", false)]),
            of("Count", Notes.CountParameters.self,
               [s("page", false), ParameterField(name: "months", kind: .int, required: true), s("locale", false)]),
            of("Import", Notes.ImportParameters.self,
               [ParameterField(name: "book", kind: .book, required: true), ParameterField(name: "replace", kind: .bool, required: true)]),
            of("Add", Notes.AddParameters.self, [s("time"), s("text")]),
            of("Remove", Notes.RemoveParameters.self, [ParameterField(name: "position", kind: .int, required: true)]),
            of("Write", Notes.WriteParameters.self, [s("title"), ParameterField(name: "lines", kind: .lines, required: true)]),
            Signature(method: "org.varlink.service.GetInterfaceDescription", fields: [s("interface")]) {
                try $0.parameters(VarlinkService.GetInterfaceDescriptionParameters.self)
            },
        ]
    }()
}

extension ParameterKind {
    /// A value of the right type for a field of this kind.
    func valid(_ r: inout SeededRandom) -> RawJSON {
        switch self {
        case .string:
            return .string(r.pick(["groceries", "1", "run", "today", "2026-03-02", "6:45am", "", "é✓ 🌅", "Notes", "en_US.UTF-8"]))
        case .bool: return .bool(r.chance(0.5))
        case .int: return .number(r.pick(["0", "1", "-1", "12", "20", "-52", "9223372036854775807", "-9223372036854775808"]))
        case .lines:
            return .array((0..<r.below(4)).map { _ in .object([("time", .string("06:00")), ("text", .string("Run"))]) })
        case .book:
            let page: RawJSON = .object([
                ("id", .string("p")), ("title", .string("P")), ("shade", .string(r.pick(["plain", "bold"]))),
                ("pinned", .bool(false)), ("lines", .array([.object([("time", .string("06:00")), ("text", .string("Run"))])])),
            ])
            return .object([("format", .string("notebook")), ("version", .number("1")),
                            ("writtenOn", .string("2026-03-02")), ("pages", .array(r.chance(0.5) ? [page] : []))])
        }
    }

    /// A value of a type a field of this kind does not take (null aside: that is only
    /// wrong when the field is required).
    func wrong(_ r: inout SeededRandom) -> RawJSON {
        var choices: [RawJSON] = [.object([]), .array([.string("x")]), .object([("x", .number("1"))])]
        if self != .lines { choices.append(.array([])) }   // no lines is still a list of lines
        if self != .string { choices += [.string("1"), .string("true"), .string("")] }
        if self != .bool { choices += [.bool(true), .bool(false)] }
        if self != .int {
            choices += [.number("0"), .number("-3")]
        } else {
            // Numbers that are not an Int: fractions, exponents, beyond 64 bits.
            choices += [.number("1.5"), .number("1e400"), .number("-1e400"), .number("9223372036854775808"),
                        .number("-9223372036854775809"), .number("184467440737095516160000"), .number("0.0000001")]
        }
        if self == .lines { choices += [.array([.string("06:00 Run")]), .array([.object([("time", .number("6"))])])] }
        if self == .book { choices += [.object([("format", .number("1"))])] }
        return r.pick(choices)
    }
}

extension Signature {
    /// Parameters of the right types: every required one and some of the optional ones,
    /// now and then null.
    func validParameters(_ r: inout SeededRandom) -> [(String, RawJSON)] {
        fields.compactMap { field in
            guard field.required || r.chance(0.6) else { return nil }
            return (field.name, field.required || r.chance(0.8) ? field.kind.valid(&r) : .null)
        }
    }
}

// MARK: - Mutations of bytes

/// Damages a frame the way a broken or hostile client might.
func mutate(_ frame: [UInt8], _ r: inout SeededRandom) -> [UInt8] {
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
/// is not an object with a string method and boolean (or absent) flags. Foundation's reader
/// on purpose, not JSONValue: an oracle that shares the parser under test would agree with
/// its bugs.
func referenceHead(_ frame: [UInt8]) -> (method: String, more: Bool, oneway: Bool)? {
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

extension VarlinkService.Error {
    /// The parameter an InvalidParameter names.
    var parameter: String? {
        if case .invalidParameter(let parameter) = self { return parameter }
        return nil
    }
}
