import Logging
@testable import MorningDaemon
import MorningProtocol
import Testing

extension Engine {
    /// The reply frame bmd would send to `call` (nil for a oneway call), as its connections answer it.
    func respond(to call: VarlinkCall) async -> [UInt8]? {
        let reply = ConnectionHandler.respond(to: call, with: ControlServer.varlinkServer(self), logger: logger)
        return call.oneway ? nil : reply
    }

    /// bmd's reply to `request` as a client reads it off the socket: the call is written by
    /// the binding and must fit the frame limits bmd's connections keep (Import's larger
    /// one included); the reply is read as JSON, nulls and all.
    func reply<Reply>(_ request: VarlinkRequest<Reply>) async throws -> VarlinkReply {
        var frames = FrameSplitter(limit: ControlServer.frameLimit, largeLimits: ControlServer.largeFrameLimits)
        frames.append(request.call.frame)
        let frame = try #require(try frames.next(), "\(request.call.method) is larger than bmd takes")
        let bytes = try #require(await respond(to: try VarlinkCall(frame: frame)))
        return try VarlinkReply(frame: Array(bytes.dropLast()))
    }

    /// What bmd answers `request`: the reply its method declares, or the error it sent instead.
    func answer<Reply: JSONCodable>(_ request: VarlinkRequest<Reply>) async throws -> Result<Reply, ErrorReply> {
        let reply = try await reply(request)
        guard let name = reply.error else { return .success(try reply.parameters(Reply.self)) }
        return .failure(try ErrorReply(name: name, parameters: reply.parameters))
    }

    /// The reply to `request`; a refusal is thrown, failing the test that expected a reply.
    func call<Reply: JSONCodable>(_ request: VarlinkRequest<Reply>) async throws -> Reply {
        try await answer(request).get()
    }
}

/// An error bmd sent instead of a reply, read as the interface that declares it.
enum ErrorReply: Error, Hashable {
    case morning(Morning.Error)
    case varlink(VarlinkService.Error)

    /// An error name neither interface declares.
    struct Undeclared: Error {
        var name: String
    }

    init(name: String, parameters: JSONValue) throws {
        if let error = try Morning.Error(name: name, parameters: parameters) {
            self = .morning(error)
        } else if let error = try VarlinkService.Error(name: name, parameters: parameters) {
            self = .varlink(error)
        } else {
            throw Undeclared(name: name)
        }
    }

    /// The error's qualified name, as the reply carries it.
    var name: String {
        switch self {
        case .morning(let error): error.varlinkName
        case .varlink(let error): error.varlinkName
        }
    }
}

extension Result where Failure == ErrorReply {
    /// The error bmd sent; nil when it replied.
    var refusal: ErrorReply? {
        if case .failure(let refusal) = self { return refusal }
        return nil
    }
}

extension Engine {
    /// What Export answers now, as a client reads it.
    func exportDocument() async throws -> Morning.ExportDocument {
        try await call(Morning.Call.export()).document
    }
}
