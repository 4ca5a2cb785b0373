/// Why an interface file cannot be read: the line and what was expected there.
public struct InterfaceSyntaxError: Error, Equatable, CustomStringConvertible, Sendable {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
}

extension Interface {
    /// Reads the varlink interface definition `text`: `interface`, then `type`, `method`
    /// and `error` declarations, with `#` comments. Every named type a field uses must be
    /// declared, and no name may be declared twice.
    public init(parsing text: String) throws(InterfaceSyntaxError) {
        var reader = InterfaceReader(text: text)
        self = try reader.interface()
    }
}

/// A hand-written recursive-descent reader of the interface grammar, one character of
/// look-ahead, keeping line numbers for its errors.
struct InterfaceReader {
    private let chars: [Character]
    private var index = 0
    private var line = 1
    /// Comment lines since the last declaration or blank line: the next declaration's doc.
    private var comments: [String] = []
    private let text: String

    init(text: String) {
        self.text = text
        chars = Array(text)
    }

    mutating func interface() throws(InterfaceSyntaxError) -> Interface {
        skipBlanks()
        try expectWord("interface")
        let doc = takeComments()
        let name = try interfaceName()
        var result = Interface(name: name, doc: doc, declarations: [], text: text)
        var declared: Set<String> = []
        while true {
            skipBlanks()
            guard index < chars.count else { break }
            let keyword = word()
            let doc = takeComments()
            skipBlanks()
            let declaration: Declaration
            let name: String
            switch keyword {
            case "type":
                name = try typeName()
                skipBlanks()
                declaration = .type(TypeDeclaration(name: name, doc: doc, shape: try shape()))
            case "method":
                name = try typeName()
                skipBlanks()
                guard case .structure(let input) = try shape(allowEnum: false) else { throw fail("expected the parameters") }
                skipBlanks()
                try expect("->")
                skipBlanks()
                guard case .structure(let output) = try shape(allowEnum: false) else { throw fail("expected the reply") }
                declaration = .method(Method(name: name, doc: doc, input: input, output: output))
            case "error":
                name = try typeName()
                skipBlanks()
                guard case .structure(let fields) = try shape(allowEnum: false) else { throw fail("expected the error's fields") }
                declaration = .error(ErrorDeclaration(name: name, doc: doc, fields: fields))
            case "":
                throw fail("expected type, method or error")
            default:
                throw fail("expected type, method or error, not \"\(keyword)\"")
            }
            guard declared.insert(name).inserted else { throw fail("\(name) is declared twice") }
            result.declarations.append(declaration)
        }
        try checkReferences(result)
        return result
    }

    /// Every `named` type must be declared with `type`.
    private func checkReferences(_ interface: Interface) throws(InterfaceSyntaxError) {
        let types = Set(interface.types.map(\.name))
        func check(_ t: TypeReference, in owner: String) throws(InterfaceSyntaxError) {
            switch t {
            case .bool, .int, .float, .string, .object: return
            case .named(let name):
                if !types.contains(name) { throw InterfaceSyntaxError(line: 0, reason: "\(owner) uses \(name), which no type declares") }
            case .optional(let inner), .array(let inner), .dictionary(let inner): try check(inner, in: owner)
            case .inline(let shape): try checkShape(shape, in: owner)
            }
        }
        func checkShape(_ shape: Shape, in owner: String) throws(InterfaceSyntaxError) {
            if case .structure(let fields) = shape { for f in fields { try check(f.type, in: owner) } }
        }
        for d in interface.declarations {
            switch d {
            case .type(let t): try checkShape(t.shape, in: t.name)
            case .method(let m): for f in m.input + m.output { try check(f.type, in: m.name) }
            case .error(let e): for f in e.fields { try check(f.type, in: e.name) }
            }
        }
    }

    // MARK: Shapes and types

    /// `( … )`: fields with types make a struct, bare names an enum; `()` is an empty struct.
    private mutating func shape(allowEnum: Bool = true) throws(InterfaceSyntaxError) -> Shape {
        try expect("(")
        skipBlanks()
        if peek == ")" { index += 1; return .structure([]) }
        var fields: [Field] = []
        var names: [String] = []
        while true {
            skipBlanks()
            let name = try fieldName()
            skipBlanks()
            if peek == ":" {
                guard names.isEmpty else { throw fail("an enum's values have no types") }
                index += 1
                skipBlanks()
                guard !fields.contains(where: { $0.name == name }) else { throw fail("field \(name) is given twice") }
                fields.append(Field(name: name, type: try typeReference()))
            } else {
                guard fields.isEmpty, allowEnum else { throw fail("expected \":\" and a type after \(name)") }
                guard !names.contains(name) else { throw fail("\(name) is given twice") }
                names.append(name)
            }
            skipBlanks()
            if peek == "," { index += 1; continue }
            if peek == ")" { index += 1; break }
            throw fail("expected \",\" or \")\"")
        }
        return names.isEmpty ? .structure(fields) : .enumeration(names)
    }

    private mutating func typeReference() throws(InterfaceSyntaxError) -> TypeReference {
        switch peek {
        case "?":
            index += 1
            let inner = try typeReference()
            if case .optional = inner { throw fail("a type cannot be optional twice") }
            return .optional(inner)
        case "[":
            index += 1
            if peek == "]" {
                index += 1
                return .array(try typeReference())
            }
            try expectWord("string")
            try expect("]")
            return .dictionary(try typeReference())
        case "(":
            return .inline(try shape())
        default:
            let start = index
            let name = word()
            switch name {
            case "bool": return .bool
            case "int": return .int
            case "float": return .float
            case "string": return .string
            case "object": return .object
            case "": throw fail("expected a type")
            default:
                guard name.first!.isUppercase else {
                    index = start
                    throw fail("\"\(name)\" is not a type: types are bool, int, float, string, object or a declared name")
                }
                return .named(name)
            }
        }
    }

    // MARK: Names

    private mutating func interfaceName() throws(InterfaceSyntaxError) -> String {
        skipBlanks()
        let start = index
        while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "." || c == "-" { index += 1 }
        let name = String(chars[start..<index])
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ $0.first?.isLetter == true && $0.last != "-" }) else {
            throw fail("\"\(name)\" is not an interface name (words separated by dots, such as org.example.ping)")
        }
        return name
    }

    /// A type, method or error name: a capital letter, then letters and digits.
    private mutating func typeName() throws(InterfaceSyntaxError) -> String {
        let name = word()
        guard let first = name.first, first.isUppercase, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw fail(name.isEmpty ? "expected a name" : "\"\(name)\" is not a name (a capital letter, then letters and digits)")
        }
        return name
    }

    private mutating func fieldName() throws(InterfaceSyntaxError) -> String {
        let name = word()
        guard let first = name.first, first.isLetter else { throw fail("expected a field name") }
        return name
    }

    /// Letters, digits and underscores from here; empty when there are none.
    private mutating func word() -> String {
        let start = index
        while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "_" { index += 1 }
        return String(chars[start..<index])
    }

    // MARK: Characters

    private var peek: Character? { index < chars.count ? chars[index] : nil }

    private mutating func expect(_ token: String) throws(InterfaceSyntaxError) {
        for c in token {
            guard peek == c else { throw fail("expected \"\(token)\"") }
            index += 1
        }
    }

    private mutating func expectWord(_ expected: String) throws(InterfaceSyntaxError) {
        let start = index
        guard word() == expected else {
            index = start
            throw fail("expected \"\(expected)\"")
        }
    }

    /// Skips spaces, line ends and comments, keeping the comments for the next declaration.
    private mutating func skipBlanks() {
        var lineIsBlank = false
        while let c = peek {
            if c == "\n" {
                if lineIsBlank { comments = [] }
                lineIsBlank = true
                line += 1
                index += 1
            } else if c == " " || c == "\t" || c == "\r" {
                index += 1
            } else if c == "#" {
                let start = index + 1
                while let c = peek, c != "\n" { index += 1 }
                var comment = String(chars[start..<index])
                if comment.first == " " { comment.removeFirst() }
                comments.append(comment)
                lineIsBlank = false
            } else {
                return
            }
        }
    }

    private mutating func takeComments() -> [String] {
        defer { comments = [] }
        return comments
    }

    private func fail(_ reason: String) -> InterfaceSyntaxError { InterfaceSyntaxError(line: line, reason: reason) }
}
