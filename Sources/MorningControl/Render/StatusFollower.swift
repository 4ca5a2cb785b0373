#if canImport(Glibc)
import Glibc
#endif
import MorningProtocol

/// `bmctl status --follow`: a line per change, and a bar that outlives bmd. When bmd
/// is not there, or goes away, it prints an offline state and connects again, waiting
/// a little longer after each failed try, up to a few seconds. Only its first try may
/// start bmd: a bmd someone stopped stays stopped until they start it. When bmd runs
/// but has no place for another follower, it prints a busy state and waits the same way.
struct StatusFollower {
    var json: Bool
    var format: BarText.Format
    var maxWidth: Int

    func run(in session: Session) throws(ControlFailure) {
        var session = session
        var last = ""
        var connected = false
        var backoff = Backoff()
        var told = false
        // Whether bmd runs but turned this follower away, its followers all taken.
        var busy = false
        func show(_ text: String) {
            // A status that renders the same is not printed twice.
            if text != last {
                // A bar's line is data: written as it is, never broken between words.
                session.write(text)
                last = text
            }
        }
        while true {
            do throws(ControlFailure) {
                try session.follow(Morning.Call.status()) { status in
                    connected = true
                    backoff.answered()
                    show(json ? String(decoding: status.json.text(), as: UTF8.self) + "\n"
                              : BarText.render(status, format: format, following: true, maxWidth: maxWidth))
                }
                // bmd ended the stream itself, with a last reply: there is no more to follow.
                return
            } catch {
                // A bar started before bmd (at login, say) waits for it, as it waits for a
                // place at bmd's limit of followers; anything else is the answer.
                guard error.status == .unreachable || error.retryLater else { throw error }
                busy = error.retryLater
                // Said once, on stderr: a bmd at its limit, or one not there when the bar started.
                if !told, busy || !connected {
                    session.context.console.writeError("bmctl: \(error.message); " + (busy ? "trying again\n" : "waiting for bmd\n"))
                    told = true
                }
            }
            session.globals.noAutostart = true
            if busy {
                show(json ? #"{"offline":true,"busy":true}"# + "\n" : BarText.busy(format))
            } else {
                show(json ? #"{"offline":true}"# + "\n" : BarText.offline(format))
            }
            Backoff.sleep(milliseconds: backoff.failed())
        }
    }
}

extension Backoff {
    /// Sleeps the thread for `milliseconds`: the followers of bmctl wait on threads of
    /// their own (the window waits on GLib's loop instead).
    static func sleep(milliseconds: UInt32) {
        var pause = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        nanosleep(&pause, nil)
    }
}
