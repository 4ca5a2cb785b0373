/// Reads JSON text into Decodable values, without Foundation.
///
/// The text is parsed once into a `JSONValue` tree (strict RFC 8259: no trailing commas,
/// no leading zeros, no raw control characters, valid UTF-8 and escapes; a UTF-8 byte
/// order mark is skipped), then decoded. Errors are `DecodingError`s whose coding path
/// names the field at fault, as JSONDecoder's do. Like JSONDecoder, an integer field
/// takes `1.0` or `1e2` but not `1.5`, and of a key given twice the first one counts.
///
/// bmctl reads every reply through it: JSONDecoder's first use of each type costs a
/// short-lived process more than the rest of the call.
public enum JSONReader {
    /// `T` decoded from the JSON text `bytes`.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try decode(type, from: try parse(bytes))
    }

    /// `T` decoded from a parsed `value`.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try TreeDecoder(value: value, codingPath: []).decode(type)
    }

    /// The tree of the JSON text `bytes`.
    public static func parse(_ bytes: some Collection<UInt8>) throws -> JSONValue {
        let array = bytes as? [UInt8] ?? Array(bytes)
        return try array.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return try parser.document()
        }
    }
}

/// A parsed JSON value. Numbers keep their text, so that nothing is rounded before a
/// type asks for them; object members keep their order.
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
}

// MARK: - Parsing

/// Why a text is not JSON, with the byte offset where reading stopped.
public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    public var offset: Int
    public var reason: String
    public var description: String { "not valid JSON at byte \(offset): \(reason)" }
}

struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Nesting beyond this is refused rather than risking the stack.
    static let depthLimit = 512

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func document() throws -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let value = try parseValue(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw fail("text after the end of the document") }
        return value
    }

    private func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, reason: reason) }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw fail("unexpected end of text") }
        for i in 0..<count where bytes[index + i] != word.utf8Start[i] { throw fail("unexpected character") }
        index += count
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        guard depth <= Self.depthLimit else { throw fail("nested too deeply") }
        index += 1
        var members: [JSONValue.Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let key = try parseString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            members.append(JSONValue.Member(key: key, value: try parseValue(depth: depth)))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of text") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        guard depth <= Self.depthLimit else { throw fail("nested too deeply") }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try parseValue(depth: depth))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of text") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, kept as text.
    private mutating func parseNumber() throws -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("a number may not start with 0") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func parseString() throws -> String {
        index += 1  // the opening quote
        let start = index
        // The common case: no escapes, read straight from the buffer.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try utf8(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("a control character inside a string") }
            index += 1
        }
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try out.withUnsafeBufferPointer { try utf8($0) }
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unexpected end of text") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): appendUTF8(of: try unicodeEscape(), to: &out)
                default: throw fail("unknown escape")
                }
            case 0..<0x20:
                throw fail("a control character inside a string")
            default:
                out.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    private func utf8(_ bytes: UnsafeBufferPointer<UInt8>) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
        return text
    }

    /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair.
    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw fail("a lone surrogate in \\u escapes")
            }
            index += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else { throw fail("a lone surrogate in \\u escapes") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw fail("a lone surrogate in \\u escapes") }
        return scalar
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("unexpected end of text") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func appendUTF8(of scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }
}

// MARK: - Decoder

/// A key made up while decoding: an array index, or `super`.
struct ReaderKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.stringValue = "Index \(intValue)"; self.intValue = intValue }
}

final class TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw TreeDecoder.mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(ObjectReader<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw TreeDecoder.mismatch([Any].self, value, codingPath)
        }
        return ArrayReader(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { ValueReader(decoder: self) }

    /// `T` from this decoder's value; common leaves skip the container.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return try TreeDecoder.string(value, codingPath) as! T }
        if T.self == Int.self { return try TreeDecoder.integer(Int.self, value, codingPath) as! T }
        if T.self == Bool.self { return try TreeDecoder.bool(value, codingPath) as! T }
        return try T(from: self)
    }

    /// `T` from `value` at `codingPath`.
    static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) throws -> T {
        try TreeDecoder(value: value, codingPath: codingPath).decode(type)
    }

    // MARK: Leaves

    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, .init(codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(value.kind) instead."))
    }

    static func string(_ value: JSONValue, _ path: [any CodingKey]) throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self, value, path) }
        return s
    }

    static func bool(_ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(Bool.self, value, path) }
        return b
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> I {
        guard case .number(let text) = value else { throw mismatch(type, value, path) }
        if let exact = I(text) { return exact }
        // 1.0 and 1e2 name whole numbers too; 1.5 and 2^64 fit no integer.
        if let double = Double(text), double.isFinite, double == double.rounded(), let exact = I(exactly: double) {
            return exact
        }
        throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Number \(text) does not fit in \(type)."))
    }

    static func floating<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> F {
        guard case .number(let text) = value else { throw mismatch(type, value, path) }
        guard let number = F(text), number.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "Number \(text) does not fit in \(type)."))
        }
        return number
    }
}

struct ObjectReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [JSONValue.Member]
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        var seen = Set<String>()
        return members.compactMap { seen.insert($0.key).inserted ? Key(stringValue: $0.key) : nil }
    }

    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

    private func value(_ key: Key) throws -> JSONValue {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                       debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return member.value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try TreeDecoder.bool(try value(key), codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try TreeDecoder.string(try value(key), codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try TreeDecoder.floating(type, try value(key), codingPath + [key]) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try TreeDecoder.floating(type, try value(key), codingPath + [key]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try TreeDecoder.integer(type, try value(key), codingPath + [key]) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try TreeDecoder.decode(type, try value(key), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(named: ReaderKey(stringValue: "super")) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(named: key) }

    private func superDecoder(named key: any CodingKey) throws -> any Decoder {
        let found = members.first { $0.key == key.stringValue }?.value ?? .null
        return TreeDecoder(value: found, codingPath: codingPath + [key])
    }
}

struct ArrayReader: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var path: [any CodingKey] { codingPath + [ReaderKey(intValue: currentIndex)] }

    private func next(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        return items[currentIndex]
    }

    private mutating func take<T>(_ type: T.Type, _ read: (JSONValue, [any CodingKey]) throws -> T) throws -> T {
        let value = try read(try next(type), path)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try next(Any?.self) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try take(type, TreeDecoder.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try take(type, TreeDecoder.string) }
    mutating func decode(_ type: Double.Type) throws -> Double { try take(type) { try TreeDecoder.floating(type, $0, $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try take(type) { try TreeDecoder.floating(type, $0, $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try take(type) { try TreeDecoder.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try take(type) { try TreeDecoder.integer(type, $0, $1) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try take(type) { try TreeDecoder.decode(type, $0, $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try take(KeyedDecodingContainer<NestedKey>.self) { try TreeDecoder(value: $0, codingPath: $1).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try take((any UnkeyedDecodingContainer).self) { try TreeDecoder(value: $0, codingPath: $1).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try take((any Decoder).self) { TreeDecoder(value: $0, codingPath: $1) }
    }
}

struct ValueReader: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: JSONValue { decoder.value }

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try TreeDecoder.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try TreeDecoder.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try TreeDecoder.floating(type, value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try TreeDecoder.floating(type, value, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try TreeDecoder.integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try TreeDecoder.integer(type, value, codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
