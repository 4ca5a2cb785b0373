import Foundation
import Testing
@testable import VarlinkGenerator

/// The committed bindings are what the generator makes of the interface files today: a
/// change to a file without `make generate` fails here.
@Suite("Generated bindings match their interface files")
struct GeneratedCodeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let bindings: [(interface: String, generated: String, namespace: String, inRuntime: Bool)] = [
        ("Sources/MorningProtocol/org.bettermorning.Morning.varlink", "Sources/MorningProtocol/Morning.generated.swift", "Morning", false),
        ("Sources/Varlink/org.varlink.service.varlink", "Sources/Varlink/VarlinkService.generated.swift", "VarlinkService", true),
        ("Tests/VarlinkTests/org.example.notes.varlink", "Tests/VarlinkTests/Notes.generated.swift", "Notes", false),
    ]

    @Test("Each committed binding is exactly what the generator writes for its interface file", arguments: bindings.indices)
    func noDrift(_ index: Int) throws {
        let b = Self.bindings[index]
        let text = try String(contentsOf: Self.root.appendingPathComponent(b.interface), encoding: .utf8)
        let interface = try Interface(parsing: text)
        let name = String(b.interface.split(separator: "/").last!)
        let options = SwiftGenerator.Options(namespace: b.namespace, runtimeModule: b.inRuntime ? nil : "Varlink", sourceName: name)
        let fresh = SwiftGenerator(interface: interface, options: options).source()
        let committed = try String(contentsOf: Self.root.appendingPathComponent(b.generated), encoding: .utf8)
        #expect(fresh == committed, "\(b.generated) is out of date: run `make generate`")
    }
}
