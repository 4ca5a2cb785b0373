import Foundation
import GRDB
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
@testable import MorningStore
import MorningTestSupport
import Testing
import VarlinkGenerator

// Random calls of every method of the interface, with random parameters, against the real
// engine and a SQLite file: every reply must be a reply or error the interface declares,
// and the state must come out whole. A failure names the seed; BM_FUZZ_SEED=<seed> replays
// the run and BM_FUZZ_SCALE=<n> makes it n times longer.

// MARK: - The interface, read from its text

/// The methods, errors and types of the interfaces bmd serves, read from their
/// descriptions by the generator's own parser: the oracle for what a reply may hold.
private struct InterfaceModel {
    var types: [String: Shape] = [:]
    var methods: [String: (input: [Field], output: [Field])] = [:]
    var errors: [String: [Field]] = [:]

    init(_ descriptions: [String]) {
        for description in descriptions {
            let interface = try! Interface(parsing: description)
            for t in interface.types { types[t.name] = t.shape }
            for m in interface.methods { methods[interface.name + "." + m.name] = (m.input, m.output) }
            for e in interface.errors { errors[interface.name + "." + e.name] = e.fields }
        }
    }

    /// Why `value` is not an object of `fields`, or nil when it is.
    func mismatch(_ value: JSONValue, _ fields: [Field], at path: String) -> String? {
        guard case .object(let members) = value else { return "\(path) is not an object" }
        let known = Set(fields.map(\.name))
        if let stray = members.first(where: { !known.contains($0.key) }) { return "\(path).\(stray.key) is not declared" }
        for field in fields {
            if let problem = mismatch(value[field.name] ?? .null, field.type, at: path + "." + field.name) { return problem }
        }
        return nil
    }

    func mismatch(_ value: JSONValue, _ type: TypeReference, at path: String) -> String? {
        switch (type, value) {
        case (.optional, .null): return nil
        case (.optional(let inner), _): return mismatch(value, inner, at: path)
        case (.string, .string), (.bool, .bool), (.float, .number): return nil
        case (.string, _): return "\(path) is not a string: \(value)"
        case (.bool, _): return "\(path) is not a bool: \(value)"
        case (.float, _): return "\(path) is not a float: \(value)"
        case (.int, _):
            guard case .number(let text) = value, let n = Double(text), n == n.rounded() else { return "\(path) is not an int: \(value)" }
            return nil
        case (.object, _): return value == .null ? "\(path) is null" : nil
        case (.array(let element), _):
            guard case .array(let items) = value else { return "\(path) is not an array" }
            for (i, item) in items.enumerated() { if let p = mismatch(item, element, at: "\(path)[\(i)]") { return p } }
            return nil
        case (.dictionary(let element), _):
            guard case .object(let members) = value else { return "\(path) is not an object" }
            for member in members { if let p = mismatch(member.value, element, at: "\(path).\(member.key)") { return p } }
            return nil
        case (.named(let name), _):
            guard let shape = types[name] else { return "\(path): unknown type \(name)" }
            return mismatch(value, shape, named: name, at: path)
        case (.inline(let shape), _):
            return mismatch(value, shape, named: "an inline type", at: path)
        }
    }

    private func mismatch(_ value: JSONValue, _ shape: Shape, named name: String, at path: String) -> String? {
        switch shape {
        case .enumeration(let cases):
            guard case .string(let s) = value, cases.contains(s) else { return "\(path) is not one of \(name): \(value)" }
            return nil
        case .structure(let fields):
            return mismatch(value, fields, at: path)
        }
    }
}

// MARK: - Random parameters

/// A string parameter: plausible words, or text to trip over.
private func randomText(_ r: inout SeededRandom) -> String {
    let pools: [[String]] = [
        ["franklin", "murakami", "angelou", "tim-cook", "kant", "Haruki", "ben", "o", "stephen-king", "My Morning", "custom"],
        ["1", "2", "3", "0", "-1", "20", "21", "99999999999999999999", "1.5", " 2", "run", "Wake", "w", "Ü", ""],
        ["today", "yesterday", "tomorrow", "TODAY", "2026-03-02", "2026-02-29", "2026-02-30", "0000-01-01", "9999-12-31",
         "2026-3-2", "02-03-2026", "+202-01-01", "2026-03-02T00:00", "１２３４-01-01"],
        ["6:45am", "06:45", "6am", "12:00 pm", "23:55", "23:57", "24:00", "00:00", "6:45 PM", "7", "noon", "-1:00", "99:99"],
        ["en_US.UTF-8", "de_DE", "C", "POSIX", "ar_EG@calendar=islamic", "zz_ZZ", "", "en_US.", "@", "."],
    ]
    switch r.below(10) {
    case 0:
        // Unicode, control characters and lengths around the limits.
        let alphabet: [String] = ["a", "Z", " ", "é", "✓", "🌅", "\u{0}", "\n", "\t", "\u{202E}", "\u{FEFF}", "\"", "\\", "#"]
        return (0..<r.pick([0, 1, 19, 20, 21, 70, 71, 200])).map { _ in r.pick(alphabet) }.joined()
    case 1:
        return String(repeating: r.pick(["x", "é", "🌅"]), count: r.pick([100, 1000, 5000]))
    default:
        return r.pick(r.pick(pools))
    }
}

private func randomInt(_ r: inout SeededRandom) -> Int {
    r.pick([0, 1, -1, 2, 5, 12, 13, 20, 21, -52, 1000, 100_000, Int(Int32.max), Int(Int32.min),
            Int.max, Int.min, Int.max / 7, Int.min / 7 - 1, Int.random(in: -1_000...1_000, using: &r)])
}

private func randomRoutineFile(_ r: inout SeededRandom) -> String {
    var lines: [String] = []
    if r.chance(0.8) { lines.append(r.chance(0.8) ? "Fuzzy Morning" : randomText(&r)) }
    for _ in 0..<r.pick([0, 1, 3, 20, 21]) {
        switch r.below(5) {
        case 0: lines.append("# \(randomText(&r))")
        case 1: lines.append(randomText(&r))
        case 2: lines.append("")
        default: lines.append("\(r.pick(["6:00", "06:05", "7am", "23:55", "6:03"])) \(r.pick(["Run", "Read", "", randomText(&r)]))")
        }
    }
    return lines.joined(separator: r.pick(["\n", "\r\n", "\n\n"]))
}

private func randomTasks(_ r: inout SeededRandom) -> [Morning.TaskTime] {
    (0..<r.pick([0, 1, 2, 5, 20, 21])).map { _ in
        Morning.TaskTime(time: r.chance(0.7) ? r.pick(["06:00", "6:30am", "07:15", "23:55"]) : randomText(&r),
                         title: r.chance(0.7) ? r.pick(["Run", "Coffee", "Read"]) : randomText(&r))
    }
}

/// A random value of any JSON type, for parameters given the wrong type.
private func randomJunk(_ r: inout SeededRandom) -> JSONValue {
    r.pick([.null, .bool(true), .double(1.5), .int(-7), .array([]), .object([.init(key: "x", value: .int(1))]), .string("junk"),
            .array([.int(1), .string("a")]), .double(1e300)])
}

extension JSONValue {
    /// The object with the member `key` set to `value`, added when it has none.
    fileprivate func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let at = members.firstIndex(where: { $0.key == key }) {
            members[at].value = value
        } else {
            members.append(.init(key: key, value: value))
        }
        return .object(members)
    }
}

@Suite("Fuzzing request dispatch against the real engine and store (hostile input)")
struct DispatchFuzzTests {
    let logger = Logger(label: "dispatch-fuzz")
    fileprivate let model = InterfaceModel([Morning.interfaceDescription, VarlinkService.interfaceDescription])

    /// Parameters for `method`: mostly of the declared types and plausible, sometimes not.
    /// They are JSON values rather than the binding's parameter structs, which could not
    /// hold a value of the wrong type, a field no method declares, or a broken document.
    private func parameters(for method: String, export: JSONValue?, _ r: inout SeededRandom) -> JSONValue {
        guard let input = model.methods[method]?.input else {
            return r.chance(0.5) ? .object([]) : .object([.init(key: "x", value: randomJunk(&r))])
        }
        var p: [JSONValue.Member] = []
        for field in input {
            let name = field.name
            var required = true
            var base = field.type
            if case .optional(let inner) = field.type { required = false; base = inner }
            if !required, r.chance(0.3) { continue }
            if r.chance(0.08) { p.append(.init(key: name, value: randomJunk(&r))); continue }   // the wrong type
            let value: JSONValue
            switch (name, base) {
            case (_, .bool): value = .bool(r.chance(0.5))
            case ("months", .int): value = .int(r.chance(0.8) ? Int.random(in: 0...13, using: &r) : randomInt(&r))
            case ("offset", .int): value = .int(r.chance(0.7) ? Int.random(in: -60...60, using: &r) : randomInt(&r))
            case (_, .int): value = .int(r.chance(0.6) ? Int.random(in: -1...22, using: &r) : randomInt(&r))
            case ("text", .string): value = .string(randomRoutineFile(&r))
            case ("interface", .string):
                value = .string(r.pick([Morning.interfaceName, VarlinkService.interfaceName, "org.example.None", "", randomText(&r)]))
            case ("tasks", .array): value = .array(randomTasks(&r).map(\.json))
            case ("document", _): value = Self.document(from: export, &r)
            default: value = .string(randomText(&r))
            }
            p.append(.init(key: name, value: value))
        }
        if r.chance(0.1) { p.append(.init(key: "unknownField", value: randomJunk(&r))) }
        return .object(p)
    }

    /// An export document: the last one the engine gave, or a made-up one, then damaged a little.
    private static func document(from export: JSONValue?, _ r: inout SeededRandom) -> JSONValue {
        var document = export ?? Morning.ExportDocument(format: "better-morning-export", version: 1, exportedOn: "2026-03-02", routines: [
            Morning.ExportRoutine(id: "fuzz", name: "Fuzz", type: .custom, active: true, createdDate: "2026-02-20", startDate: "2026-02-21",
                                  tasks: [Morning.TaskTime(time: "06:00", title: "Run"), Morning.TaskTime(time: "07:00", title: "Tea")],
                                  days: [Morning.ExportDay(date: "2026-02-21", done: [1]), Morning.ExportDay(date: "2026-02-22", done: [])],
                                  open: []),
        ]).json
        switch r.below(8) {
        case 0: document = document.setting("version", to: .int(r.pick([0, 2, Int.max, -1])))
        case 1: document = document.setting("format", to: .string(randomText(&r)))
        case 2: document = document.setting("exportedOn", to: .string(randomText(&r)))
        case 3:
            if case .array(var routines)? = document["routines"], !routines.isEmpty {
                let i = r.below(routines.count)
                let key = r.pick(["id", "name", "type", "createdDate", "startDate", "tasks", "days", "open", "active"])
                let day = Morning.ExportDay(date: randomText(&r), done: [randomInt(&r)]).json
                let task = Morning.TaskTime(time: randomText(&r), title: randomText(&r)).json
                routines[i] = routines[i].setting(key, to: r.pick([.string(randomText(&r)), randomJunk(&r), .array([day]), .array([task])]))
                document = document.setting("routines", to: .array(routines))
            }
        case 4:
            if case .array(let routines)? = document["routines"] { document = document.setting("routines", to: .array(routines + routines)) }
        default: break
        }
        return document
    }

    @Test("Regression found by fuzzing: Week with an offset of Int.max weeks is refused, not a crash")
    func weekOffsetOverflow() async throws {
        let clock = TestClock("2026-03-02T06:30:00Z", zone: "Europe/Berlin")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))
        for offset in [Int.max, Int.min, Int.max / 7 + 1, 10_001] {
            let refusal = try await engine.answer(Morning.Call.week(routine: "franklin", offset: offset)).refusal
            #expect(refusal == .varlink(.invalidParameter(parameter: "offset")), "\(offset): \(String(describing: refusal))")
        }
        let far = try await engine.answer(Morning.Call.week(routine: "franklin", offset: -10_000))
        #expect((try? far.get())?.weekStart == "1834-07-07", "\(far)")
        #expect(try await engine.answer(Morning.Call.status()).refusal == nil)
    }

    @Test("Random calls of every method: each reply is one the interface declares, and the state stays whole")
    func randomCalls() async throws {
        var r = SeededRandom(seed: FuzzRun.seed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-dispatch-fuzz-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bmd.sqlite").path
        let clock = TestClock("2026-03-02T06:30:00Z", zone: r.pick(["Europe/Berlin", "America/New_York", "Pacific/Kiritimati", "UTC"]))
        var instant = ISO8601DateFormatter().date(from: "2026-03-02T06:30:00Z")!
        let store = try Store(path: path)
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)

        let methods = Morning.Method.allCases.map(\.rawValue) + [
            "org.varlink.service.GetInfo", "org.varlink.service.GetInterfaceDescription",
            "org.bettermorning.Morning.Nothing", "org.bettermorning.Morning.status", "org.varlink.service.Nothing",
            "org.example.Other.Status", "Status", "", ".", "org.bettermorning.Morning.", "org.bettermorning.Morning.Status.Extra",
        ]
        let errorNames = Set(model.errors.keys)
        var export: JSONValue?
        var replies = 0
        var errors: [String: Int] = [:]
        var failures = 0
        let calls = 1500 * FuzzRun.scale
        for n in 0..<calls where failures < 5 {
            // Now and then time passes: days end and are finalized under the calls.
            if r.chance(0.05) {
                instant += TimeInterval(r.pick([300, 3600, 6 * 3600, 86_400, 3 * 86_400]))
                clock.set(ISO8601DateFormatter().string(from: instant))
            }
            let method = r.chance(0.95) ? r.pick(Array(methods.prefix(Morning.Method.allCases.count + 2))) : r.pick(methods)
            // Status with more is the follow stream, served by ControlServer, not a one-shot reply.
            let more = method != Morning.Method.status.rawValue && r.chance(0.05)
            var members: [JSONValue.Member] = [.init(key: "method", value: .string(method))]
            if r.chance(0.97) { members.append(.init(key: "parameters", value: parameters(for: method, export: export, &r))) }
            if more { members.append(.init(key: "more", value: .bool(true))) }
            let object = JSONValue.object(members)
            let frame = object.text()
            let context = "call \(n): \(String(decoding: frame.prefix(400), as: UTF8.self)) \(FuzzRun.tag)"
            func fail(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
                failures += 1
                Issue.record(Comment(rawValue: "\(message); \(context)"), sourceLocation: sourceLocation)
            }

            let call = try VarlinkCall(frame: frame)
            guard let reply = await engine.respond(to: call) else {
                fail("no reply")
                continue
            }
            guard reply.last == 0, reply.dropLast().firstIndex(of: 0) == nil,
                  let message = try? JSONValue.parse(reply.dropLast()), case .object = message else {
                fail("not one JSON object ended by NUL: \(String(decoding: reply, as: UTF8.self))")
                continue
            }
            let parameters = message["parameters"] ?? .object([])
            if let error = message["error"] {
                guard case .string(let name) = error else {
                    fail("an error name that is not a string: \(error)")
                    continue
                }
                errors[name, default: 0] += 1
                guard errorNames.contains(name), let fields = model.errors[name] else {
                    fail("error \(name) is not declared")
                    continue
                }
                if let problem = model.mismatch(parameters, fields, at: "error") { fail("\(name): \(problem)") }
                /// A string member of the error's parameters.
                func about(_ key: String) -> String? {
                    if case .string(let s)? = parameters[key] { return s }
                    return nil
                }
                switch name {
                case "org.bettermorning.Morning.StorageFailed":
                    // Nothing fails underneath here: an unforeseen error leaked out as StorageFailed.
                    fail("StorageFailed: \(about("reason") ?? "")")
                case "org.varlink.service.InvalidParameter":
                    let declared = Set(model.methods[method]?.input.map(\.name) ?? [])
                    let named = about("parameter") ?? ""
                    if !(declared.contains(named) || named == "parameters") { fail("InvalidParameter names \(named)") }
                case "org.varlink.service.InterfaceNotFound" where method == "org.varlink.service.GetInterfaceDescription":
                    // Asked to describe an interface bmd does not serve.
                    var asked: String?
                    if case .string(let s)? = object["parameters"]?["interface"] { asked = s }
                    if asked == nil || about("interface") != asked
                        || asked == Morning.interfaceName || asked == VarlinkService.interfaceName {
                        fail("InterfaceNotFound names \(String(reflecting: about("interface"))) for \(String(reflecting: asked))")
                    }
                case "org.varlink.service.MethodNotFound", "org.varlink.service.InterfaceNotFound":
                    if model.methods[method] != nil { fail("\(name) for a declared method") }
                default:
                    if model.methods[method] == nil { fail("\(name) for an undeclared method") }
                }
            } else {
                replies += 1
                guard let output = model.methods[method]?.output else {
                    fail("a reply to an undeclared method")
                    continue
                }
                if message["continues"] != nil { fail("continues on a one-shot reply") }
                if let problem = model.mismatch(parameters, output, at: "reply") { fail(problem) }
                if method == Morning.Method.export.rawValue {
                    export = parameters["document"]
                }
            }
        }
        // The generator reaches both sides: answers and refusals of many kinds.
        #expect(replies > calls / 5 && errors.count >= 10, "\(replies) replies, errors \(errors); \(FuzzRun.tag)")

        // Afterwards: Status answers, the file is sound and holds what the engine holds.
        let status = try await engine.reply(Morning.Call.status())
        #expect(status.error == nil, "\(String(describing: status.error)); \(FuzzRun.tag)")
        if let problem = model.mismatch(status.parameters, model.methods[Morning.Method.status.rawValue]!.output, at: "status") {
            Issue.record("\(problem); \(FuzzRun.tag)")
        }
        let integrity = try await store.queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == ["ok"], "\(FuzzRun.tag)")
        let foreignKeys = try store.queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        #expect(foreignKeys.isEmpty, "\(foreignKeys); \(FuzzRun.tag)")
        let reopened = try Store(path: path).loadBook()
        #expect(reopened == engine.snapshot, "the file holds another book than the engine; \(FuzzRun.tag)")
    }
}
