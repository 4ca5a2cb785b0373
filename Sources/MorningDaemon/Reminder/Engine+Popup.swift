import MorningCore

/// The store's copy of the reminder's popup, so that a restarted bmd still closes the
/// popup its previous run showed and answers its buttons. Which popup is on screen is
/// `PopupMemory`'s to say while bmd runs; this copy is only read at start.
extension Engine {
    /// The popup on screen as last stored; nil when none is.
    public var reminderPopup: ReminderPopup? { locked { book.settings.reminderPopup } }

    /// Stores `popup` as the one on screen, or that none is (nil). A store that cannot
    /// write only costs the popup after a restart: it is logged, never thrown. It never
    /// waits for another program's lock on the file, or every read would wait behind it.
    public func rememberPopup(_ popup: ReminderPopup?) {
        locked {
            do {
                try mutate(announcing: false, waiting: false) { book, _ in ((), book.rememberPopup(popup)) }
            } catch {
                logger.warning("cannot remember the reminder's popup for after a restart: \(error)")
            }
        }
    }
}
