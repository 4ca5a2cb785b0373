import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Start-up on a machine that is not as it should be: a state folder of another user, a
/// full disk, a socket handed over with no runtime folder.
@Suite("End to end: bmd starting on a full disk, another user's folder, socket activation", .serialized)
struct StartUpFaultTests {
    // A full disk is not damage: bmd starts, reads and the reminder keep working, and
    // only writes are refused, saying the disk is full (never advice to move the file aside).
    @Test("On a full disk bmd starts; reads and status work, changes are refused as a full disk, and work once space is free",
          .enabled("needs a tmpfs mount (root)") { MachineProbe.mount.works }, .timeLimit(.minutes(2)))
    func startOnFullDisk() throws {
        let (box, disk) = try Sandbox.kantOnSmallDisk()
        defer {
            box.killDaemonIfRunning()
            disk.unmount()
        }
        try box.stopDaemon()
        // Two days pass with bmd stopped: starting finalizes them, which needs room.
        box.setClock("2026-03-05 09:00:00")

        try disk.fill()
        try box.startDaemon()
        #expect(!box.daemonLog.contains("move it aside"), "\(box.daemonLog)")
        let status = try box.bmctl("status", "--json")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(try status.object["phase"] as? String == "running")
        // The days that ended show as ended, the 3rd with its check.
        let third = try box.bmctl("day", "2026-03-03", "--json")
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try third.object["completed"] as? Int == 1)
        let refused = try box.bmctl("check", "2")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("full") && refused.stderr.contains("free some space")
                && !refused.stderr.contains("move it aside"), "\(refused.stderr)")

        disk.free()
        #expect(try box.bmctl("check", "2").status == 0)
        try box.stopDaemon()
        try box.startDaemon()
        let export = try box.bmctl("export", "--format", "json")
        #expect(export.status == 0)
        #expect(export.stdout.contains("\"2026-03-04\""), "the missed days were stored once there was room")
        #expect(try box.bmctl("day", "--json").object["completed"] as? Int == 1)
        try box.stopDaemon()
    }

    // The state folder's owner is checked as the socket folder's is: bmd keeps nothing in
    // another user's folder, nor through their symlink.
    @Test("A state folder of another user, or a symlink to one, is refused and left alone",
          .enabled(if: getuid() == 0), arguments: [false, true])
    func otherUsersStateFolder(throughSymlink: Bool) throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let theirs = box.root.appendingPathComponent("theirs").path
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        chmod(theirs, 0o777)
        #expect(chown(theirs, 65534, 65534) == 0)
        var folder = theirs
        if throughSymlink {
            folder = box.root.appendingPathComponent("mine").path
            try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: theirs)
        }
        // bmd either serves (READY=1), which is the fault, or exits.
        guard let stderr = try box.startOrRefuse(["--state-dir", folder, "--socket", box.socketPath], environment: box.baseEnvironment)
            .refusal(else: "bmd served from another user's folder") else { return }
        #expect(stderr.contains(throughSymlink ? "is a symbolic link to \(theirs)" : "belongs to user id 65534"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty, "bmd wrote in another user's folder")
    }

    // Rule F1.
    @Test("A state folder of one's own that others may write in (0777, 0775) is refused with the fix, and nothing in it is touched",
          .timeLimit(.minutes(1)), arguments: [0o777 as mode_t, 0o775])
    func stateFolderOpenToOthers(mode: mode_t) throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let folder = box.root.appendingPathComponent("open").path
        #expect(mkdir(folder, 0o700) == 0 && chmod(folder, mode) == 0)
        // A group that is the user's alone lets no one else in: give the folder one that
        // others share (nogroup, nobody's primary group).
        if SafeRefusalTests.ownGroupIsPrivate {
            try #require(chown(folder, geteuid(), 65534) == 0)
        }
        // What someone else may have put there: a state file of their making.
        let planted = folder + "/bmd.sqlite"
        try Data("not bmd's".utf8).write(to: URL(fileURLWithPath: planted))
        var before = stat()
        #expect(stat(planted, &before) == 0)
        guard let stderr = try box.startOrRefuse(["--state-dir", folder, "--socket", box.socketPath], environment: box.baseEnvironment)
            .refusal(else: "bmd served from a folder others may write in") else { return }
        #expect(stderr == "bmd: the state folder \(folder) is open to other users (mode \(String(mode, radix: 8))): anyone who may "
                + "write in it could put their own state file there. bmd uses it only when others cannot write in it: "
                + "run `chmod 700 \(folder)`, then start bmd again\n")
        // Nothing opened or changed: the same one file, untouched, and the folder's mode kept.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["bmd.sqlite"])
        var after = stat()
        #expect(stat(planted, &after) == 0)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        #expect(after.st_atim.tv_sec == before.st_atim.tv_sec && after.st_atim.tv_nsec == before.st_atim.tv_nsec,
                "bmd read the planted file")
        var folderInfo = stat()
        #expect(stat(folder, &folderInfo) == 0 && folderInfo.st_mode & 0o7777 == mode)
    }

    // Rule F1.
    @Test("A state folder of one's own inside a folder others may write in is refused with the fix; inside a sticky one (as /tmp) it is used",
          .timeLimit(.minutes(1)))
    func stateFolderInsideOpenFolder() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let shared = box.root.appendingPathComponent("shared").path
        #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o777) == 0)
        let folder = shared + "/state"
        #expect(mkdir(folder, 0o700) == 0)
        guard let stderr = try box.startOrRefuse(["--state-dir", folder, "--socket", box.socketPath], environment: box.baseEnvironment)
            .refusal(else: "bmd served from a folder inside one others may write in") else { return }
        #expect(stderr == "bmd: the state folder \(folder) is inside \(shared), which is open to other users (mode 777): anyone who "
                + "may write in it could put another folder in its place. bmd keeps your routines only where no one else can: "
                + "run `chmod go-w \(shared)` (or choose another --state-dir), then start bmd again\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "bmd wrote in the state folder")
        // Sticky, as /tmp is: no one may rename what is not theirs there, and bmd serves.
        #expect(chmod(shared, 0o1777) == 0)
        let sticky = try box.startOrRefuse(["--state-dir", folder, "--socket", box.socketPath], environment: box.baseEnvironment)
        guard case .serving(let child) = sticky else {
            if case .refused(let stderr) = sticky { Issue.record("refused inside a sticky folder: \(stderr)") }
            return
        }
        child.signal(SIGTERM)
        #expect(child.wait() == 0)
    }

    @Test("A state folder that is a symbolic link, even to a folder of one's own, is refused with the fix, and nothing is made behind it",
          .timeLimit(.minutes(1)), arguments: ["", "/"])
    func stateFolderThroughSymbolicLink(trailing: String) throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let real = box.root.appendingPathComponent("real").path
        #expect(mkdir(real, 0o700) == 0)
        let link = box.root.appendingPathComponent("link").path
        #expect(symlink(real, link) == 0)
        guard let stderr = try box.startOrRefuse(["--state-dir", link + trailing, "--socket", box.socketPath], environment: box.baseEnvironment)
            .refusal(else: "bmd served from a folder reached through a symbolic link") else { return }
        #expect(stderr.hasPrefix("bmd: the state folder \(link + trailing) is a symbolic link to \(real); "), "\(stderr)")
        #expect(stderr.contains("(--state-dir \(real))"), "the fix names the real folder: \(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: real).isEmpty, "bmd wrote behind the link")
    }

    // Rule F1.
    @Test("A state folder bmd creates is 0700, and one of one's own that only others may read (0755) is used as it is",
          .timeLimit(.minutes(1)))
    func stateFoldersUsed() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let made = box.root.appendingPathComponent("made/state").path
        try box.startDaemon(arguments: ["--state-dir", made, "--socket", box.socketPath], fakeClock: false)
        try box.stopDaemon()
        var info = stat()
        #expect(stat(made, &info) == 0 && info.st_mode & 0o7777 == 0o700)
        let readable = box.root.appendingPathComponent("readable").path
        #expect(mkdir(readable, 0o700) == 0 && chmod(readable, 0o755) == 0)
        try box.startDaemon(arguments: ["--state-dir", readable, "--socket", box.socketPath], fakeClock: false)
        try box.stopDaemon()
        #expect(stat(readable, &info) == 0 && info.st_mode & 0o7777 == 0o755)
        #expect(FileManager.default.fileExists(atPath: readable + "/bmd.sqlite"))
    }

    // A bmd handed its socket needs no default path for one.
    @Test("Under socket activation bmd needs no XDG_RUNTIME_DIR",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate")))
    func socketActivationWithoutRuntimeDir() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // Everything bmd needs but XDG_RUNTIME_DIR.
        let activator = try box.socketActivated(passing: ["XDG_STATE_HOME", "TZ", "LD_PRELOAD", "FAKETIME_TIMESTAMP_FILE",
                                                          "FAKETIME_NO_CACHE", "FAKETIME_DONT_FAKE_MONOTONIC"])
        defer {
            activator.signal(SIGKILL)
            activator.wait()
        }
        let status = try box.bmctl("status", "--json")
        #expect(status.status == 0, "\(status.stderr)")
        activator.signal(SIGTERM)
        #expect(activator.wait() == 0)
    }
}
