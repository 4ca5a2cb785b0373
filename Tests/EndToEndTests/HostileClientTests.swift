import Foundation
import MorningProtocol
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

// A hostile client against the real bmd: random and damaged frames over several
// connections, some dropped mid-frame. bmd must answer each frame with a reply or error
// of its interfaces (or, for a frame that is no call at all, an error and a hang-up), keep
// serving, and not grow. BM_FUZZ_SEED=<seed> replays a run.

// Hardening of rule F6.
@Suite("End to end: a hostile client")
struct HostileClientTests {
    /// Frames the hostile phase sends, and how much bmd's resident memory may grow over it.
    static let frames = 2000
    static let growthLimitKiB = 8 * 1024

    /// Every error name bmd's two interfaces declare.
    static let declaredErrors: Set<String> = {
        var names = Set<String>()
        for (interface, text) in [(Morning.interfaceName, Morning.interfaceDescription), (VarlinkService.interfaceName, VarlinkService.interfaceDescription)] {
            for line in text.split(separator: "\n") where line.hasPrefix("error ") {
                let name = line.dropFirst("error ".count).prefix { $0.isLetter || $0.isNumber }
                names.insert("\(interface).\(name)")
            }
        }
        return names
    }()

    /// bmd's resident memory, from /proc.
    static func residentKiB(_ pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// A call of the interface with plausible or odd parameters.
    fileprivate static func randomCall(_ r: inout SeededRandom) -> [UInt8] {
        let text = ["franklin", "murakami", "1", "2", "run", "today", "yesterday", "2026-03-01", "2026-02-30", "",
                    "6:45am", "25:00", "en_US.UTF-8", "zz_ZZ@x", "é✓🌅", String(repeating: "x", count: 71)]
        let calls: [(String, [String: Any])] = [
            ("Status", [:]), ("Explore", ["name": r.pick(text)]), ("Activate", ["routine": r.pick(text)]),
            ("Restart", ["routine": r.pick(text)]), ("Delete", ["routine": r.pick(text)]), ("Reset", [:]),
            ("Day", ["date": r.pick(text)]), ("Check", ["task": r.pick(text)]), ("Uncheck", ["task": r.pick(text), "date": r.pick(text)]),
            ("SetNotifications", ["enabled": r.chance(0.5)]), ("Welcome", ["take": r.chance(0.5)]), ("Reload", [:]),
            ("Week", ["routine": r.pick(text), "offset": r.pick([0, -1, 3, Int.max, Int.min]), "locale": r.pick(text)]),
            ("Data", ["locale": r.pick(text)]), ("Stats", ["routine": r.pick(text)]),
            ("History", ["months": r.pick([0, 1, 6, 12, 13, -1]), "locale": r.pick(text)]), ("Export", [:]),
            ("Import", ["replace": r.chance(0.5), "document": ["format": "better-morning-export", "version": 1,
                                                               "exportedOn": "2026-03-02", "routines": [Any]()]]),
            ("DraftShow", [:]), ("DraftTitle", ["title": r.pick(text)]), ("DraftAdd", ["time": r.pick(text), "title": r.pick(text)]),
            ("DraftRemove", ["position": r.pick([1, 0, 21, Int.max])]), ("DraftSave", [:]), ("DraftDiscard", [:]),
            ("Create", ["title": r.pick(text), "tasks": [["time": r.pick(text), "title": r.pick(text)]]]),
            ("CreateFromFile", ["text": "Fuzz\n\(r.pick(text)) \(r.pick(text))\n"]),
            ("Nothing", [:]),
        ]
        let (name, parameters) = r.pick(calls)
        var object: [String: Any] = ["method": (r.chance(0.95) ? "org.bettermorning.Morning." : "org.example.X.") + name,
                                     "parameters": parameters]
        if r.chance(0.03) { object["more"] = true }
        return [UInt8](try! JSONSerialization.data(withJSONObject: object))
    }

    /// A frame damaged the way a broken client might: bits flipped, cut short, NULs and
    /// bytes that are not UTF-8 put in, or nothing like JSON at all.
    fileprivate static func damaged(_ frame: [UInt8], _ r: inout SeededRandom) -> [UInt8] {
        var bytes = frame
        for _ in 0...r.below(3) {
            switch r.below(7) {
            case 0 where !bytes.isEmpty: bytes[r.below(bytes.count)] ^= UInt8(1 << r.below(8))
            case 1: bytes = Array(bytes.prefix(r.below(bytes.count + 1)))
            case 2: bytes.insert(0, at: r.below(bytes.count + 1))
            case 3: bytes.insert(contentsOf: r.pick([[0xFF], [0xED, 0xA0, 0x80], [0xC3]]), at: r.below(bytes.count + 1))
            case 4: bytes.insert(contentsOf: Array(r.pick(["[", "{", "\"", "\\u", "1e999", "]]]"]).utf8), at: r.below(bytes.count + 1))
            case 5: bytes = r.bytes(r.below(64))
            default: bytes.insert(contentsOf: Array(String(repeating: "[", count: r.pick([600, 5000])).utf8), at: r.below(bytes.count + 1))
            }
        }
        return bytes
    }

    @Test("Random and damaged frames over many connections: every answer is declared, bmd serves on and does not grow")
    func hostileClient() throws {
        var r = SeededRandom(seed: FuzzRun.seed)
        let box = try Sandbox(time: "2026-03-02 06:30:00")
        let daemon = try box.startDaemon()
        #expect(try box.bmctl("activate", "franklin").status == 0)

        // Warm up with the same kinds of calls, so that what is measured is growth, not first use.
        let warm = try VarlinkClient(path: box.socketPath)
        for _ in 0..<300 {
            box.drainStatus()
            warm.send(Self.randomCall(&r) + [0])
            let reply = try warm.receive()
            if reply["continues"] as? Bool == true { break }
        }
        let before = try Self.residentKiB(daemon.pid)

        var clients: [VarlinkClient?] = Array(repeating: nil, count: 4)
        var sentinel = 0
        var answered = 0, refused = 0, dropped = 0, followed = 0, hangups = 0
        var failures = 0
        for n in 0..<Self.frames where failures < 5 {
            // bmd tells its service manager about each change; read those as systemd would,
            // or bmd waits on a full notify queue.
            box.drainStatus()
            let slot = r.below(clients.count)
            let client = try clients[slot] ?? VarlinkClient(path: box.socketPath)
            clients[slot] = client
            var frame = Self.randomCall(&r)
            if r.chance(0.4) { frame = Self.damaged(frame, &r) }
            if r.chance(0.01) {
                // Nearly as large as a frame may be, or larger.
                frame += Array(repeating: UInt8(ascii: " "), count: r.pick([60_000, 70_000]))
            }
            let context = "frame \(n): \(String(decoding: frame.prefix(300), as: UTF8.self)) \(FuzzRun.tag)"
            func fail(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
                failures += 1
                Issue.record(Comment(rawValue: "\(message); \(context)"), sourceLocation: sourceLocation)
            }

            if r.chance(0.05) {
                // Hang up in the middle of the frame.
                client.send(Array(frame.prefix(r.below(frame.count + 1))))
                clients[slot] = nil
                dropped += 1
                continue
            }
            // The frame, then a call whose answer is known and unique: everything read before
            // that answer belongs to the frame.
            sentinel += 1
            let mark = "org.example.sentinel\(sentinel)"
            client.send(frame + [0] + VarlinkService.Call.getInterfaceDescription(interface: mark).call.frame)
            var sawInvalid = false
            while true {
                let reply: [String: Any]
                do {
                    reply = try client.receive()
                } catch {
                    // bmd hangs up only after saying the frame was not a call (or too large).
                    if !sawInvalid { fail("the connection ended with no InvalidParameter first: \(error)") }
                    clients[slot] = nil
                    hangups += 1
                    break
                }
                let parameters = reply["parameters"] as? [String: Any]
                if parameters == nil { fail("no parameters object: \(reply)") }
                if let error = reply["error"] as? String {
                    if error == "org.varlink.service.InterfaceNotFound", parameters?["interface"] as? String == mark { break }
                    if !Self.declaredErrors.contains(error) { fail("undeclared error \(error)") }
                    if error == "org.bettermorning.Morning.StorageFailed" { fail("StorageFailed: \(reply)") }
                    if error == "org.varlink.service.InvalidParameter" { sawInvalid = true }
                    refused += 1
                } else if reply["continues"] as? Bool == true {
                    // A status follower: it would never end; leave it.
                    clients[slot] = nil
                    followed += 1
                    break
                } else {
                    answered += 1
                }
            }
        }
        clients.removeAll()
        if failures > 0 { print("HostileClientTests: bmd log:\n\(box.daemonLog.suffix(4000))") }

        // bmd is still there and answers as before.
        #expect(kill(daemon.pid, 0) == 0, "bmd is gone; \(FuzzRun.tag); log: \(box.daemonLog)")
        let status = try box.bmctl("status", "--json")
        #expect(status.status == 0, "\(status); \(FuzzRun.tag)")
        #expect(try status.object["phase"] is String, "\(status.stdout)")
        let after = try Self.residentKiB(daemon.pid)
        #expect(after - before < Self.growthLimitKiB, "VmRSS grew from \(before) to \(after) KiB; \(FuzzRun.tag)")
        #expect(answered > 100 && refused > 100 && hangups > 50,
                "answered \(answered), refused \(refused), hang-ups \(hangups), dropped \(dropped), followed \(followed); \(FuzzRun.tag)")
        print("HostileClientTests: \(Self.frames) frames, answered \(answered), refused \(refused), hang-ups \(hangups), "
              + "dropped mid-frame \(dropped), follows \(followed), VmRSS \(before) → \(after) KiB, \(FuzzRun.tag)")
        try box.stopDaemon()
    }
}
