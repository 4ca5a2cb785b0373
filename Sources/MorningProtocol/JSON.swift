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

/// The JSON coders both programs use: stable key order, no escaped slashes.
public enum JSON {
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                    : [.sortedKeys, .withoutEscapingSlashes]
        return e
    }

    public static let decoder = JSONDecoder()
}

/// Any parameters object, for replies and errors that carry nothing.
public struct Empty: Codable, Sendable, Hashable {
    public init() {}
}
