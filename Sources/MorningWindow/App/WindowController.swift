/// Joins the model, bmd and whatever shows the model: each event goes to the model, the
/// view is told, and the effects go to bmd, whose answers come back as events.
@MainActor
public final class WindowController {
    public private(set) var model = WindowModel()
    public private(set) var link: BmdLink!
    /// Called after every event with the model as it now is.
    public var changed: (@MainActor (WindowModel) -> Void)?

    /// `starter`, when given, makes the first connection off the main thread (see `BmdLink`);
    /// `patience` is how long a call waits before the window says bmd does not answer, and
    /// `countdownPatience` how long a countdown shows without a new status before it asks.
    public init(connector: @escaping BmdLink.Connector, starter: BmdLink.Starter? = nil, patience: UInt32 = WindowModel.patience,
                countdownPatience: UInt32 = BmdLink.countdownPatience) {
        link = BmdLink(connector: connector, starter: starter, patience: patience, countdownPatience: countdownPatience) {
            [weak self] event in self?.send(event)
        }
    }

    public func send(_ event: WindowEvent) {
        let effects = model.handle(event)
        changed?(model)
        link.run(effects)
    }

    /// How long a closing window waits for bmd to take what the person typed.
    public static let closingPatience: UInt32 = 2000

    /// Sends `event`, the last before the window closes, and calls `done` once bmd has
    /// answered every call (`answered` true), or after `patience` milliseconds when it
    /// has not (false); only once, whichever comes first.
    public func finish(with event: WindowEvent, patience: UInt32 = closingPatience,
                       then done: @escaping @MainActor (_ answered: Bool) -> Void) {
        var finished = false
        let once: @MainActor (Bool) -> Void = { answered in
            guard !finished else { return }
            finished = true
            done(answered)
        }
        send(event)
        var timeout: UInt32 = 0
        timeout = MainLoop.after(milliseconds: patience) {
            timeout = 0
            once(false)
        }
        link.whenCallsAnswered {
            MainLoop.cancel(timeout)
            timeout = 0
            once(true)
        }
    }
}
