/// A value that reads and writes its own JSON object: every struct of a generated
/// interface binding, read and written without Codable.
///
/// Codable asks the runtime, on the first use of each type, to check generic requirements
/// by scanning every protocol conformance in the binary: in a short-lived client with
/// Swift's runtime linked in, that cost more than the rest of a call. Reading fields by
/// name costs next to nothing. Errors are DecodingErrors whose coding path names the
/// field at fault, so that a server can say which parameter was wrong.
public protocol JSONCodable {
    /// Reads the value from the object `json`.
    init(json: JSONFields) throws
    /// The value as a JSON object.
    var json: JSONValue { get }
}

extension JSONCodable {
    /// The value read from `value`, a JSON object at `place`.
    public init(json value: JSONValue, at place: JSONPlace = .root) throws {
        try self.init(json: JSONFields(value, at: place))
    }

    /// The value read from JSON text.
    public init(jsonText bytes: some Collection<UInt8>) throws {
        try self.init(json: try JSONValue.parse(bytes))
    }
}

/// A parameters object that carries nothing: the parameters or reply of a method
/// declared with `()`.
public struct VarlinkEmpty: JSONCodable, Sendable, Hashable {
    public init() {}
    public init(json: JSONFields) {}
    public var json: JSONValue { .object([]) }
}

/// A key of a decoding error's path: an object member or an array index.
public struct JSONKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int?
    public init(stringValue: String) { self.stringValue = stringValue }
    public init(intValue: Int) { self.stringValue = "Index \(intValue)"; self.intValue = intValue }
}

/// Where a value is in a document: a chain of member names and item indexes, built as
/// reading goes down, and turned into a coding path only when an error names it.
public indirect enum JSONPlace: Sendable {
    case root
    case member(String, in: JSONPlace)
    case item(Int, in: JSONPlace)

    /// The place as DecodingError's coding path.
    public var codingPath: [any CodingKey] {
        switch self {
        case .root: []
        case .member(let key, let parent): parent.codingPath + [JSONKey(stringValue: key)]
        case .item(let index, let parent): parent.codingPath + [JSONKey(intValue: index)]
        }
    }
}

/// The members of one JSON object being read, and where the object is in the document.
public struct JSONFields {
    let members: [JSONValue.Member]
    public let place: JSONPlace

    /// The object `value`; a type mismatch when it is anything else.
    public init(_ value: JSONValue, at place: JSONPlace = .root) throws {
        guard case .object(let members) = value else { throw JSONRead.mismatch([String: Any].self, value, place) }
        self.members = members
        self.place = place
    }

    /// Where the object is, as DecodingError's coding path.
    public var path: [any CodingKey] { place.codingPath }

    /// The value of `key` (the first, if given twice); nil when missing.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// The member `key`, read by `read` from its value and place; missing is an error.
    public func required<T>(_ key: String, _ read: (JSONValue, JSONPlace) throws -> T) throws -> T {
        guard let value = self[key] else {
            throw DecodingError.keyNotFound(JSONKey(stringValue: key),
                                            .init(codingPath: path, debugDescription: "No value associated with key \"\(key)\"."))
        }
        return try read(value, .member(key, in: place))
    }

    /// The member `key`, read by `read`; nil when it is missing or null.
    public func optional<T>(_ key: String, _ read: (JSONValue, JSONPlace) throws -> T) throws -> T? {
        guard let value = self[key], value != .null else { return nil }
        return try read(value, .member(key, in: place))
    }
}

/// Reading one JSON value as a Swift value, with the place to name when it is not one.
/// The generated bindings call these, one concrete function per kind of value, so that
/// no generic requirement is checked at run time.
public enum JSONRead {
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ place: JSONPlace) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, .init(codingPath: place.codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: place.codingPath, debugDescription: "Expected to decode \(type) but found \(value.kind) instead."))
    }

    public static func string(_ value: JSONValue, _ place: JSONPlace) throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self, value, place) }
        return s
    }

    public static func bool(_ value: JSONValue, _ place: JSONPlace) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(Bool.self, value, place) }
        return b
    }

    /// An integer; `1.0` and `1e2` are taken, `1.5` and 2⁶⁴ are not.
    public static func int(_ value: JSONValue, _ place: JSONPlace) throws -> Int {
        guard case .number(let text) = value else { throw mismatch(Int.self, value, place) }
        if let exact = Int(text) { return exact }
        // A whole number written with a fraction or an exponent; digits alone that Int
        // refused are beyond 64 bits.
        if text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }),
           let double = Double(text), double == double.rounded(), let exact = Int(exactly: double) { return exact }
        throw DecodingError.dataCorrupted(.init(codingPath: place.codingPath, debugDescription: "Number \(text) does not fit in Int."))
    }

    public static func double(_ value: JSONValue, _ place: JSONPlace) throws -> Double {
        guard case .number(let text) = value else { throw mismatch(Double.self, value, place) }
        guard let number = Double(text), number.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: place.codingPath, debugDescription: "Number \(text) does not fit in Double."))
        }
        return number
    }

    /// An enum written as its name.
    public static func raw<E: RawRepresentable>(_ value: JSONValue, _ place: JSONPlace) throws -> E where E.RawValue == String {
        let text = try string(value, place)
        guard let e = E(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: place.codingPath, debugDescription: "Cannot initialize \(E.self) from invalid String value \(text)"))
        }
        return e
    }

    /// nil for null, else the value as `read` reads it.
    public static func nullable<T>(_ value: JSONValue, _ place: JSONPlace, _ read: (JSONValue, JSONPlace) throws -> T) throws -> T? {
        if case .null = value { return nil }
        return try read(value, place)
    }

    /// The items of an array, each read with its place in the document.
    public static func items<T>(_ value: JSONValue, _ place: JSONPlace, _ read: (JSONValue, JSONPlace) throws -> T) throws -> [T] {
        guard case .array(let items) = value else { throw mismatch([Any].self, value, place) }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            result.append(try read(item, .item(i, in: place)))
        }
        return result
    }

    /// The members of an object, each value read with its place (a `[string]T` map).
    public static func members<T>(_ value: JSONValue, _ place: JSONPlace, _ read: (JSONValue, JSONPlace) throws -> T) throws -> [String: T] {
        guard case .object(let members) = value else { throw mismatch([String: Any].self, value, place) }
        var result: [String: T] = [:]
        for member in members where result[member.key] == nil {
            result[member.key] = try read(member.value, .member(member.key, in: place))
        }
        return result
    }
}
