/// An interface a server answers: its name, its description, and how it answers a call
/// to one of its methods (the generated binding's `interface(servedBy:)` makes one).
public struct VarlinkInterface: Sendable {
    public let name: String
    public let description: String
    let answer: @Sendable (VarlinkCall) throws -> JSONValue

    public init(name: String, description: String, answer: @escaping @Sendable (VarlinkCall) throws -> JSONValue) {
        self.name = name
        self.description = description
        self.answer = answer
    }
}

/// Answers calls for a set of interfaces, and org.varlink.service's questions about them.
///
/// It works on calls and replies, not on sockets: whoever reads the frames decides which
/// thread runs `reply(to:)`, and what to do with calls that ask for more than one reply.
public struct VarlinkServer: Sendable {
    public let info: VarlinkService.GetInfoReply
    private let interfaces: [String: VarlinkInterface]

    /// A server of `interfaces`, describing itself with the vendor, product, version and url given.
    public init(vendor: String, product: String, version: String, url: String, interfaces: [VarlinkInterface]) {
        self.interfaces = Dictionary(interfaces.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        info = VarlinkService.GetInfoReply(vendor: vendor, product: product, version: version, url: url,
                                           interfaces: [VarlinkService.interfaceName] + interfaces.map(\.name))
    }

    /// The reply to `call`: its parameters, or the error it raised. An error that is not a
    /// varlink error is turned into one by `unexpected` (a server's own "it failed").
    public func reply(to call: VarlinkCall, unexpected: (any Error) -> any VarlinkError) -> [UInt8] {
        Self.frame(of: outcome(of: call), unexpected: unexpected)
    }

    /// What `call` comes to, not yet written as a frame: a server that answers holding a
    /// lock writes the bytes (`frame(of:unexpected:)`) once it has let go of it.
    public func outcome(of call: VarlinkCall) -> Result<JSONValue, any Error> {
        Result { try answer(call) }
    }

    /// The reply frame of an outcome, as `reply(to:unexpected:)` makes it.
    public static func frame(of outcome: Result<JSONValue, any Error>, unexpected: (any Error) -> any VarlinkError) -> [UInt8] {
        switch outcome {
        case .success(let parameters): VarlinkReply(parameters: parameters).frame
        case .failure(let error as any VarlinkError): error.frame
        case .failure(let error): unexpected(error).frame
        }
    }

    /// The reply's parameters for `call`, or the error it throws.
    public func answer(_ call: VarlinkCall) throws -> JSONValue {
        let name = call.interface
        if name == VarlinkService.interfaceName { return try VarlinkService.answer(call, with: self) }
        guard let interface = interfaces[name] else { throw VarlinkService.Error.interfaceNotFound(interface: name) }
        return try interface.answer(call)
    }
}

extension VarlinkServer: VarlinkService.Service {
    public func getInfo() throws -> VarlinkService.GetInfoReply { info }

    public func getInterfaceDescription(_ parameters: VarlinkService.GetInterfaceDescriptionParameters) throws -> VarlinkService.GetInterfaceDescriptionReply {
        if parameters.interface == VarlinkService.interfaceName {
            return .init(description: VarlinkService.interfaceDescription)
        }
        guard let interface = interfaces[parameters.interface] else {
            throw VarlinkService.Error.interfaceNotFound(interface: parameters.interface)
        }
        return .init(description: interface.description)
    }
}
