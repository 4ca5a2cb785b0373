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
