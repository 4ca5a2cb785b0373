import Testing
import Varlink

/// An interface of one method, answered by hand: what a generated binding registers.
private let echo = VarlinkInterface(name: "org.example.echo", description: "interface org.example.echo\nmethod Echo(text: string) -> (text: string)\n") { call in
    switch call.method {
    case "org.example.echo.Echo":
        guard case .string(let text)? = call.parameters["text"] else { throw VarlinkService.Error.invalidParameter(parameter: "text") }
        if text == "fail" { throw Failure() }
        return .object([.init(key: "text", value: .string(text))])
    default:
        throw VarlinkService.Error.methodNotFound(method: call.method)
    }
}

private struct Failure: Error {}

private let server = VarlinkServer(vendor: "Example", product: "echod", version: "1", url: "https://example.org", interfaces: [echo])

/// The reply text the server gives to the call `json`.
private func reply(_ json: String) throws -> String {
    let call = try VarlinkCall(frame: Array(json.utf8))
    let frame = server.reply(to: call) { _ in VarlinkService.Error.methodNotImplemented(method: "fallback") }
    #expect(frame.last == 0)
    return String(decoding: frame.dropLast(), as: UTF8.self)
}

@Suite("A varlink server of typed interfaces")
struct VarlinkServerTests {
    @Test("GetInfo lists org.varlink.service and every interface registered")
    func info() throws {
        #expect(try reply(#"{"method":"org.varlink.service.GetInfo"}"#)
                == #"{"parameters":{"interfaces":["org.varlink.service","org.example.echo"],"product":"echod","url":"https://example.org","vendor":"Example","version":"1"}}"#)
    }

    @Test("GetInterfaceDescription gives each interface's text; an unknown one is InterfaceNotFound")
    func descriptions() throws {
        #expect(try reply(#"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.example.echo"}}"#)
                == #"{"parameters":{"description":"interface org.example.echo\nmethod Echo(text: string) -> (text: string)\n"}}"#)
        let own = try VarlinkReply(frame: Array(try reply(#"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.varlink.service"}}"#).utf8))
        #expect(try own.parameters(VarlinkService.GetInterfaceDescriptionReply.self).description == VarlinkService.interfaceDescription)
        #expect(try reply(#"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{"interface":"org.example.none"}}"#)
                == #"{"error":"org.varlink.service.InterfaceNotFound","parameters":{"interface":"org.example.none"}}"#)
        #expect(try reply(#"{"method":"org.varlink.service.GetInterfaceDescription","parameters":{}}"#)
                == #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"interface"}}"#)
    }

    @Test("An answer made first and written as a frame later is the same reply, error or not")
    func outcomeThenFrame() throws {
        let fallback = { (_: any Error) -> any VarlinkError in VarlinkService.Error.methodNotImplemented(method: "fallback") }
        for json in [#"{"method":"org.example.echo.Echo","parameters":{"text":"hi"}}"#,
                     #"{"method":"org.example.echo.Shout","parameters":{}}"#,
                     #"{"method":"org.example.echo.Echo","parameters":{"text":"fail"}}"#] {
            let call = try VarlinkCall(frame: Array(json.utf8))
            let outcome = server.outcome(of: call)
            #expect(VarlinkServer.frame(of: outcome, unexpected: fallback) == server.reply(to: call, unexpected: fallback), "\(json)")
        }
        // The answer is made when asked for, the frame only when written.
        let call = try VarlinkCall(frame: Array(#"{"method":"org.example.echo.Echo","parameters":{"text":"hi"}}"#.utf8))
        #expect(try server.outcome(of: call).get() == .object([.init(key: "text", value: .string("hi"))]))
    }

    @Test("Calls reach their interface; unknown interfaces and methods are named; other failures go to the server's own error")
    func dispatch() throws {
        #expect(try reply(#"{"method":"org.example.echo.Echo","parameters":{"text":"hi"}}"#) == #"{"parameters":{"text":"hi"}}"#)
        #expect(try reply(#"{"method":"org.example.echo.Shout","parameters":{}}"#)
                == #"{"error":"org.varlink.service.MethodNotFound","parameters":{"method":"org.example.echo.Shout"}}"#)
        #expect(try reply(#"{"method":"org.example.none.Echo"}"#)
                == #"{"error":"org.varlink.service.InterfaceNotFound","parameters":{"interface":"org.example.none"}}"#)
        #expect(try reply(#"{"method":"org.varlink.service.Nothing"}"#)
                == #"{"error":"org.varlink.service.MethodNotFound","parameters":{"method":"org.varlink.service.Nothing"}}"#)
        #expect(try reply(#"{"method":"org.example.echo.Echo","parameters":{"text":"fail"}}"#)
                == #"{"error":"org.varlink.service.MethodNotImplemented","parameters":{"method":"fallback"}}"#)
    }

    @Test("A typed error reads back from its reply as the same value; a name of another interface reads as nil")
    func errorsRoundTrip() throws {
        for error: VarlinkService.Error in [.interfaceNotFound(interface: "a.b"), .methodNotFound(method: "a.b.C"),
                                            .methodNotImplemented(method: "x"), .invalidParameter(parameter: "p\"q"),
                                            .permissionDenied, .expectedMore] {
            let reply = try VarlinkReply(frame: Array(error.frame.dropLast()))
            #expect(try VarlinkService.Error(name: try #require(reply.error), parameters: reply.parameters) == error)
        }
        #expect(try VarlinkService.Error(name: "org.example.echo.Broken", parameters: .object([])) == nil)
        // Parameters that do not fit the error are not silently taken.
        #expect(throws: DecodingError.self) {
            _ = try VarlinkService.Error(name: "org.varlink.service.InvalidParameter", parameters: .object([]))
        }
    }

    @Test("A request carries its method and parameters; `more` asks for a stream")
    func requests() throws {
        let request = VarlinkService.Call.getInterfaceDescription(interface: "org.example.echo")
        #expect(String(decoding: request.call.frame, as: UTF8.self)
                == "{\"method\":\"org.varlink.service.GetInterfaceDescription\",\"parameters\":{\"interface\":\"org.example.echo\"}}\0")
        #expect(String(decoding: VarlinkService.Call.getInfo().more.call.frame, as: UTF8.self)
                == "{\"method\":\"org.varlink.service.GetInfo\",\"more\":true,\"parameters\":{}}\0")
    }
}
