import Foundation
@testable import MorningProtocol
import Testing

// Rules F6.
@Suite("Varlink framing and messages")
struct VarlinkTests {
    @Test("Frames split on NUL, across chunk boundaries and several to a chunk")
    func splitting() throws {
        var s = FrameSplitter()
        s.append(Array("{\"a\":1}".utf8) + [0] + Array("{\"b\"".utf8))
        #expect(try s.next() == Array("{\"a\":1}".utf8))
        #expect(try s.next() == nil)
        s.append(Array(":2}".utf8) + [0] + Array("{}".utf8) + [0])
        #expect(try s.next() == Array("{\"b\":2}".utf8))
        #expect(try s.next() == Array("{}".utf8))
        #expect(try s.next() == nil)
        #expect(s.pending == 0)
    }

    @Test("A frame longer than the limit is refused, whole or still arriving")
    func limit() throws {
        var whole = FrameSplitter(limit: 8)
        whole.append(Array(repeating: UInt8(ascii: "x"), count: 9) + [0])
        #expect(throws: FrameSplitter.FrameTooLarge.self) { _ = try whole.next() }
        var arriving = FrameSplitter(limit: 8)
        arriving.append(Array(repeating: UInt8(ascii: "x"), count: 9))
        #expect(throws: FrameSplitter.FrameTooLarge.self) { _ = try arriving.next() }
    }

    @Test("One method's frames, known by the method they name, may be larger; no other")
    func largeFrames() throws {
        let prefix = Array(#"{"method":"big""#.utf8)
        var big = FrameSplitter(limit: 8, largeLimits: ["big": 64])
        big.append(prefix + Array(repeating: UInt8(ascii: " "), count: 30) + [0])
        #expect(try big.next()?.count == prefix.count + 30)
        var small = FrameSplitter(limit: 8, largeLimits: ["big": 64])
        small.append(Array(#"{"method":"other","x":1}"#.utf8) + [0])
        #expect(throws: FrameSplitter.FrameTooLarge.self) { _ = try small.next() }
        var tooBig = FrameSplitter(limit: 8, largeLimits: ["big": 64])
        tooBig.append(prefix + Array(repeating: UInt8(ascii: " "), count: 80))
        #expect(throws: FrameSplitter.FrameTooLarge.self) { _ = try tooBig.next() }
    }

    @Test("A 16 MiB Import arriving 64 KiB at a time is given its room once, not moved at every doubling")
    func largeFrameRoomSetAsideOnce() throws {
        let method = "org.bettermorning.Morning.Import"
        var splitter = FrameSplitter(limit: 1 << 16, largeLimits: [method: 16 << 20])
        let head = Array(#"{"method":"\#(method)","parameters":{"document":""#.utf8)
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 16)
        splitter.append(head)
        #expect(try splitter.next() == nil)
        var rooms: Set<Int> = []
        var sent = head.count
        while splitter.pending + piece.count < 16 << 20 {
            sent += piece.count
            splitter.append(piece)
            #expect(try splitter.next() == nil)
            if splitter.pending > 1 << 16 { rooms.insert(splitter.capacity) }
        }
        // Once past the small limit, the room never changed: no copy of what was received.
        #expect(rooms.count == 1, "\(rooms.sorted())")
        splitter.append(Array(#""}}"#.utf8) + [0])
        let frame = try #require(try splitter.next())
        #expect(frame.count == sent + 3 && splitter.pending == 0 && frame.prefix(head.count).elementsEqual(head))
        #expect(frame.suffix(3).elementsEqual(#""}}"#.utf8))
        // And the room is given back once the frame is out.
        #expect(splitter.capacity < 1 << 20)
    }

    @Test("An Import written with spaces, escapes or other members first gets the same limit as the compact one")
    func largeFramesWhateverTheSpacing() throws {
        let method = "org.bettermorning.Morning.Import"
        let padding = String(repeating: " ", count: 200)
        let calls = [
            #"{"method":"\#(method)","parameters":{"x":"\#(padding)"}}"#,
            #"{ "method" : "\#(method)" , "parameters" : { "x" : "\#(padding)" } }"#,
            "{\n\t\"method\":\n\"\(method)\",\"parameters\":{\"x\":\"\(padding)\"}}",
            #"{"more":false,"oneway":false,"method":"\#(method)","parameters":{"x":"\#(padding)"}}"#,
            #"{"\u006dethod":"org.bettermorning.Morning.Import","parameters":{"x":"\#(padding)"}}"#,
        ]
        for call in calls {
            for chunk in [1, 7, 1000] {
                var splitter = FrameSplitter(limit: 64, largeLimits: [method: 1024])
                let bytes = Array(call.utf8) + [0]
                var frame: [UInt8]?
                for start in stride(from: 0, to: bytes.count, by: chunk) {
                    splitter.append(bytes[start..<min(bytes.count, start + chunk)])
                    if let next = try splitter.next() { frame = next }
                }
                #expect(frame == Array(call.utf8), "\(call) in chunks of \(chunk)")
            }
            // The same frame for another method is over its limit.
            var other = FrameSplitter(limit: 64, largeLimits: [method: 1024])
            other.append(Array(call.replacingOccurrences(of: "Import", with: "Status").utf8) + [0])
            #expect(throws: FrameSplitter.FrameTooLarge(limit: 64)) { _ = try other.next() }
        }
    }

    @Test("A call decodes its method, flags and parameters; missing parameters read as {}")
    func calls() throws {
        let call = try VarlinkCall(frame: Array(#"{"method":"org.bettermorning.Morning.Check","parameters":{"task":"2"},"more":true}"#.utf8))
        #expect(call.method == "org.bettermorning.Morning.Check" && call.more && !call.oneway)
        #expect(call.interface == "org.bettermorning.Morning")
        #expect(try call.parameters(Morning.CheckParameters.self) == Morning.CheckParameters(task: "2"))
        let bare = try VarlinkCall(frame: Array(#"{"method":"org.bettermorning.Morning.Day"}"#.utf8))
        #expect(try bare.parameters(Morning.DayParameters.self) == Morning.DayParameters())
    }

    @Test("A wrong or missing parameter is named (InvalidParameter); garbage is not a call")
    func badCalls() throws {
        let wrong = try VarlinkCall(frame: Array(#"{"method":"x.Y","parameters":{"task":3}}"#.utf8))
        #expect(throws: VarlinkService.Error.invalidParameter(parameter: "task")) { _ = try wrong.parameters(Morning.CheckParameters.self) }
        let missing = try VarlinkCall(frame: Array(#"{"method":"x.Y","parameters":{}}"#.utf8))
        #expect(throws: VarlinkService.Error.invalidParameter(parameter: "enabled")) {
            _ = try missing.parameters(Morning.SetNotificationsParameters.self)
        }
        for garbage in ["", "[]", "{\"parameters\":{}}", "{\"method\":3}", "not json"] {
            #expect(throws: VarlinkCall.Malformed.self, "\(garbage)") { _ = try VarlinkCall(frame: Array(garbage.utf8)) }
        }
    }

    @Test("Replies and errors are NUL-ended objects; continues only when set")
    func replies() throws {
        let reply = VarlinkReply(parameters: Morning.SetNotificationsReply(notifications: .init(enabled: true, sound: true, available: false)).json).frame
        #expect(reply.last == 0)
        let text = String(decoding: reply.dropLast(), as: UTF8.self)
        #expect(text == #"{"parameters":{"notifications":{"available":false,"enabled":true,"reason":null,"sound":true}}}"#)
        let more = String(decoding: VarlinkReply(parameters: VarlinkEmpty().json, continues: true).frame.dropLast(), as: UTF8.self)
        #expect(more == #"{"continues":true,"parameters":{}}"#)
        let error = try VarlinkReply(frame: Array(Morning.Error.noActiveRoutine.frame.dropLast()))
        #expect(error.error == "org.bettermorning.Morning.NoActiveRoutine")
    }

    // Section 10 of the scripting contract.
    @Test("absent optional contract fields are written as null and read back as nil")
    func nulls() throws {
        let status = Morning.StatusReply(phase: .none, state: .none, date: "2026-11-22", routine: nil, today: nil, currentTask: nil,
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

// Rules F6.
@Suite("The interface file")
struct InterfaceTests {
    @Test("The embedded description is the .varlink file, and names every method and error the code uses")
    func description() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MorningProtocol/org.bettermorning.Morning.varlink")
        #expect(Morning.interfaceDescription == (try String(contentsOf: file, encoding: .utf8)))
        #expect(Morning.interfaceDescription.contains("interface org.bettermorning.Morning\n"))
        for method in Morning.Method.allCases {
            let name = method.rawValue.split(separator: ".").last!
            #expect(Morning.interfaceDescription.contains("method \(name)("), "\(name)")
        }
        for error in Morning.Error.names {
            let name = error.split(separator: ".").last!
            #expect(Morning.interfaceDescription.contains("error \(name) ("), "\(name)")
        }
        // Generic clients (the PyPI varlink parser) reject the `any` type and `object`.
        #expect(!Morning.interfaceDescription.contains(": any") && !Morning.interfaceDescription.contains("object"))
    }

    @Test("The socket path: --socket, then BMD_SOCKET, then XDG_RUNTIME_DIR, then the user's folder under /tmp")
    func socketPath() {
        #expect(SocketPath.resolve(option: "/a/s", environment: ["BMD_SOCKET": "/b/s"]) == "/a/s")
        #expect(SocketPath.resolve(option: nil, environment: ["BMD_SOCKET": "/b/s", "XDG_RUNTIME_DIR": "/run/user/1"]) == "/b/s")
        #expect(SocketPath.resolve(option: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1"]) == "/run/user/1/better-morning/bmd.sock")
        #expect(SocketPath.resolve(option: nil, environment: ["XDG_RUNTIME_DIR": "relative"], uid: 7) == "/tmp/better-morning-7/bmd.sock")
        #expect(SocketPath.resolve(option: nil, environment: [:], uid: 0) == "/tmp/better-morning-0/bmd.sock")
        #expect(SocketPath.isInFallbackFolder("/tmp/better-morning-0/bmd.sock", uid: 0))
        #expect(!SocketPath.isInFallbackFolder("/run/user/0/better-morning/bmd.sock", uid: 0))
    }

    @Test("The folder under /tmp is refused when it is a symbolic link, another user's, or open to others")
    func fallbackFolderChecks() throws {
        // F2
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("bm-fallback-\(getpid())").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let me = geteuid()
        // Missing: fine, bmd creates it.
        #expect(SocketPath.fallbackProblem(folder: base + "/none", uid: me) == nil)
        let own = base + "/own"
        #expect(mkdir(own, 0o700) == 0)
        chmod(own, 0o700)
        #expect(SocketPath.fallbackProblem(folder: own, uid: me) == nil)
        // The same folder seen as another user's.
        #expect(SocketPath.fallbackProblem(folder: own, uid: me + 1)?.contains("belongs to user id \(me)") == true)
        let link = base + "/link"
        #expect(symlink(own, link) == 0)
        #expect(SocketPath.fallbackProblem(folder: link, uid: me)?.contains("symbolic link") == true)
        let open = base + "/open"
        #expect(mkdir(open, 0o700) == 0)
        chmod(open, 0o1777)
        #expect(SocketPath.fallbackProblem(folder: open, uid: me)?.contains("mode 1777") == true)
    }
}
