import Testing
import Glibc
@testable import MorningControl

/// The real socket path: connect, send one NUL-ended call, read one reply (F2, F6, §10).
@Suite struct RealSocketTests {
    @Test("status --json over a real socket prints the reply")
    func statusOverSocket() {
        let responder = Responder(reply: #"{"parameters":{"phase":"none","state":"none","date":"2026-11-23","behind":0,"notifications":{"enabled":false,"sound":true,"available":true}}}"#)
        let run = bmctlOverSocket(["status", "--json", "--socket", responder.path, "--no-autostart"])
        #expect(responder.received() == #"{"method":"org.bettermorning.Morning.Status","parameters":{}}"#)
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        #expect(run.out.hasPrefix(#"{"behind":0,"currentTask":null,"date":"2026-11-23","#))
    }

    // Rule L2.
    @Test("status --follow prints every frame, also when several arrive in one read")
    func followFramesTogether() {
        // The last reply does not continue: bmd ends the stream, and bmctl with it.
        func status(_ completed: Int) -> String {
            (completed < 2 ? #"{"continues":true,"# : "{") + #""parameters":{"phase":"running","state":"inProgress","date":"2026-11-23","routine":null,"#
                + #""today":{"date":"2026-11-23","completed":\#(completed),"total":3},"currentTask":null,"#
                + #""nextTask":null,"behind":0,"nextReminder":null,"notifications":{"enabled":true,"sound":true,"available":true}}}"#
        }
        let responder = Responder(frames: [status(0), status(1), status(2)])
        let run = bmctlOverSocket(["status", "--follow", "--json", "--socket", responder.path, "--no-autostart"])
        _ = responder.received()
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 3, "\(run.out)")
        #expect(lines.last?.contains(#""completed":2"#) == true)
    }

    @Test("BMD_SOCKET chooses the socket")
    func environmentSocket() {
        let responder = Responder(reply: #"{"parameters":{"notifications":{"enabled":true,"sound":true,"available":true}}}"#)
        let run = bmctlOverSocket(["notifications", "on", "--no-autostart"], environment: ["BMD_SOCKET": responder.path])
        #expect(responder.received() == #"{"method":"org.bettermorning.Morning.SetNotifications","parameters":{"enabled":true}}"#)
        #expect(run.status == 0)
        #expect(run.out == "Notifications are on, with sound.\n")
    }

    @Test("a refusal over a real socket exits 1 with its message")
    func refusalOverSocket() {
        let responder = Responder(reply: #"{"error":"org.bettermorning.Morning.AlreadyActive","parameters":{"routine":"Tim Cook"}}"#)
        let run = bmctlOverSocket(["--socket", responder.path, "--no-autostart", "activate", "tim"])
        #expect(responder.received() == #"{"method":"org.bettermorning.Morning.Activate","parameters":{"routine":"tim"}}"#)
        #expect(run.status == 1)
        #expect(run.err == "bmctl: Tim Cook is already your active routine; to start it over from tomorrow use `bmctl restart \"Tim Cook\"`\n")
        #expect(run.out.isEmpty)
    }

    @Test("a daemon that hangs up without answering: exit 3")
    func closedWithoutAnswer() {
        let responder = Responder(reply: nil)
        let run = bmctlOverSocket(["status", "--socket", responder.path, "--no-autostart"])
        _ = responder.received()
        #expect(run.status == 3)
        #expect(run.err == "bmctl: bmd at \(responder.path) closed the connection without answering\n")
    }

    // Rule F5.
    @Test("no socket and --no-autostart: exit 3, says how to start bmd")
    func absentSocket() {
        let responder = Responder(reply: nil)  // Only for its temporary folder.
        let path = responder.folder + "/absent.sock"
        let run = bmctlOverSocket(["status", "--socket", path, "--no-autostart"])
        #expect(run.status == 3)
        #expect(run.err == "bmctl: cannot reach bmd at \(path): No such file or directory. "
                + "Is the daemon running? Start it with `bmd` or drop --no-autostart\n")
        #expect(run.out.isEmpty)
    }

    @Test("a socket file nobody listens on (a killed bmd's) is unreachable: exit 3")
    func staleSocket() {
        let responder = Responder(reply: nil)  // Only for its temporary folder.
        let path = responder.folder + "/stale.sock"
        Responder.leaveStaleSocket(at: path)
        defer { unlink(path) }
        let run = bmctlOverSocket(["day", "--socket", path, "--no-autostart"])
        #expect(run.status == 3)
        #expect(run.err == "bmctl: cannot reach bmd at \(path): Connection refused. "
                + "Is the daemon running? Start it with `bmd` or drop --no-autostart\n")
    }
}
