import CAdwaita

/// The parts every page is built from, so that the pages look alike and each is said once.

/// `column` with a margin of 12 around it (`bottom` below), held to 640 px at most and
/// scrolling up and down: a page's body.
@MainActor
func scrollingPage(_ column: UnsafeMutablePointer<GtkWidget>, bottom: Int32 = 12) -> UnsafeMutablePointer<GtkWidget> {
    gtk_widget_set_margin_top(column, 12)
    gtk_widget_set_margin_bottom(column, bottom)
    gtk_widget_set_margin_start(column, 12)
    gtk_widget_set_margin_end(column, 12)
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(OpaquePointer(clamp), 640)
    adw_clamp_set_child(OpaquePointer(clamp), column)
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), clamp)
    gtk_widget_set_vexpand(scrolled, 1)
    return scrolled
}

/// A label aligned to the start, wrapping between words when asked.
@MainActor
func label(wrap: Bool) -> UnsafeMutablePointer<GtkWidget> {
    let widget = gtk_label_new(nil)!
    gtk_label_set_xalign(OpaquePointer(widget), 0)
    if wrap {
        gtk_label_set_wrap(OpaquePointer(widget), 1)
        gtk_label_set_wrap_mode(OpaquePointer(widget), PANGO_WRAP_WORD_CHAR)
    }
    return widget
}

/// A label's text, hidden when there is none.
@MainActor
func set(_ label: UnsafeMutablePointer<GtkWidget>, _ text: String?) {
    gtk_label_set_text(OpaquePointer(label), text ?? "")
    gtk_widget_set_visible(label, text == nil ? 0 : 1)
}

/// A bold heading over a part of a page.
@MainActor
func heading(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
    let widget = label(wrap: true)
    gtk_label_set_text(OpaquePointer(widget), text)
    style(widget, "heading")
    return widget
}

/// A section's title and, under it, what the section is for.
@MainActor
func heading(_ title: String, description: String) -> UnsafeMutablePointer<GtkWidget> {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
    let head = label(wrap: true)
    gtk_label_set_text(OpaquePointer(head), title)
    style(head, "title-4")
    let text = label(wrap: true)
    gtk_label_set_text(OpaquePointer(text), description)
    style(text, "dim-label")
    gtk_box_append(cast(box), head)
    gtk_box_append(cast(box), text)
    return box
}

/// Names `widget` for screen readers and shows the same words as its tooltip. GTK would
/// also make the tooltip the widget's description, and the words would be read twice:
/// the description is cleared after the tooltip is set.
@MainActor
func nameWithTooltip(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
    bm_set_accessible_label(widget, text)
    gtk_widget_set_tooltip_text(widget, text)
    gtk_accessible_reset_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
}

/// A button whose label has a mnemonic ("_Delete…": Alt+D presses it), named for screen
/// readers by `name`, or by its label without the underline: GTK would read the label as
/// written, underline and all, and then again.
@MainActor
func mnemonicButton(_ label: String, name: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
    let button = gtk_button_new_with_mnemonic(label)!
    bm_set_accessible_label(button, name ?? label.filter { $0 != "_" })
    return button
}

/// A boxed list named for screen readers, holding `rows`; none can be selected.
@MainActor
func boxedList(_ name: String, rows: [UnsafeMutablePointer<GtkWidget>] = []) -> UnsafeMutablePointer<GtkWidget> {
    let list = gtk_list_box_new()!
    gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
    style(list, "boxed-list")
    bm_set_accessible_label(list, name)
    for row in rows { gtk_list_box_append(OpaquePointer(list), row) }
    return list
}

/// Makes `spin` show its value with two digits, as times are written ("06", "05").
func showTwoDigits(_ spin: UnsafeMutablePointer<GtkWidget>) {
    connect(UnsafeMutableRawPointer(spin), "output", unsafeBitCast(twoDigits, to: GCallback.self))
}

/// A spin button's "output": its value written with two digits.
private let twoDigits: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { spin, _ in
    guard let spin else { return 0 }
    let value = Int(gtk_spin_button_get_value_as_int(OpaquePointer(spin)))
    gtk_editable_set_text(OpaquePointer(spin), value < 10 ? "0\(value)" : "\(value)")
    return 1
}

/// A question before a change, over the window of `widget`, not yet shown: the change's
/// button (red when it loses something, else the suggested one) and Cancel, which is
/// the default and which Escape answers. Its responses are "confirm" and "cancel".
@MainActor
func confirmationDialog(_ question: Confirmation, over widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
    let parent: UnsafeMutablePointer<GtkWindow>? = gtk_widget_get_root(widget).map { UnsafeMutablePointer<GtkWindow>($0) }
    let dialog = adw_message_dialog_new(parent, question.heading, question.body)!
    adw_message_dialog_add_response(cast(dialog), "cancel", "_Cancel")
    adw_message_dialog_add_response(cast(dialog), "confirm", question.action)
    adw_message_dialog_set_response_appearance(cast(dialog), "confirm", question.destructive ? ADW_RESPONSE_DESTRUCTIVE : ADW_RESPONSE_SUGGESTED)
    adw_message_dialog_set_default_response(cast(dialog), "cancel")
    adw_message_dialog_set_close_response(cast(dialog), "cancel")
    return dialog
}

/// Shows `question` in a dialog over the window of `widget` (see `confirmationDialog`).
/// The dialog closes itself after any answer; `answer` hears true when the change goes
/// ahead, false on Cancel or Escape.
@MainActor
@discardableResult
func presentConfirmation(_ question: Confirmation, over widget: UnsafeMutablePointer<GtkWidget>,
                         answer: @escaping @MainActor (Bool) -> Void) -> UnsafeMutablePointer<GtkWidget> {
    let dialog = confirmationDialog(question, over: widget)
    on(UnsafeMutableRawPointer(dialog), "response::confirm", arguments: 3) { answer(true) }
    on(UnsafeMutableRawPointer(dialog), "response::cancel", arguments: 3) { answer(false) }
    gtk_window_present(cast(dialog))
    return dialog
}

/// Names every button in `root` or below it by its label, its mnemonic's underline left
/// out: a dialog's response buttons, which the dialog does not hand out, would otherwise
/// be read as "_Close Close".
@MainActor
func nameButtonsByLabel(in root: UnsafeMutablePointer<GtkWidget>) {
    if g_type_check_instance_is_a(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self), gtk_button_get_type()) != 0,
       let text = gtk_button_get_label(cast(root)) {
        bm_set_accessible_label(root, String(cString: text).filter { $0 != "_" })
    }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        nameButtonsByLabel(in: current)
        child = gtk_widget_get_next_sibling(current)
    }
}
