#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An optional that is written as `null` when absent, as the scripting contract's
/// fields must be (§10), instead of being left out as Codable does by default.
///
/// `Value` is unconstrained and the conformances conditional: a constrained generic
/// type makes the runtime check its requirements, scanning every protocol conformance
/// in the binary, each time a message holding one is first made in a process.
@propertyWrapper
public struct Nullable<Value> {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
}

extension Nullable: Sendable where Value: Sendable {}
extension Nullable: Equatable where Value: Equatable {}
extension Nullable: Hashable where Value: Hashable {}

extension Nullable: Decodable where Value: Decodable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }
}

extension Nullable: Encodable where Value: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes as nil rather than failing.
    public func decode<V: Decodable>(_: Nullable<V>.Type, forKey key: Key) throws -> Nullable<V> {
        try decodeIfPresent(Nullable<V>.self, forKey: key) ?? Nullable(wrappedValue: nil)
    }
}

/// Foundation's JSON decoder, for the calls bmd reads: its errors name the parameter at
/// fault the way the daemon's InvalidParameter replies are pinned to. Everything else
/// on the socket is read and written through JSONValue and JSONCodable.
public enum JSON {
    public static let decoder = JSONDecoder()
}

/// Any parameters object, for replies and errors that carry nothing.
public struct Empty: Codable, Sendable, Hashable {
    public init() {}
}
