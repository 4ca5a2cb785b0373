import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// bmd refuses only what is unsafe: a folder whose group is the user's alone is the
/// user's; a folder a user namespace cannot name is said to be uncheckable, with what
/// works; a socket some live program holds is never removed, even when it refuses.
@Suite("End to end: bmd refuses only what is unsafe", .serialized)
struct SafeRefusalTests {
    /// Whether this test process's own primary group is its user's alone (root's "root"
    /// on most systems, each user's private group on Debian): no one listed in it, and no
    /// other account's primary group.
    static let ownGroupIsPrivate: Bool = {
        guard let group = getgrgid(getegid()) else { return false }
        if group.pointee.gr_mem.pointee != nil { return false }
        setpwent()
        defer { endpwent() }
        while let entry = getpwent() {
            if entry.pointee.pw_gid == getegid(), entry.pointee.pw_uid != geteuid() { return false }
        }
        return true
    }()

    @Test("A folder above the state folder left 0775 by mkdir -p under umask 002, of the user's private group, is used",
          .enabled(if: ownGroupIsPrivate), .timeLimit(.minutes(1)))
    func privateGroupParent() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let parent = box.root.appendingPathComponent("made-by-mkdir-p").path
        let old = umask(0o002)
        #expect(mkdir(parent, 0o777) == 0)
        umask(old)
        var info = stat()
        #expect(stat(parent, &info) == 0 && info.st_mode & 0o7777 == 0o775 && info.st_gid == getegid())
        let started = try box.startOrRefuse(["--state-dir", parent + "/state", "--socket", box.socketPath], environment: box.baseEnvironment)
        guard case .serving(let child) = started else {
            if case .refused(let stderr) = started { Issue.record("refused a folder of the user's private group: \(stderr)") }
            return
        }
        child.signal(SIGTERM)
        #expect(child.wait() == 0)
    }

    @Test("The same folder with a group others are in (nogroup, nobody's) is refused as open to other users",
          .enabled(if: getuid() == 0), .timeLimit(.minutes(1)))
    func sharedGroupParent() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let parent = box.root.appendingPathComponent("shared-group").path
        #expect(mkdir(parent, 0o700) == 0 && chmod(parent, 0o775) == 0 && chown(parent, 0, 65534) == 0)
        guard let stderr = try box.startOrRefuse(["--state-dir", parent + "/state", "--socket", box.socketPath],
                                                 environment: box.baseEnvironment)
            .refusal(else: "bmd served from a folder a shared group may write in") else { return }
        #expect(stderr.contains("is inside \(parent), which is open to other users (mode 775)"), "\(stderr)")
    }

    @Test("In a user namespace that maps only the user, a folder above shown as 65534 is said to be uncheckable, with what works",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")), .timeLimit(.minutes(1)))
    func userNamespace() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // A folder of a user the namespace does not map: inside, it shows as the overflow id.
        let parent = box.root.appendingPathComponent("unmapped").path
        #expect(mkdir(parent, 0o755) == 0 && chown(parent, 4242, 4242) == 0)
        let state = parent + "/state"
        #expect(mkdir(state, 0o700) == 0)
        let run = try box.run("/usr/bin/unshare", ["--user", "--map-current-user", "--", Binaries.bmd,
                                                   "--state-dir", state, "--socket", box.socketPath],
                              environment: box.baseEnvironment)
        #expect(run.status == 1)
        #expect(run.stderr.contains("is inside \(parent), which shows as user id 65534"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot check who may write in the folders above the state folder"), "\(run.stderr)")
        #expect(run.stderr.contains("--state-dir DIR or XDG_STATE_HOME"), "\(run.stderr)")
        #expect(!run.stderr.contains("chmod"), "advice that cannot work on a folder the namespace cannot name: \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }

    @Test("A socket another program has bound but not yet listens on is left alone, and bmd says the path is taken",
          .timeLimit(.minutes(1)))
    func boundNotListening() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let folder = (box.socketPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // The other program: bound, and (as under load, between bind and listen) not listening.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        #expect(withUnixAddress(box.socketPath) { bind(fd, $0, $1) } == 0)
        var before = stat()
        #expect(lstat(box.socketPath, &before) == 0)
        // bmd either serves (READY=1), having put its socket in place of the other's, or exits.
        if let stderr = try box.startOrRefuse([], environment: box.baseEnvironment)
            .refusal(else: "bmd replaced the socket another program had bound") {
            #expect(stderr.contains("\(box.socketPath) is taken: a running program holds this socket"), "\(stderr)")
        }
        var after = stat()
        #expect(lstat(box.socketPath, &after) == 0, "bmd removed another program's socket")
        #expect(after.st_ino == before.st_ino, "bmd put its own socket in place of another program's")
        // Once it listens, it is the one that answers there.
        #expect(listen(fd, 8) == 0)
        let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        #expect(withUnixAddress(box.socketPath) { connect(client, $0, $1) } == 0)
    }
}
