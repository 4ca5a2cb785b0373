#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Varlink messages: JSON objects, each ended by a NUL byte, over a stream socket.
public enum Varlink {
    public static let serviceInterface = "org.varlink.service"

    /// The interface description of org.varlink.service itself, as GetInterfaceDescription returns it.
    public static let serviceDescription = """
        # The interface every varlink service provides, to describe itself.
        interface org.varlink.service

        # What the service is and which interfaces it provides.
        method GetInfo() -> (
          vendor: string,
          product: string,
          version: string,
          url: string,
          interfaces: []string
        )

        # The description of one of the service's interfaces.
        method GetInterfaceDescription(interface: string) -> (description: string)

        error InterfaceNotFound (interface: string)
        error MethodNotFound (method: string)
        error MethodNotImplemented (method: string)
        error InvalidParameter (parameter: string)
        error PermissionDenied ()
        error ExpectedMore ()

        """

    public struct GetInfoReply: Codable, Sendable, Hashable {
        public var vendor: String
        public var product: String
        public var version: String
        public var url: String
        public var interfaces: [String]
        public init(vendor: String, product: String, version: String, url: String, interfaces: [String]) {
            self.vendor = vendor; self.product = product; self.version = version; self.url = url
            self.interfaces = interfaces
        }
    }

    public struct InterfaceParameters: Codable, Sendable, Hashable {
        public var interface: String
        public init(interface: String) { self.interface = interface }
    }

    public struct DescriptionReply: Codable, Sendable, Hashable {
        public var description: String
        public init(description: String) { self.description = description }
    }

    // MARK: Calls

    /// A decoded call: the method and flags, with the parameters decoded on demand.
    public struct Call: Sendable {
        public var method: String
        public var more: Bool
        public var oneway: Bool
        let message: Data

        /// The interface part of `method` (everything before the last dot).
        public var interface: String {
            guard let dot = method.lastIndex(of: ".") else { return "" }
            return String(method[..<dot])
        }

        /// The parameters as `P`. A missing parameters object decodes like `{}`.
        public func parameters<P: Decodable>(_: P.Type) throws(ParameterError) -> P {
            do {
                if let p = try JSON.decoder.decode(Envelope<P>.self, from: message).parameters { return p }
                return try JSON.decoder.decode(P.self, from: Data("{}".utf8))
            } catch let error as DecodingError {
                throw ParameterError(parameter: error.hasPath ? error.parameterName : unreadableParameter() ?? error.parameterName)
            } catch {
                throw ParameterError(parameter: "parameters")
            }
        }

        /// The parameter whose value no JSON reading takes, when the decoder's error does not
        /// say: JSONDecoder reports a fraction or a number beyond 64 bits where an int belongs,
        /// or a string with a broken escape, with no coding path.
        private func unreadableParameter() -> String? {
            guard let values = try? JSON.decoder.decode(Envelope<[String: Readable]>.self, from: message).parameters else { return nil }
            return values.filter { !$0.value.ok }.keys.sorted().first
        }
    }

    /// Any JSON value, read as a string, bool, int, null, array or object; `ok` is false
    /// when some part of it is none of these.
    private struct Readable: Decodable {
        var ok = true

        init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer() {
                if single.decodeNil() { return }
                if (try? single.decode(String.self)) != nil || (try? single.decode(Bool.self)) != nil
                    || (try? single.decode(Int.self)) != nil { return }
            }
            if var items = try? decoder.unkeyedContainer() {
                while !items.isAtEnd {
                    guard let item = try? items.decode(Readable.self), item.ok else { ok = false; return }
                }
                return
            }
            if let object = try? decoder.container(keyedBy: AnyKey.self) {
                for key in object.allKeys {
                    guard let value = try? object.decode(Readable.self, forKey: key), value.ok else { ok = false; return }
                }
                return
            }
            ok = false
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A parameter that is missing or of the wrong type (org.varlink.service.InvalidParameter).
    public struct ParameterError: Error, Sendable { public var parameter: String }

    /// Why a frame is not a call (the reply is org.varlink.service.InvalidParameter).
    public struct MalformedCall: Error, Sendable {}

    private struct Head: Decodable {
        var method: String
        var more: Bool?
        var oneway: Bool?
    }

    private struct Envelope<P: Decodable>: Decodable { var parameters: P? }

    public static func decodeCall(_ frame: some Collection<UInt8>) throws(MalformedCall) -> Call {
        let data = Data(frame)
        guard let head = try? JSON.decoder.decode(Head.self, from: data) else { throw MalformedCall() }
        return Call(method: head.method, more: head.more ?? false, oneway: head.oneway ?? false, message: data)
    }

    public static func encodeCall(method: String, parameters: some JSONCodable, more: Bool = false) -> [UInt8] {
        var o = JSONMembers()
        o["method"] = .string(method)
        o["more"] = more ? .bool(true) : nil
        o["parameters"] = parameters.json
        return frame(o.value)
    }

    // MARK: Replies

    public static func encodeReply(_ parameters: some JSONCodable, continues: Bool = false) -> [UInt8] {
        var o = JSONMembers()
        o["continues"] = continues ? .bool(true) : nil
        o["parameters"] = parameters.json
        return frame(o.value)
    }

    public static func encodeError(_ name: String, _ parameters: some JSONCodable = Empty()) -> [UInt8] {
        frame(.object([.init(key: "error", value: .string(name)), .init(key: "parameters", value: parameters.json)]))
    }

    /// An error whose parameters are a few named strings (the org.varlink.service errors).
    public static func encodeError(_ name: String, _ parameters: KeyValuePairs<String, String>) -> [UInt8] {
        let members = parameters.map { JSONValue.Member(key: $0.key, value: .string($0.value)) }
        return frame(.object([.init(key: "error", value: .string(name)), .init(key: "parameters", value: .object(members))]))
    }

    /// A decoded reply: either an error name or parameters, read on demand.
    public struct Reply: Sendable {
        public var error: String?
        public var continues: Bool
        /// The parameters object as parsed; nil when the reply has none.
        public let parameters: JSONValue?

        /// The parameters as `P`; a reply without parameters reads like `{}`.
        public func parameters<P: JSONCodable>(_: P.Type) throws -> P {
            guard let parameters else { return try P(json: .object([])) }
            return try P(json: parameters, at: .member("parameters", in: .root))
        }
    }

    /// A reply frame (without its NUL): bmctl reads one per run.
    public static func decodeReply(_ frame: [UInt8]) throws -> Reply {
        let message = try JSONFields(try JSONValue.parse(frame))
        return Reply(error: try message.string(optional: "error"), continues: try message.bool(optional: "continues") ?? false,
                     parameters: message["parameters"].flatMap { $0 == .null ? nil : $0 })
    }

    private static func frame(_ message: JSONValue) -> [UInt8] {
        var bytes = message.text()
        bytes.append(0)
        return bytes
    }
}

extension DecodingError {
    /// Whether the error names where it is (some errors of JSONDecoder do not).
    var hasPath: Bool {
        switch self {
        case .keyNotFound: return true
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): return c.codingPath.contains { $0.stringValue != "parameters" }
        @unknown default: return false
        }
    }

    /// The first key of the path: the parameter at fault.
    var parameterName: String {
        let path: [CodingKey]
        switch self {
        case .keyNotFound(let key, let context): path = context.codingPath + [key]
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): path = c.codingPath
        @unknown default: path = []
        }
        // The path starts at the envelope: skip "parameters".
        return path.map(\.stringValue).first { $0 != "parameters" } ?? "parameters"
    }
}

/// Splits a byte stream into NUL-ended frames, refusing any frame longer than a limit.
///
/// One kind of call may be allowed a larger limit, recognised by how its frame begins
/// (an import carries a whole history; nothing else needs more than a few KiB).
public struct FrameSplitter: Sendable {
    public let limit: Int
    public let large: (limit: Int, prefix: [UInt8])?
    private var buffer: [UInt8] = []
    private var scanned = 0

    public struct FrameTooLarge: Error, Sendable { public var limit: Int }

    public init(limit: Int = 1 << 16, large: (limit: Int, prefix: [UInt8])? = nil) {
        self.limit = limit
        self.large = large
    }

    /// The limit for a frame that begins with `bytes`.
    private func limit(for bytes: ArraySlice<UInt8>) -> Int {
        guard let large, bytes.starts(with: large.prefix) else { return limit }
        return large.limit
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next complete frame without its NUL, nil when more bytes are needed.
    public mutating func next() throws(FrameTooLarge) -> [UInt8]? {
        if let end = buffer[scanned...].firstIndex(of: 0) {
            let frame = Array(buffer[..<end])
            buffer.removeSubrange(...end)
            scanned = 0
            let allowed = limit(for: frame[...])
            guard frame.count <= allowed else { throw FrameTooLarge(limit: allowed) }
            return frame
        }
        scanned = buffer.count
        let allowed = limit(for: buffer[...])
        if buffer.count > allowed { throw FrameTooLarge(limit: allowed) }
        return nil
    }

    /// Bytes received that do not yet form a frame.
    public var pending: Int { buffer.count }
}
