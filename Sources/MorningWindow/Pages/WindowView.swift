import CAdwaita

/// The window's content: a header bar whose title switches pages when the window is
/// wide, a bar at the bottom that does when it is narrow (down to 360 px), the primary
/// menu (laid out in `window.ui`), and the three pages. It draws the model and sends
/// actions to the controller.
@MainActor
public final class WindowView {
    /// What goes into the window.
    public let content: UnsafeMutablePointer<GtkWidget>
    let stack: UnsafeMutablePointer<GtkWidget>
    let today: TodayPage
    /// Routines and History are made the first time they are shown (or asked for): the
    /// window opens on Today, and its first frame does not wait for pages it does not
    /// show. Until then an empty holder keeps each one's place, title and icon in the stack.
    private let routinesHolder: UnsafeMutablePointer<GtkWidget>
    private let historyHolder: UnsafeMutablePointer<GtkWidget>
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
    private(set) var aboutWindow: UnsafeMutablePointer<GtkWidget>?
    private(set) var shortcutsWindow: UnsafeMutablePointer<GtkWidget>?
    /// The welcome on the window's first run, while on show.
    private(set) var welcomeDialog: UnsafeMutablePointer<GtkWidget>?

    /// `quit` closes the program (Ctrl+Q).
    public init(controller: WindowController, quit: @escaping @MainActor () -> Void) {
        self.controller = controller
        Resources.loadStyle()
        // The shell is laid out in window.ui; the pages, from the model's list, are added here.
        let shell = Resources.build("window.ui")
        defer { shell.release() }
        let content = shell.take("content")
        self.content = content
        openAddress = { address in
            let root = gtk_widget_get_root(content)
            gtk_show_uri(root.map { cast($0) }, address, guint32(GDK_CURRENT_TIME))
        }
        let send: @MainActor (WindowEvent) -> Void = { [weak controller] in controller?.send($0) }
        self.send = send
        today = TodayPage(send: send)
        routinesHolder = adw_bin_new()
        historyHolder = adw_bin_new()
        preferences = PreferencesView(send: send)
        stack = shell.object("stack")
        let pages: [(WindowModel.Page, UnsafeMutablePointer<GtkWidget>, String)] = [
            (.today, today.root, "alarm-symbolic"),
            (.routines, routinesHolder, "view-list-symbolic"),
            (.history, historyHolder, "x-office-calendar-symbolic"),
        ]
        for (page, widget, icon) in pages {
            let stackPage = adw_view_stack_add_titled(OpaquePointer(stack), widget, page.name, page.title)
            adw_view_stack_page_set_icon_name(stackPage, icon)
        }
        // The stack maps a holder as it shows it, before anything is drawn: the page is
        // made then, and maps with it, as it would have had it been there from the start.
        on(UnsafeMutableRawPointer(routinesHolder), "map") { [weak self] in _ = self?.routines }
        on(UnsafeMutableRawPointer(historyHolder), "map") { [weak self] in _ = self?.history }
        adw_view_switcher_title_set_title(OpaquePointer(shell.object("switcher-title", as: GtkWidget.self)), WindowApp.title)
        nameWithTooltip(shell.object("menu-button"), "Main Menu")

        // Clicking a page's tab tells the model.
        on(UnsafeMutableRawPointer(stack), "notify::visible-child-name", arguments: 3) { [weak self] in
            guard let self, let name = adw_view_stack_get_visible_child_name(OpaquePointer(self.stack)),
                  let page = WindowModel.Page(name: String(cString: name)),
                  page != self.page else { return }
            self.page = page
            self.controller.send(.showPage(page))
        }
        for page in WindowModel.Page.allCases {
            shortcut(content, WindowShortcuts.show(page).keys) { send(.showPage(page)) }
        }
        shortcut(content, WindowShortcuts.quit.keys) { quit() }
        // Ctrl+W closes the window as its close button does (close-request), Ctrl+Q quits.
        shortcut(content, WindowShortcuts.close.keys) { [weak self] in self?.closeWindow() }
        let actions = g_simple_action_group_new()!
        let menuActions: [(String, WindowShortcuts.Entry, @MainActor (WindowView) -> Void)] = [
            ("preferences", WindowShortcuts.preferences, { $0.openPreferences() }),
            ("shortcuts", WindowShortcuts.shortcuts, { $0.openShortcuts() }),
            ("help", WindowShortcuts.help, { $0.openHelp() }),
        ]
        for (name, entry, body) in menuActions {
            let action = g_simple_action_new(name, nil)!
            on(UnsafeMutableRawPointer(action), "activate", arguments: 3) { [weak self] in self.map(body) }
            g_action_map_add_action(OpaquePointer(actions), action)
            g_object_unref(UnsafeMutableRawPointer(action))
            shortcut(content, entry.keys) { [weak self] in self.map(body) }
        }
        let about = g_simple_action_new("about", nil)!
        on(UnsafeMutableRawPointer(about), "activate", arguments: 3) { [weak self] in self?.openAbout() }
        g_action_map_add_action(OpaquePointer(actions), about)
        g_object_unref(UnsafeMutableRawPointer(about))
        gtk_widget_insert_action_group(content, "window", OpaquePointer(actions))
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
            adw_view_stack_set_visible_child_name(OpaquePointer(stack), model.page.name)
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
            return gtk_window_destroy(cast(welcomeDialog))
        }
        guard let root = gtk_widget_get_root(content) else { return }
        let dialog = adw_message_dialog_new(UnsafeMutablePointer<GtkWindow>(root), "Welcome to Better Morning", text)!
        adw_message_dialog_set_body_use_markup(cast(dialog), 0)
        adw_message_dialog_add_response(cast(dialog), "close", "_Close")
        if model.preferences.loginStart == .off {
            adw_message_dialog_add_response(cast(dialog), "login", "_Start at Login")
        }
        adw_message_dialog_add_response(cast(dialog), "routines", "_Famous Routines")
        adw_message_dialog_set_response_appearance(cast(dialog), "routines", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(cast(dialog), "routines")
        adw_message_dialog_set_close_response(cast(dialog), "close")
        on(UnsafeMutableRawPointer(dialog), "response", arguments: 3) { [weak self] in
            self?.welcomeDialog = nil
            self?.controller.send(.preferences(.closeFirstRunWelcome))
        }
        on(UnsafeMutableRawPointer(dialog), "response::login", arguments: 3) { [weak self] in
            self?.controller.send(.preferences(.startAtLogin))
        }
        // The detailed signal, after the plain one: Famous Routines also opens the Routines page.
        on(UnsafeMutableRawPointer(dialog), "response::routines", arguments: 3) { [weak self] in
            self?.controller.send(.showPage(.routines))
        }
        welcomeDialog = dialog
        gtk_window_present(cast(dialog))
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
        adw_bin_set_child(cast(routinesHolder), page.root)
        return page
    }

    /// The History page, made now if it was not yet, showing the model as it is.
    var history: HistoryPage {
        if let madeHistory { return madeHistory }
        let page = HistoryPage(send: send)
        madeHistory = page
        // Drawn before it is put in place, as the Routines page is.
        page.render(controller.model)
        adw_bin_set_child(cast(historyHolder), page.root)
        return page
    }

    func openPreferences() {
        preferences.open(over: content)
    }

    /// The Keyboard Shortcuts window (Ctrl+?).
    func openShortcuts() {
        let window = WindowShortcuts.window(over: content)
        shortcutsWindow = window
        gtk_window_present(cast(window))
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
        gtk_window_present(cast(window))
    }

    /// Closes the window as its close button does.
    func closeWindow() {
        guard let root = gtk_widget_get_root(content) else { return }
        gtk_window_close(cast(root))
    }
}

extension WindowModel.Page {
    /// The page whose view stack name is `name`, if any is.
    init?(name: String) {
        guard let page = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = page
    }
}
