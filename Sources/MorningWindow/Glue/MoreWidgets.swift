import CAdwaita

// The handles the History page, its chart and heatmap, and the preferences need beyond
// those in Widgets.swift: the calls they make on kinds held there, and the kinds they
// alone make (a combo row and its list of strings, a level bar, libadwaita's preferences
// window with its pages, groups and toasts).

extension Box {
    /// Whether every child is given the same share of the box's length.
    var homogeneous: Bool {
        get { gtk_box_get_homogeneous(cast(pointer)) != 0 }
        nonmutating set { gtk_box_set_homogeneous(cast(pointer), newValue ? 1 : 0) }
    }

    func remove(_ child: some WidgetWrapper) { gtk_box_remove(cast(pointer), child.pointer) }
}

extension Grid {
    func remove(_ child: some WidgetWrapper) { gtk_grid_remove(cast(pointer), child.pointer) }
}

extension WindowWrapper {
    /// Whether the window keeps its parent from taking input while it is open.
    var modal: Bool {
        get { gtk_window_get_modal(cast(pointer)) != 0 }
        nonmutating set { gtk_window_set_modal(cast(pointer), newValue ? 1 : 0) }
    }

    /// The size the window opens at.
    func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(cast(pointer), width, height) }
}

extension PreferencesRowWrapper {
    /// Whether an `_` in the title marks the key that, with Alt, activates the row.
    var useUnderline: Bool {
        get { adw_preferences_row_get_use_underline(cast(pointer)) != 0 }
        nonmutating set { adw_preferences_row_set_use_underline(cast(pointer), newValue ? 1 : 0) }
    }
}

extension MessageDialog {
    /// Whether the body is read as Pango markup.
    var bodyUseMarkup: Bool {
        get { adw_message_dialog_get_body_use_markup(cast(pointer)) != 0 }
        nonmutating set { adw_message_dialog_set_body_use_markup(cast(pointer), newValue ? 1 : 0) }
    }
}

/// A list of strings, as GTK's lists and drop-downs take their items.
struct StringList: ObjectWrapper {
    let list: OpaquePointer
    var instance: UnsafeMutableRawPointer { UnsafeMutableRawPointer(list) }

    init() { list = gtk_string_list_new(nil) }

    /// The strings, in order.
    var strings: [String] {
        (0..<g_list_model_get_n_items(list)).map { keptString(gtk_string_list_get_string(list, $0)) }
    }

    /// Puts `strings` in the place of every string the list holds, in one change.
    func replaceAll(with strings: [String]) {
        withCStrings(strings) { gtk_string_list_splice(list, 0, g_list_model_get_n_items(list), $0) }
    }
}

/// libadwaita's row that offers a choice among a list's strings and shows the one chosen.
struct ComboRow: PreferencesRowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var row: UnsafeMutablePointer<AdwComboRow> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_combo_row_new() }

    func setModel(_ list: StringList) { adw_combo_row_set_model(row, list.list) }

    /// The position of the string chosen; nil when none is.
    var selected: Int? {
        get {
            let position = adw_combo_row_get_selected(row)
            return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
        }
        nonmutating set { adw_combo_row_set_selected(row, newValue.map { guint($0) } ?? GTK_INVALID_LIST_POSITION) }
    }

    /// Whether the string chosen shows as the row's subtitle, rather than at its end.
    var useSubtitle: Bool {
        get { adw_combo_row_get_use_subtitle(row) != 0 }
        nonmutating set { adw_combo_row_set_use_subtitle(row, newValue ? 1 : 0) }
    }
}

/// A bar filled to a value between a least and a most.
struct LevelBar: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var bar: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init(min: Double, max: Double) { pointer = gtk_level_bar_new_for_interval(min, max) }

    var value: Double {
        get { gtk_level_bar_get_value(bar) }
        nonmutating set { gtk_level_bar_set_value(bar, newValue) }
    }

    var orientation: GtkOrientation {
        get { gtk_orientable_get_orientation(bar) }
        nonmutating set { gtk_orientable_set_orientation(bar, newValue) }
    }

    /// Whether the bar fills from its far end: from the bottom, when it stands.
    var inverted: Bool {
        get { gtk_level_bar_get_inverted(bar) != 0 }
        nonmutating set { gtk_level_bar_set_inverted(bar, newValue ? 1 : 0) }
    }

    /// Takes off the mark `name` (`GTK_LEVEL_BAR_OFFSET_LOW`…), and the style it gives
    /// the fill past it.
    func removeOffset(_ name: String) { gtk_level_bar_remove_offset_value(bar, name) }
}

/// libadwaita's short message over a window's content, gone after a time.
struct Toast: ObjectWrapper {
    let toast: OpaquePointer
    var instance: UnsafeMutableRawPointer { UnsafeMutableRawPointer(toast) }

    /// A toast saying `markup`, which libadwaita reads as Pango markup.
    init(markup: String) { toast = adw_toast_new(markup) }

    /// Seconds on show; 0 keeps it until it is dismissed.
    var timeout: UInt32 {
        get { adw_toast_get_timeout(toast) }
        nonmutating set { adw_toast_set_timeout(toast, newValue) }
    }
}

/// libadwaita's preferences window: pages of groups of rows, and toasts over them.
struct PreferencesWindow: WindowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var window: UnsafeMutablePointer<AdwPreferencesWindow> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_preferences_window_new() }

    /// Whether the window offers a search through its rows.
    var searchEnabled: Bool {
        get { adw_preferences_window_get_search_enabled(window) != 0 }
        nonmutating set { adw_preferences_window_set_search_enabled(window, newValue ? 1 : 0) }
    }

    func add(_ page: PreferencesPage) { adw_preferences_window_add(window, cast(page.pointer)) }

    /// Shows `toast`, which the window then holds.
    func addToast(_ toast: Toast) { adw_preferences_window_add_toast(window, toast.toast) }
}

/// A page of libadwaita's preferences window.
struct PreferencesPage: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var page: UnsafeMutablePointer<AdwPreferencesPage> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_preferences_page_new() }

    var title: String {
        get { keptString(adw_preferences_page_get_title(page)) }
        nonmutating set { adw_preferences_page_set_title(page, newValue) }
    }

    var iconName: String? {
        get { adw_preferences_page_get_icon_name(page).map { String(cString: $0) } }
        nonmutating set { adw_preferences_page_set_icon_name(page, newValue) }
    }

    func add(_ group: PreferencesGroup) { adw_preferences_page_add(page, cast(group.pointer)) }
}
