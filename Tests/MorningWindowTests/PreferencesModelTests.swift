import MorningProtocol
import MorningWindow
import Testing

/// The preferences' model, event by event: the reminder's switches send what bmd is to
/// set, its answers are said in words, and a reset asks first.
// Rule U4: the window's preferences, with the terminal app's facts.
@Suite struct PreferencesModelTests {
    func live() -> WindowModel {
        var window = WindowModel()
        _ = window.handle(.started)
        _ = window.handle(.status(Fixture.status()))
        return window
    }

    @Test("the switches show bmd's settings from the status, and send only a change")
    func switches() {
        var window = live()
        #expect(window.preferences.notifications == Fixture.notifications)
        #expect(window.handle(.preferences(.setNotifications(true))) == [])  // already on
        #expect(window.handle(.preferences(.setNotifications(false))) == [.preferences(.setNotifications(false))])
        #expect(window.handle(.preferences(.setSound(true))) == [.preferences(.setSound(true))])
        #expect(window.handle(.preferences(.testNotification)) == [.preferences(.testNotification)])
    }

    @Test("bmd's answers are said: on with sound, silent, off, the sound alone, the test")
    func answers() {
        var model = PreferencesModel()
        let on = Morning.Notifications(enabled: true, sound: true, available: true)
        _ = model.handle(.notifications(on, after: .setNotifications(true)), live: true)
        #expect(model.notice == "Notifications are on, with sound.")
        #expect(model.notifications == on)
        let silent = Morning.Notifications(enabled: true, sound: false, available: true)
        _ = model.handle(.notifications(silent, after: .setSound(false)), live: true)
        #expect(model.notice == "The reminder's sound is off.")
        let off = Morning.Notifications(enabled: false, sound: false, available: true)
        _ = model.handle(.notifications(off, after: .setNotifications(false)), live: true)
        #expect(model.notice == "Notifications are off.")
        _ = model.handle(.notifications(off, after: .testNotification), live: true)
        #expect(model.notice == "Sent a test notification. The daily reminder itself is off.")
        #expect(model.noticeCount == 4)
    }

    @Test("\"Keep the reminder on screen\" sends only a change, and bmd's answer is said")
    func keepOnScreen() {
        var model = PreferencesModel()
        let kept = Morning.Notifications(enabled: true, sound: true, available: true, keepOnScreen: true)
        _ = model.handle(.notifications(kept, after: .setNotifications(true)), live: true)
        #expect(model.handle(.setKeepOnScreen(true), live: true) == [])  // already on
        #expect(model.handle(.setKeepOnScreen(false), live: true) == [.setKeepOnScreen(false)])
        #expect(model.handle(.setKeepOnScreen(false), live: false) == [])  // bmd away
        let let_go = Morning.Notifications(enabled: true, sound: true, available: true, keepOnScreen: false)
        _ = model.handle(.notifications(let_go, after: .setKeepOnScreen(false)), live: true)
        #expect(model.notice == "The reminder leaves the screen as other notifications do.")
        _ = model.handle(.notifications(kept, after: .setKeepOnScreen(true)), live: true)
        #expect(model.notice == "The reminder stays on screen until you act on it.")
    }

    @Test("with no notification server, the reminder's row and the answer say it cannot show, and why")
    func unavailable() {
        let away = Morning.Notifications(enabled: true, sound: true, available: false, reason: "no session bus")
        #expect(PreferencesModel.reminderSubtitle(away) == "The reminder cannot show yet: no session bus.")
        var model = PreferencesModel()
        _ = model.handle(.notifications(away, after: .setNotifications(true)), live: true)
        #expect(model.notice == "Notifications are on, with sound. The reminder cannot show yet: no session bus.")
        #expect(PreferencesModel.reminderSubtitle(Morning.Notifications(enabled: false, available: true)) == "Off: no reminder comes.")
        #expect(PreferencesModel.reminderSubtitle(nil) == "Waiting for bmd…")
    }

    @Test("a refused test notification is worded with bmd's reason")
    func refusedTest() {
        var window = live()
        _ = window.handle(.preferences(.testNotification))
        _ = window.handle(.refused(.notificationsUnavailable(reason: "no notification server on the session bus")))
        #expect(window.message == "The notification cannot show: no notification server on the session bus.")
    }

    @Test("reset asks first, saying what is lost; only yes resets")
    func reset() {
        var window = live()
        #expect(window.handle(.preferences(.askReset)) == [])
        #expect(window.preferences.question == Confirmation(
            heading: "Reset Better Morning?",
            body: "Reset Better Morning? Every routine, record and setting is removed; the celebrity routines stay. This cannot be undone.",
            action: "Reset", destructive: true))
        #expect(window.handle(.preferences(.cancel)) == [])
        #expect(window.handle(.preferences(.confirm)) == [])  // no question on show
        _ = window.handle(.preferences(.askReset))
        #expect(window.handle(.preferences(.confirm)) == [.preferences(.reset)])
        _ = window.handle(.preferences(.wasReset))
        #expect(window.preferences.notice == "Better Morning is reset: every routine, record and setting is gone.")
    }

    @Test("the welcome shows in the window's words and is marked as shown with bmd")
    func welcome() {
        var window = live()
        #expect(window.handle(.preferences(.showWelcome)) == [.preferences(.takeWelcome)])
        #expect(window.preferences.welcome?.contains("on the Routines page") == true)
        #expect(window.preferences.welcome?.contains("bmctl") == false)
        _ = window.handle(.preferences(.closeWelcome))
        #expect(window.preferences.welcome == nil)
    }

    @Test("the first run: the window asks bmd once whether the welcome is due, and shows it on itself when it is")
    func firstRunWelcome() {
        var window = WindowModel()
        // Not before bmd answers.
        #expect(window.handle(.preferences(.windowShown)) == [])
        window = live()
        #expect(window.handle(.preferences(.windowShown)) == [.preferences(.askWelcome), .preferences(.askLoginStart)])
        #expect(window.handle(.preferences(.windowShown)) == [])
        #expect(window.handle(.preferences(.welcomePending(true))) == [.preferences(.takeWelcome)])
        #expect(window.preferences.firstRunWelcome == nil, "shown before the user manager said whether bmd starts at login")
        _ = window.handle(.preferences(.loginStart(.off)))
        #expect(window.preferences.firstRunWelcome == PreferencesModel.welcomeText + "\n\n" + LoginStart.off.words)
        #expect(window.preferences.welcome == nil, "the welcome shows on the window, not over the preferences")
        _ = window.handle(.preferences(.closeFirstRunWelcome))
        #expect(window.preferences.firstRunWelcome == nil)
        var taken = live()
        _ = taken.handle(.preferences(.windowShown))
        #expect(taken.handle(.preferences(.welcomePending(false))) == [])
        #expect(taken.preferences.firstRunWelcome == nil)
    }

    @Test("whether bmd starts at login is said as the user manager says it, and turning it on is offered only when off")
    func loginStart() {
        var window = live()
        #expect(window.handle(.preferences(.startAtLogin)) == [], "nothing to turn on before the manager said")
        _ = window.handle(.preferences(.loginStart(LoginStart(unitFileState: "disabled"))))
        #expect(window.preferences.loginStart == .off)
        #expect(window.preferences.loginStart?.words == "bmd does not start when you log in: until something starts it, no reminder comes.")
        #expect(window.handle(.preferences(.startAtLogin)) == [.preferences(.enableLoginStart)])
        #expect(window.handle(.preferences(.startAtLogin)) == [], "asked twice while the first runs")
        _ = window.handle(.preferences(.loginStart(LoginStart(unitFileState: "enabled"))))
        #expect(window.preferences.loginStart == .on)
        #expect(window.preferences.notice == "bmd now starts when you log in.")
        #expect(window.handle(.preferences(.startAtLogin)) == [])
        _ = window.handle(.preferences(.loginStart(.off)))
        _ = window.handle(.preferences(.startAtLogin))
        _ = window.handle(.preferences(.loginStartFailed("Access denied")))
        #expect(window.preferences.notice == "bmd could not be set to start when you log in: Access denied.")
        #expect(!window.preferences.enablingLoginStart)
        #expect(LoginStart(unitFileState: "static") == .on && LoginStart(unitFileState: "masked") == .off)
        #expect(LoginStart.unknown("The name is not activatable").words
                == "Whether bmd starts when you log in is not known: The name is not activatable.")
    }

    @Test("while bmd is away nothing is sent and no reset is asked")
    func away() {
        var window = live()
        _ = window.handle(.lost("bmd stopped"))
        #expect(window.handle(.preferences(.setNotifications(false))) == [])
        #expect(window.handle(.preferences(.testNotification)) == [])
        #expect(window.handle(.preferences(.askReset)) == [])
        #expect(window.preferences.question == nil)
    }
}
