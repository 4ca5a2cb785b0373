import Logging
@testable import MorningDaemon
import MorningProtocol

extension Engine {
    /// The reply frame bmd would send to `call` (nil for a oneway call), as its connections answer it.
    func respond(to call: VarlinkCall) async -> [UInt8]? {
        let reply = Connection.respond(to: call, with: ControlServer.varlinkServer(self), logger: logger)
        return call.oneway ? nil : reply
    }
}
