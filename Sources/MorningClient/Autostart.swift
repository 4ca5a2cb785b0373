import CLinux
import Glibc
import SystemPackage

/// Starts bmd in the background when no daemon answers, as gpg-agent is started by its clients.
enum Autostart {
    /// Starts bmd for `endpoint`, or throws the failure to report; `cause` is why the
    /// first connection failed.
    static func start(endpoint: Endpoint, environment: Environment, cause: Errno) throws(ConnectFailure) -> StartedDaemon {
        try start(endpoint: endpoint, environment: environment, cause: cause, keepingErrors: false)
    }

    /// The same, with bmd's stderr kept in a small memory file (`StartedDaemon.said`), so
    /// that a bmd that ends at once can be heard: why it refused to run, in its own words.
    static func startKeepingErrors(endpoint: Endpoint, environment: Environment, cause: Errno) throws(ConnectFailure) -> StartedDaemon {
        try start(endpoint: endpoint, environment: environment, cause: cause, keepingErrors: true)
    }

    private static func start(endpoint: Endpoint, environment: Environment, cause: Errno,
                              keepingErrors: Bool) throws(ConnectFailure) -> StartedDaemon {
        guard let executable = locateDaemon(besides: selfExecutable(), path: environment["PATH"], isExecutable: isExecutable) else {
            throw .noDaemonExecutable(path: endpoint.path, cause: cause)
        }
        let errorOutput = keepingErrors ? errorOutputFile() : nil
        do {
            let pid = try spawn(executable, arguments: arguments(for: endpoint), environment: environment.all, errorOutput: errorOutput)
            return StartedDaemon(pid: pid, errorOutput: errorOutput)
        } catch {
            if let errorOutput { close(errorOutput) }
            throw .cannotStart(path: endpoint.path, cause: cause, executable: executable, error: error)
        }
    }

    /// How much of a started bmd's stderr is kept: why it would not run takes a line, and
    /// a bmd that runs on logs a few lines a day, so this lasts months. Only pages written
    /// take memory.
    static let errorOutputLimit = 64 << 10

    /// A memory file of `errorOutputLimit` bytes that cannot grow: a bmd that runs on for
    /// months keeps no more of its stderr than that. Its later writes fail: its log's,
    /// unseen, as they went nowhere before; but Foundation's `FileHandle.write`, which bmd
    /// uses for its last words when it stops on an error, traps when a write fails, so the
    /// limit is generous. Nil where memory files or seals are missing.
    private static func errorOutputFile() -> Int32? {
        let fd = bm_sealed_memory_file("bmd-stderr", errorOutputLimit)
        return fd >= 0 ? fd : nil
    }

    /// The socket unit that starts bmd under systemd.
    static let socketUnit = "bmd.socket"

    /// Starts bmd's socket unit with `systemctl --user start` when that is how bmd runs
    /// here: the default socket, a systemd user manager running, the unit installed.
    /// Returns the unit once systemctl says it started, nil when that is not the case
    /// (bmd is then started by the client itself).
    static func startUnit(_ endpoint: Endpoint, environment: Environment) -> String? {
        guard !endpoint.explicit, let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
              endpoint.path == runtime + "/better-morning/bmd.sock",
              exists(runtime + "/systemd/private"), unitInstalled(environment),
              let systemctl = onPath("systemctl", environment["PATH"]) else { return nil }
        guard let pid = try? spawn(systemctl, arguments: ["--user", "start", socketUnit], environment: environment.all,
                                   newSession: false) else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status == 0 ? socketUnit : nil
    }

    /// Whether bmd's socket unit is in one of the folders a user manager reads units from.
    static func unitInstalled(_ environment: Environment) -> Bool {
        let home = environment["HOME"] ?? ""
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let folders = [config + "/systemd/user", data + "/systemd/user", "/etc/systemd/user",
                       "/usr/local/lib/systemd/user", "/usr/lib/systemd/user"]
        return folders.contains { $0.hasPrefix("/") && exists($0 + "/" + socketUnit) }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// `name`'s full path in the first folder of `path` that holds it as a program.
    static func onPath(_ name: String, _ path: String?, isExecutable: (String) -> Bool = isExecutable) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = String(folder) + "/" + name
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// The bmd to start: the one installed beside this program first (so a build folder or
    /// a prefix stays consistent), else the first on PATH.
    static func locateDaemon(besides executable: String?, path: String?, isExecutable: (String) -> Bool) -> String? {
        if let executable, let slash = executable.lastIndex(of: "/") {
            let candidate = String(executable[...slash]) + "bmd"
            if isExecutable(candidate) { return candidate }
        }
        return onPath("bmd", path, isExecutable: isExecutable)
    }

    /// bmd's arguments: the socket only when the user chose it, so a default bmd binds the default path.
    static func arguments(for endpoint: Endpoint) -> [String] {
        endpoint.explicit ? ["--socket", endpoint.path] : []
    }

    /// Waits between connection attempts after starting bmd: 10 ms, growing to half a
    /// second, about five seconds in all (bmd opens its state before it listens).
    static func retryDelays(first: Int = 10, longest: Int = 500, total: Int = 5_000) -> [Int] {
        var delays: [Int] = []
        var next = first
        var sum = 0
        while sum < total {
            delays.append(next)
            sum += next
            next = min(next * 2, longest)
        }
        return delays
    }

    static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// The running executable, from /proc/self/exe.
    static func selfExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    /// Marks every descriptor above stderr close-on-exec. Whatever bmctl inherited (the
    /// write end of a `$(bmctl …)` pipe, say) must not live on in the daemon, or the
    /// reader of that pipe would wait for the daemon to exit.
    static func closeInheritedDescriptorsOnExec() {
        guard let dir = opendir("/proc/self/fd") else { return }
        defer { closedir(dir) }
        let own = dirfd(dir)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name), fd > 2, fd != own else { continue }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    /// glibc's POSIX_SPAWN_SETSID, which Swift does not import (it needs _GNU_SOURCE).
    private static let spawnSetsid: Int16 = 0x80

    /// Starts `executable` detached: its own session, stdio on /dev/null, so it outlives
    /// the client that started it and never writes into the user's terminal.
    /// `errorOutput`, when given, becomes its stderr in place of /dev/null.
    static func spawn(_ executable: String, arguments: [String], environment: [String: String],
                      newSession: Bool = true, errorOutput: Int32? = nil) throws(Errno) -> pid_t {
        closeInheritedDescriptorsOnExec()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let errorOutput {
            posix_spawn_file_actions_adddup2(&actions, errorOutput, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession { posix_spawnattr_setflags(&attributes, spawnSetsid) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Errno(rawValue: result) }
        return pid
    }
}
