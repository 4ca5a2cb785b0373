import Testing
@testable import VarlinkGenerator

@Suite("Writing Swift")
struct SwiftGeneratorTests {
    static func source(_ text: String) throws -> String {
        let interface = try Interface(parsing: text)
        return SwiftGenerator(interface: interface, options: .init(namespace: "Kinds", sourceName: "kinds.varlink")).source()
    }

    @Test("A method whose reply has a named struct's fields shares that struct; one without fields uses VarlinkEmpty")
    func sharedShapes() throws {
        let s = try Self.source("""
            interface org.example.kinds
            type Pair (a: int, b: ?string)
            method One() -> (a: int, b: ?string)
            method Two(a: int, b: ?string) -> ()
            method Three() -> (b: ?string, a: int)
            """)
        #expect(s.contains("public typealias OneReply = Pair"))
        #expect(s.contains("public typealias OneParameters = VarlinkEmpty"))
        #expect(s.contains("public typealias TwoParameters = Pair"))
        #expect(s.contains("public typealias TwoReply = VarlinkEmpty"))
        // Another order of fields is another shape.
        #expect(s.contains("public struct ThreeReply: Sendable, Hashable {"))
    }

    @Test("Swift keywords become identifiers in backquotes; members are written in key order")
    func keywordsAndOrder() throws {
        let s = try Self.source("""
            interface org.example.kinds
            type T (import: string, default: int, in: bool, b: int, a: int)
            method Import(in: string) -> ()
            """)
        #expect(s.contains("public var `import`: String"))
        #expect(s.contains("public var `default`: Int"))
        #expect(s.contains("case `import` = \"org.example.kinds.Import\""))
        #expect(s.contains("func `import`(_ parameters: Kinds.ImportParameters) throws -> Kinds.ImportReply"))
        let a = try #require(s.range(of: "Member(key: \"a\""))
        let b = try #require(s.range(of: "Member(key: \"b\""))
        let d = try #require(s.range(of: "Member(key: \"default\""))
        let i = try #require(s.range(of: "Member(key: \"import\""))
        #expect(a.lowerBound < b.lowerBound && b.lowerBound < d.lowerBound && d.lowerBound < i.lowerBound)
    }

    @Test("A method's comment says that it only reads, or how large its call may be, and the binding knows")
    func annotations() throws {
        let s = try Self.source("""
            interface org.example.kinds
            # Finds a thing.
            # Reads only.
            method Find(name: string) -> ()
            # Stores a big thing.
            # Its call may be up to 2 MiB.
            method Put(blob: string) -> ()
            method Drop() -> ()
            # Waits for another program.
            # Answered apart.
            method Ask() -> ()
            # Says each change.
            # Reads only.
            # Followed with more.
            method Watch() -> ()
            """)
        #expect(s.contains("case .find, .watch: true"))
        #expect(s.contains("public var answeredApart: Bool {\n        switch self {\n        case .ask: true"))
        #expect(s.contains("public var followed: Bool {\n        switch self {\n        case .watch: true"))
        #expect(s.contains("case .put: 2097152"))
        #expect(s.contains("default: false") && s.contains("default: nil"))
        let plain = try Self.source("interface org.example.kinds\nmethod Drop() -> ()\n")
        #expect(!plain.contains("readsOnly"))
    }

    @Test("Optionals: null when nil in replies, types and errors; left out in parameters")
    func optionals() throws {
        let s = try Self.source("""
            interface org.example.kinds
            method Find(name: ?string) -> (found: ?string)
            error Gone (why: ?string)
            """)
        #expect(s.contains("if let value = self.name { members.append(.init(key: \"name\", value: JSONValue.string(value))) }"))
        #expect(s.contains("JSONValue.Member(key: \"found\", value: self.found.map { JSONValue.string($0) } ?? JSONValue.null),"))
        #expect(s.contains(".object([.init(key: \"why\", value: why.map { JSONValue.string($0) } ?? JSONValue.null)])"))
    }

    @Test("The description is embedded exactly, whatever quotes and backslashes it holds")
    func description() throws {
        let s = try Self.source("# Say \"\"\"# and \\# here.\ninterface org.example.kinds\ntype T ()\n")
        #expect(s.contains("##\"\"\"\n        # Say \"\"\"# and \\# here.\n        interface org.example.kinds\n        type T ()\n\n        \"\"\"##"))
    }
}
