/// A question the window asks before a change that cannot be taken back: its heading,
/// what the change does, and the button that makes it. The Routines, History and
/// preferences models each hold the one they ask; the pages show it as a dialog.
public struct Confirmation: Equatable, Sendable {
    public var heading: String
    public var body: String
    /// The label of the button that goes ahead; Cancel keeps everything.
    public var action: String
    /// Whether going ahead loses something (the button is red).
    public var destructive: Bool

    public init(heading: String, body: String, action: String, destructive: Bool) {
        self.heading = heading; self.body = body; self.action = action; self.destructive = destructive
    }
}
