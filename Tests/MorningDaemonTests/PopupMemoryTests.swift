import MorningCore
@testable import MorningDaemon
import Testing

/// Which reminder popup bmd takes to be on screen, through what a person and the desktop do
/// to it: one table of stories, each a list of steps with what bmd does after each. No bus,
/// so milliseconds.
@Suite("The one memory of the reminder's popup on screen")
struct PopupMemoryTests {
    static let monday = Day(iso: "2026-11-23")!
    static let tuesday = Day(iso: "2026-11-24")!
    /// The notification server's unique name and the session bus's GUID.
    static let server = ":1.7"
    static let bus = "bus-of-this-login"

    static func shown(_ id: UInt32, server: String? = server, bus: String? = bus) -> ShownNotification {
        ShownNotification(id: id, server: server, bus: bus)
    }

    /// One thing that happens.
    enum Step: Sendable, CustomStringConvertible {
        /// bmd showed the reminder of `day`.
        case sent(ShownNotification, for: Day)
        /// The server said something of a notification.
        case heard(NotificationEvent)
        /// bmd woke with the clock on `today`, the first task checked or not.
        case woke(today: Day, firstChecked: Bool)

        var description: String {
            switch self {
            case .sent(let shown, let day): "sent \(shown.id) for \(day)"
            case .heard(let event): "heard \(event)"
            case .woke(let today, let checked): "woke on \(today), first task \(checked ? "checked" : "waiting")"
            }
        }
    }

    /// What bmd does after a step.
    enum Outcome: Equatable {
        case nothing
        case answer(PopupMemory.Answer)
        case close(ShownNotification)
    }

    struct Story: Sendable, CustomTestStringConvertible {
        var name: String
        /// What the store kept from a previous run of bmd, if it left a popup on screen.
        var restored: ReminderPopup?
        var steps: [(Step, Outcome)]
        /// The popup's day and notification once the story is over.
        var finally: PopupMemory.Popup?
        var testDescription: String { name }
    }

    static let stories: [Story] = [
        Story(name: "the person closes the popup: nothing is left to close, and its buttons answer no more",
              steps: [
                  (.sent(shown(1), for: monday), .nothing),
                  (.heard(.closed(id: 1, server: server, bus: bus)), .answer(.dismissed(shown(1)))),
                  (.heard(.invoked(id: 1, action: "check", server: server, bus: bus)), .nothing),
                  (.woke(today: monday, firstChecked: true), .nothing),
              ],
              finally: nil),
        Story(name: "the person presses ✓ on the popup: the first task of the popup's own morning is checked, then the popup goes",
              steps: [
                  (.sent(shown(1), for: monday), .nothing),
                  (.heard(.invoked(id: 1, action: "check", server: server, bus: bus)), .answer(.acted(.check, day: monday, token: nil))),
                  (.woke(today: monday, firstChecked: true), .close(shown(1))),
                  // The server's word that bmd closed it is not the person closing it.
                  (.heard(.closed(id: 1, server: server, bus: bus)), .nothing),
              ],
              finally: nil),
        Story(name: "the first task checked in bmctl while the popup is up closes it, and only once",
              steps: [
                  (.sent(shown(1), for: monday), .nothing),
                  // Another task checked first: the morning's first task is still waiting.
                  (.woke(today: monday, firstChecked: false), .nothing),
                  (.woke(today: monday, firstChecked: true), .close(shown(1))),
                  (.woke(today: monday, firstChecked: true), .nothing),
              ],
              finally: nil),
        Story(name: "midnight with the popup up closes it; the next day's popup is the one answered",
              steps: [
                  (.sent(shown(1), for: monday), .nothing),
                  (.woke(today: tuesday, firstChecked: false), .close(shown(1))),
                  (.heard(.invoked(id: 1, action: "check", server: server, bus: bus)), .nothing),
                  (.sent(shown(2), for: tuesday), .nothing),
                  (.heard(.invoked(id: 2, action: "check", server: server, bus: bus)), .answer(.acted(.check, day: tuesday, token: nil))),
              ],
              finally: .init(day: tuesday, notification: shown(2))),
        Story(name: "bmd restarted with the popup on screen: its ✓ still checks the first task of the day it was sent for, and it is closed when that morning begins",
              restored: ReminderPopup(day: monday, id: 41, server: server, bus: bus),
              steps: [
                  (.heard(.invoked(id: 41, action: "check", server: server, bus: bus)), .answer(.acted(.check, day: monday, token: nil))),
                  (.woke(today: monday, firstChecked: true), .close(shown(41))),
              ],
              finally: nil),
        Story(name: "bmd restarted on the next day with yesterday's popup on screen closes it at the first wake",
              restored: ReminderPopup(day: monday, id: 9, server: server, bus: bus),
              steps: [(.woke(today: tuesday, firstChecked: false), .close(shown(9)))],
              finally: nil),
        Story(name: "a popup an older bmd remembered without its bus answers no signal, and is still handed over to be closed",
              restored: ReminderPopup(day: monday, id: 41, server: server),
              steps: [
                  (.heard(.invoked(id: 41, action: "check", server: server, bus: bus)), .nothing),
                  (.heard(.closed(id: 41, server: server, bus: bus)), .nothing),
                  (.woke(today: monday, firstChecked: true), .close(shown(41, bus: nil))),
              ],
              finally: nil),
        Story(name: "the notification server restarts: the new one's notification with the popup's id is another program's, never answered nor taken for closing the popup",
              steps: [
                  (.sent(shown(1), for: monday), .nothing),
                  (.heard(.invoked(id: 1, action: "check", server: ":1.9", bus: bus)), .nothing),
                  (.heard(.closed(id: 1, server: ":1.9", bus: bus)), .nothing),
              ],
              finally: .init(day: monday, notification: shown(1))),
        Story(name: "after a logout and login, a server of the same name on the new bus is another's",
              steps: [
                  (.sent(shown(1), for: monday), .nothing),
                  (.heard(.invoked(id: 1, action: "check", server: server, bus: "bus-of-next-login")), .nothing),
                  (.heard(.closed(id: 1, server: server, bus: "bus-of-next-login")), .nothing),
                  (.heard(.closed(id: 1, server: server, bus: nil)), .nothing),
              ],
              finally: .init(day: monday, notification: shown(1))),
        Story(name: "a newer popup replaces the older: only the newer one's buttons act, and the older one's closing is not the person's",
              steps: [
                  (.sent(shown(1), for: monday), .nothing),
                  (.sent(shown(2), for: tuesday), .nothing),
                  (.heard(.invoked(id: 1, action: "check", server: server, bus: bus)), .nothing),
                  (.heard(.closed(id: 1, server: server, bus: bus)), .nothing),
                  (.heard(.invoked(id: 2, action: "check", server: server, bus: bus)), .answer(.acted(.check, day: tuesday, token: nil))),
              ],
              finally: .init(day: tuesday, notification: shown(2))),
        Story(name: "a click with the server's activation token hands the token to what it opens, once",
              steps: [
                  (.sent(shown(3), for: monday), .nothing),
                  // Another program's token is not the popup's.
                  (.heard(.activationToken(id: 3, token: "not-ours", server: ":1.9", bus: bus)), .nothing),
                  (.heard(.activationToken(id: 3, token: "wl-42", server: server, bus: bus)), .nothing),
                  (.heard(.invoked(id: 3, action: "default", server: server, bus: bus)), .answer(.acted(.open, day: monday, token: "wl-42"))),
                  (.heard(.invoked(id: 3, action: "default", server: server, bus: bus)), .answer(.acted(.open, day: monday, token: nil))),
              ],
              finally: .init(day: monday, notification: shown(3))),
        Story(name: "an action bmd never offered is ignored, and uses up the token sent for it",
              steps: [
                  (.sent(shown(3), for: monday), .nothing),
                  (.heard(.activationToken(id: 3, token: "wl-42", server: server, bus: bus)), .nothing),
                  (.heard(.invoked(id: 3, action: "snooze", server: server, bus: bus)), .nothing),
                  (.heard(.invoked(id: 3, action: "default", server: server, bus: bus)), .answer(.acted(.open, day: monday, token: nil))),
              ],
              finally: .init(day: monday, notification: shown(3))),
        Story(name: "a popup whose server could not be named answers no signal, and is still closed when its morning begins",
              steps: [
                  (.sent(shown(1, server: nil), for: monday), .nothing),
                  (.heard(.invoked(id: 1, action: "check", server: server, bus: bus)), .nothing),
                  (.woke(today: monday, firstChecked: true), .close(shown(1, server: nil))),
              ],
              finally: nil),
        Story(name: "with no popup on screen, nothing is answered or closed",
              steps: [
                  (.heard(.invoked(id: 1, action: "check", server: server, bus: bus)), .nothing),
                  (.heard(.closed(id: 1, server: server, bus: bus)), .nothing),
                  (.woke(today: tuesday, firstChecked: false), .nothing),
              ],
              finally: nil),
    ]

    @Test("what bmd does with the popup, step by step", arguments: stories)
    func story(_ story: Story) {
        var memory = PopupMemory(restoring: story.restored)
        for (index, (step, expected)) in story.steps.enumerated() {
            let outcome: Outcome
            switch step {
            case .sent(let shown, let day):
                memory.sent(shown, for: day)
                // Sending answers nothing: what it changes is the popup bmd remembers.
                #expect(expected == .nothing, "step \(index + 1): \(step)")
                #expect(memory.popup == PopupMemory.Popup(day: day, notification: shown), "step \(index + 1): \(step)")
                continue
            case .heard(let event):
                outcome = memory.heard(event).map(Outcome.answer) ?? .nothing
            case .woke(let today, let checked):
                var asked: [Day] = []
                let popupDay = memory.popup?.day
                outcome = memory.moved(stillWanted: { day in
                    asked.append(day)
                    return day == today && !checked
                }).map(Outcome.close) ?? .nothing
                // Only the popup's own day is ever asked about: a popup is never closed
                // for another day's morning.
                #expect(asked == (popupDay.map { [$0] } ?? []), "step \(index + 1): \(step)")
            }
            #expect(outcome == expected, "step \(index + 1): \(step)")
        }
        #expect(memory.popup == story.finally)
    }

    @Test("the store keeps the popup for after a restart only when its server is known, and a restart reads back what it kept")
    func storedCopy() {
        var memory = PopupMemory()
        #expect(memory.stored == nil)
        memory.sent(Self.shown(5), for: Self.monday)
        let stored = ReminderPopup(day: Self.monday, id: 5, server: Self.server, bus: Self.bus)
        #expect(memory.stored == stored)
        #expect(PopupMemory(restoring: stored) == memory)
        #expect(PopupMemory(restoring: nil) == PopupMemory())

        // A popup whose server is unknown could never be told apart after a restart.
        memory.sent(Self.shown(6, server: nil), for: Self.monday)
        #expect(memory.stored == nil)
        #expect(memory.popup?.notification.id == 6)

        memory.sent(Self.shown(7), for: Self.tuesday)
        _ = memory.heard(.closed(id: 7, server: Self.server, bus: Self.bus))
        #expect(memory.stored == nil)
    }
}
