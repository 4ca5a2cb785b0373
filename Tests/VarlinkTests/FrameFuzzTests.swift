import MorningTestSupport
import Testing
import Varlink

// Seeded property tests of the varlink framing and call decoding: random byte streams and
// random mutations of valid calls of the notebook (org.example.notes), built from
// HostileFrames.swift. Each test prints nothing while it passes; a failure names the
// seed and the case, and `BM_FUZZ_SEED=<seed>` replays exactly that run.
// `BM_FUZZ_SCALE=<n>` runs n times as many cases (for a longer hunt by hand).
// The libFuzzer version of the same properties is fuzz/FrameFuzzer.swift (fuzz/build.sh).

@Suite("Fuzzing the varlink framing and call decoding (hostile input)")
struct FrameFuzzTests {
    /// Splits `stream` into frames as the daemon would, given it in `chunks`: the frames it
    /// yields, whether it refused, and the most it held unframed after any chunk.
    private static func split(_ chunks: [[UInt8]], _ splitter: FrameSplitter) -> (frames: [[UInt8]], refused: Bool, pending: Int, peak: Int) {
        var splitter = splitter
        var frames: [[UInt8]] = []
        var peak = 0
        for chunk in chunks {
            splitter.append(chunk)
            do {
                while let frame = try splitter.next() { frames.append(frame) }
            } catch {
                return (frames, true, splitter.pending, peak)
            }
            peak = max(peak, splitter.pending)
        }
        return (frames, false, splitter.pending, peak)
    }

    @Test("Random streams in random chunks: exactly the NUL-ended frames, up to the first one over the limit")
    func splitting() {
        var r = FuzzRun.random(1)
        var t = Failures()
        // The large limit belongs to x.Import however its call is spaced or ordered.
        let prefixes = [#"{"method":"x.Import""#, #"{ "method" : "x.Import""#, "{\n\t\"more\":false,\"method\":\"x.Import\"",
                        #"{"parameters":{},"method":"x.Import""#].map { Array($0.utf8) }
        let cases = 3000 * FuzzRun.scale
        var refusals = 0
        for n in 0..<cases {
            let limit = 64 + r.below(512)
            let large = r.chance(0.5) ? limit * 4 : nil
            // The stream: garbage with NULs, valid calls, and now and then a run longer than the limit.
            var stream: [UInt8] = []
            for _ in 0..<r.below(8) {
                switch r.below(5) {
                case 0: stream += r.bytes(r.below(200))
                case 1: stream += Array(#"{"method":"org.example.notes.Status"}"#.utf8) + [0]
                case 2: stream += r.pick(prefixes) + Array(repeating: UInt8(ascii: " "), count: r.below(limit * 5)) + [0]
                case 3: stream += Array(repeating: UInt8(ascii: "a"), count: limit - 2 + r.below(5)) + (r.chance(0.8) ? [0] : [])
                default: stream += [0]
                }
            }
            var chunks: [[UInt8]] = []
            var at = 0
            while at < stream.count {
                let size = r.chance(0.1) ? stream.count : 1 + r.below(r.pick([1, 8, 64, 700]))
                chunks.append(Array(stream[at..<min(stream.count, at + size)]))
                at += size
            }
            let biggestChunk = chunks.map(\.count).max() ?? 0

            // What should come out: the NUL-ended pieces, stopping at the first one over its limit.
            let pieces = stream.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
            let complete = pieces.dropLast()
            let trailing = pieces.last ?? []
            func allowed(_ piece: [UInt8]) -> Int {
                if let large, prefixes.contains(where: { piece.starts(with: $0) }) { return large }
                return limit
            }
            let firstOver = complete.firstIndex { $0.count > allowed($0) }
            let expected = Array(complete[..<(firstOver ?? complete.endIndex)])
            let mustRefuse = firstOver != nil || trailing.count > allowed(trailing)

            let got = Self.split(chunks, FrameSplitter(limit: limit, largeLimits: large.map { ["x.Import": $0] } ?? [:]))
            let context = "case \(n), limit \(limit), large \(large != nil), \(FuzzRun.tag)"
            if got.refused { refusals += 1 }
            t.check(got.refused == mustRefuse, "\(context)")
            t.check(got.frames == expected, "\(context): \(got.frames.count) frames, expected \(expected.count)")
            if !got.refused {
                t.check(got.pending == trailing.count, "\(context)")
            }
            // Never more held than one frame's limit plus the chunk that arrived last.
            t.check(got.peak <= (large ?? limit), "\(context): held \(got.peak)")
            t.check(got.pending <= (large ?? limit) + biggestChunk, "\(context): held \(got.pending)")
            if t.enough { return }
        }
        // The generator does reach both outcomes.
        #expect(refusals > cases / 10 && refusals < cases * 9 / 10, "\(refusals) of \(cases) refused; \(FuzzRun.tag)")
    }

    @Test("A stream with no NUL is refused once past the limit, however long it runs")
    func endlessFrame() throws {
        var r = FuzzRun.random(2)
        let limit = 1 << 16
        var splitter = FrameSplitter(limit: limit, largeLimits: ["x.Import": 16 << 20])
        var sent = 0
        var refusedAt: Int?
        while refusedAt == nil, sent < 4 * limit {
            let chunk = r.bytes(1 + r.below(4096)).map { $0 == 0 ? 1 : $0 }
            splitter.append(chunk)
            sent += chunk.count
            do { _ = try splitter.next() } catch { refusedAt = sent }
            #expect(splitter.pending <= limit + 4096, "\(FuzzRun.tag)")
        }
        let at = try #require(refusedAt, "never refused; \(FuzzRun.tag)")
        #expect(at > limit && at <= limit + 4096, "refused after \(at) bytes; \(FuzzRun.tag)")
    }

    @Test("Any frame: a call whose head JSON reads the same, or MalformedCall; never a crash")
    func decodingAnything() {
        var r = FuzzRun.random(3)
        var t = Failures()
        var decoded = 0, lenient = 0
        let cases = 4000 * FuzzRun.scale
        for n in 0..<cases {
            let frame: [UInt8]
            if r.chance(0.25) {
                frame = r.bytes(r.below(120)).filter { $0 != 0 }
            } else {
                let signature = r.pick(Signature.all)
                var extra: [(String, RawJSON)] = []
                if r.chance(0.3) { extra.append(("more", r.chance(0.7) ? .bool(r.chance(0.5)) : .string("yes"))) }
                if r.chance(0.3) { extra.append(("oneway", r.chance(0.7) ? .bool(r.chance(0.5)) : .number("1"))) }
                let text = RawJSON.call(signature.method, signature.validParameters(&r), extra: extra).text
                frame = r.chance(0.8) ? mutate(text, &r).filter { $0 != 0 } : text
            }
            let reference = referenceHead(frame)
            let context = "case \(n): \(String(decoding: frame, as: UTF8.self)) \(FuzzRun.tag)"
            do {
                let call = try VarlinkCall(frame: frame)
                decoded += 1
                // What the decoder accepted, a second JSON reader agrees is a call …
                if let reference {
                    t.check(call.method == reference.method && call.more == reference.more && call.oneway == reference.oneway,
                            "\(context)")
                } else {
                    // … or the damage is where the head does not look: JSONDecoder checks strings
                    // and numbers only as it reads them, so a broken escape, a number no type holds
                    // or bytes that are not UTF-8 inside "parameters" pass here and are refused
                    // (InvalidParameter) by the method that reads them. The head must still be whole.
                    let head = RawJSON.object([("method", .string(call.method)), ("more", .bool(call.more)), ("oneway", .bool(call.oneway))])
                    t.check(referenceHead(head.text)?.method == call.method && frame.starts(with: Array(#"{"method":"#.utf8)),
                            "decoded, but is not a call: \(context)")
                    lenient += 1
                }
                // Parameters of every kind either decode or name the parameter at fault.
                for signature in Signature.all {
                    do { _ = try signature.decode(call) } catch let error as VarlinkService.Error {
                        t.check(!(error.parameter ?? "").isEmpty, "\(context)")
                    } catch {
                        t.fail("\(signature.method) threw \(error): \(context)")
                    }
                }
            } catch {
                // Refused: then the other reader does not see a call either.
                t.check(reference == nil, "refused a call: \(context)")
            }
            if t.enough { return }
        }
        #expect(decoded > cases / 10, "only \(decoded) of \(cases) decoded; \(FuzzRun.tag)")
    }

    @Test("A parameter of the wrong type, or missing, is named in InvalidParameter; unknown fields are ignored")
    func wrongParameters() throws {
        var r = FuzzRun.random(4)
        var t = Failures()
        for n in 0..<(3000 * FuzzRun.scale) {
            let signature = r.pick(Signature.all)
            var parameters = signature.fields.filter(\.required).map { ($0.name, $0.kind.valid(&r)) }
            let baseline = try signature.decode(try VarlinkCall(frame: RawJSON.call(signature.method, parameters).text))
            let context = "case \(n), \(signature.method) \(FuzzRun.tag)"
            switch r.below(4) {
            case 0 where !signature.fields.isEmpty:
                // One field of the wrong type.
                let field = r.pick(signature.fields)
                parameters.removeAll { $0.0 == field.name }
                let bad = field.kind.wrong(&r)
                parameters.insert((field.name, bad), at: r.below(parameters.count + 1))
                let frame = RawJSON.call(signature.method, parameters).text
                do {
                    _ = try signature.decode(try VarlinkCall(frame: frame))
                    t.fail("decoded \(String(decoding: frame, as: UTF8.self)): \(context)")
                } catch let error as VarlinkService.Error {
                    t.check(error.parameter == field.name, "\(String(decoding: frame, as: UTF8.self)): \(context)")
                }
            case 1 where signature.fields.contains(where: \.required):
                // A required field missing, or null.
                let field = r.pick(signature.fields.filter(\.required))
                parameters.removeAll { $0.0 == field.name }
                if r.chance(0.5) { parameters.append((field.name, .null)) }
                do {
                    _ = try signature.decode(try VarlinkCall(frame: RawJSON.call(signature.method, parameters).text))
                    t.fail("decoded without \(field.name): \(context)")
                } catch let error as VarlinkService.Error {
                    t.check(error.parameter == field.name, "\(context)")
                }
            case 2:
                // Fields the interface does not know: ignored, the rest reads as before.
                for i in 0..<(1 + r.below(3)) {
                    let value = r.pick([RawJSON.null, .number("1e999"), .array([.object([])]), .string("x"), .rawString([0xFF, 0xFE])])
                    parameters.insert(("unknown\(i)", value), at: r.below(parameters.count + 1))
                }
                let frame = RawJSON.call(signature.method, parameters).text
                do {
                    t.check(try signature.decode(try VarlinkCall(frame: frame)) == baseline, "\(context)")
                } catch let error as VarlinkService.Error {
                    // Only a member that is not JSON at all (bytes that are not UTF-8) is refused, by its name.
                    let broken = parameters.filter { if case .rawString = $0.1 { true } else { false } }.map(\.0)
                    t.check(broken.contains(error.parameter ?? ""), "\(error): \(context)")
                } catch {
                    t.fail("\(error): \(context)")
                }
            default:
                // The parameters themselves not an object.
                let frame = RawJSON.call(signature.method, nil, extra: [("parameters", r.pick([.array([]), .string("x"), .number("1"), .bool(true)]))]).text
                do {
                    _ = try signature.decode(try VarlinkCall(frame: frame))
                    t.fail("decoded parameters that are not an object: \(context)")
                } catch let error as VarlinkService.Error {
                    t.check(error.parameter == "parameters", "\(context)")
                }
            }
            if t.enough { return }
        }
    }

    @Test("Regressions found by fuzzing: the parameter at fault is named")
    func regressions() throws {
        func parameter<P: JSONCodable>(_ frame: String, _ type: P.Type) throws -> String? {
            let call = try VarlinkCall(frame: Array(frame.utf8))
            do {
                _ = try call.parameters(P.self)
                return nil
            } catch {
                return error.parameter ?? "\(error)"
            }
        }
        // JSONDecoder reports these without a coding path; they used to be named "parameters".
        #expect(try parameter(#"{"method":"m.Remove","parameters":{"position":1.5}}"#, Notes.RemoveParameters.self) == "position")
        #expect(try parameter(#"{"method":"m.Count","parameters":{"months":1e400}}"#, Notes.CountParameters.self) == "months")
        #expect(try parameter(#"{"method":"m.Count","parameters":{"months":-9223372036854775809,"locale":"C"}}"#,
                              Notes.CountParameters.self) == "months")
        #expect(try parameter(#"{"method":"m.Mark","parameters":{"line":"1","date":"to\qday"}}"#, Notes.MarkParameters.self) == "date")
        #expect(try parameter(#"{"method":"m.Write","parameters":{"title":"T","lines":[{"time":6.5,"text":"x"}]}}"#,
                              Notes.WriteParameters.self) == "lines")
        // Any Int is read; bounding a number is the service's own business (bmd bounds
        // Week's offset, as MorningDaemonTests check), not the binding's.
        let week = try VarlinkCall(frame: Array(#"{"method":"m.Week","parameters":{"page":"r","date":"today","offset":-3,"locale":"C"}}"#.utf8))
        #expect(try week.parameters(Notes.WeekParameters.self) == Notes.WeekParameters(page: "r", date: "today", offset: -3, locale: "C"))
    }

    @Test("Nesting as deep as a frame allows is refused or read, never a stack overflow")
    func deepNesting() throws {
        for depth in [1, 64, 255, 256, 511, 512, 513, 1024, 10_000, 32_000] {
            for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
                let nested = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                for frame in [#"{"method":"org.example.notes.Status","parameters":{"x":\#(nested)}}"#,
                              #"{"method":"org.example.notes.Write","parameters":{"title":"T","lines":\#(nested)}}"#,
                              nested] where frame.utf8.count <= 1 << 16 {
                    let call = try? VarlinkCall(frame: Array(frame.utf8))
                    if let call {
                        if call.method.hasSuffix("Write") {
                            #expect(throws: VarlinkService.Error.self, "depth \(depth)") {
                                _ = try call.parameters(Notes.WriteParameters.self)
                            }
                        }
                    } else {
                        // Deep is allowed to be refused; shallow is not.
                        #expect(depth > 64 || !frame.hasPrefix(#"{"method""#), "depth \(depth) refused")
                    }
                }
            }
        }
    }
}
