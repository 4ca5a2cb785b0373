import Glibc

/// The environment variables of a run: the process's own, or those a test gives.
///
/// The process's own are read one at a time with getenv(3), as they are asked for: most
/// runs read three, and filling a dictionary with all of them cost more than the call
/// to bmd. The whole set is gathered only for a child (starting bmd).
public struct Environment: Sendable {
    private let given: [String: String]?

    public init(_ variables: [String: String]) { given = variables }

    private init() { given = nil }

    /// This process's environment.
    public static let process = Environment()

    public subscript(name: String) -> String? {
        if let given { return given[name] }
        return getenv(name).map { String(cString: $0) }
    }

    /// Every variable.
    public var all: [String: String] { given ?? processEnvironment() }
}

/// The process's environment, read from `environ` (ProcessInfo would bring Foundation's
/// start-up into every run). Of a name set twice, the first counts, as with getenv(3).
func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
            let name = String(text[..<equals])
            if environment[name] == nil { environment[name] = String(text[text.index(after: equals)...]) }
        }
        entry += 1
    }
    return environment
}
