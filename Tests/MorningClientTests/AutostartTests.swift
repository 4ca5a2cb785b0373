import Testing
@testable import MorningClient

/// F5: which bmd is started, with which arguments, and how long a client waits for it.
@Suite struct AutostartTests {
    @Test("the bmd beside bmctl wins over the one on PATH")
    func besideFirst() {
        let found = Autostart.locateDaemon(besides: "/opt/bm/bin/bmctl", path: "/usr/bin:/bin") {
            ["/opt/bm/bin/bmd", "/usr/bin/bmd"].contains($0)
        }
        #expect(found == "/opt/bm/bin/bmd")
    }

    @Test("without one beside bmctl, the first on PATH; relative PATH entries are skipped")
    func onPath() {
        let found = Autostart.locateDaemon(besides: "/home/me/bmctl", path: "bin::/usr/local/bin:/usr/bin") {
            ["bin/bmd", "/usr/bin/bmd"].contains($0)
        }
        #expect(found == "/usr/bin/bmd")
        #expect(Autostart.locateDaemon(besides: nil, path: "/usr/bin") { _ in false } == nil)
    }

    @Test("bmd is told the socket only when the user chose it")
    func arguments() {
        #expect(Autostart.arguments(for: Endpoint(path: "/run/user/1/better-morning/bmd.sock", explicit: false, autostart: true)) == [])
        #expect(Autostart.arguments(for: Endpoint(path: "/tmp/x.sock", explicit: true, autostart: true)) == ["--socket", "/tmp/x.sock"])
    }

    @Test("retries start at 10 ms, grow, and stop after about five seconds")
    func delays() {
        let delays = Autostart.retryDelays()
        #expect(delays.prefix(4) == [10, 20, 40, 80])
        #expect(delays.max() == 500)
        #expect(delays.reduce(0, +) >= 5_000)
        #expect(delays.reduce(0, +) < 5_500)
    }
}
