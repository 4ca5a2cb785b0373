#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An optional that is written as `null` when absent, as the scripting contract's
/// fields must be (§10), instead of being left out as Codable does by default.
@propertyWrapper
public struct Nullable<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes as nil rather than failing.
    public func decode<V>(_: Nullable<V>.Type, forKey key: Key) throws -> Nullable<V> {
        try decodeIfPresent(Nullable<V>.self, forKey: key) ?? Nullable(wrappedValue: nil)
    }
}

/// The JSON both programs write and read.
public enum JSON {
    /// `value` as JSON text: keys sorted, slashes as they are; indented when `pretty`.
    /// JSONWriter writes what JSONEncoder would, faster.
    public static func encode(_ value: some Encodable, pretty: Bool = false) throws -> [UInt8] {
        try JSONWriter.encode(value, pretty: pretty)
    }

    /// `T` from JSON text, through JSONReader.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        try JSONReader.decode(type, from: bytes)
    }

    /// Foundation's decoder, for the calls bmd reads: its errors name the parameter at
    /// fault the way the daemon's InvalidParameter replies are pinned to.
    public static let decoder = JSONDecoder()
}

/// Any parameters object, for replies and errors that carry nothing.
public struct Empty: Codable, Sendable, Hashable {
    public init() {}
}
