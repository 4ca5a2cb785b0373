/// A varlink interface file, as read: its name, its comment, and its declarations in
/// the order they are written.
public struct Interface: Equatable, Sendable {
    /// The reverse-domain name, such as `org.example.ping`.
    public var name: String
    /// The comment lines before `interface`, without their `#`.
    public var doc: [String]
    public var declarations: [Declaration]
    /// The text the interface was read from, as a server returns it when asked for its description.
    public var text: String

    public var types: [TypeDeclaration] { declarations.compactMap { if case .type(let t) = $0 { t } else { nil } } }
    public var methods: [Method] { declarations.compactMap { if case .method(let m) = $0 { m } else { nil } } }
    public var errors: [ErrorDeclaration] { declarations.compactMap { if case .error(let e) = $0 { e } else { nil } } }
}

public enum Declaration: Equatable, Sendable {
    case type(TypeDeclaration)
    case method(Method)
    case error(ErrorDeclaration)
}

/// `type Name (…)`: a struct of named fields or an enum of names.
public struct TypeDeclaration: Equatable, Sendable {
    public var name: String
    public var doc: [String]
    public var shape: Shape
}

/// `method Name(…) -> (…)`.
public struct Method: Equatable, Sendable {
    public var name: String
    public var doc: [String]
    public var input: [Field]
    public var output: [Field]
}

/// `error Name (…)`.
public struct ErrorDeclaration: Equatable, Sendable {
    public var name: String
    public var doc: [String]
    public var fields: [Field]
}

public indirect enum Shape: Equatable, Sendable {
    case structure([Field])
    case enumeration([String])
}

public struct Field: Equatable, Sendable {
    public var name: String
    public var type: TypeReference
}

/// The type of a field, as the interface file writes it.
public indirect enum TypeReference: Equatable, Sendable {
    case bool, int, float, string
    /// `object`: any JSON value.
    case object
    /// A type declared with `type`.
    case named(String)
    /// `?T`: may be null or left out.
    case optional(TypeReference)
    /// `[]T`
    case array(TypeReference)
    /// `[string]T`: an object whose members all hold a T.
    case dictionary(TypeReference)
    /// A struct or enum written in place, `(a: int)` or `(one, two)`.
    case inline(Shape)
}
