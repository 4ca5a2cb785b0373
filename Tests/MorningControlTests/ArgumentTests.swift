import Testing
#if canImport(Glibc)
import Glibc
#endif
import MorningClient
@testable import MorningControl

/// The command line: global options anywhere, parameters sent, usage errors exit 2 (§10).
@Suite struct ArgumentTests {
    let status = ok(#"{"phase":"none","state":"none","date":"2026-11-23","behind":0,"notifications":{"enabled":true,"sound":true,"available":true}}"#)

    @Test("--json works before and after the command")
    func jsonBeforeOrAfter() {
        let before = bmctl(["--json", "status"], reply: status)
        let after = bmctl(["status", "--json"], reply: status)
        #expect(before.status == 0)
        #expect(before.out.hasPrefix(#"{"behind":0,"#))
        #expect(before.out == after.out)
        #expect(before.calls == [#"{"method":"org.bettermorning.Morning.Status","parameters":{}}"#])
    }

    @Test("--socket and --no-autostart work before the command, with a separate or attached value")
    func socketBeforeCommand() {
        let separate = bmctl(["--socket", "/tmp/a.sock", "--no-autostart", "status"], reply: status)
        let attached = bmctl(["--socket=/tmp/a.sock", "status", "--no-autostart"], reply: status)
        let expected = Endpoint(path: "/tmp/a.sock", explicit: true, autostart: false)
        #expect(separate.status == 0 && attached.status == 0)
        #expect(separate.endpoints == [expected])
        #expect(attached.endpoints == [expected])
    }

    @Test("the default socket is in XDG_RUNTIME_DIR and bmd may be started")
    func defaultEndpoint() {
        let run = bmctl(["status"], reply: status)
        #expect(run.endpoints == [Endpoint(path: "/run/user/1000/better-morning/bmd.sock", explicit: false, autostart: true)])
        let fromEnvironment = bmctl(["status"], reply: status, environment: ["BMD_SOCKET": "/tmp/b.sock"])
        #expect(fromEnvironment.endpoints == [Endpoint(path: "/tmp/b.sock", explicit: true, autostart: true)])
    }

    @Test("no runtime folder and no --socket: the socket in the user's own folder under /tmp, as bmd binds it")
    func noRuntimeFolder() {
        // F2
        let run = bmctl(["status"], reply: status, environment: [:])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.endpoints == [Endpoint(path: "/tmp/better-morning-\(geteuid())/bmd.sock", explicit: false, autostart: true)])
    }

    @Test("week --prev, --next and --week are mutually exclusive")
    func weekOptionsExclusive() {
        for arguments in [["week", "--prev", "1", "--next", "2"], ["week", "--week", "2026-11-16", "--prev", "1"],
                          ["week", "Tim", "--next", "1", "--week", "today"]] {
            let run = bmctl(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.hasPrefix("bmctl: --week, --prev and --next choose the week in different ways; use only one\n"))
            #expect(run.calls.isEmpty)
        }
    }

    @Test("week --next or --prev beyond what bmd takes is a usage error worded here, never bmd's protocol error")
    func weekOffsetBeyondLimit() {
        for arguments in [["week", "--next", "10001"], ["week", "--prev", "10001"]] {
            let run = bmctl(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.err.contains("takes at most 10000 weeks"), "\(run.err)")
            #expect(run.calls.isEmpty)
        }
        #expect(bmctl(["week", "--next", "10000"]).calls.count == 1)
    }

    @Test("week sends the routine, the offset (back is negative) and the locale")
    func weekParameters() {
        let environment = baseEnvironment.merging(["LC_ALL": "", "LC_TIME": "en_GB.UTF-8", "LANG": "en_US.UTF-8"]) { $1 }
        let back = bmctl(["week", "Tim Cook", "--prev", "2"], environment: environment)
        #expect(back.calls == [#"{"method":"org.bettermorning.Morning.Week","parameters":{"locale":"en_GB.UTF-8","offset":-2,"routine":"Tim Cook"}}"#])
        let forward = bmctl(["week", "--next", "3"])
        #expect(forward.calls == [#"{"method":"org.bettermorning.Morning.Week","parameters":{"offset":3}}"#])
        let holding = bmctl(["week", "--week", "2026-11-18"], environment: ["XDG_RUNTIME_DIR": "/run/user/1", "LANG": "de_DE.UTF-8"])
        #expect(holding.calls == [#"{"method":"org.bettermorning.Morning.Week","parameters":{"date":"2026-11-18","locale":"de_DE.UTF-8"}}"#])
    }

    @Test("a date that is not YYYY-MM-DD, today, yesterday or tomorrow is a usage error", arguments: [
        ["day", "2026-02-30"], ["day", "friday"], ["day", "2026-1-5"], ["check", "2", "--date", "26-11-23"],
        ["uncheck", "Read", "--date", "now"], ["week", "--week", "2026/11/16"],
    ])
    func badDate(arguments: [String]) {
        let run = bmctl(arguments)
        let text = arguments.last!
        #expect(run.status == 2)
        #expect(run.err.hasPrefix("bmctl: \"\(text)\" is not a date; use YYYY-MM-DD, today, yesterday or tomorrow\n"))
        #expect(run.calls.isEmpty)
    }

    @Test("day sends the date as typed, the words in lower case, nothing for today by default")
    func dayParameters() {
        #expect(bmctl(["day"]).calls == [#"{"method":"org.bettermorning.Morning.Day","parameters":{}}"#])
        #expect(bmctl(["day", "Yesterday"]).calls == [#"{"method":"org.bettermorning.Morning.Day","parameters":{"date":"yesterday"}}"#])
        #expect(bmctl(["day", "2024-02-29"]).calls == [#"{"method":"org.bettermorning.Morning.Day","parameters":{"date":"2024-02-29"}}"#])
        #expect(bmctl(["today"]).calls == [#"{"method":"org.bettermorning.Morning.Day","parameters":{"date":"today"}}"#])
    }

    @Test("check and uncheck send the task as typed and the date if given")
    func taskParameters() {
        #expect(bmctl(["check", "2"]).calls == [#"{"method":"org.bettermorning.Morning.Check","parameters":{"task":"2"}}"#])
        #expect(bmctl(["uncheck", "read e", "--date", "today"]).calls
                == [#"{"method":"org.bettermorning.Morning.Uncheck","parameters":{"date":"today","task":"read e"}}"#])
    }

    @Test("notifications takes on, off, test, sound or keep, anything else is a usage error")
    func notificationsSetting() {
        let maybe = bmctl(["notifications", "maybe"])
        #expect(maybe.status == 2)
        #expect(maybe.err.hasPrefix("bmctl: The value 'maybe' is invalid for '<on|off|test|sound|keep>'"))
        #expect(maybe.calls.isEmpty)
        let off = bmctl(["notifications", "off"], reply: ok(#"{"notifications":{"enabled":false,"sound":true,"available":true}}"#))
        #expect(off.status == 0)
        #expect(off.calls == [#"{"method":"org.bettermorning.Morning.SetNotifications","parameters":{"enabled":false}}"#])
        #expect(off.out == "Notifications are off.\n")
    }

    @Test("notifications sound on|off sets the reminder's sound; on or off after anything else is a usage error")
    func notificationSound() {
        let off = bmctl(["notifications", "sound", "off"],
                        reply: ok(#"{"notifications":{"enabled":true,"sound":false,"available":true}}"#))
        #expect(off.status == 0)
        #expect(off.calls == [#"{"method":"org.bettermorning.Morning.SetNotificationSound","parameters":{"sound":false}}"#])
        #expect(off.out == "The reminder's sound is off.\n")
        let shown = bmctl(["notifications", "sound"], reply: status)
        #expect(shown.status == 0)
        #expect(shown.calls == [#"{"method":"org.bettermorning.Morning.Status","parameters":{}}"#])
        #expect(shown.out == "Notifications are on, with sound.\n")
        let twice = bmctl(["notifications", "on", "off"])
        #expect(twice.status == 2)
        #expect(twice.calls.isEmpty)
        // A bmd still running from before an upgrade knows no sound setting.
        let older = bmctl(["notifications"],
                          reply: ok(#"{"phase":"none","date":"2026-11-23","behind":0,"notifications":{"enabled":true,"available":true}}"#))
        #expect(older.status == 0)
        #expect(older.out == "Notifications are on.\n")
        let loud = bmctl(["notifications", "sound", "loud"])
        #expect(loud.status == 2)
        #expect(loud.calls.isEmpty)
    }

    @Test("notifications keep on|off sets whether the reminder stays on screen, and says what it now does")
    func notificationKeep() {
        let off = bmctl(["notifications", "keep", "off"],
                        reply: ok(#"{"notifications":{"enabled":true,"sound":true,"available":true,"keepOnScreen":false}}"#))
        #expect(off.status == 0)
        #expect(off.calls == [#"{"method":"org.bettermorning.Morning.SetKeepOnScreen","parameters":{"keep":false}}"#])
        #expect(off.out == "The reminder leaves the screen as the desktop's other notifications do.\n")
        let on = bmctl(["notifications", "keep", "on"],
                       reply: ok(#"{"notifications":{"enabled":false,"sound":true,"available":true,"keepOnScreen":true}}"#))
        #expect(on.calls == [#"{"method":"org.bettermorning.Morning.SetKeepOnScreen","parameters":{"keep":true}}"#])
        #expect(on.out == "The reminder stays on screen until you act on it, also on GNOME.\n"
                + "The daily reminder itself is off; `bmctl notifications on` turns it on.\n")
        let shown = bmctl(["notifications", "keep"], reply: status)
        #expect(shown.calls == [#"{"method":"org.bettermorning.Morning.Status","parameters":{}}"#])
        let long = bmctl(["notifications", "keep", "forever"])
        #expect(long.status == 2)
        #expect(long.calls.isEmpty)
    }

    // Rule N2.
    @Test("notifications test calls TestNotification with no parameters and says it was sent")
    func notificationsTest() {
        let run = bmctl(["notifications", "test"], reply: ok(#"{"notifications":{"enabled":true,"sound":true,"available":true}}"#))
        #expect(run.status == 0)
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.TestNotification","parameters":{}}"#])
        #expect(run.out == "Sent a test notification.\n")
        #expect(run.err.isEmpty)
    }

    // Rule N2.
    @Test("notifications test --json prints the reply; with the reminder off the text says how to turn it on")
    func notificationsTestJSONAndOff() {
        let reply = ok(#"{"notifications":{"enabled":false,"sound":true,"available":true}}"#)
        let json = bmctl(["--json", "notifications", "test"], reply: reply)
        #expect(json.status == 0)
        #expect(json.out == #"{"notifications":{"available":true,"enabled":false,"keepOnScreen":null,"reason":null,"sound":true}}"# + "\n")
        let text = bmctl(["notifications", "test"], reply: reply)
        #expect(text.out == "Sent a test notification.\n"
                + "The daily reminder itself is off; `bmctl notifications on` turns it on.\n")
    }

    // `bmctl --json` with no command was a usage error, and `bmctl` alone printed help,
    // until bmctl with no command became the terminal app, and the status without a
    // terminal (U1): AppTests.noTerminal holds both to that. `help` and `--help` print help.
    @Test("unknown commands and options are usage errors", arguments: [
        ["stauts"], ["status", "--frobnicate"], ["activate"], ["week", "--prev", "many"],
    ])
    func unknown(arguments: [String]) {
        let run = bmctl(arguments)
        #expect(run.status == 2)
        #expect(run.err.hasPrefix("bmctl: "))
        #expect(run.out.isEmpty)
        #expect(run.calls.isEmpty)
    }

    @Test("--help and help print to stdout and exit 0", arguments: [["--help"], ["status", "--help"], ["help", "week"], ["help"]])
    func help(arguments: [String]) {
        let run = bmctl(arguments)
        #expect(run.status == 0)
        #expect(run.out.contains("USAGE: bmctl"))
        #expect(run.err.isEmpty)
        #expect(run.calls.isEmpty)
    }

    @Test("global options typed before the command move behind it, and only then")
    func hoisting() {
        let commands: Set<String> = ["status", "week"]
        #expect(ArgumentOrder.hoistingGlobalOptions(["--json", "--socket", "/s", "week", "--prev", "1"], commands: commands)
                == ["week", "--json", "--socket", "/s", "--prev", "1"])
        #expect(ArgumentOrder.hoistingGlobalOptions(["--socket", "status", "status"], commands: commands)
                == ["status", "--socket", "status"])
        #expect(ArgumentOrder.hoistingGlobalOptions(["status", "--json"], commands: commands) == ["status", "--json"])
        #expect(ArgumentOrder.hoistingGlobalOptions(["--json", "--frob", "status"], commands: commands)
                == ["--json", "--frob", "status"])
        #expect(ArgumentOrder.hoistingGlobalOptions(["--json"], commands: commands) == ["--json"])
        // Behind the whole name of a nested command, so that its own options are parsed there.
        let nested: Set<String> = ["draft", "draft add", "draft show"]
        #expect(ArgumentOrder.hoistingGlobalOptions(["--no-autostart", "draft", "add", "06:00", "Run"], commands: nested)
                == ["draft", "add", "--no-autostart", "06:00", "Run"])
        #expect(ArgumentOrder.hoistingGlobalOptions(["--json", "draft"], commands: nested) == ["draft", "--json"])
        #expect(BMCtl.commandNames.isSuperset(of: ["create", "draft", "draft add", "draft show", "draft save"]))
    }
}
