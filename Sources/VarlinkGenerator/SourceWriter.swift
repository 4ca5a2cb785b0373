/// Names as Swift spells them.
func lowerFirst(_ s: String) -> String {
    // A leading run of capitals is lowered as one word: `GetInfo` → `getInfo`, `URL` → `url`.
    let chars = Array(s)
    var i = 0
    while i < chars.count, chars[i].isUppercase { i += 1 }
    if i > 1, i < chars.count { i -= 1 }
    return String(chars[..<i]).lowercased() + String(chars[i...])
}

func upperFirst(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

private let swiftKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
    "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
]

/// `name` as a Swift identifier: keywords in backquotes.
func identifier(_ name: String) -> String { swiftKeywords.contains(name) ? "`\(name)`" : name }

/// `name` as an argument label at a call: only these keywords need backquotes there.
func label(_ name: String) -> String { ["inout", "var", "let"].contains(name) ? "`\(name)`" : name }

/// Lines of source with their indentation.

struct SourceWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ s: String) {
        if s.isEmpty { text += "\n"; return }
        text += String(repeating: "    ", count: depth) + s + "\n"
    }

    mutating func indent(_ body: (inout SourceWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}
