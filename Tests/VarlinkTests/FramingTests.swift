import Foundation
import Testing
import Varlink

// Rules F6.
@Suite("Varlink framing and messages")
struct FramingTests {
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
        let method = Notes.Method.import.rawValue
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
        let method = Notes.Method.import.rawValue
        let padding = String(repeating: " ", count: 200)
        let calls = [
            #"{"method":"\#(method)","parameters":{"x":"\#(padding)"}}"#,
            #"{ "method" : "\#(method)" , "parameters" : { "x" : "\#(padding)" } }"#,
            "{\n\t\"method\":\n\"\(method)\",\"parameters\":{\"x\":\"\(padding)\"}}",
            #"{"more":false,"oneway":false,"method":"\#(method)","parameters":{"x":"\#(padding)"}}"#,
            #"{"\u006dethod":"org.example.notes.Import","parameters":{"x":"\#(padding)"}}"#,
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
        let call = try VarlinkCall(frame: Array(#"{"method":"org.example.notes.Mark","parameters":{"line":"2"},"more":true}"#.utf8))
        #expect(call.method == "org.example.notes.Mark" && call.more && !call.oneway)
        #expect(call.interface == "org.example.notes")
        #expect(try call.parameters(Notes.MarkParameters.self) == Notes.MarkParameters(line: "2"))
        let bare = try VarlinkCall(frame: Array(#"{"method":"org.example.notes.Find"}"#.utf8))
        #expect(try bare.parameters(Notes.FindParameters.self) == Notes.FindParameters())
    }

    @Test("A wrong or missing parameter is named (InvalidParameter); garbage is not a call")
    func badCalls() throws {
        let wrong = try VarlinkCall(frame: Array(#"{"method":"x.Y","parameters":{"line":3}}"#.utf8))
        #expect(throws: VarlinkService.Error.invalidParameter(parameter: "line")) { _ = try wrong.parameters(Notes.MarkParameters.self) }
        let missing = try VarlinkCall(frame: Array(#"{"method":"x.Y","parameters":{}}"#.utf8))
        #expect(throws: VarlinkService.Error.invalidParameter(parameter: "enabled")) {
            _ = try missing.parameters(Notes.RingParameters.self)
        }
        for garbage in ["", "[]", "{\"parameters\":{}}", "{\"method\":3}", "not json"] {
            #expect(throws: VarlinkCall.Malformed.self, "\(garbage)") { _ = try VarlinkCall(frame: Array(garbage.utf8)) }
        }
    }

    @Test("Replies and errors are NUL-ended objects; continues only when set")
    func replies() throws {
        let reply = VarlinkReply(parameters: Notes.RingReply(bell: .init(enabled: true, sound: true, available: false)).json).frame
        #expect(reply.last == 0)
        let text = String(decoding: reply.dropLast(), as: UTF8.self)
        #expect(text == #"{"parameters":{"bell":{"available":false,"enabled":true,"reason":null,"sound":true}}}"#)
        let more = String(decoding: VarlinkReply(parameters: VarlinkEmpty().json, continues: true).frame.dropLast(), as: UTF8.self)
        #expect(more == #"{"continues":true,"parameters":{}}"#)
        let error = try VarlinkReply(frame: Array(Notes.Error.noPage.frame.dropLast()))
        #expect(error.error == "org.example.notes.NoPage")
    }
}
