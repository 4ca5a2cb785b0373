/// Writes Encodable values as JSON text, without Foundation.
///
/// The bytes are those JSONEncoder writes with `.sortedKeys` and `.withoutEscapingSlashes`
/// (and `.prettyPrinted` when asked): keys in byte order, `/` left as it is, control
/// characters escaped, whole doubles without `.0`, two spaces of indent and `" : "` when
/// pretty. The protocol tests compare the two on every message type.
///
/// It exists for speed. bmctl is a short-lived process, and JSONEncoder's first use of each
/// type costs it generic metadata and protocol conformance lookups; bmd answers every
/// call through it. This writer builds a small tree and prints it in one pass.
public enum JSONWriter {
    /// The JSON text of `value`; throws only for a value JSON cannot hold (NaN, infinity)
    /// or one whose own `encode(to:)` throws.
    public static func encode(_ value: some Encodable, pretty: Bool = false) throws -> [UInt8] {
        let tree = try TreeEncoder.tree(of: value, codingPath: [])
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(tree, into: &out, pretty: pretty, indent: 0)
        return out
    }

    // MARK: Printing the tree

    static func write(_ node: Node, into out: inout [UInt8], pretty: Bool, indent: Int) {
        switch node {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let box):
            out.append(UInt8(ascii: "["))
            if pretty {
                // JSONEncoder puts an empty line inside an empty container.
                if box.items.isEmpty { out.append(UInt8(ascii: "\n")) } else { newline(&out, indent + 2) }
                for (i, item) in box.items.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")); newline(&out, indent + 2) }
                    write(item, into: &out, pretty: true, indent: indent + 2)
                }
                newline(&out, indent)
            } else {
                for (i, item) in box.items.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    write(item, into: &out, pretty: false, indent: 0)
                }
            }
            out.append(UInt8(ascii: "]"))
        case .object(let box):
            out.append(UInt8(ascii: "{"))
            let members = box.sorted
            if pretty {
                if members.isEmpty { out.append(UInt8(ascii: "\n")) } else { newline(&out, indent + 2) }
            }
            for (i, member) in members.enumerated() {
                if i > 0 {
                    out.append(UInt8(ascii: ","))
                    if pretty { newline(&out, indent + 2) }
                }
                writeString(member.key, into: &out)
                out.append(contentsOf: pretty ? " : ".utf8 : ":".utf8)
                write(member.value, into: &out, pretty: pretty, indent: indent + 2)
            }
            if pretty { newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
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
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0..<0x20:
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: The tree

    /// One value being written. Containers are shared boxes, so that a nested container
    /// handed out by the encoder can still be filled after its parent holds it.
    enum Node {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array(ArrayBox)
        case object(ObjectBox)
    }

    final class ArrayBox {
        var items: [Node] = []
    }

    final class ObjectBox {
        var members: [(key: String, value: Node)] = []

        /// Sets `key`, replacing a value set before (as JSONEncoder does).
        func set(_ key: String, _ value: Node) {
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = value
            } else {
                members.append((key, value))
            }
        }

        /// The members in byte order of their keys.
        var sorted: [(key: String, value: Node)] {
            members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        }

        /// The box at `key`, made when there is none (a nested container asked for twice is one).
        func object(at key: String) -> ObjectBox {
            if case .object(let box)? = members.first(where: { $0.key == key })?.value { return box }
            let box = ObjectBox()
            set(key, .object(box))
            return box
        }

        func array(at key: String) -> ArrayBox {
            if case .array(let box)? = members.first(where: { $0.key == key })?.value { return box }
            let box = ArrayBox()
            set(key, .array(box))
            return box
        }
    }

    // MARK: Numbers

    static func number(_ value: Double, at path: [any CodingKey]) throws -> Node {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        return .number(trimmed(value.description))
    }

    static func number(_ value: Float, at path: [any CodingKey]) throws -> Node {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "Unable to encode Float.\(value) directly in JSON."))
        }
        return .number(trimmed(value.description))
    }

    /// A whole number is written without its `.0`.
    private static func trimmed(_ text: String) -> String {
        text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

// MARK: - Encoder

/// Builds a `JSONWriter.Node` from an Encodable value.
final class TreeEncoder: Encoder {
    typealias Node = JSONWriter.Node

    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value wrote; nil when it wrote nothing at all.
    var node: Node?

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    /// The tree of `value`. Common leaves skip making an encoder of their own.
    static func tree<T: Encodable>(of value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> Node {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .number((value as! Int).description) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Double.self { return try JSONWriter.number(value as! Double, at: codingPath()) }
        let encoder = TreeEncoder(codingPath: codingPath())
        try value.encode(to: encoder)
        // A value that wrote nothing is `{}`, as JSONEncoder has it.
        return encoder.node ?? .object(JSONWriter.ObjectBox())
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: JSONWriter.ObjectBox
        if case .object(let existing)? = node {
            box = existing
        } else {
            box = JSONWriter.ObjectBox()
            node = .object(box)
        }
        return KeyedEncodingContainer(ObjectWriter<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: JSONWriter.ArrayBox
        if case .array(let existing)? = node {
            box = existing
        } else {
            box = JSONWriter.ArrayBox()
            node = .array(box)
        }
        return ArrayWriter(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { ValueWriter(encoder: self) }
}

/// A key made up while encoding: an array index, or `super`.
struct WriterKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = "Index \(intValue)"; self.intValue = intValue }
}

struct ObjectWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    typealias Node = JSONWriter.Node
    let box: JSONWriter.ObjectBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        box.set(key.stringValue, try JSONWriter.number(value, at: codingPath + [key]))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        box.set(key.stringValue, try JSONWriter.number(value, at: codingPath + [key]))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.set(key.stringValue, .number(value.description)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.set(key.stringValue, try TreeEncoder.tree(of: value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ObjectWriter<NestedKey>(box: box.object(at: key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ArrayWriter(box: box.array(at: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(key: WriterKey(stringValue: "super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key) }

    private func superEncoder(key: any CodingKey) -> any Encoder {
        let encoder = ParentLinkedEncoder(codingPath: codingPath + [key]) { [box] node in box.set(key.stringValue, node) }
        return encoder
    }
}

struct ArrayWriter: UnkeyedEncodingContainer {
    typealias Node = JSONWriter.Node
    let box: JSONWriter.ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.items.count }

    private var nextKey: any CodingKey { WriterKey(intValue: box.items.count) }

    mutating func encodeNil() throws { box.items.append(.null) }
    mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.items.append(try JSONWriter.number(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { box.items.append(try JSONWriter.number(value, at: codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: Int8) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: Int16) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: Int32) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: Int64) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt8) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt16) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt32) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt64) throws { box.items.append(.number(value.description)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        box.items.append(try TreeEncoder.tree(of: value, codingPath: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let nested = JSONWriter.ObjectBox()
        box.items.append(.object(nested))
        return KeyedEncodingContainer(ObjectWriter<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let nested = JSONWriter.ArrayBox()
        box.items.append(.array(nested))
        return ArrayWriter(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let index = box.items.count
        box.items.append(.object(JSONWriter.ObjectBox()))
        return ParentLinkedEncoder(codingPath: codingPath + [WriterKey(intValue: index)]) { [box] node in box.items[index] = node }
    }
}

struct ValueWriter: SingleValueEncodingContainer {
    typealias Node = JSONWriter.Node
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ node: Node) { encoder.node = node }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try JSONWriter.number(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try JSONWriter.number(value, at: codingPath)) }
    mutating func encode(_ value: Int) throws { set(.number(value.description)) }
    mutating func encode(_ value: Int8) throws { set(.number(value.description)) }
    mutating func encode(_ value: Int16) throws { set(.number(value.description)) }
    mutating func encode(_ value: Int32) throws { set(.number(value.description)) }
    mutating func encode(_ value: Int64) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt8) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt16) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt32) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt64) throws { set(.number(value.description)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try TreeEncoder.tree(of: value, codingPath: codingPath))
    }
}

/// The encoder a `superEncoder()` hands out: what it writes lands in its parent's slot.
final class ParentLinkedEncoder: Encoder {
    private let inner: TreeEncoder
    private let store: (JSONWriter.Node) -> Void

    init(codingPath: [any CodingKey], store: @escaping (JSONWriter.Node) -> Void) {
        inner = TreeEncoder(codingPath: codingPath)
        self.store = store
    }

    deinit { store(inner.node ?? .object(JSONWriter.ObjectBox())) }

    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { inner.container(keyedBy: type) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}
