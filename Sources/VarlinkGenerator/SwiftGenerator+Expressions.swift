/// How the generated code names types, reads and writes JSON, and spells text.
extension SwiftGenerator {
    // MARK: Types and JSON expressions

    func isOptional(_ t: TypeReference) -> Bool {
        if case .optional = t { return true }
        return false
    }

    func swiftType(_ t: TypeReference, owner: String, field: String) -> String {
        switch t {
        case .bool: "Bool"
        case .int: "Int"
        case .float: "Double"
        case .string: "String"
        case .object: "JSONValue"
        case .named(let name): name
        case .optional(let inner): swiftType(inner, owner: owner, field: field) + "?"
        case .array(let inner): "[" + swiftType(inner, owner: owner, field: field) + "]"
        case .dictionary(let inner): "[String: " + swiftType(inner, owner: owner, field: field) + "]"
        case .inline: owner + upperFirst(field)
        }
    }

    /// The expression that reads field `f` from the JSONFields named `fields`.
    func reading(_ f: Field, owner: String, from fields: String = "o") -> String {
        let key = literal(f.name)
        if case .optional(let inner) = f.type {
            return "try \(fields).optional(\(key)) { v, p in \(read(inner, owner: owner, field: f.name)) }"
        }
        return "try \(fields).required(\(key)) { v, p in \(read(f.type, owner: owner, field: f.name)) }"
    }

    /// An expression reading the value `v` at place `p` as `t`.
    func read(_ t: TypeReference, owner: String, field: String) -> String {
        switch t {
        case .bool: "try JSONRead.bool(v, p)"
        case .int: "try JSONRead.int(v, p)"
        case .float: "try JSONRead.double(v, p)"
        case .string: "try JSONRead.string(v, p)"
        case .object: "v"
        case .named(let name): readNamed(name)
        case .inline(.enumeration): "try JSONRead.raw(v, p) as \(ns).\(owner + upperFirst(field))"
        case .inline(.structure): "try \(ns).\(owner + upperFirst(field))(json: JSONFields(v, at: p))"
        case .optional(let inner): "try JSONRead.nullable(v, p) { v, p in \(read(inner, owner: owner, field: field)) }"
        case .array(let inner): "try JSONRead.items(v, p) { v, p in \(read(inner, owner: owner, field: field)) }"
        case .dictionary(let inner): "try JSONRead.members(v, p) { v, p in \(read(inner, owner: owner, field: field)) }"
        }
    }

    func readNamed(_ name: String) -> String {
        if isEnum(name) { return "try JSONRead.raw(v, p) as \(ns).\(name)" }
        return "try \(ns).\(name)(json: JSONFields(v, at: p))"
    }

    /// An expression writing `value` of type `t` as a JSONValue.
    func writing(_ t: TypeReference, _ value: String, owner: String, field: String) -> String {
        switch t {
        case .bool: return "JSONValue.bool(\(value))"
        case .int: return "JSONValue.int(\(value))"
        case .float: return "JSONValue.double(\(value))"
        case .string: return "JSONValue.string(\(value))"
        case .object: return value
        case .named(let name): return isEnum(name) ? "JSONValue.string(\(value).rawValue)" : "\(value).json"
        case .inline(let shape):
            if case .enumeration = shape { return "JSONValue.string(\(value).rawValue)" }
            return "\(value).json"
        // Typed in full, so that a struct of many optional members type-checks quickly.
        case .optional(let inner): return "\(value).map { \(writing(inner, "$0", owner: owner, field: field)) } ?? JSONValue.null"
        case .array(let inner): return "JSONValue.array(\(value).map { \(writing(inner, "$0", owner: owner, field: field)) })"
        case .dictionary(let inner):
            return "JSONValue.object(\(value).sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { .init(key: $0.key, value: \(writing(inner, "$0.value", owner: owner, field: field))) })"
        }
    }

    /// Whether the declared type `name` is an enum (written as its name) rather than a struct.
    func isEnum(_ name: String) -> Bool {
        guard let t = interface.types.first(where: { $0.name == name }), case .enumeration = t.shape else { return false }
        return true
    }

    // MARK: Text

    func doc(_ lines: [String], _ out: inout SourceWriter) {
        for l in lines { out.line(l.isEmpty ? "///" : "/// " + l) }
    }

    func literal(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// A raw multi-line literal holding `s` exactly, with enough `#` that nothing in it ends it.
    func multilineLiteral(_ s: String) -> String {
        var hashes = "#"
        while s.contains("\"\"\"" + hashes) || s.contains("\\" + hashes) { hashes += "#" }
        var lines = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A multi-line literal ends each line but the last with a line end: keep the text's own.
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        var out = hashes + "\"\"\"\n"
        for l in lines { out += (l.isEmpty ? "" : "        " + l) + "\n" }
        if endsWithNewline { out += "\n" }
        return out + "        \"\"\"" + hashes
    }
}
