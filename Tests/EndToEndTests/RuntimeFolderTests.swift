import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Without XDG_RUNTIME_DIR (a root shell, a container, ssh without logind), bmd and bmctl
/// meet in the user's own folder under /tmp. Each test runs in a mount namespace with a
/// tmpfs of its own on /tmp, so the machine's /tmp/better-morning-UID is never touched.
@Suite("End to end: no runtime folder")
struct RuntimeFolderTests {
    /// Whether a test may mount a tmpfs on /tmp in a mount namespace of its own (root).
    static let privateTmp = MachineProbe(skipping: "with no private /tmp, the tests without XDG_RUNTIME_DIR") { _ in
        let output = try ChildProcess.run("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c",
                                                               "mount -t tmpfs tmpfs /tmp && echo mounted"],
                                          environment: ProcessInfo.processInfo.environment)
        return output.stdout.contains("mounted") ? nil : "unshare: status \(output.status), \(output.stderr)"
    }

    /// Runs `script` with sh in a private mount namespace whose /tmp is empty, with no
    /// XDG_RUNTIME_DIR, the state in /tmp/state, and BMD and BMCTL naming the programs.
    func inPrivateTmp(_ script: String, environment extra: [String: String] = [:]) throws -> Output {
        var env = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        for key in ["XDG_RUNTIME_DIR", "BMD_SOCKET", "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "DBUS_SESSION_BUS_ADDRESS",
                    "DISPLAY", "WAYLAND_DISPLAY"] {
            env[key] = nil
        }
        env["BMD"] = Binaries.bmd
        env["BMCTL"] = Binaries.bmctl
        env["XDG_STATE_HOME"] = "/tmp/state"
        env["TZ"] = "Europe/Berlin"
        // The programs are copied out of the way first: the tests' own build may live
        // under /tmp, which the empty tmpfs hides.
        let prelude = """
            programs=$(mktemp -d /dev/shm/bm-programs-XXXXXX) || exit 91
            trap 'rm -rf "$programs"' EXIT
            cp "$BMD" "$BMCTL" "$programs/" || exit 92
            BMD=$programs/bmd BMCTL=$programs/bmctl
            mount -t tmpfs tmpfs /tmp || exit 90
            folder=/tmp/better-morning-$(id -u)
            # Stops the bmd that bmctl started, named in its lock file, and waits until it is gone.
            stop_bmd() {
                pid=$(sed -n 's/^pid \\([0-9]*\\),.*/\\1/p' /tmp/state/better-morning/bmd.lock)
                kill "$pid"
                while kill -0 "$pid" 2>/dev/null; do sleep 0.02; done
            }

            """
        return try ChildProcess.run("/usr/bin/unshare", ["--mount", "--propagation", "private", "/bin/sh", "-c", prelude + script],
                                    environment: env)
    }

    @Test("With no XDG_RUNTIME_DIR, bmctl starts bmd and both use a 0700 folder of the user's own under /tmp",
          .enabled("needs a mount namespace (root)") { Self.privateTmp.works }, .timeLimit(.minutes(1)))
    func agreeOnFolder() throws {
        // F2
        let output = try inPrivateTmp("""
            "$BMCTL" activate kant 2>&1; echo "activate: $?"
            "$BMCTL" --no-autostart status --json; echo "status: $?"
            stat -c 'folder: %a %u' "$folder"
            stat -c 'socket: %F' "$folder/bmd.sock"
            stop_bmd
            test -e "$folder/bmd.sock" && echo "socket left behind"
            echo end
            """)
        #expect(output.stdout.contains("activate: 0"), "\(output.stdout) \(output.stderr)")
        #expect(output.stdout.contains("\"phase\""), "\(output.stdout)")
        #expect(output.stdout.contains("status: 0"), "\(output.stdout)")
        #expect(output.stdout.contains("folder: 700 \(geteuid())"), "\(output.stdout)")
        #expect(output.stdout.contains("socket: socket"), "\(output.stdout)")
        #expect(!output.stdout.contains("socket left behind"))
        #expect(output.stdout.contains("end"), "\(output.stderr)")
    }

    @Test("The folder under /tmp is refused, saying why, when it is a symbolic link, another user's or open to others",
          .enabled("needs a mount namespace (root)") { Self.privateTmp.works }, .timeLimit(.minutes(1)))
    func refusesUnsafeFolder() throws {
        // F2
        let output = try inPrivateTmp("""
            mkdir -m 700 /tmp/elsewhere
            ln -s /tmp/elsewhere "$folder"
            echo "== link"; "$BMCTL" status; echo "bmctl: $?"; "$BMD"; echo "bmd: $?"
            rm "$folder"; mkdir -m 700 "$folder"; chown 65534 "$folder"
            echo "== owner"; "$BMCTL" status; echo "bmctl: $?"; "$BMD"; echo "bmd: $?"
            chown 0 "$folder"; chmod 1777 "$folder"
            echo "== open"; "$BMCTL" status; echo "bmctl: $?"; "$BMD"; echo "bmd: $?"
            ls -A "$folder" /tmp/elsewhere
            echo end
            """ )
        let text = output.stdout + output.stderr
        #expect(output.stdout.contains("end"), "\(text)")
        // bmctl says why and exits 3 (cannot reach bmd); bmd refuses to start.
        #expect(output.stdout.components(separatedBy: "bmctl: 3").count == 4, "\(text)")
        #expect(output.stdout.components(separatedBy: "bmd: 1").count == 4, "\(text)")
        #expect(output.stderr.contains("is a symbolic link"), "\(text)")
        #expect(output.stderr.contains("belongs to user id 65534"), "\(text)")
        #expect(output.stderr.contains("is open to other users (mode 1777)"), "\(text)")
        // Nothing was bound in either folder.
        #expect(!output.stdout.contains("bmd.sock"), "\(text)")
    }

    @Test("Another user who makes the folder under /tmp, with a socket, while bmctl waits for the bmd it started is told nothing",
          .enabled("needs a mount namespace (root), setpriv and python3") { Self.privateTmp.works && ForeignListener.available },
          .timeLimit(.minutes(1)))
    func folderMadeDuringTheWait() throws {
        // F2, F7. The bmd bmctl starts stands for the moment another user wins the race:
        // it runs, as nobody, a listener that makes the folder with its socket in it.
        let (_, listener) = ForeignListener.command(stage: "STAGE")
        let output = try inPrivateTmp("""
            cat > "$programs/bmd" <<'END'
            #!/bin/sh
            stage=$(mktemp -d /tmp/stage-XXXXXX) && chown 65534 "$stage" || exit 1
            exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 -I -c "$LISTENER" "$stage" "/tmp/better-morning-$(id -u)"
            END
            chmod 755 "$programs/bmd"
            "$BMCTL" status; echo "bmctl: $?"
            /usr/bin/python3 -I -c '
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(b"END\\0")
            print("listener got:", s.recv(64).rstrip(b"\\0").decode())' "$folder/bmd.sock"
            echo end
            """, environment: ["LISTENER": listener[listener.firstIndex(of: "-c")! + 1]])
        let text = output.stdout + output.stderr
        #expect(output.stdout.contains("end"), "\(text)")
        #expect(output.stdout.contains("bmctl: 3"), "\(text)")
        #expect(output.stdout.contains("listener got: 0 0"), "connections and bytes: \(text)")
        #expect(output.stderr.contains("bmctl: bmd was not running; started it"), "\(text)")
        #expect(output.stderr.contains("/tmp/better-morning-\(geteuid()) belongs to user id 65534, not to you"), "\(text)")
        #expect(!output.stdout.contains("forged"), "\(text)")
    }

    @Test("bmd leaves the mode of folders it did not create: a shared socket folder keeps its sticky bit, a state folder its mode",
          .timeLimit(.minutes(1)))
    func keepsFoldersItDidNotCreate() throws {
        // F2, F1
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let shared = box.root.appendingPathComponent("shared").path
        let state = box.root.appendingPathComponent("mystate").path
        #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o1777) == 0)
        #expect(mkdir(state, 0o700) == 0 && chmod(state, 0o750) == 0)
        let made = box.root.appendingPathComponent("made/deeper").path
        try box.startDaemon(arguments: ["--socket", shared + "/bmd.sock", "--state-dir", state], fakeClock: false)
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
        }
        #expect(mode(shared) == 0o1777)
        #expect(mode(state) == 0o750)
        #expect(mode(shared + "/bmd.sock") & 0o777 == 0o600)
        #expect(mode(state + "/bmd.sqlite") & 0o777 == 0o600)
        try box.stopDaemon()
        // Folders bmd makes for a socket are its own, and private.
        try box.startDaemon(arguments: ["--socket", made + "/bmd.sock", "--state-dir", state], fakeClock: false)
        #expect(mode(made) == 0o700)
        #expect(mode((made as NSString).deletingLastPathComponent) == 0o700)
        try box.stopDaemon()
    }
}
