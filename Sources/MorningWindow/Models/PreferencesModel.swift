import MorningProtocol
import MorningWords

/// What the preferences need from bmd.
public enum PreferencesEffect: Equatable, Sendable {
    case setNotifications(Bool)
    case setSound(Bool)
    /// Keep the reminder on screen until acted on, or let it go as other notifications do.
    case setKeepOnScreen(Bool)
    case testNotification
    /// Marks the welcome as shown, as `bmctl welcome` does, so no surface offers it again.
    case takeWelcome
    /// Asks bmd whether the welcome is still to be shown (after install or Reset),
    /// without taking it.
    case askWelcome
    case reset
    /// Asks systemd's user manager whether bmd starts at login.
    case askLoginStart
    /// Has the user manager start bmd at login, and now.
    case enableLoginStart
}

/// What happens in the preferences: the person's actions and bmd's answers.
public enum PreferencesEvent: Equatable, Sendable {
    case setNotifications(Bool)
    case setSound(Bool)
    case setKeepOnScreen(Bool)
    case testNotification
    case showWelcome
    case closeWelcome
    case askReset
    /// The question on show was answered: go ahead, or keep everything.
    case confirm, cancel
    /// bmd's notification settings after a change: which one, and what they are now.
    case notifications(Morning.Notifications, after: PreferencesEffect)
    case wasReset
    /// bmd marked the welcome as shown.
    case welcomeTaken
    /// The window is on screen and bmd answers: the first time, the window asks whether
    /// this is the person's first run.
    case windowShown
    /// Whether bmd says the welcome is still to be shown.
    case welcomePending(Bool)
    /// The welcome shown on the window's first run was closed.
    case closeFirstRunWelcome
    /// Whether bmd starts at login, as systemd's user manager says.
    case loginStart(LoginStart)
    /// The person asked for bmd to start at login.
    case startAtLogin
    /// The user manager would not start bmd at login: why.
    case loginStartFailed(String)

    /// Whether the person did this, not bmd's answer: the window's line about what went
    /// wrong stays until the next action.
    public var isAction: Bool {
        switch self {
        case .setNotifications, .setSound, .setKeepOnScreen, .testNotification, .showWelcome, .closeWelcome, .askReset,
             .confirm, .cancel, .closeFirstRunWelcome, .startAtLogin: true
        case .notifications, .wasReset, .welcomeTaken, .windowShown, .welcomePending, .loginStart, .loginStartFailed: false
        }
    }
}

/// The preferences' state: the reminder's settings as bmd last reported them, the
/// welcome when on show, a question before a reset, and what the last change did.
public struct PreferencesModel: Equatable, Sendable {
    /// bmd's notification settings: from the status, or from the answer to a change.
    public var notifications: Morning.Notifications?
    /// The welcome's text while it is on show.
    public var welcome: String?
    /// The welcome's text while it is on show on the window itself, on the first run:
    /// the person need not find it in the preferences.
    public var firstRunWelcome: String?
    /// Whether bmd was asked if the welcome is still to be shown: once a window.
    public var welcomeAsked = false
    /// bmd said the welcome is due; it shows once the user manager said whether bmd
    /// starts at login, which the welcome says too.
    public var welcomeDue = false
    /// Whether bmd starts at login, once the user manager said.
    public var loginStart: LoginStart?
    /// Whether the user manager is turning the start at login on.
    public var enablingLoginStart = false
    public var question: Confirmation?
    /// What the last change did, in a sentence; `noticeCount` counts them, so the same
    /// sentence twice shows twice.
    public var notice: String?
    public var noticeCount = 0

    public init() {}

    public mutating func handle(_ event: PreferencesEvent, live: Bool) -> [PreferencesEffect] {
        switch event {
        case .setNotifications(let on):
            guard live, notifications?.enabled != on else { return [] }
            return [.setNotifications(on)]
        case .setSound(let on):
            guard live, notifications?.sound != on else { return [] }
            return [.setSound(on)]
        case .setKeepOnScreen(let on):
            guard live, notifications?.keepOnScreen != on else { return [] }
            return [.setKeepOnScreen(on)]
        case .testNotification:
            guard live else { return [] }
            return [.testNotification]
        case .showWelcome:
            welcome = Self.welcomeText
            return live ? [.takeWelcome] : []
        case .closeWelcome:
            welcome = nil
            return []
        case .askReset:
            guard live else { return [] }
            question = Confirmation(heading: "Reset Better Morning?",
                                    body: DataWords.resetQuestion + " This cannot be undone.",
                                    action: "Reset", destructive: true)
            return []
        case .confirm:
            guard question != nil else { return [] }
            question = nil
            return [.reset]
        case .cancel:
            question = nil
            return []
        case .notifications(let new, let after):
            notifications = new
            say(Self.words(new, after: after))
            return []
        case .welcomeTaken:
            return []
        case .windowShown:
            guard live, !welcomeAsked else { return [] }
            welcomeAsked = true
            return [.askWelcome, .askLoginStart]
        case .welcomePending(let pending):
            guard pending, welcome == nil else { return [] }
            welcomeDue = true
            showFirstRunWelcome()
            return [.takeWelcome]
        case .closeFirstRunWelcome:
            firstRunWelcome = nil
            return []
        case .loginStart(let state):
            if enablingLoginStart { say(state == .on ? "bmd now starts when you log in." : state.words) }
            enablingLoginStart = false
            loginStart = state
            showFirstRunWelcome()
            return []
        case .startAtLogin:
            guard loginStart == .off, !enablingLoginStart else { return [] }
            enablingLoginStart = true
            return [.enableLoginStart]
        case .loginStartFailed(let reason):
            enablingLoginStart = false
            say("bmd could not be set to start when you log in: \(reason).")
            return []
        case .wasReset:
            say(DataWords.reset)
            return []
        }
    }

    /// The first run's welcome, once it is due and whether bmd starts at login is known:
    /// what Better Morning is, then whether the reminder will come after the next login.
    private mutating func showFirstRunWelcome() {
        guard welcomeDue, let loginStart else { return }
        welcomeDue = false
        firstRunWelcome = Self.welcomeText + "\n\n" + loginStart.words
    }

    /// A status came: its notification settings are bmd's latest.
    public mutating func show(status: Morning.StatusReply) {
        notifications = status.notifications
    }

    private mutating func say(_ words: String) {
        notice = words
        noticeCount += 1
    }

    // MARK: What the preferences say

    /// After a change of the notification settings: what they are now, and why the
    /// reminder cannot show when no notification server answers.
    static func words(_ n: Morning.Notifications, after: PreferencesEffect) -> String {
        var line: String
        switch after {
        case .setSound:
            line = "The reminder's sound is \(n.sound == true ? "on" : "off")."
            if !n.enabled { line += " The daily reminder itself is off." }
            return line
        case .setKeepOnScreen:
            line = n.keepOnScreen == false ? "The reminder leaves the screen as other notifications do."
                : "The reminder stays on screen until you act on it."
            if !n.enabled { line += " The daily reminder itself is off." }
            return line
        case .testNotification:
            line = "Sent a test notification."
            if !n.enabled { line += " The daily reminder itself is off." }
            return line
        default:
            line = ReminderText.sentence(n)
        }
        if n.enabled && !n.available { line += " " + availability(n) }
        return line
    }

    /// What the reminder row says under its switch.
    public static func reminderSubtitle(_ n: Morning.Notifications?) -> String {
        guard let n else { return "Waiting for bmd…" }
        if !n.enabled { return "Off: no reminder comes." }
        return n.available ? "On your desktop at your routine's first task." : availability(n)
    }

    static func availability(_ n: Morning.Notifications) -> String { ReminderText.cannotShow(n) }

    /// The welcome, in the window's words: what Better Morning is, in five short parts.
    public static let welcomeText = """
        1. Famous routines. Follow the morning of someone well known, each with the book or article it comes from: on the Routines page.
        2. Your own routine. Write one, up to \(Morning.taskLimit) tasks on a five-minute grid, on the Routines page.
        3. One reminder a day, at your routine's first task, on your desktop. Check it works here: Send a test notification.
        4. Progress you can see: check tasks off on Today as you go, then look back week by week on History.
        5. Start now: pick a routine on the Routines page. It begins tomorrow.
        """
}
