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

    /// The comment line that says a method only reads: a server may answer it at once,
    /// beside others, since it never waits for a disk.
    public static let readsOnlyNote = "Reads only."

    /// Whether the method's comment has the line "Reads only.".
    public var readsOnly: Bool { doc.contains { $0.trimmingSpaces == Method.readsOnlyNote } }

    /// The comment line that says a method waits on something slow (another program, a
    /// reply that takes long to build): a server answers it on a thread of its own, one call
    /// at a time, so that no other call waits behind it.
    public static let answeredApartNote = "Answered apart."

    /// Whether the method's comment has the line "Answered apart.".
    public var answeredApart: Bool { doc.contains { $0.trimmingSpaces == Method.answeredApartNote } }

    /// The comment line that says a call of the method with `more` is followed: a further
    /// reply comes each time the answer changes, until the client hangs up.
    public static let followedNote = "Followed with more."

    /// Whether the method's comment has the line "Followed with more.".
    public var followed: Bool { doc.contains { $0.trimmingSpaces == Method.followedNote } }

    /// The largest call in bytes that the method's comment allows, from a line "Its call
    /// may be up to N MiB." (or KiB); nil when it gives none.
    public var frameLimit: Int? {
        for line in doc {
            let words = line.trimmingSpaces.split(separator: " ")
            guard words.count == 8, words.prefix(6).joined(separator: " ") == "Its call may be up to",
                  let n = Int(words[6]) else { continue }
            switch words[7] {
            case "MiB.": return n << 20
            case "KiB.": return n << 10
            default: continue
            }
        }
        return nil
    }
}

extension String {
    /// The string without spaces at either end.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
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
