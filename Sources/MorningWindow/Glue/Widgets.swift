import CAdwaita

// One handle per kind of GTK and libadwaita widget the pages make, with the calls they
// make on it. A kind gets a call when a page needs it, not before.

/// A string GTK returns, which it keeps, copied; nil as "".
func keptString(_ text: UnsafePointer<CChar>?) -> String {
    text.map { String(cString: $0) } ?? ""
}

/// The text a person can edit in an entry or a spin button (GtkEditable).
protocol EditableWrapper: WidgetWrapper {}

extension EditableWrapper {
    var text: String {
        get { keptString(gtk_editable_get_text(OpaquePointer(pointer))) }
        nonmutating set { gtk_editable_set_text(OpaquePointer(pointer), newValue) }
    }
}

/// A row of a list box, libadwaita's rows included.
protocol ListBoxRowWrapper: WidgetWrapper {}

extension ListBoxRowWrapper {
    /// Whether the row does something when clicked or activated with the keyboard.
    var activatable: Bool {
        get { gtk_list_box_row_get_activatable(cast(pointer)) != 0 }
        nonmutating set { gtk_list_box_row_set_activatable(cast(pointer), newValue ? 1 : 0) }
    }
}

/// A libadwaita row with a title (AdwPreferencesRow, the base of the action and expander rows).
protocol PreferencesRowWrapper: ListBoxRowWrapper {}

extension PreferencesRowWrapper {
    var title: String {
        get { keptString(adw_preferences_row_get_title(cast(pointer))) }
        nonmutating set { adw_preferences_row_set_title(cast(pointer), newValue) }
    }

    /// Whether the title and subtitle are read as Pango markup (libadwaita's default).
    var useMarkup: Bool {
        get { adw_preferences_row_get_use_markup(cast(pointer)) != 0 }
        nonmutating set { adw_preferences_row_set_use_markup(cast(pointer), newValue ? 1 : 0) }
    }
}

/// A top-level window, a dialog's included.
protocol WindowWrapper: WidgetWrapper {}

extension WindowWrapper {
    func present() { gtk_window_present(cast(pointer)) }
    func destroy() { gtk_window_destroy(cast(pointer)) }
    func setTransientFor(_ parent: Window?) { gtk_window_set_transient_for(cast(pointer), parent.map { cast($0.pointer) }) }
}

struct Window: WindowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
}

struct Label: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var label: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init(_ text: String? = nil) { pointer = gtk_label_new(text) }
    /// A label whose `_` marks the key that, with Alt, activates its `mnemonicWidget`.
    init(mnemonic text: String) { pointer = gtk_label_new_with_mnemonic(text) }

    var text: String {
        get { keptString(gtk_label_get_text(label)) }
        nonmutating set { gtk_label_set_text(label, newValue) }
    }

    /// Where the text sits across the label's width: 0 at the start, 1 at the end.
    var xalign: Float {
        get { gtk_label_get_xalign(label) }
        nonmutating set { gtk_label_set_xalign(label, newValue) }
    }

    /// Whether the text wraps, between words where it can, within a word where it must.
    var wraps: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        nonmutating set {
            gtk_label_set_wrap(label, newValue ? 1 : 0)
            gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        }
    }

    var justify: GtkJustification {
        get { gtk_label_get_justify(label) }
        nonmutating set { gtk_label_set_justify(label, newValue) }
    }

    func setMnemonicWidget(_ widget: some WidgetWrapper) { gtk_label_set_mnemonic_widget(label, widget.pointer) }
}

struct Button: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var button: UnsafeMutablePointer<GtkButton> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    /// An empty button, for a child of its own.
    init() { pointer = gtk_button_new() }
    init(label: String) { pointer = gtk_button_new_with_label(label) }
    /// A button whose label's `_` marks the key that, with Alt, presses it.
    init(mnemonic: String) { pointer = gtk_button_new_with_mnemonic(mnemonic) }
    init(iconName: String) { pointer = gtk_button_new_from_icon_name(iconName) }

    /// `widget` as a button, when it is one (a button of a kind derived from it too).
    init?(_ widget: Widget) {
        guard widget.isA(gtk_button_get_type()) else { return nil }
        pointer = widget.pointer
    }

    /// The label's text; nil when the button holds another child or nothing.
    var label: String? {
        get { gtk_button_get_label(button).map { String(cString: $0) } }
        nonmutating set { gtk_button_set_label(button, newValue) }
    }

    func setChild(_ child: some WidgetWrapper) { gtk_button_set_child(button, child.pointer) }
}

struct CheckButton: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var check: UnsafeMutablePointer<GtkCheckButton> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = gtk_check_button_new() }

    var active: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        nonmutating set { gtk_check_button_set_active(check, newValue ? 1 : 0) }
    }
}

struct Entry: EditableWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = gtk_entry_new() }

    /// What the empty entry shows, greyed, of what it takes.
    func setPlaceholder(_ text: String) { gtk_entry_set_placeholder_text(cast(pointer), text) }
}

struct SpinButton: EditableWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var spin: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    /// A spin button from `min` to `max` in steps of `step`.
    init(min: Double, max: Double, step: Double) { pointer = gtk_spin_button_new_with_range(min, max, step) }

    var value: Double {
        get { gtk_spin_button_get_value(spin) }
        nonmutating set { gtk_spin_button_set_value(spin, newValue) }
    }

    var valueAsInt: Int { Int(gtk_spin_button_get_value_as_int(spin)) }

    /// Whether stepping past one end goes round to the other.
    var wraps: Bool {
        get { gtk_spin_button_get_wrap(spin) != 0 }
        nonmutating set { gtk_spin_button_set_wrap(spin, newValue ? 1 : 0) }
    }

    /// Whether only digits can be typed.
    var numeric: Bool {
        get { gtk_spin_button_get_numeric(spin) != 0 }
        nonmutating set { gtk_spin_button_set_numeric(spin, newValue ? 1 : 0) }
    }

    /// Whether a typed value goes to the nearest step.
    var snapToTicks: Bool {
        get { gtk_spin_button_get_snap_to_ticks(spin) != 0 }
        nonmutating set { gtk_spin_button_set_snap_to_ticks(spin, newValue ? 1 : 0) }
    }

    /// The width it asks for, in characters.
    var widthChars: Int32 {
        get { gtk_editable_get_width_chars(spin) }
        nonmutating set { gtk_editable_set_width_chars(spin, newValue) }
    }

    /// Takes the digits typed into the field and not yet taken as the value.
    func update() { gtk_spin_button_update(spin) }
}

struct Box: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var box: UnsafeMutablePointer<GtkBox> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init(_ orientation: GtkOrientation, spacing: Int32) { pointer = gtk_box_new(orientation, spacing) }

    func append(_ child: some WidgetWrapper) { gtk_box_append(box, child.pointer) }

    func removeAll() {
        while let child = gtk_widget_get_first_child(pointer) { gtk_box_remove(box, child) }
    }
}

struct ListBox: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var list: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = gtk_list_box_new() }

    func setSelectionMode(_ mode: GtkSelectionMode) { gtk_list_box_set_selection_mode(list, mode) }

    /// What the list shows while it has no rows.
    func setPlaceholder(_ placeholder: some WidgetWrapper) { gtk_list_box_set_placeholder(list, placeholder.pointer) }

    /// Appends `child`, in a row of its own unless it is a row.
    func append(_ child: some WidgetWrapper) { gtk_list_box_append(list, child.pointer) }

    func remove(_ child: some WidgetWrapper) { gtk_list_box_remove(list, child.pointer) }

    /// The row at `index`, counting rows only (not the placeholder).
    func row(at index: Int32) -> ListBoxRow? {
        gtk_list_box_get_row_at_index(list, index).map { ListBoxRow(pointer: cast($0)) }
    }
}

struct ListBoxRow: ListBoxRowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
}

struct ScrolledWindow: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var scrolled: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = gtk_scrolled_window_new() }

    /// When each scroll bar shows.
    func setPolicy(horizontal: GtkPolicyType, vertical: GtkPolicyType) {
        gtk_scrolled_window_set_policy(scrolled, horizontal, vertical)
    }

    func setChild(_ child: some WidgetWrapper) { gtk_scrolled_window_set_child(scrolled, child.pointer) }

    var horizontal: Adjustment { Adjustment(adjustment: gtk_scrolled_window_get_hadjustment(scrolled)) }
    var vertical: Adjustment { Adjustment(adjustment: gtk_scrolled_window_get_vadjustment(scrolled)) }
}

/// How far a scrolled window is scrolled one way, and how far it could be.
struct Adjustment: ObjectWrapper {
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    var instance: UnsafeMutableRawPointer { UnsafeMutableRawPointer(adjustment) }

    var value: Double {
        get { gtk_adjustment_get_value(adjustment) }
        nonmutating set { gtk_adjustment_set_value(adjustment, newValue) }
    }

    /// The length on show.
    var pageSize: Double { gtk_adjustment_get_page_size(adjustment) }
    /// The whole length.
    var upper: Double { gtk_adjustment_get_upper(adjustment) }
}

/// libadwaita's clamp: its child no wider than a maximum size, centred.
struct Clamp: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var clamp: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_clamp_new() }

    var maximumSize: Int32 {
        get { adw_clamp_get_maximum_size(clamp) }
        nonmutating set { adw_clamp_set_maximum_size(clamp, newValue) }
    }

    func setChild(_ child: some WidgetWrapper) { adw_clamp_set_child(clamp, child.pointer) }
}

/// One child on show at a time, chosen by name.
struct Stack: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var stack: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = gtk_stack_new() }

    func addNamed(_ child: some WidgetWrapper, _ name: String) { gtk_stack_add_named(stack, child.pointer, name) }

    var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        nonmutating set { gtk_stack_set_visible_child_name(stack, newValue) }
    }
}

/// libadwaita's status page: an icon, a title and a description, centred, over a child.
struct StatusPage: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var page: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_status_page_new() }

    var title: String {
        get { keptString(adw_status_page_get_title(page)) }
        nonmutating set { adw_status_page_set_title(page, newValue) }
    }

    /// The description, which libadwaita always reads as Pango markup.
    var descriptionMarkup: String {
        get { keptString(adw_status_page_get_description(page)) }
        nonmutating set { adw_status_page_set_description(page, newValue) }
    }

    var iconName: String? {
        get { adw_status_page_get_icon_name(page).map { String(cString: $0) } }
        nonmutating set { adw_status_page_set_icon_name(page, newValue) }
    }

    func setChild(_ child: some WidgetWrapper) { adw_status_page_set_child(page, child.pointer) }
}

/// libadwaita's row of a title and a subtitle, with widgets before and after them.
struct ActionRow: PreferencesRowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var row: UnsafeMutablePointer<AdwActionRow> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_action_row_new() }

    var subtitle: String {
        get { keptString(adw_action_row_get_subtitle(row)) }
        nonmutating set { adw_action_row_set_subtitle(row, newValue) }
    }

    /// Puts `widget` before the title.
    func addPrefix(_ widget: some WidgetWrapper) { adw_action_row_add_prefix(row, widget.pointer) }
    /// Puts `widget` after the title and subtitle.
    func addSuffix(_ widget: some WidgetWrapper) { adw_action_row_add_suffix(row, widget.pointer) }
    /// The widget that activating the row activates.
    func setActivatableWidget(_ widget: some WidgetWrapper) { adw_action_row_set_activatable_widget(row, widget.pointer) }
}

/// libadwaita's row that opens to show rows of its own.
struct ExpanderRow: PreferencesRowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var row: UnsafeMutablePointer<AdwExpanderRow> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_expander_row_new() }

    var subtitle: String {
        get { keptString(adw_expander_row_get_subtitle(row)) }
        nonmutating set { adw_expander_row_set_subtitle(row, newValue) }
    }

    /// Adds `child` to what the row shows when open, in a list row of its own.
    func addRow(_ child: some WidgetWrapper) { adw_expander_row_add_row(row, child.pointer) }
}

struct Grid: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var grid: UnsafeMutablePointer<GtkGrid> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = gtk_grid_new() }

    var columnSpacing: UInt32 {
        get { gtk_grid_get_column_spacing(grid) }
        nonmutating set { gtk_grid_set_column_spacing(grid, newValue) }
    }

    var rowSpacing: UInt32 {
        get { gtk_grid_get_row_spacing(grid) }
        nonmutating set { gtk_grid_set_row_spacing(grid, newValue) }
    }

    func attach(_ child: some WidgetWrapper, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        gtk_grid_attach(grid, child.pointer, column, row, width, height)
    }
}

/// libadwaita's message dialog: a heading, a body and a button per response.
struct MessageDialog: WindowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init(over parent: Window?, heading: String, body: String) {
        pointer = adw_message_dialog_new(parent.map { cast($0.pointer) }, heading, body)
    }

    var heading: String {
        get { keptString(adw_message_dialog_get_heading(dialog)) }
        nonmutating set { adw_message_dialog_set_heading(dialog, newValue) }
    }

    var body: String {
        get { keptString(adw_message_dialog_get_body(dialog)) }
        nonmutating set { adw_message_dialog_set_body(dialog, newValue) }
    }

    /// A button answering `id`, labelled `label` (with a mnemonic's `_`).
    func addResponse(_ id: String, _ label: String) { adw_message_dialog_add_response(dialog, id, label) }

    func setResponseAppearance(_ id: String, _ appearance: AdwResponseAppearance) {
        adw_message_dialog_set_response_appearance(dialog, id, appearance)
    }

    /// The response Enter gives.
    func setDefaultResponse(_ id: String) { adw_message_dialog_set_default_response(dialog, id) }

    /// The response Escape, or closing the dialog, gives.
    func setCloseResponse(_ id: String) { adw_message_dialog_set_close_response(dialog, id) }

    /// Runs `body` each time the person answers `id` (the detailed "response::id").
    @discardableResult
    func onResponse(_ id: String, _ body: @MainActor @escaping () -> Void) -> gulong {
        MorningWindow.on(instance, "response::\(id)", arguments: 3, body)
    }
}

/// libadwaita's About window.
struct AboutWindowWidget: WindowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var about: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_about_window_new() }

    func setApplicationName(_ name: String) { adw_about_window_set_application_name(about, name) }
    func setApplicationIcon(_ name: String) { adw_about_window_set_application_icon(about, name) }
    func setVersion(_ version: String) { adw_about_window_set_version(about, version) }
    func setComments(_ comments: String) { adw_about_window_set_comments(about, comments) }
    func setDeveloperName(_ name: String) { adw_about_window_set_developer_name(about, name) }
    func setWebsite(_ address: String) { adw_about_window_set_website(about, address) }
    func setLicenseType(_ license: GtkLicense) { adw_about_window_set_license_type(about, license) }

    /// A section of credits headed `heading`, one line per person or work.
    func addAcknowledgementSection(_ heading: String, _ lines: [String]) {
        withCStrings(lines) { adw_about_window_add_acknowledgement_section(about, heading, $0) }
    }
}

/// An on/off switch.
struct Switch: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var toggle: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = gtk_switch_new() }

    var active: Bool {
        get { gtk_switch_get_active(toggle) != 0 }
        nonmutating set { gtk_switch_set_active(toggle, newValue ? 1 : 0) }
    }
}

/// libadwaita's titled group of rows on a preferences page.
struct PreferencesGroup: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var group: UnsafeMutablePointer<AdwPreferencesGroup> { cast(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_preferences_group_new() }

    var title: String {
        get { keptString(adw_preferences_group_get_title(group)) }
        nonmutating set { adw_preferences_group_set_title(group, newValue) }
    }

    /// Adds `child`, a row in the group's list (another widget goes in a row of its own).
    func add(_ child: some WidgetWrapper) { adw_preferences_group_add(group, child.pointer) }
}
