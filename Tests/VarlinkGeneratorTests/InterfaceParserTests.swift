import Testing
@testable import VarlinkGenerator

@Suite("Reading interface files")
struct InterfaceParserTests {
    @Test("Every kind of type, comments as documentation, declarations in order")
    func everything() throws {
        let text = """
            # A test interface.
            interface org.example.kinds

            # A colour.
            type Colour (red, green, blue)

            type Thing (
              flag: bool, count: int, ratio: float, name: string, any: object,
              maybe: ?int, list: []string, map: [string]Colour, nested: []?Colour,
              inline: (a: int), choice: (yes, no)
            )

            # Finds a thing.
            # Two lines of comment.
            method Find(name: string) -> (thing: ?Thing)

            error NotFound (name: string)
            error Broken ()
            """
        let i = try Interface(parsing: text)
        #expect(i.name == "org.example.kinds")
        #expect(i.doc == ["A test interface."])
        #expect(i.types.map(\.name) == ["Colour", "Thing"])
        #expect(i.types[0].shape == .enumeration(["red", "green", "blue"]))
        #expect(i.types[0].doc == ["A colour."])
        guard case .structure(let fields) = i.types[1].shape else { Issue.record("Thing is not a struct"); return }
        #expect(fields.map(\.type) == [
            .bool, .int, .float, .string, .object, .optional(.int), .array(.string), .dictionary(.named("Colour")),
            .array(.optional(.named("Colour"))), .inline(.structure([Field(name: "a", type: .int)])), .inline(.enumeration(["yes", "no"])),
        ])
        #expect(i.methods == [Method(name: "Find", doc: ["Finds a thing.", "Two lines of comment."],
                                     input: [Field(name: "name", type: .string)],
                                     output: [Field(name: "thing", type: .optional(.named("Thing")))])])
        #expect(i.errors.map(\.name) == ["NotFound", "Broken"])
        #expect(i.text == text)
    }

    @Test("Mistakes are refused with their line and what was expected", arguments: [
        ("interface org.example.x\ntype T (a: Missing)", "T uses Missing, which no type declares"),
        ("interface org.example.x\ntype T (a: int)\ntype T (b: int)", "line 3: T is declared twice"),
        ("interface org.example.x\nmethod M(a: int) (b: int)", "line 2: expected \"->\""),
        ("interface org.example.x\ntype T (a: int, b)", "line 2: expected \":\" and a type after b"),
        ("interface org.example.x\ntype T (a: ??int)", "line 2: a type cannot be optional twice"),
        ("interface org.example.x\ntype T (a: integer)", "line 2: \"integer\" is not a type: types are bool, int, float, string, object or a declared name"),
        ("interface org.example.x\nfunction F() -> ()", "line 2: expected type, method or error, not \"function\""),
        ("interface example\ntype T ()", "line 1: \"example\" is not an interface name (words separated by dots, such as org.example.ping)"),
        ("type T ()", "line 1: expected \"interface\""),
    ])
    func mistakes(_ text: String, _ message: String) {
        do {
            _ = try Interface(parsing: text)
            Issue.record("read \(text)")
        } catch {
            #expect(error.description.hasSuffix(message), "\(error)")
        }
    }
}
