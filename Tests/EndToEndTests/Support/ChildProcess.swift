import Foundation
import MorningTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn and reaped with a blocking waitpid, so
/// that many children started at once from parallel tests are each collected reliably.
final class ChildProcess: @unchecked Sendable {
    /// Held while a pipe is made close-on-exec and while a child is spawned, so that no
    /// child of a parallel test is spawned while another test's pipe is still inheritable.
    static let spawning = NSLock()

    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 on), which Swift's Glibc
    /// module leaves out.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }

    let pid: pid_t
    private let exit = SharedValue<Int32?>(nil)

    /// Starts `path`. Each of `stdin`, `stdout`, `stderr` is a descriptor to hand over, or
    /// nil for /dev/null. Nothing else is inherited: the child closes every descriptor from 3
    /// on before it runs `path`, whether or not the test made it close-on-exec.
    /// With `newSession` the child leads a session of its own (setsid), as a program run on
    /// a terminal of its own does.
    init(_ path: String, _ arguments: [String], environment: [String: String],
         stdin: Int32? = nil, stdout: Int32? = nil, stderr: Int32? = nil, newSession: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        // Sockets and files that parallel tests hold open (Foundation opens files without
        // close-on-exec) would otherwise live on in the child: a bmd run with few
        // descriptors would start with them taken, and a client a test closed would stay
        // connected through the child's copy.
        guard let closeFrom = Self.addCloseFrom, closeFrom(&actions, 3) == 0 else { throw POSIXError(.ENOSYS) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // Children start with no signal blocked, as from a shell. Tests run on libdispatch's
        // worker threads, which block nearly every signal, and posix_spawn hands the calling
        // thread's mask on: SIGTERM would never reach a child that does not unblock it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        // POSIX_SPAWN_SETSID is 0x80 in glibc's spawn.h; Swift's Glibc module leaves it out.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK) | (newSession ? 0x80 : 0))
        var pid: pid_t = 0
        let rc = ChildProcess.spawning.withLock { posix_spawn(&pid, path, &actions, &attributes, argv, envp) }
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
        self.pid = pid
    }

    func signal(_ sig: Int32) { kill(pid, sig) }

    /// Waits for the child to end: its exit status, or 128 + the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        if let done = exit.withLock({ $0 }) { return done }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        exit.withLock { $0 = code }
        return code
    }

    /// Runs to the end with stdout and stderr captured.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Output {
        let out = try Pipe2(), err = try Pipe2()
        let child = try ChildProcess(path, arguments, environment: environment, stdout: out.write, stderr: err.write)
        out.closeWrite()
        err.closeWrite()
        let errText = SharedValue<Data>(Data())
        let errRead = DispatchSemaphore(value: 0)
        Thread {
            let data = err.readAll()
            errText.withLock { $0 = data }
            errRead.signal()
        }.start()
        let outText = out.readAll()
        errRead.wait()
        let status = child.wait()
        return Output(status: status, stdout: String(decoding: outText, as: UTF8.self),
                      stderr: String(decoding: errText.withLock { $0 }, as: UTF8.self))
    }
}

extension ChildProcess {
    /// Writes a script that a test runs later, executable. Foundation's file writing is not
    /// close-on-exec: a child of a parallel test spawned meanwhile would keep the file open
    /// for writing for its whole life, and running the script would then fail with ETXTBSY
    /// ("Text file busy"). Under the spawning lock no child can inherit it.
    static func writeProgram(_ text: String, to path: String) throws {
        try spawning.withLock { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        try makeExecutable(path)
    }

    /// Copies a program that a test runs later, under the spawning lock for the same reason.
    static func copyProgram(_ source: String, to path: String) throws {
        try spawning.withLock { try FileManager.default.copyItem(atPath: source, toPath: path) }
        try makeExecutable(path)
    }

    private static func makeExecutable(_ path: String) throws {
        guard chmod(path, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM) }
    }
}

/// A pipe whose ends are close-on-exec, so only the child it is handed to gets it.
final class Pipe2: @unchecked Sendable {
    let read: Int32
    private(set) var write: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        // Close-on-exec before any child can be spawned: another test's child must never
        // inherit this pipe (Glibc's module does not offer pipe2).
        let made = ChildProcess.spawning.withLock {
            guard pipe(&fds) == 0 else { return false }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard made else { throw POSIXError(.EMFILE) }
        read = fds[0]
        write = fds[1]
    }

    func closeWrite() {
        if write >= 0 { close(write) }
        write = -1
    }

    /// Everything until every writer has closed.
    func readAll() -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = Glibc.read(read, &chunk, chunk.count)
            if n > 0 { data.append(contentsOf: chunk[..<n]); continue }
            if n < 0 && errno == EINTR { continue }
            break
        }
        return data
    }

    /// The bytes available now, waiting for the first.
    func readSome() -> String {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = Glibc.read(read, &chunk, chunk.count)
        return n > 0 ? String(decoding: chunk[..<n], as: UTF8.self) : ""
    }

    deinit {
        close(read)
        closeWrite()
    }
}
