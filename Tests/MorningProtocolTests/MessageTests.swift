import Foundation
import MorningProtocol
import MorningTestSupport
import Testing
import VarlinkGenerator

/// Morning's own messages. The generated binding stands for the interface file, so that
/// file is the reference for every message: random JSON shaped by the file reads and
/// writes back unchanged. Scripts read them as the contract promises.
@Suite("Morning's messages as its interface file and the scripting contract shape them")
struct MessageTests {
    static let interface: Interface = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MorningProtocol/org.bettermorning.Morning.varlink")
        return try! Interface(parsing: try! String(contentsOf: file, encoding: .utf8))
    }()

    /// Every struct of the interface, and every method's parameters and reply, by the name
    /// of its Swift type, with its fields and whether a nil optional is left out (parameters).
    static var messages: [(name: String, fields: [Field], omitsNil: Bool)] {
        var all: [(String, [Field], Bool)] = []
        for t in interface.types {
            if case .structure(let fields) = t.shape { all.append((t.name, fields, false)) }
        }
        for m in interface.methods {
            all.append((m.name + "Parameters", m.input, true))
            all.append((m.name + "Reply", m.output, false))
        }
        return all
    }

    @Test("Every message of the interface file: random values read and write back unchanged, members in key order")
    func everyMessageType() throws {
        var random = FuzzRun.random(0x4A53_4F4E)
        let rounds = 40 * FuzzRun.scale
        #expect(Set(Morning.messageTypes.keys) == Set(Self.messages.map(\.name) + Self.interface.types.compactMap {
            if case .structure = $0.shape { $0.name } else { nil }
        }))
        for message in Self.messages {
            let type = try #require(Morning.messageTypes[message.name], "\(message.name) has no Swift type")
            for _ in 0..<rounds {
                // A struct shared by parameters and replies writes null for nil: send what it writes.
                let omits = message.omitsNil && !Self.isNamedStruct(type)
                let tree = RandomTree.object(message.fields, omitNil: omits, interface: Self.interface, random: &random)
                let value = try type.init(json: tree, at: .root)
                #expect(value.json.text() == tree.text(), "\(message.name), \(FuzzRun.tag)")
                #expect(value.json.text(pretty: true) == tree.text(pretty: true))
                // Members come in key order, so that printing copies nothing to sort them.
                #expect(Self.inKeyOrder(value.json), "\(message.name) writes its members out of key order")
            }
        }
    }

    /// Whether `type` is one of the interface's named structs (which write null for nil).
    static func isNamedStruct(_ type: any JSONCodable.Type) -> Bool {
        interface.types.contains { t in
            guard case .structure = t.shape, let named = Morning.messageTypes[t.name] else { return false }
            return ObjectIdentifier(named) == ObjectIdentifier(type)
        }
    }

    static func inKeyOrder(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            let keys = members.map { Array($0.key.utf8) }
            return zip(keys, keys.dropFirst()).allSatisfy { !$1.lexicographicallyPrecedes($0) }
                && members.allSatisfy { inKeyOrder($0.value) }
        case .array(let items): return items.allSatisfy(inKeyOrder)
        default: return true
        }
    }

    // Section 10 of the scripting contract.
    @Test("absent optional contract fields are written as null and read back as nil")
    func nulls() throws {
        let status = Morning.StatusReply(phase: .none, state: nil, date: "2026-11-22", routine: nil, today: nil, currentTask: nil,
                                    nextTask: nil, behind: 0, nextReminder: nil,
                                    notifications: .init(enabled: true, sound: true, available: false))
        let json = String(decoding: status.json.text(), as: UTF8.self)
        for key in ["routine", "today", "nextReminder", "currentTask", "nextTask"] {
            #expect(json.contains("\"\(key)\":null"), "\(key) in \(json)")
        }
        #expect(try Morning.StatusReply(jsonText: Array(json.utf8)) == status)
        // Older or generic clients may leave them out entirely.
        let week = try Morning.WeekDay(jsonText: Array(#"{"date":"2026-11-22"}"#.utf8))
        #expect(week.completed == nil)
    }
}

/// Random JSON shaped by an interface file's fields: each optional null (or left out)
/// or present, arrays of a few items, strings with quotes, escapes and non-ASCII.
enum RandomTree {
    static func object(_ fields: [Field], omitNil: Bool, interface: Interface, random: inout SeededRandom) -> JSONValue {
        var members: [JSONValue.Member] = []
        for f in fields {
            if case .optional(let inner) = f.type {
                if random.chance(0.3) {
                    if !omitNil { members.append(.init(key: f.name, value: .null)) }
                    continue
                }
                members.append(.init(key: f.name, value: value(inner, interface: interface, random: &random)))
            } else {
                members.append(.init(key: f.name, value: value(f.type, interface: interface, random: &random)))
            }
        }
        return .object(members)
    }

    static func value(_ t: TypeReference, interface: Interface, random: inout SeededRandom) -> JSONValue {
        switch t {
        case .bool: return .bool(random.chance(0.5))
        case .int: return .int(random.chance(0.5) ? random.below(100) : Int(bitPattern: UInt(random.next())))
        case .float: return .double(Double(random.below(1_000_000)) / Double(1 + random.below(1000)))
        case .string: return .string(random.textToEscape())
        case .object: return .object([.init(key: "k", value: .string(random.textToEscape()))])
        case .optional(let inner):
            return random.chance(0.3) ? .null : value(inner, interface: interface, random: &random)
        case .array(let inner):
            return .array((0..<random.below(4)).map { _ in value(inner, interface: interface, random: &random) })
        case .dictionary(let inner):
            return .object((0..<random.below(3)).map { .init(key: "k\($0)", value: value(inner, interface: interface, random: &random)) })
        case .inline(let shape): return shaped(shape, interface: interface, random: &random)
        case .named(let name):
            let declared = interface.types.first { $0.name == name }!
            return shaped(declared.shape, interface: interface, random: &random)
        }
    }

    static func shaped(_ shape: Shape, interface: Interface, random: inout SeededRandom) -> JSONValue {
        switch shape {
        case .enumeration(let names): return .string(random.pick(names))
        case .structure(let fields): return object(fields, omitNil: false, interface: interface, random: &random)
        }
    }
}
