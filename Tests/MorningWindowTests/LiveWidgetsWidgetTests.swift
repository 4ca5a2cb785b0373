import CAdwaita
import MorningProtocol
@testable import MorningWindow
import Testing

/// The window left open through a long day: statuses, ticks and page changes may redraw
/// it, but never leave more widgets behind than it shows.
@Suite(.serialized) @MainActor struct LiveWidgetsWidgetTests {
    init() throws {
        try #require(Display.ready, "the window's widget tests need a display: run them as make test does, under xvfb-run and dbus-run-session")
    }

    /// The widgets ever seen in a window's tree that are still alive: those it shows, and
    /// those it took out of its tree but never let go of.
    @MainActor final class LiveWidgets {
        private(set) var alive: Set<UInt> = []

        /// Notes every widget in `widget`'s tree (popovers and hidden rows too: GTK keeps
        /// them as children), each once, to hear when it is finalized.
        func note(_ widget: UnsafeMutablePointer<GtkWidget>) {
            let address = UInt(bitPattern: widget)
            if alive.insert(address).inserted {
                // Retained by the weak reference, and never released: a callback may come
                // as late as the widget's finalization after the test.
                g_object_weak_ref(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), finalized,
                                  Unmanaged.passRetained(self).toOpaque())
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                note(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }

        fileprivate func gone(_ address: UInt) { alive.remove(address) }
    }

    @Test("after 40 mornings' worth of statuses, ticks and page changes the window holds as many widgets as after the first")
    func flat() {
        let bmd = FakeBmd()
        let w = WindowWidgetTests.Window(bmd)
        defer { w.close() }
        let controller = w.controller
        func settled() -> Bool { !controller.link.waitsForAnswer }
        func completed() -> Int? { controller.model.status?.today?.completed }

        func aRound() {
            // Ticks made elsewhere (a terminal, a bar): each a status the window draws.
            bmd.checkElsewhere(2)
            #expect(spin { completed() == 2 && settled() })
            bmd.checkElsewhere(3)
            #expect(spin { completed() == 3 && settled() })
            bmd.uncheckElsewhere(3)
            #expect(spin { completed() == 2 && settled() })
            bmd.uncheckElsewhere(2)
            #expect(spin { completed() == 1 && settled() })
            // A tick in the window, and taken back.
            gtk_widget_activate(w.rows[2].check!)
            #expect(spin { completed() == 2 && controller.model.pendingTicks.isEmpty && settled() })
            gtk_widget_activate(w.rows[2].check!)
            #expect(spin { completed() == 1 && controller.model.pendingTicks.isEmpty && settled() })
            // Another day chosen on Today, and today again: its rows made anew each time.
            controller.send(.select(Day(iso: "2026-11-24")!))
            #expect(spin { controller.model.shownDay?.date == "2026-11-24" && settled() })
            controller.send(.select(Day(iso: "2026-11-25")!))
            #expect(spin { controller.model.shownDay?.date == "2026-11-25" && settled() })
            for page in [WindowModel.Page.routines, .history, .today] {
                controller.send(.showPage(page))
                #expect(spin { controller.model.page == page && settled() })
                if page == .history {
                    // Last week's chart, and this week's again.
                    controller.send(.history(.previousWeek))
                    #expect(spin { controller.model.history.offset == -1 && settled() })
                    controller.send(.history(.thisWeek))
                    #expect(spin { controller.model.history.offset == 0 && settled() })
                }
            }
        }

        let live = LiveWidgets()
        aRound()  // every page drawn once, with what bmd sent for it
        live.note(w.window)
        let first = live.alive.count
        for _ in 0..<40 {
            aRound()
            live.note(w.window)
        }
        #expect(live.alive.count == first, "the window holds more widgets than after the first round")
    }
}

/// A widget noted by `LiveWidgets` is finalized (on the main thread, where GTK runs).
private let finalized: GWeakNotify = { data, object in
    let live = UInt(bitPattern: data)
    let address = UInt(bitPattern: object)
    MainActor.assumeIsolated {
        Unmanaged<LiveWidgetsWidgetTests.LiveWidgets>.fromOpaque(UnsafeRawPointer(bitPattern: live)!).takeUnretainedValue().gone(address)
    }
}
