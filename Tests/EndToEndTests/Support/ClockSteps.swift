import Testing

extension Sandbox {
    /// Sets bmd's clock to `time` while it runs and has it plan again (`bmctl reload`).
    /// On a real machine a clock step cancels bmd's timerfd (TFD_TIMER_CANCEL_ON_SET) and
    /// it plans again at once; libfaketime moves only what bmd reads, so nothing is
    /// cancelled, and `bmctl reload`, which plans again the same way, stands in for that.
    func stepClock(to time: String) throws {
        setClock(time)
        #expect(try bmctl("reload").status == 0)
    }
}
