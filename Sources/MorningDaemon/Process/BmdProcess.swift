import CLinux
import Foundation
import Logging
import MorningProtocol
import MorningStore
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// bmd from start to stop: parse options, take the state lock, open the state, listen,
/// report readiness, serve until SIGTERM.
public enum BmdProcess {
    public struct Options: Equatable, Sendable {
        public var stateDir: String?
        public var socket: String?
        public var logLevel: Logger.Level = .info
        public init() {}
    }

    public static let usage = """
        Usage: bmd [--state-dir DIR] [--socket PATH] [--verbose]

        Better Morning's daemon: keeps the morning routine, closes each day at midnight
        and serves bmctl on a Unix socket.

          --state-dir DIR  where bmd.sqlite lives (default $XDG_STATE_HOME/better-morning)
          --socket PATH    the socket to listen on (default $XDG_RUNTIME_DIR/better-morning/bmd.sock,
                           or /tmp/better-morning-UID/bmd.sock without XDG_RUNTIME_DIR;
                           BMD_SOCKET also sets it)
          --verbose        log every connection
          --version        print the version
        """

    /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed: open(2) takes the
    /// lowest free descriptor, so each lands where one is missing.
    static func holdStandardDescriptors() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            _ = open("/dev/null", O_RDWR)
        }
    }

    /// Runs bmd with command-line `arguments`; returns the exit status.
    ///
    /// Call it from the main thread of the process, before anything else starts a thread.
    public static func main(_ arguments: [String]) -> Int32 {
        // Standard input, output and error closed by whoever started bmd are taken by
        // /dev/null before bmd opens anything: otherwise its lock file would become
        // descriptor 2, and every log line would be written into it.
        holdStandardDescriptors()
        // Idle means asleep: bmd's tasks run on NIO's event loops, which sleep in
        // epoll_wait, rather than on Swift's default pool, whose libdispatch manager
        // wakes once a second in every process that uses it. Signals are taken on a
        // thread of their own (SignalWaiter) for the same reason.
        SignalWaiter.block()
        // Before any thread: a TZ that names a zone file is followed as /etc/localtime is.
        ZoneFile.adopt()
        if !TasksOnEventLoops.install() {
            LastWords.say("bmd: Swift's task hook was already taken; bmd may wake while idle\n")
        }
        // Small while idle: every thread shares one malloc arena (glibc would start one per
        // thread that allocates, each with its own pages written), and one event loop
        // serves the socket and runs the tasks, which is all one person's requests need.
        mallopt(M_ARENA_MAX, 1)
        NIOSingletons.groupLoopCountSuggestion = 1
        // Memory a client's large call took goes back to the system once the call is
        // done. Otherwise glibc, after freeing a large block, raises the size from which it
        // maps blocks of their own, and keeps later large blocks in its heaps for good.
        mallopt(M_MMAP_THRESHOLD, 256 << 10)
        // SQLite's pages are taken as they are read, not twenty at a time per connection.
        _ = bm_sqlite_page_cache_on_demand()
        let options: Options
        switch Options.read(arguments) {
        case .run(let read): options = read
        case .print(let text):
            print(text)
            return 0
        case .usageError(let message):
            LastWords.say("bmd: \(message)\n\(usage)\n")
            return 2
        }
        let env = ProcessInfo.processInfo.environment
        guard let stateDir = options.stateDir ?? defaultStateDir(env) else {
            LastWords.say("bmd: HOME is not set; pass --state-dir DIR\n")
            return 2
        }
        // Under socket activation the socket is handed over: no default path is needed then.
        let inherited: Int32?
        do {
            inherited = try Systemd.listeningSocket()
        } catch {
            LastWords.say("bmd: \(error)\n")
            return 1
        }
        let socketPath = inherited == nil ? SocketPath.resolve(option: options.socket, environment: env) : nil
        // Under systemd, to the journal with priorities and fields; otherwise to stderr.
        var logger = JournalLogHandler.stderrIsJournal(environment: env)
            ? Logger(label: "bmd") { _ in JournalLogHandler(identifier: "bmd") }
            : Logger(label: "bmd")
        logger.logLevel = options.logLevel
        do {
            try run(stateDir: stateDir, socketPath: socketPath, inherited: inherited, logger: logger)
            return 0
        } catch let error as StateLock.Held {
            LastWords.say("bmd: \(error)\n")
            return DaemonExit.alreadyRunning
        } catch {
            LastWords.say("bmd: \(error)\n")
            return 1
        }
    }

    /// Where the state lives: `$XDG_STATE_HOME/better-morning`, or `~/.local/state/better-morning`.
    static func defaultStateDir(_ env: [String: String]) -> String? {
        if let state = env["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/better-morning" }
        guard let home = env["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/better-morning"
    }

    /// Serves on the socket systemd handed over (`inherited`), else binds `socketPath`.
    static func run(stateDir: String, socketPath: String?, inherited: Int32?, logger: Logger) throws {
        // The state is the user's alone: files and folders bmd creates are 0600 and 0700.
        // A folder it did not create keeps its mode (a shared one its sticky bit).
        umask(0o077)
        try StateFolder.claim(stateDir)
        let lock = try StateLock(folder: stateDir, socketPath: socketPath ?? "handed over by the service manager")
        let statePath = stateDir + "/bmd.sqlite"
        let notifier = LibnotifyNotifier(logger: logger)
        // One clock for the engine's days and the reminder service's retries.
        let clock = WallClock.system
        let engine: Engine
        do {
            let store = try Store(path: statePath)
            if store.openedOnFullDisk {
                logger.warning("the disk that holds \(statePath) is full: bmd shows what it has and refuses changes until some space is free")
            }
            engine = try Engine(store: store, clock: clock, notifier: notifier, logger: logger)
        } catch let error as StoreError {
            throw StateFileError(path: statePath, error: error)
        }
        let alarm = try WallClockAlarm()
        let socket = try inherited.map(ListeningSocket.inherited)
            ?? ListeningSocket.bind(path: socketPath ?? "", mustBeOwnFolder: SocketPath.isInFallbackFolder(socketPath ?? ""))
        let server = ControlServer(socket: socket, engine: engine, logger: logger,
                                   mustBeOwnFolder: SocketPath.isInFallbackFolder(socketPath ?? "")) {
            // Ready only once the state is open and the socket listens, so clients never race it.
            Systemd.notify("READY=1")
        }
        let reminders = ReminderService(engine: engine, status: server.status, alarm: alarm, notifier: notifier, clock: clock, logger: logger)
        // Named in a word: by default the service group names each service with a print of
        // all it holds (the engine, the store, the socket), 15 KB kept for the whole session
        // and written into every log line about that service.
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: server, serviceName: "control-server"), .init(service: reminders, serviceName: "reminders"),
        ]
        if let interval = Systemd.watchdogInterval() {
            services.append(.init(service: WatchdogService(engine: engine, interval: interval), serviceName: "watchdog"))
        }
        let group = ServiceGroup(configuration: .init(services: services, logger: logger))
        SignalWaiter.start { signal in
            if signal == SIGHUP {
                // Read the zone again and plan anew, as `bmctl reload` does.
                ZoneFile.reread()
                alarm.nudge()
            } else {
                // SIGTERM, SIGINT: stop serving and end, as ServiceLifecycle would.
                logger.info("stopping", metadata: ["signal": "\(signal == SIGTERM ? "SIGTERM" : "SIGINT")"])
                Task { await group.triggerGracefulShutdown() }
            }
        }
        let done = DispatchSemaphore(value: 0)
        let failure = NIOLockedValueBox<Error?>(nil)
        Task {
            do { try await group.run() } catch { failure.withLock { $0 = error } }
            done.signal()
        }
        // The main thread only waits from here on: what start-up wrote deeper in its
        // stack is given back rather than held for the session.
        bm_drop_stack_below_here(8192)
        done.wait()
        Systemd.notify("STOPPING=1")
        engine.stop()
        socket.removeFile()
        withExtendedLifetime(lock) {}
        if let error = failure.withLock({ $0 }) { throw error }
        logger.info("stopped")
    }
}

/// The state folder must be the user's own, a real folder, and closed to writers other
/// than the user, and so must each folder above it: another user's folder, a symbolic
/// link (which another may repoint), or a folder others may write in would let them swap
/// the database under bmd.
enum StateFolder {
    struct OpenToOthers: Error, CustomStringConvertible {
        var path: String
        var mode: mode_t
        var description: String {
            "the state folder \(path) is open to other users (mode \(String(mode & 0o7777, radix: 8))): anyone who may "
                + "write in it could put their own state file there. bmd uses it only when others cannot write in it: "
                + "run `chmod 700 \(path)`, then start bmd again"
        }
    }

    /// A folder the state folder is in, where someone else may rename it and put their
    /// own in its place.
    struct ParentOpen: Error, CustomStringConvertible {
        var path: String
        var parent: String
        var mode: mode_t
        var owner: uid_t
        /// The owner is one this user namespace does not map (it shows as the overflow
        /// id): who it really is, root or another user, cannot be told from here.
        var ownerUnmapped = false
        var description: String {
            if ownerUnmapped {
                return "the state folder \(path) is inside \(parent), which shows as user id \(owner): the id this user "
                    + "namespace gives every user it does not map, so bmd cannot check who may write in the folders above "
                    + "the state folder, and keeps your routines only where it can. Choose a state folder whose every "
                    + "folder above is your own or root's as this namespace sees them (--state-dir DIR or XDG_STATE_HOME; "
                    + "in a bubblewrap sandbox, a folder of yours bound at a path of the sandbox's own), "
                    + "or run bmd outside the namespace and reach it through its socket (--socket PATH or BMD_SOCKET)"
            }
            let someoneElse = owner != geteuid() && owner != 0
            let who = someoneElse ? "belongs to user id \(owner), who"
                : "is open to other users (mode \(String(mode & 0o7777, radix: 8))): anyone who may write in it"
            let fix = someoneElse ? "choose a state folder among your own folders (--state-dir DIR)"
                : "run `chmod go-w \(parent)` (or choose another --state-dir)"
            return "the state folder \(path) is inside \(parent), which \(who) could put another folder in its place. "
                + "bmd keeps your routines only where no one else can: \(fix), then start bmd again"
        }
    }

    struct NotOwned: Error, CustomStringConvertible {
        var path: String
        var owner: uid_t
        var description: String {
            "the state folder \(path) belongs to user id \(owner), not to you (user id \(geteuid())); "
                + "bmd keeps your routines only in a folder of your own: pass --state-dir DIR, or set XDG_STATE_HOME"
        }
    }

    struct SymbolicLink: Error, CustomStringConvertible {
        var path: String
        var target: String?
        var description: String {
            let to = target.map { " to \($0)" } ?? ""
            return "the state folder \(path) is a symbolic link\(to); bmd keeps your routines only in a real folder, "
                + "so that nothing can point it at another state: pass the folder itself "
                + "(--state-dir \(target ?? "DIR")), or put the folder in place of the link, then start bmd again"
        }
    }

    /// Creates the folder when it is missing; refuses one that is a symbolic link, that is
    /// not a directory of this user, or that others may write in (everyone, or a group
    /// that is not the user's alone), as ssh refuses such a folder.
    ///
    /// Its mode is left as it is, only said: bmd changes modes only of folders it created.
    static func claim(_ path: String, accounts: AccountFacts = .system, namespace: UserNamespace = .current()) throws {
        // "DIR/" would be read through a link named DIR: look at the name itself.
        var name = path
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        var info = stat()
        if lstat(name, &info) != 0, errno == ENOENT {
            try FileManager.default.createDirectory(atPath: name, withIntermediateDirectories: true)
        }
        guard lstat(name, &info) == 0 else { throw SystemCallError("cannot read the state folder \(path)") }
        if info.st_mode & S_IFMT == S_IFLNK {
            // A relative link is read from the folder that holds it.
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: name)).map {
                $0.hasPrefix("/") ? $0 : (name as NSString).deletingLastPathComponent + "/" + $0
            }
            throw SymbolicLink(path: path, target: target)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw SystemCallError("the state folder \(path) is not a folder", errno: ENOTDIR)
        }
        guard info.st_uid == geteuid() else { throw NotOwned(path: path, owner: info.st_uid) }
        guard othersMayWrite(info, accounts: accounts) == false else { throw OpenToOthers(path: path, mode: info.st_mode) }
        try checkParents(of: name, path: path, accounts: accounts, namespace: namespace)
    }

    /// Whether someone other than this user may write in the folder `info` describes:
    /// everyone's write bit, or the group's when the group is not the user's alone.
    /// The account databases are asked only when the group may write: their lookups load
    /// NSS modules into bmd for good, which an idle bmd would carry as written memory.
    static func othersMayWrite(_ info: stat, accounts: AccountFacts) -> Bool {
        if info.st_mode & S_IWOTH != 0 { return true }
        guard info.st_mode & S_IWGRP != 0 else { return false }
        return !accounts.groupIsPrivate(info.st_gid, to: geteuid())
    }

    /// Each folder above the state folder, as it really is (links resolved), must be this
    /// user's or root's, and closed to other writers unless it is sticky (as /tmp is,
    /// where no one may rename what is not theirs): whoever may write in one could move
    /// the state folder aside and put theirs in its place, as ssh checks of its files.
    static func checkParents(of name: String, path: String, accounts: AccountFacts = .system,
                             namespace: UserNamespace = .current()) throws {
        let holder = (name as NSString).deletingLastPathComponent
        guard let resolved = realpath(holder.isEmpty ? "." : holder, nil) else {
            throw SystemCallError("cannot read the folder that holds the state folder \(path)")
        }
        var folder = String(cString: resolved)
        free(resolved)
        while true {
            var info = stat()
            guard stat(folder, &info) == 0 else { throw SystemCallError("cannot read \(folder), which holds the state folder \(path)") }
            let trusted = info.st_uid == geteuid() || info.st_uid == 0
            let writable = info.st_mode & S_ISVTX == 0 && othersMayWrite(info, accounts: accounts)
            if !trusted || writable {
                throw ParentOpen(path: path, parent: folder, mode: info.st_mode, owner: info.st_uid,
                                 ownerUnmapped: !trusted && namespace.isUnmapped(info.st_uid))
            }
            if folder == "/" { return }
            folder = (folder as NSString).deletingLastPathComponent
            if folder.isEmpty { folder = "/" }
        }
    }
}

/// The state file could not be opened: what went wrong, which file, and what to do.
struct StateFileError: Error, CustomStringConvertible {
    var path: String
    var error: StoreError

    var description: String {
        let advice = switch error {
        case .newerSchema:
            "Run the newer Better Morning that wrote it, or move it aside (with its -wal file, if any) to start afresh."
        case .diskFull:
            "Then start bmd again."
        case .readOnly:
            "Make the file and its folder writable for this user, then start bmd again."
        default:
            "bmd left it as it is. To start afresh, move it aside (with its -wal file, if any); "
                + "to get your routines back, restore a backup with `bmctl import FILE` once bmd runs."
        }
        return "cannot open the state file \(path): \(error).\n\(advice)"
    }
}
