import CAdwaita

/// The window's content: a header bar whose title switches pages when the window is
/// wide, a bar at the bottom that does when it is narrow (down to 360 px), the primary
/// menu (laid out in `window.ui`), and the three pages. It draws the model and sends
/// actions to the controller.
@MainActor
public final class WindowView {
    /// What goes into the window.
    let content: Box
    let stack: ViewStack
    let today: TodayPage
    /// Routines and History are made the first time they are shown (or asked for): the
    /// window opens on Today, and its first frame does not wait for pages it does not
    /// show. Until then an empty holder keeps each one's place, title and icon in the stack.
    private let routinesHolder: Bin
    private let historyHolder: Bin
    private(set) var madeRoutines: RoutinesPage?
    private(set) var madeHistory: HistoryPage?
    private let send: @MainActor (WindowEvent) -> Void
    let preferences: PreferencesView
    private let controller: WindowController
    private var page: WindowModel.Page?
    /// Opens an address in the program the desktop has for it (the help viewer for the
    /// manual); tests put in their own.
    var openAddress: @MainActor (String) -> Void
    /// About was asked for and waits for the famous routines from bmd.
    private var aboutAwaitsRoutines = false
    /// The windows opened over this one, kept for the tests that look into them.
    private(set) var aboutWindow: AboutWindowWidget?
    private(set) var shortcutsWindow: Window?
    /// The welcome on the window's first run, while on show.
    private(set) var welcomeDialog: MessageDialog?

    /// `quit` closes the program (Ctrl+Q).
    public init(controller: WindowController, quit: @escaping @MainActor () -> Void) {
        self.controller = controller
        Resources.loadStyle()
        // The shell is laid out in window.ui; the pages, from the model's list, are added here.
        let shell = Resources.build("window.ui")
        defer { shell.release() }
        let content = shell.take("content", as: Box.self)
        self.content = content
        openAddress = { address in content.window?.showURI(address) }
        let send: @MainActor (WindowEvent) -> Void = { [weak controller] in controller?.send($0) }
        self.send = send
        today = TodayPage(send: send)
        routinesHolder = Bin()
        historyHolder = Bin()
        preferences = PreferencesView(send: send)
        stack = shell.widget("stack")
        let pages: [(WindowModel.Page, Widget, String)] = [
            (.today, today.root.widget, "alarm-symbolic"),
            (.routines, routinesHolder.widget, "view-list-symbolic"),
            (.history, historyHolder.widget, "x-office-calendar-symbolic"),
        ]
        for (page, widget, icon) in pages {
            stack.addTitled(widget, name: page.name, title: page.title, iconName: icon)
        }
        // The stack maps a holder as it shows it, before anything is drawn: the page is
        // made then, and maps with it, as it would have had it been there from the start.
        routinesHolder.on("map") { [weak self] in _ = self?.routines }
        historyHolder.on("map") { [weak self] in _ = self?.history }
        shell.widget("switcher-title", as: ViewSwitcherTitle.self).setTitle(WindowApp.title)
        shell.widget("menu-button", as: Widget.self).nameWithTooltip("Main Menu")

        // Clicking a page's tab tells the model.
        stack.onNotify("visible-child-name") { [weak self] in
            guard let self, let name = self.stack.visibleChildName,
                  let page = WindowModel.Page(name: name),
                  page != self.page else { return }
            self.page = page
            self.controller.send(.showPage(page))
        }
        for page in WindowModel.Page.allCases {
            content.shortcut(WindowShortcuts.show(page).keys) { send(.showPage(page)) }
        }
        content.shortcut(WindowShortcuts.quit.keys) { quit() }
        // Ctrl+W closes the window as its close button does (close-request), Ctrl+Q quits.
        content.shortcut(WindowShortcuts.close.keys) { [weak self] in self?.closeWindow() }
        let actions = SimpleActionGroup()
        let menuActions: [(String, WindowShortcuts.Entry, @MainActor (WindowView) -> Void)] = [
            ("preferences", WindowShortcuts.preferences, { $0.openPreferences() }),
            ("shortcuts", WindowShortcuts.shortcuts, { $0.openShortcuts() }),
            ("help", WindowShortcuts.help, { $0.openHelp() }),
        ]
        for (name, entry, body) in menuActions {
            actions.add(name) { [weak self] in self.map(body) }
            content.shortcut(entry.keys) { [weak self] in self.map(body) }
        }
        actions.add("about") { [weak self] in self?.openAbout() }
        content.insertActionGroup("window", actions)
        actions.release()
        controller.changed = { [weak self] model in self?.render(model) }
        render(controller.model)
    }

    func render(_ model: WindowModel) {
        if aboutAwaitsRoutines, model.routines.catalog != nil || model.link != .live {
            aboutAwaitsRoutines = false
            presentAbout()
        }
        if model.page != page {
            page = model.page
            stack.visibleChildName = model.page.name
        }
        today.render(model)
        madeRoutines?.render(model)
        madeHistory?.render(model)
        preferences.render(model)
        renderWelcome(model)
    }

    /// The welcome, on the window itself, the first time the person opens it (bmd says
    /// the welcome is still to be shown): the window asks once bmd answers, after
    /// drawing, and shows it over the window with the famous routines one click away.
    private func renderWelcome(_ model: WindowModel) {
        if model.link == .live, !model.preferences.welcomeAsked {
            MainLoop.idle { [weak self] in self?.controller.send(.preferences(.windowShown)) }
        }
        let text = model.preferences.firstRunWelcome
        guard (text != nil) != (welcomeDialog != nil) else { return }
        if let welcomeDialog {
            self.welcomeDialog = nil
            return welcomeDialog.destroy()
        }
        guard let root = content.window else { return }
        let dialog = MessageDialog(over: root, heading: "Welcome to Better Morning", body: text ?? "")
        dialog.bodyUseMarkup = false
        dialog.addResponse("close", "_Close")
        if model.preferences.loginStart == .off {
            dialog.addResponse("login", "_Start at Login")
        }
        dialog.addResponse("routines", "_Famous Routines")
        dialog.setResponseAppearance("routines", ADW_RESPONSE_SUGGESTED)
        dialog.setDefaultResponse("routines")
        dialog.setCloseResponse("close")
        dialog.onAnyResponse { [weak self] in
            self?.welcomeDialog = nil
            self?.controller.send(.preferences(.closeFirstRunWelcome))
        }
        dialog.onResponse("login") { [weak self] in
            self?.controller.send(.preferences(.startAtLogin))
        }
        // The detailed signal, after the plain one: Famous Routines also opens the Routines page.
        dialog.onResponse("routines") { [weak self] in
            self?.controller.send(.showPage(.routines))
        }
        welcomeDialog = dialog
        dialog.present()
        // Each response's name said once, without its mnemonic's underline, as on every page.
        nameButtonsByLabel(in: dialog)
    }

    /// Gives bmd what the person typed for the draft and did not give it yet, then calls
    /// `done`, saying whether bmd answered within `patience`: the window closes losing nothing.
    public func close(patience: UInt32 = WindowController.closingPatience, then done: @escaping @MainActor (_ answered: Bool) -> Void) {
        // A page never made holds nothing typed: its entries, as made, ask nothing of bmd.
        let typed = madeRoutines?.closing() ?? .closing(title: "", hour: 0, minute: 0, taskTitle: "")
        controller.finish(with: .routines(typed), patience: patience, then: done)
    }

    /// The Routines page, made now if it was not yet, showing the model as it is.
    var routines: RoutinesPage {
        if let madeRoutines { return madeRoutines }
        let page = RoutinesPage(send: send)
        madeRoutines = page
        // Drawn before it is put in place: a page maps as it goes in when its holder is
        // on show, and a page drawn for the first time while mapped takes bmd as just back.
        page.render(controller.model)
        routinesHolder.setChild(page.root)
        return page
    }

    /// The History page, made now if it was not yet, showing the model as it is.
    var history: HistoryPage {
        if let madeHistory { return madeHistory }
        let page = HistoryPage(send: send)
        madeHistory = page
        // Drawn before it is put in place, as the Routines page is.
        page.render(controller.model)
        historyHolder.setChild(page.root)
        return page
    }

    func openPreferences() {
        preferences.open(over: content)
    }

    /// The Keyboard Shortcuts window (Ctrl+?).
    func openShortcuts() {
        let window = WindowShortcuts.window(over: content)
        shortcutsWindow = window
        window.present()
    }

    /// The window's manual (F1), in the desktop's help viewer.
    static let helpAddress = "man:better-morning(1)"

    /// Opens the manual through `openAddress`.
    func openHelp() {
        openAddress(Self.helpAddress)
    }

    /// About Better Morning. Its credits name the famous routines' sources, which bmd
    /// serves: when the window has not had them yet, it asks, and opens About once they
    /// come (or at once when bmd does not answer).
    func openAbout() {
        guard controller.model.routines.catalog == nil, controller.model.link == .live else { return presentAbout() }
        aboutAwaitsRoutines = true
        controller.send(.routines(.wantCatalog))
    }

    private func presentAbout() {
        let window = AboutWindow.make(over: content, routines: controller.model.routines.catalog ?? [])
        aboutWindow = window
        window.present()
    }

    /// Closes the window as its close button does.
    func closeWindow() {
        content.window?.close()
    }
}

extension WindowModel.Page {
    /// The page whose view stack name is `name`, if any is.
    init?(name: String) {
        guard let page = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = page
    }
}
