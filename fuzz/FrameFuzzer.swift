// libFuzzer entry point for the varlink frame splitter and the parameter readers of
// Morning's generated binding. Built outside SwiftPM by build.sh: the fuzzer's link
// flag would break the normal `swift build` if this were a target of Package.swift.

/// Every parameter type bmd reads, as the binding lists them.
private let parameterTypes: [any JSONCodable.Type] = Morning.messageTypes
    .filter { $0.key.hasSuffix("Parameters") }.sorted { $0.key < $1.key }.map(\.value)

/// Reads the call's parameters as `type`: either a value, or an InvalidParameter error
/// that names what is wrong. Anything else is a bug of the reader.
private func read<P: JSONCodable>(_ call: VarlinkCall, as type: P.Type) {
    do {
        _ = try call.parameters(type)
    } catch {
        guard case .invalidParameter(let parameter) = error else { preconditionFailure("parameters threw \(error)") }
        precondition(!parameter.isEmpty)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte chooses how the input is cut into chunks, as reads off a socket would be.
    let step = Int(bytes.first ?? 1) % 17 + 1
    let large = 1 << 16
    var splitter = FrameSplitter(limit: 4096, largeLimits: [Morning.Method.import.rawValue: large])
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
                precondition(splitter.pending <= large + step, "buffer grew to \(splitter.pending)")
                break outer
            }
            precondition(!frame.contains(0) && frame.count <= large)
            guard let call = try? VarlinkCall(frame: frame) else { continue }
            for type in parameterTypes { read(call, as: type) }
        }
        precondition(splitter.pending <= large + step, "buffer grew to \(splitter.pending)")
    }
    return 0
}
