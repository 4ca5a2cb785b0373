import Glibc
import MorningClient
import MorningProtocol
import SystemPackage

/// Reading and writing the files of `bmctl export` and `bmctl import`.
///
/// Plain system calls: an export holds a person's history, so a new file is created
/// private (0600), and `-` means stdin for import.
enum ExportFile {
    /// The most an import reads: what bmd accepts in one call.
    static let sizeLimit = Morning.largestFrame

    /// Writes `text` to `path`, replacing what was there.
    static func write(_ text: String, to path: String) throws(ControlFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .refused("cannot write \(path): \(Errno(rawValue: errno))") }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .refused("cannot write \(path): \(Errno(rawValue: errno))")
            }
            bytes = bytes.dropFirst(n)
        }
    }

    /// The bytes of `path`, or of stdin when `path` is `-`.
    static func read(_ path: String) throws(ControlFailure) -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .refused("cannot read \(path): \(Errno(rawValue: errno))") }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .refused("cannot read \(path): \(Errno(rawValue: errno))")
            }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
            if bytes.count > sizeLimit {
                throw .refused("\(path) is larger than \(sizeLimit >> 20) MiB, more than bmd takes in one import")
            }
        }
    }

    /// The export document in `bytes` (JSON).
    static func document(from bytes: [UInt8]) throws -> Morning.ExportDocument {
        try Morning.ExportDocument(jsonText: bytes)
    }
}
