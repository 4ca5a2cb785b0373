import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket served by another user: nobody (user id 65534), through setpriv and the
/// system's python3. It stands for someone else on the machine who put a socket where
/// the user's bmd should be. It counts the connections it accepts and the bytes they
/// send, answers a call with a forged status (an escape sequence in it), and tells what
/// it counted to whoever connects and sends `END`.
public enum ForeignListener {
    public static let uid: uid_t = 65534
    static let python = "/usr/bin/python3"
    static let setpriv = "/usr/bin/setpriv"

    /// Whether the tests can run a process as another user: as root, with setpriv and python3.
    public static var available: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv)
            && FileManager.default.isExecutableFile(atPath: python)
    }

    /// The listener's program. Its arguments: the folder to bind `bmd.sock` in, and
    /// optionally a folder to rename that one to once it listens (so the socket appears
    /// with its folder, in one step). It prints `listening` when it does.
    static let script = #"""
import os, socket, sys
stage = sys.argv[1]
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(os.path.join(stage, "bmd.sock"))
server.listen(16)
if len(sys.argv) > 2:
    os.rename(stage, sys.argv[2])
print("listening", flush=True)
connections = 0
received = 0
while True:
    client, _ = server.accept()
    data = client.recv(65536)
    if data == b"END\0":
        client.sendall(b"%d %d\0" % (connections, received))
        client.close()
        break
    connections += 1
    received += len(data)
    while data and b"\0" not in data:
        data = client.recv(65536)
        received += len(data)
    if received:
        client.sendall(b'{"parameters":{"phase":"none","state":"none","date":"2026-11-23","behind":0,'
                       b'"notifications":{"enabled":true,"sound":true,"available":true},'
                       b'"routine":{"id":"x","name":"\\u001b[2J forged","type":"custom","active":true,'
                       b'"createdDate":"2026-11-20","startDate":"2026-11-21","tasks":[]}}}\0')
    client.close()
"""#

    /// The command that runs the listener as nobody: executable and arguments.
    public static func command(stage: String, renameTo final: String? = nil) -> (String, [String]) {
        (setpriv, ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", python, "-I", "-c", script, stage] + (final.map { [$0] } ?? []))
    }

    /// A folder of nobody's own, 0700, in a fresh folder under /tmp.
    public static func stageFolder() -> String {
        var template = Array("/tmp/bm-foreign-XXXXXX".utf8CString)
        let base = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        // Sticky and open to all, as /tmp is: nobody may move its own folder out of it.
        chmod(base, 0o1777)
        let stage = base + "/stage"
        mkdir(stage, 0o700)
        chown(stage, uid, uid)
        return stage
    }

    /// Starts nobody's listener and moves its socket to `path` (in a folder of the
    /// caller's own, as only root could), returning once it listens there.
    public static func serve(at path: String) throws -> Process {
        let stage = stageFolder()
        let process = try start(command(stage: stage))
        guard rename(stage + "/bmd.sock", path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        rmdir(stage)
        rmdir((stage as NSString).deletingLastPathComponent)
        return process
    }

    /// Starts nobody's listener in a folder it makes at `folder` (whose parent must let
    /// anyone create, as /tmp does), returning once it listens there.
    public static func serve(makingFolder folder: String) throws -> Process {
        let stage = stageFolder()
        defer { rmdir((stage as NSString).deletingLastPathComponent) }
        return try start(command(stage: stage, renameTo: folder))
    }

    /// Runs `command` and waits for the listener to say it listens.
    static func start(_ command: (String, [String])) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.0)
        process.arguments = command.1
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        guard line.hasPrefix("listening") else {
            process.terminate()
            throw POSIXError(.EIO)
        }
        return process
    }

    /// Ends the listener at `path` and returns how many connections it accepted and how
    /// many bytes they sent; nil when it could not be reached.
    public static func finish(at path: String) -> (connections: Int, bytes: Int)? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        guard withUnixAddress(path, { connect(fd, $0, $1) }) == 0 else { return nil }
        let end: [UInt8] = Array("END".utf8) + [0]
        _ = end.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !reply.contains(0) {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            reply += buffer[..<n]
        }
        let words = String(decoding: reply.prefix { $0 != 0 }, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard words.count == 2 else { return nil }
        return (words[0], words[1])
    }
}
