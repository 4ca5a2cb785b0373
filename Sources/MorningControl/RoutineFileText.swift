import Glibc
import MorningClient
import MorningProtocol
import SystemPackage

/// The text of a routine file for `bmctl create --from` (better-morning-routine(5)).
///
/// bmctl only reads it; bmd parses it, so that one parser judges every routine file.
struct RoutineFileText {
    var text: String
    /// How messages name it: the path, or "stdin".
    var source: String

    /// A routine file holds a title and at most 20 task lines; this bound keeps the call
    /// well inside bmd's frame limit.
    static let byteLimit = 16 * 1024

    /// Reads `path`, or stdin through `console` when `path` is `-`.
    static func read(_ path: String, console: Console) throws(ControlFailure) -> RoutineFileText {
        if path == "-" {
            var lines: [String] = []
            while let line = console.readLine() { lines.append(line) }
            return try checked(lines.joined(separator: "\n"), source: "stdin")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .usage("cannot read \(path): \(Errno(rawValue: errno))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= byteLimit {
            let n = Glibc.read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .usage("cannot read \(path): \(Errno(rawValue: errno))") }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        return try checked(String(decoding: bytes, as: UTF8.self), source: path)
    }

    private static func checked(_ text: String, source: String) throws(ControlFailure) -> RoutineFileText {
        guard text.utf8.count <= byteLimit else {
            // Most likely one line that is far too long: say which, as bmd would.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if let long = lines.firstIndex(where: { $0.count > TitleArgument.sendLimit }) {
                throw .refused("line \(long + 1) of \(source): it has more than \(TitleArgument.sendLimit) characters, far too long "
                               + "for a title (\(Morning.routineTitleLength.lowerBound) to \(Morning.routineTitleLength.upperBound) characters) or a task (a time and \(Morning.taskTitleLength.lowerBound) to \(Morning.taskTitleLength.upperBound) characters)")
            }
            throw .usage("\(source) is larger than \(byteLimit / 1024) KiB; a routine file holds a title and at most \(Morning.taskLimit) tasks")
        }
        return RoutineFileText(text: text, source: source)
    }
}
