import CAdwaita

/// The parts every page is built from, so that the pages look alike and each is said once.

/// `column` with a margin of 12 around it (`bottom` below), held to 640 px at most and
/// scrolling up and down: a page's body.
func scrollingPage(_ column: some WidgetWrapper, bottom: Int32 = 12) -> ScrolledWindow {
    column.setMargins(top: 12, bottom: bottom, start: 12, end: 12)
    let clamp = Clamp()
    clamp.maximumSize = 640
    clamp.setChild(column)
    let scrolled = ScrolledWindow()
    scrolled.setPolicy(horizontal: GTK_POLICY_NEVER, vertical: GTK_POLICY_AUTOMATIC)
    scrolled.setChild(clamp)
    scrolled.vexpand = true
    return scrolled
}

extension Label {
    /// A label aligned to the start, wrapping between words when asked.
    static func leading(wrap: Bool) -> Label {
        let label = Label()
        label.xalign = 0
        if wrap { label.wraps = true }
        return label
    }

    /// A bold heading over a part of a page.
    static func heading(_ text: String) -> Label {
        let label = leading(wrap: true)
        label.text = text
        label.style("heading")
        return label
    }

    /// Shows `text`, or hides the label when there is none.
    func show(_ text: String?) {
        self.text = text ?? ""
        visible = text != nil
    }
}

/// A section's title and, under it, what the section is for.
func sectionHeading(_ title: String, description: String) -> Box {
    let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    let head = Label.leading(wrap: true)
    head.text = title
    head.style("title-4")
    let text = Label.leading(wrap: true)
    text.text = description
    text.style("dim-label")
    box.append(head)
    box.append(text)
    return box
}

extension WidgetWrapper {
    /// Names the widget for screen readers and shows the same words as its tooltip. GTK
    /// would also make the tooltip the widget's description, and the words would be read
    /// twice: the description is cleared after the tooltip is set.
    func nameWithTooltip(_ text: String) {
        setAccessibleLabel(text)
        setTooltip(text)
        resetAccessibleDescription()
    }
}

extension Button {
    /// A button whose label has a mnemonic ("_Delete…": Alt+D presses it), named for
    /// screen readers by `name`, or by its label without the underline: GTK would read
    /// the label as written, underline and all, and then again.
    static func withMnemonic(_ label: String, name: String? = nil) -> Button {
        let button = Button(mnemonic: label)
        button.setAccessibleLabel(name ?? label.filter { $0 != "_" })
        return button
    }
}

extension ListBox {
    /// A boxed list named for screen readers; none of its rows can be selected.
    static func boxed(_ name: String) -> ListBox {
        let list = ListBox()
        list.setSelectionMode(GTK_SELECTION_NONE)
        list.style("boxed-list")
        list.setAccessibleLabel(name)
        return list
    }
}

extension SpinButton {
    /// Shows the value with two digits, as times are written ("06", "05").
    @MainActor
    func showTwoDigits() {
        onReturning("output") { [self] in
            let value = valueAsInt
            text = value < 10 ? "0\(value)" : "\(value)"
            return true  // the text is written: GTK does not write its own
        }
    }
}

/// A question before a change, over the window of `widget`, not yet shown: the change's
/// button (red when it loses something, else the suggested one) and Cancel, which is
/// the default and which Escape answers. Its responses are "confirm" and "cancel".
func confirmationDialog(_ question: Confirmation, over widget: some WidgetWrapper) -> MessageDialog {
    let dialog = MessageDialog(over: widget.window, heading: question.heading, body: question.body)
    dialog.addResponse("cancel", "_Cancel")
    dialog.addResponse("confirm", question.action)
    dialog.setResponseAppearance("confirm", question.destructive ? ADW_RESPONSE_DESTRUCTIVE : ADW_RESPONSE_SUGGESTED)
    dialog.setDefaultResponse("cancel")
    dialog.setCloseResponse("cancel")
    return dialog
}

/// Shows `question` in a dialog over the window of `widget` (see `confirmationDialog`).
/// The dialog closes itself after any answer; `answer` hears true when the change goes
/// ahead, false on Cancel or Escape.
@discardableResult
func presentConfirmation(_ question: Confirmation, over widget: some WidgetWrapper,
                         answer: @escaping @MainActor (Bool) -> Void) -> MessageDialog {
    let dialog = confirmationDialog(question, over: widget)
    dialog.onResponse("confirm") { answer(true) }
    dialog.onResponse("cancel") { answer(false) }
    dialog.present()
    // Each response's name said once, without its mnemonic's underline.
    nameButtonsByLabel(in: dialog)
    return dialog
}

/// Names every button in `root` or below it by its label, its mnemonic's underline left
/// out: a dialog's response buttons, which the dialog does not hand out, would otherwise
/// be read as "_Close Close".
func nameButtonsByLabel(in root: some WidgetWrapper) {
    if let button = Button(root.widget), let text = button.label {
        button.setAccessibleLabel(text.filter { $0 != "_" })
    }
    var child = root.firstChild
    while let current = child {
        nameButtonsByLabel(in: current)
        child = current.nextSibling
    }
}
