/// A message that reads and writes its own JSON object.
///
/// Every message type of the protocol has this beside its Codable conformance, and both
/// programs use it on the socket. Codable asks the runtime, on the first use of each
/// type, to check generic requirements by scanning every protocol conformance in the
/// binary: in bmctl, where Swift's runtime and Foundation are linked in, that cost more
/// than the rest of a `status` (callgrind: 3.4 million instructions to decode one
/// Status reply). Reading fields by name costs next to nothing, and bmd builds each reply
/// without Codable's boxes either.
///
/// It does not refine Codable, though every message is Codable too: a refinement makes
/// each first use instantiate the Codable witness tables as well.
///
/// The conformances say the same as the synthesized Codable ones — an optional field
/// is left out when nil, a `@Nullable` one is written as null; either is read as nil
/// when null or missing — and the protocol tests hold them to JSONEncoder and JSONDecoder
/// on random values of every type.
public protocol JSONCodable {
    /// Reads the value from the object `json`; errors are DecodingErrors that name the field.
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
        guard case .object(let members) = value else { throw Self.mismatch([String: Any].self, value, place.codingPath) }
        self.members = members
        self.place = place
    }

    /// Where the object is, as DecodingError's coding path.
    public var path: [any CodingKey] { place.codingPath }

    /// The value of `key` (the first, if given twice); nil when missing.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    private func required(_ key: String) throws -> JSONValue {
        guard let value = self[key] else {
            let codingKey = JSONKey(stringValue: key)
            throw DecodingError.keyNotFound(codingKey, .init(codingPath: path, debugDescription: "No value associated with key \"\(key)\"."))
        }
        return value
    }

    /// The value of `key`, or nil when it is missing or null: how an optional is read.
    private func present(_ key: String) -> JSONValue? {
        guard let value = self[key], value != .null else { return nil }
        return value
    }

    private func at(_ key: String) -> JSONPlace { .member(key, in: place) }

    // MARK: Required fields

    public func string(_ key: String) throws -> String { try Self.string(try required(key), at(key).codingPath) }
    public func int(_ key: String) throws -> Int { try Self.int(try required(key), at(key).codingPath) }
    public func bool(_ key: String) throws -> Bool { try Self.bool(try required(key), at(key).codingPath) }
    public func double(_ key: String) throws -> Double { try Self.double(try required(key), at(key).codingPath) }

    /// An enum written as its raw string.
    public func value<E: RawRepresentable>(_ key: String) throws -> E where E.RawValue == String {
        try Self.raw(try required(key), at(key).codingPath)
    }

    /// A nested message.
    public func value<T: JSONCodable>(_ key: String) throws -> T {
        try T(json: JSONFields(try required(key), at: at(key)))
    }

    /// An array of nested messages.
    public func array<T: JSONCodable>(_ key: String) throws -> [T] {
        try Self.items(try required(key), at(key)) { try T(json: JSONFields($0, at: $1)) }
    }

    public func strings(_ key: String) throws -> [String] { try Self.items(try required(key), at(key)) { try Self.string($0, $1.codingPath) } }
    public func ints(_ key: String) throws -> [Int] { try Self.items(try required(key), at(key)) { try Self.int($0, $1.codingPath) } }

    // MARK: Optional fields: nil when missing or null

    public func string(optional key: String) throws -> String? { try present(key).map { try Self.string($0, at(key).codingPath) } }
    public func int(optional key: String) throws -> Int? { try present(key).map { try Self.int($0, at(key).codingPath) } }
    public func bool(optional key: String) throws -> Bool? { try present(key).map { try Self.bool($0, at(key).codingPath) } }

    public func value<T: JSONCodable>(optional key: String) throws -> T? {
        try present(key).map { try T(json: JSONFields($0, at: at(key))) }
    }

    public func strings(optional key: String) throws -> [String]? {
        try present(key).map { try Self.items($0, at(key)) { try Self.string($0, $1.codingPath) } }
    }

    // MARK: Leaves

    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        if case .null = value {
            return .valueNotFound(type, .init(codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(value.kind) instead."))
    }

    static func string(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let s) = value else { throw mismatch(String.self, value, path()) }
        return s
    }

    static func bool(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(Bool.self, value, path()) }
        return b
    }

    /// An integer; like JSONDecoder, `1.0` and `1e2` are taken, `1.5` and 2⁶⁴ are not.
    static func int(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Int {
        guard case .number(let text) = value else { throw mismatch(Int.self, value, path()) }
        if let exact = Int(text) { return exact }
        if let double = Double(text), double == double.rounded(), let exact = Int(exactly: double) { return exact }
        throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "Number \(text) does not fit in Int."))
    }

    static func double(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Double {
        guard case .number(let text) = value else { throw mismatch(Double.self, value, path()) }
        guard let number = Double(text), number.isFinite else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "Number \(text) does not fit in Double."))
        }
        return number
    }

    static func raw<E: RawRepresentable>(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> E where E.RawValue == String {
        let text = try string(value, path())
        guard let e = E(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "Cannot initialize \(E.self) from invalid String value \(text)"))
        }
        return e
    }

    /// The items of an array, each read with its place in the document.
    static func items<T>(_ value: JSONValue, _ place: JSONPlace, _ read: (JSONValue, JSONPlace) throws -> T) throws -> [T] {
        guard case .array(let items) = value else { throw mismatch([Any].self, value, place.codingPath) }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            result.append(try read(item, .item(i, in: place)))
        }
        return result
    }
}

/// The members of a JSON object being written. A nil value leaves the member out, as
/// Codable does with an optional; a `@Nullable` field writes `.null` instead.
public struct JSONMembers {
    public private(set) var members: [JSONValue.Member] = []

    public init() {}

    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let newValue { members.append(JSONValue.Member(key: key, value: newValue)) }
        }
    }

    public var value: JSONValue { .object(members) }
}

extension JSONValue {
    /// The object of `value`'s members, or null when it is nil (a `@Nullable` field).
    public static func nullable<T: JSONCodable>(_ value: T?) -> JSONValue { value?.json ?? .null }

    public static func nullable(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    public static func nullable(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    public static func array<T: JSONCodable>(_ items: [T]) -> JSONValue { .array(items.map(\.json)) }

    public static func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }

    public static func ints(_ items: [Int]) -> JSONValue { .array(items.map(JSONValue.int)) }

    public static func raw<E: RawRepresentable>(_ value: E) -> JSONValue where E.RawValue == String { .string(value.rawValue) }
}
