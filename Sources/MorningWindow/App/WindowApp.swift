import CAdwaita
import MorningProtocol

/// The program: an `AdwApplication` whose one window shows the morning.
///
/// One instance runs per session: GApplication owns the app id on the session bus, so a
/// second `better-morning` only asks the first to come forward. The bus can also start
/// it (`--gapplication-service`, from its D-Bus service file) and call its actions:
/// `today` opens the window on Today (the reminder's "Open today"), `page` shows the
/// page it names and, as its state, says which page is on show.
public enum WindowApp {
    public static let id = Morning.Window.appID
    public static let title = "Better Morning"

    /// Runs the application with the program's own arguments (D-Bus activation passes
    /// `--gapplication-service`) and returns its exit status.
    @MainActor
    public static func run(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                           connector: @escaping BmdLink.Connector, starter: BmdLink.Starter? = nil) -> Int32 {
        let glOffAsked = GLOff.whenDrawingWithCairo()
        let app = Application(id: id)
        // The application's handlers hold the host until the application goes, after it has run.
        let host = WindowHost(application: app, connector: connector, starter: starter)
        // "activate": the first start opens the window, a later one brings it forward.
        app.on("activate") { host.send(.open(page: nil)) }
        host.addActions()
        app.addFlagOption("version", help: "Show the program's version and exit")
        // `--version` prints the version and ends the program before anything starts (no
        // display, no bus needed); any other start goes on.
        app.onLocalOptions { given in
            guard given("version") else { return nil }
            print("better-morning \(BuildInfo.version)")
            return 0
        }
        // "startup": GTK has started (GtkApplication's own start-up runs first) and read its
        // settings, `GDK_DEBUG` among them: one the program set is taken back.
        app.on("startup") {
            if glOffAsked { GLOff.giveBack() }
            host.startedUp()
        }
        // Served before the application takes its name on the bus: GDBus answers a call to
        // an object not yet there at once, and the bus hands the shell's first call to a
        // program it started as soon as the name is taken.
        SearchProvider.register(applicationID: id)
        SearchProvider.open = { [weak host] target, timestamp in
            guard let host else { return }
            host.send(.open(page: target == .today ? .today : .routines))
            // The shell's timestamp lets the window come to the front (not one closing).
            if timestamp != 0, host.lifecycle.state == .open, let window = host.window {
                window.present(at: timestamp)
            }
        }
        let status = app.run(argc: argc, argv: argv)
        app.release()
        return status
    }
}

/// The application's one window over its life: GLib's signals become `WindowLifecycle`'s
/// events, and its effects become GTK's calls.
@MainActor
final class WindowHost {
    let application: Application
    /// How the window reaches bmd.
    let connector: BmdLink.Connector
    let starter: BmdLink.Starter?
    private(set) var lifecycle = WindowLifecycle()
    /// The window and its parts while there is one (open, or closing).
    private(set) var window: ApplicationWindow?
    private(set) var controller: WindowController?
    private(set) var view: WindowView?
    /// The `page` action, whose state follows the page the model shows.
    private var pageAction: SimpleAction?

    init(application: Application, connector: @escaping BmdLink.Connector, starter: BmdLink.Starter?) {
        self.application = application
        self.connector = connector
        self.starter = starter
    }

    /// A program the bus started (`--gapplication-service`) waits a while for its next
    /// call after its window goes; one a person started ends with its window.
    func startedUp() {
        if application.isService {
            application.setInactivityTimeout(SearchProvider.patience)
            lifecycle.endsWithWindow = false
        }
    }

    /// The actions the application exports on the bus (before it registers there).
    func addActions() {
        // The `today` action: the window, open or brought forward, on Today.
        let today = SimpleAction(Morning.Window.todayAction)
        today.onActivate { [weak self] in self?.send(.open(page: .today)) }
        application.add(today)
        today.release()

        let page = SimpleAction("page", stringState: WindowModel.Page.today.name)
        // Activated with a page's name, or asked to change its state to one: both show it,
        // in the window open or brought forward. A name that is no page's changes nothing.
        for signal in ["activate", "change-state"] {
            page.onString(signal) { [weak self] name in
                guard let page = WindowModel.Page(name: name) else { return }
                self?.send(.open(page: page))
            }
        }
        application.add(page)
        pageAction = page
    }

    /// Hands `event` to the lifecycle and does what it says.
    func send(_ event: WindowLifecycle.Event) {
        for effect in lifecycle.handle(event) {
            perform(effect)
        }
    }

    private func perform(_ effect: WindowLifecycle.Effect) {
        switch effect {
        case .openWindow(let page):
            openWindow()
            show(page)
        case .bringForward(let page):
            window?.present()
            show(page)
        case .hideWindow:
            guard let window else { return }
            WindowSize(of: window).save()
            window.visible = false
        case .giveTyped:
            let ended: @MainActor (Bool) -> Void = { [weak self] answered in
                // From the loop, never inside the close-request that began the closing:
                // a window is not destroyed inside its own close-request.
                MainLoop.idle { self?.send(answered ? .bmdAnswered : .patienceOver) }
            }
            if let view { view.close(then: ended) } else { ended(true) }
        case .destroyWindow:
            guard let window else { return }
            self.window = nil
            view = nil
            controller = nil
            window.destroy()
        case .quit:
            application.quit()
        }
    }

    /// Makes the window, shows it and starts it.
    private func openWindow() {
        let window = ApplicationWindow(application: application)
        window.setTitle(WindowApp.title)
        WindowSize.load().apply(to: window)
        let controller = WindowController(connector: connector, starter: starter)
        let view = WindowView(controller: controller) { [weak self] in self?.send(.quit) }
        // Closed by its button, Ctrl+W or the window manager: it goes once bmd has what was typed.
        window.onCloseRequest { [weak self] in
            self?.send(.close)
            // GTK leaves the window alone: the lifecycle destroys it when its closing ends.
            return true
        }
        // The view draws each change; the `page` action's state then says the page on show.
        let draw = controller.changed
        controller.changed = { [weak self] model in
            draw?(model)
            self?.showState(of: model.page)
        }
        window.setContent(view.content)
        self.window = window
        self.controller = controller
        self.view = view
        window.present()
        controller.send(.started)
    }

    /// Shows `page` in the open window. Today is shown on today's date, whatever date was
    /// on show: "Open today" means today.
    private func show(_ page: WindowModel.Page?) {
        guard let page, let controller else { return }
        controller.send(page == .today ? .openToday : .showPage(page))
    }

    /// Sets the `page` action's state, when it changed: the bus tells its watchers of each change.
    private func showState(of page: WindowModel.Page) {
        guard let pageAction, pageAction.stringState != page.name else { return }
        pageAction.stringState = page.name
    }
}
