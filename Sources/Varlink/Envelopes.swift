/// A call as read from one frame: `{"method": …, "parameters": {…}, "more"?, "oneway"?}`.
public struct VarlinkCall: Sendable, Equatable {
    /// The qualified method name, `interface.Method`.
    public var method: String
    /// The parameters object; `{}` when the call has none or null.
    public var parameters: JSONValue
    /// The caller asks for several replies (a subscription).
    public var more: Bool
    /// The caller wants no reply.
    public var oneway: Bool

    public init(method: String, parameters: JSONValue = .object([]), more: Bool = false, oneway: Bool = false) {
        self.method = method
        self.parameters = parameters
        self.more = more
        self.oneway = oneway
    }

    /// The interface part of `method`: everything before its last dot.
    public var interface: String {
        guard let dot = method.lastIndex(of: ".") else { return "" }
        return String(method[..<dot])
    }

    /// Why a frame is not a call: not JSON, not an object, no method name, or a flag that is not a bool.
    public struct Malformed: Error, Sendable {}

    /// The first parameter whose value is not JSON at all (a broken escape, bytes that are
    /// not UTF-8): every reading of the parameters names it.
    private var unreadable: String?

    /// The call in `frame`, a frame's bytes without its NUL.
    ///
    /// A frame that is not JSON only inside one parameter's value is still a call, so that
    /// the caller hears which parameter is wrong rather than losing the connection.
    public init(frame: [UInt8]) throws(Malformed) {
        let message: JSONValue
        if let whole = try? JSONValue.parse(frame) {
            message = whole
            unreadable = nil
        } else {
            guard let (readable, broken) = Self.readParameters(frame) else { throw Malformed() }
            message = readable
            unreadable = broken
        }
        guard case .object = message, case .string(let method)? = message["method"] else { throw Malformed() }
        func flag(_ key: String) throws(Malformed) -> Bool {
            switch message[key] {
            case nil, .null?: return false
            case .bool(let b)?: return b
            default: throw Malformed()
            }
        }
        let parameters = message["parameters"] ?? .null
        self.method = method
        self.parameters = parameters == .null ? .object([]) : parameters
        more = try flag("more")
        oneway = try flag("oneway")
    }

    /// A call whose parameters object holds a member that is not JSON: the call with that
    /// member left out, and the member's name. Nil when anything else is broken.
    private static func readParameters(_ frame: [UInt8]) -> (JSONValue, String)? {
        guard let members = FrameHead.members(in: frame[...]) else { return nil }
        var head: [JSONValue.Member] = []
        var unreadable: String?
        for (key, bytes) in members {
            if let value = try? JSONValue.parse(Array(bytes)) {
                head.append(.init(key: key, value: value))
                continue
            }
            guard key == "parameters", let parameters = FrameHead.members(in: bytes) else { return nil }
            var readable: [JSONValue.Member] = []
            for (name, bytes) in parameters {
                if let value = try? JSONValue.parse(Array(bytes)) {
                    readable.append(.init(key: name, value: value))
                } else if unreadable == nil {
                    unreadable = name
                }
            }
            head.append(.init(key: key, value: .object(readable)))
        }
        guard let unreadable else { return nil }
        return (.object(head), unreadable)
    }

    /// The parameters read as `P`. A parameter that is missing or of the wrong type is an
    /// InvalidParameter error naming it; unknown members are ignored.
    public func parameters<P: JSONCodable>(_: P.Type) throws(VarlinkService.Error) -> P {
        if let unreadable { throw .invalidParameter(parameter: unreadable) }
        do {
            return try P(json: JSONFields(parameters))
        } catch let error as DecodingError {
            throw .invalidParameter(parameter: error.firstKey ?? "parameters")
        } catch {
            throw .invalidParameter(parameter: "parameters")
        }
    }

    /// The call as a frame, NUL included.
    public var frame: [UInt8] {
        var members: [JSONValue.Member] = [.init(key: "method", value: .string(method))]
        if more { members.append(.init(key: "more", value: .bool(true))) }
        if oneway { members.append(.init(key: "oneway", value: .bool(true))) }
        members.append(.init(key: "parameters", value: parameters))
        return Varlink.frame(.object(members))
    }
}

/// A call a client makes, with the type its reply is read as: what a generated binding's
/// `Call` functions return.
///
/// `Reply` is not constrained here, only where a reply is read: the runtime checks a
/// generic type's constraints when it first makes the type's metadata, by scanning every
/// protocol conformance in the program, which cost a short-lived client more than the
/// rest of its call.
public struct VarlinkRequest<Reply> {
    public var call: VarlinkCall

    public init(method: String, parameters: JSONValue) {
        call = VarlinkCall(method: method, parameters: parameters)
    }

    /// The same call, asking for a reply each time there is something new.
    public var more: VarlinkRequest {
        var copy = self
        copy.call.more = true
        return copy
    }
}

/// An error a varlink peer can send: its qualified name and its parameters. Each
/// interface's generated `Error` is one, as is org.varlink.service's own.
public protocol VarlinkError: Error {
    var varlinkName: String { get }
    var varlinkParameters: JSONValue { get }
}

extension VarlinkError {
    /// The error reply, NUL included.
    public var frame: [UInt8] {
        Varlink.frame(.object([.init(key: "error", value: .string(varlinkName)), .init(key: "parameters", value: varlinkParameters)]))
    }
}

/// A reply as read from one frame: an error's name, or parameters.
public struct VarlinkReply: Sendable {
    /// The qualified name of the error, when the reply is one.
    public var error: String?
    /// More replies follow (to a call with `more`).
    public var continues: Bool
    /// The parameters object; `{}` when the reply has none.
    public var parameters: JSONValue

    public init(parameters: JSONValue, continues: Bool = false) {
        self.error = nil
        self.continues = continues
        self.parameters = parameters
    }

    /// The reply in `frame` (without its NUL).
    public init(frame: [UInt8]) throws {
        let message = try JSONFields(try JSONValue.parse(frame))
        error = try message.optional("error", JSONRead.string)
        continues = try message.optional("continues", JSONRead.bool) ?? false
        parameters = try message.optional("parameters") { v, _ in v } ?? .object([])
    }

    /// The parameters read as `R`.
    public func parameters<R: JSONCodable>(_: R.Type) throws -> R {
        try R(json: JSONFields(parameters, at: .member("parameters", in: .root)))
    }

    /// The reply as a frame, NUL included.
    public var frame: [UInt8] {
        var members: [JSONValue.Member] = []
        if continues { members.append(.init(key: "continues", value: .bool(true))) }
        if let error { members.append(.init(key: "error", value: .string(error))) }
        members.append(.init(key: "parameters", value: parameters))
        return Varlink.frame(.object(members))
    }
}

/// What the rest of the runtime shares.
public enum Varlink {
    /// `message` as a frame: its JSON text and a NUL.
    public static func frame(_ message: JSONValue) -> [UInt8] {
        var bytes = message.text()
        bytes.append(0)
        return bytes
    }
}

extension DecodingError {
    /// The first member name of the path to the fault: the parameter a call got wrong.
    var firstKey: String? {
        let path: [any CodingKey]
        switch self {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): path = c.codingPath
        @unknown default: path = []
        }
        return path.first { $0.intValue == nil }?.stringValue
    }
}
