import CAdwaita
import MorningProtocol
import MorningWords

/// The History page's and the preferences' calls to bmd; their answers come back as
/// the pages' events, their refusals as the window's.
extension BmdLink {
    /// The locale the weeks start by, as bmctl reads it: LC_ALL, LC_TIME, LANG.
    static var locale: String? { DataWords.locale { g_getenv($0).map { String(cString: $0) } } }

    func run(history effect: HistoryEffect) {
        switch effect {
        case .loadCards:
            call(Morning.Call.data(locale: Self.locale)) { .history(.cards($0.cards)) }
        case .loadWeek(let routine, let offset):
            call(Morning.Call.week(routine: routine, offset: offset, locale: Self.locale)) { .history(.week($0, offset: offset)) }
        case .loadStats:
            call(Morning.Call.stats(routine: nil)) { .history(.stats($0)) }
        case .loadHeatmap(let routine):
            call(Morning.Call.history(routine: routine, months: HistoryModel.heatmapMonths, locale: Self.locale)) { .history(.heatmap($0)) }
        case .restart(let routine):
            call(Morning.Call.restart(routine: routine)) { .history(.restarted($0)) }
        case .delete(let routine):
            call(Morning.Call.delete(routine: routine)) { .history(.deleted($0)) }
        }
    }

    func run(preferences effect: PreferencesEffect) {
        switch effect {
        case .setNotifications(let on):
            call(Morning.Call.setNotifications(enabled: on)) { .preferences(.notifications($0.notifications, after: effect)) }
        case .setSound(let on):
            call(Morning.Call.setNotificationSound(sound: on)) { .preferences(.notifications($0.notifications, after: effect)) }
        case .setKeepOnScreen(let on):
            call(Morning.Call.setKeepOnScreen(keep: on)) { .preferences(.notifications($0.notifications, after: effect)) }
        case .testNotification:
            call(Morning.Call.testNotification()) { .preferences(.notifications($0.notifications, after: effect)) }
        case .takeWelcome:
            call(Morning.Call.welcome(take: true)) { _ in .preferences(.welcomeTaken) }
        case .askLoginStart:
            SystemdUser.ask { [weak self] in self?.deliver(.preferences(.loginStart($0))) }
        case .enableLoginStart:
            SystemdUser.enable { [weak self] result in
                switch result {
                case .success(let state): self?.deliver(.preferences(.loginStart(state)))
                case .failure(let failure): self?.deliver(.preferences(.loginStartFailed(failure.text)))
                }
            }
        case .askWelcome:
            call(Morning.Call.welcomePending()) { .preferences(.welcomePending($0.pending)) }
        case .reset:
            call(Morning.Call.reset()) { _ in .preferences(.wasReset) }
        }
    }
}
