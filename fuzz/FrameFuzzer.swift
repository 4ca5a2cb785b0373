// libFuzzer entry point for the varlink frame splitter and the call/parameter decoders
// of MorningProtocol. Built outside SwiftPM by build.sh: the fuzzer's link flag would
// break the normal `swift build` if this were a target of Package.swift.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The parameter types the daemon decodes, one decoding attempt per type.
private let decoders: [(Varlink.Call) throws -> Void] = [
    { _ = try $0.parameters(Varlink.InterfaceParameters.self) },
    { _ = try $0.parameters(Morning.ExploreParameters.self) },
    { _ = try $0.parameters(Morning.RoutineParameters.self) },
    { _ = try $0.parameters(Morning.DayParameters.self) },
    { _ = try $0.parameters(Morning.TaskParameters.self) },
    { _ = try $0.parameters(Morning.NotificationsParameters.self) },
    { _ = try $0.parameters(Morning.WelcomeParameters.self) },
    { _ = try $0.parameters(Morning.WeekParameters.self) },
    { _ = try $0.parameters(Morning.DataParameters.self) },
    { _ = try $0.parameters(Morning.StatsParameters.self) },
    { _ = try $0.parameters(Morning.HistoryParameters.self) },
    { _ = try $0.parameters(Morning.ImportParameters.self) },
    { _ = try $0.parameters(Morning.DraftTitleParameters.self) },
    { _ = try $0.parameters(Morning.DraftAddParameters.self) },
    { _ = try $0.parameters(Morning.DraftRemoveParameters.self) },
    { _ = try $0.parameters(Morning.CreateParameters.self) },
    { _ = try $0.parameters(Morning.CreateFromFileParameters.self) },
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte chooses how the input is cut into chunks, as reads off a socket would be.
    let step = Int(bytes.first ?? 1) % 17 + 1
    var splitter = FrameSplitter(limit: 4096, large: (1 << 16, Array(#"{"method":"x.Import""#.utf8)))
    var index = bytes.isEmpty ? 0 : 1
    outer: while index < bytes.count {
        let end = min(bytes.count, index + step)
        splitter.append(bytes[index..<end])
        index = end
        while true {
            let frame: [UInt8]
            do {
                guard let next = try splitter.next() else { break }
                frame = next
            } catch {
                // Refused: the buffer may not have grown past the limit by more than one chunk.
                precondition(splitter.pending <= (1 << 16) + step, "buffer grew to \(splitter.pending)")
                break outer
            }
            precondition(!frame.contains(0) && frame.count <= 1 << 16)
            guard let call = try? Varlink.decodeCall(frame) else { continue }
            for decode in decoders {
                do { try decode(call) } catch let error as Varlink.ParameterError {
                    precondition(!error.parameter.isEmpty)
                } catch {
                    preconditionFailure("parameters threw \(error)")
                }
            }
        }
        precondition(splitter.pending <= (1 << 16) + step, "buffer grew to \(splitter.pending)")
    }
    return 0
}
