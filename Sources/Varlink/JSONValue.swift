/// A JSON document as a tree: what both programs parse from the socket and print to it.
///
/// Numbers keep their text, so nothing is rounded before a type asks for them; object
/// members keep their order as read, and are printed with keys sorted byte by byte.
/// Printing gives the bytes JSONEncoder writes with `.sortedKeys` and
/// `.withoutEscapingSlashes` (and `.prettyPrinted` when asked): `/` left as it is,
/// control characters escaped, two spaces of indent and `" : "` when pretty, an empty
/// line inside an empty container. The protocol tests compare the two.
///
/// It exists for speed: Foundation's coders, and Codable itself, cost a short-lived
/// bmctl more than the rest of a call (see JSONCodable), and bmd answers every call.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) { self.key = key; self.value = value }
    }

    /// The value of the first member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What the value is, as decoding errors say it ("a string", "null" …).
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }

    // MARK: Making values

    public static func int(_ n: Int) -> JSONValue { .number(n.description) }

    /// A double as JSONEncoder writes it: its shortest text, without a trailing `.0`.
    /// JSON has no NaN or infinity; those (which no message holds) are written as null.
    public static func double(_ d: Double) -> JSONValue {
        guard d.isFinite else { return .null }
        let text = d.description
        return .number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    }

    // MARK: Text

    /// The tree of the JSON text `bytes`, read as JSONParser says.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(bytes))
    }

    /// The same for bytes in an array (not generic, so that a caller in another module
    /// needs no witness tables).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            var parser = JSONParser(bytes: buffer)
            return try parser.document()
        }
    }

    /// The JSON text: one line, or indented when `pretty`.
    public func text(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(into out: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            Self.open(items.isEmpty, &out, pretty, indent)
            for (i, item) in items.enumerated() {
                if i > 0 { Self.separate(&out, pretty, indent) }
                item.write(into: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { Self.newline(&out, indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            Self.open(members.isEmpty, &out, pretty, indent)
            for (i, member) in Self.sorted(members).enumerated() {
                if i > 0 { Self.separate(&out, pretty, indent) }
                Self.writeString(member.key, into: &out)
                out.append(contentsOf: pretty ? " : ".utf8 : ":".utf8)
                member.value.write(into: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { Self.newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `members` with keys in byte order; stable, so that of a key given twice the first
    /// still comes first. Members already in order (most) are not copied.
    private static func sorted(_ members: [Member]) -> [Member] {
        func before(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
        if zip(members, members.dropFirst()).allSatisfy({ !before($1.key, $0.key) }) { return members }
        return members.enumerated().sorted {
            $0.element.key == $1.element.key ? $0.offset < $1.offset : before($0.element.key, $1.element.key)
        }.map(\.element)
    }

    /// After `[` or `{` when pretty: the first item's line, or for an empty container
    /// the empty line JSONEncoder leaves inside it.
    private static func open(_ empty: Bool, _ out: inout [UInt8], _ pretty: Bool, _ indent: Int) {
        guard pretty else { return }
        if empty { out.append(UInt8(ascii: "\n")) } else { newline(&out, indent + 2) }
    }

    private static func separate(_ out: inout [UInt8], _ pretty: Bool, _ indent: Int) {
        out.append(UInt8(ascii: ","))
        if pretty { newline(&out, indent + 2) }
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// A string in quotes: `"` and `\` escaped, control characters as JSONEncoder writes
    /// them (`\n` and the like, else `\u00XX`), everything else as its UTF-8 bytes.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var start = 0, i = 0
            while i < bytes.count {
                let byte = bytes[i]
                i += 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(i - 1)]))
                start = i
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                default:
                    out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                            hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
