#if canImport(Glibc)
import Glibc
#endif

/// What bmd writes to stderr itself, before its logger runs: most often, just before it
/// exits, why it cannot run.
///
/// Written with write(2), each byte once, and nothing more done when the write fails: a
/// stderr that is closed, full or a pipe no one reads any more must not turn a refusal
/// into a crash, which a service manager or a script would read as another failure than
/// the one the exit status gives. Foundation's `FileHandle.write` stops the process on
/// such an error, and a pipe's SIGPIPE would end it before its status is set.
enum LastWords {
    /// Writes `text` to stderr, as much of it as stderr takes.
    static func say(_ text: String) {
        // SIGPIPE is held back on this thread while writing, then taken off if the write
        // raised it: the write's EPIPE is enough, and only this thread writes here.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &before)
        let alreadyHeld = sigismember(&before, SIGPIPE) == 1
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let alreadyPending = sigismember(&pendingBefore, SIGPIPE) == 1
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        if !alreadyHeld {
            if !alreadyPending {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &before, nil)
        }
    }
}
