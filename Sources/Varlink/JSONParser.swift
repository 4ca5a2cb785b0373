/// Why a text is not JSON, with the byte offset where reading stopped.
public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    public var offset: Int
    public var reason: String
    public var description: String { "not valid JSON at byte \(offset): \(reason)" }
}

/// Reads JSON text into a `JSONValue` as RFC 8259 defines it: no leading zeros, no raw
/// control characters in strings, valid UTF-8 and escapes, nesting no deeper than 512.
/// Like JSONDecoder, which read export files before, it skips a UTF-8 byte order mark and
/// takes one trailing comma before `]` or `}`, so that a hand-edited export still imports.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Nesting beyond this is refused rather than risking the stack.
    static let depthLimit = 512
    /// The most memory a parsed document may take, as `spend` estimates it. A document's
    /// text says little of its size once read: `[[]],` is five bytes of text and over a
    /// hundred of parsed tree, so a 16 MiB call of them took 400 MiB. Ten years of daily
    /// records of a 20-task routine, every task done, are about 3 MiB of estimate: the
    /// budget holds five times that.
    public static let memoryBudget = 16 << 20
    /// What the tree read so far is estimated to take.
    private var spent = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let value = try parseValue(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw fail("text after the end of the document") }
        return value
    }

    private func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, reason: reason) }

    /// Counts `bytes` more of parsed tree, refusing the document past `memoryBudget`: each
    /// container's header and each element's place in its container (at the capacity an
    /// array grows to), and the header of each long string's buffer.
    private mutating func spend(_ bytes: Int) throws(JSONSyntaxError) {
        spent += bytes
        guard spent <= Self.memoryBudget else {
            throw fail("the document holds more values than can be read at once (over \(Self.memoryBudget >> 20) MiB once read)")
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
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

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw fail("unexpected end of text") }
        for i in 0..<count where bytes[index + i] != word.utf8Start[i] { throw fail("unexpected character") }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.depthLimit else { throw fail("nested too deeply") }
        index += 1
        var members: [JSONValue.Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        try spend(64)
        while true {
            try spend(48)
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let key = try parseString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            members.append(JSONValue.Member(key: key, value: try parseValue(depth: depth)))
            if try closes(UInt8(ascii: "}")) { return .object(members) }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.depthLimit else { throw fail("nested too deeply") }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        try spend(64)
        while true {
            try spend(32)
            items.append(try parseValue(depth: depth))
            if try closes(UInt8(ascii: "]")) { return .array(items) }
        }
    }

    /// After an item: true when `close` ends the container (a trailing comma before it
    /// is taken), false when a comma says another item follows.
    private mutating func closes(_ close: UInt8) throws(JSONSyntaxError) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == close else { return false }
            index += 1
            return true
        case close:
            index += 1
            return true
        default:
            throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))'")
        }
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, kept as text.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
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

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // the opening quote
        let start = index
        // The common case: no escapes, read straight from the buffer.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                // Up to 15 bytes live inside the String itself; longer ones take a buffer,
                // whose text is no larger than the document's own, which its caller bounds.
                if index - start > 15 { try spend(32) }
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
                return try out.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try utf8(buffer) }
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

    private func utf8(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> String {
        // ASCII needs no validating, and String(validating:) is slow on every string.
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw fail("invalid UTF-8 in a string") }
        return text
    }

    /// The scalar of `\uXXXX` (the `\u` already read), joining a surrogate pair.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
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

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
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
