import CAdwaita
import Glibc
import MorningProtocol
import Varlink

/// Carries out the model's effects on bmd from GLib's loop and hands the answers back as
/// events: one connection follows the status stream, another makes the calls (bmd answers
/// nothing else on a connection that follows).
@MainActor
public final class BmdLink {
    /// Opens a connected socket to bmd, or says why it cannot.
    public typealias Connector = @MainActor () -> Result<Int32, LinkFailure>
    /// Opens the first connection, which may start bmd and wait for it to answer: it runs
    /// on a thread of its own, so the window draws (saying it is connecting) meanwhile.
    public typealias Starter = @Sendable () -> Result<Int32, LinkFailure>

    private let connector: Connector
    private var starter: Starter?
    /// The starter's thread is still at work: a new try waits for it.
    private var starting = false
    /// Counts the stops: an answer from a thread started before the last one is stale.
    private var generation = 0
    let deliver: @MainActor (WindowEvent) -> Void
    private var follower: VarlinkConnection?
    private var caller: VarlinkConnection?
    private var retrySource: guint = 0
    /// Called once every call made has been answered (or the calls' connection ended), then
    /// forgotten.
    private var whenAnswered: (@MainActor () -> Void)?
    /// How long a call waits for an answer before the window hears that bmd does not answer.
    private let patience: UInt32
    /// The timer of that wait: set only while a call waits, so an idle window never wakes.
    private var patienceSource: guint = 0
    /// The window was told that bmd does not answer, and not yet that it answers again.
    private var toldSilent = false
    /// The status stream is open but its first status has not come.
    private var awaitingStatus = false
    /// Why bmd cannot run, as a try learnt it (see `LinkFailure.Kind.lasting`), until bmd answers.
    private var lastingReason: String?
    /// How long a countdown may show without a new status before the window asks bmd.
    private let countdownPatience: UInt32
    /// The timer of that wait: set only while a countdown shows.
    private var countdownSource: guint = 0

    /// While a countdown shows, bmd sends a new status at least once a minute (the count
    /// drops on each of its minutes); this is that minute, and a few seconds to spare.
    public static let countdownPatience: UInt32 = 65_000

    /// `deliver` gets every event; it runs on the main thread, from GLib's loop.
    /// `starter`, when given, makes the first connection in place of `connector`.
    /// `patience` is how long, in milliseconds, a call may wait for its answer before
    /// `.unanswered` is delivered. `countdownPatience` is how long, in milliseconds, a
    /// countdown may show without a new status before the window asks bmd for one.
    public init(connector: @escaping Connector, starter: Starter? = nil, patience: UInt32 = WindowModel.patience,
                countdownPatience: UInt32 = BmdLink.countdownPatience,
                deliver: @escaping @MainActor (WindowEvent) -> Void) {
        self.connector = connector
        self.starter = starter
        self.patience = patience
        self.countdownPatience = countdownPatience
        self.deliver = deliver
    }

    public func run(_ effects: [WindowEffect]) {
        for effect in effects { run(effect) }
    }

    public func run(_ effect: WindowEffect) {
        switch effect {
        case .connect:
            follow()
        case .loadDay(let date):
            call(Morning.Call.day(date: date), refusals: .day(date)) { .day($0) }
        case .check(let position, let date):
            call(Morning.Call.check(task: String(position), date: date)) { .changed($0) }
        case .uncheck(let position, let date):
            call(Morning.Call.uncheck(task: String(position), date: date)) { .changed($0) }
        case .retry(let milliseconds):
            MainLoop.cancel(retrySource)
            retrySource = MainLoop.after(milliseconds: milliseconds) { [weak self] in
                self?.retrySource = 0
                self?.deliver(.retry)
            }
        case .routines(let effect):
            run(routines: effect)
        case .history(let effect):
            run(history: effect)
        case .preferences(let effect):
            run(preferences: effect)
        }
    }

    /// Ends both connections and any wait: the window is closing.
    public func stop() {
        generation += 1
        starting = false
        follower?.close()
        caller?.close()
        follower = nil
        caller = nil
        callsEnded()
        MainLoop.cancel(retrySource)
        retrySource = 0
        forgetSilence()
    }

    private func follow() {
        follower?.close()
        caller?.close()
        caller = nil
        follower = nil
        callsEnded()
        forgetSilence()
        if let starter {
            self.starter = nil
            starting = true
            let expected = generation
            OffThread.run(starter) { [weak self] result in
                guard let self, self.generation == expected else {
                    if case .success(let fd) = result { close(fd) }  // the window stopped meanwhile
                    return
                }
                self.starting = false
                self.follow(result)
            }
            return
        }
        guard !starting else { return }  // the first connection is still being made
        follow(connector())
    }

    private func follow(_ connected: Result<Int32, LinkFailure>) {
        switch connected {
        case .failure(let failure):
            switch failure.kind {
            case .lasting: lastingReason = failure.reason
            case .other: lastingReason = nil  // something else stands in the way now
            case .nothingAnswers: break
            }
            deliver(.lost(failure.kind == .nothingAnswers ? lastingReason ?? failure.reason : failure.reason))
        case .success(let fd):
            let connection = VarlinkConnection(fd: fd) { [weak self] reason in
                self?.lost(reason)
            }
            follower = connection
            awaitingStatus = true
            connection.call(Morning.Call.status().more.call) { [weak self] reply in
                guard let self else { return }
                self.awaitingStatus = false
                self.lastingReason = nil
                self.heard()
                defer { self.watchSilence() }
                if let name = reply.error {
                    return self.lost("bmd refused to send its status (\(Self.shortName(name)))")
                }
                guard let status = try? reply.parameters(Morning.StatusReply.self) else {
                    return self.lost("bmd sent a status the window cannot read" + Self.versionQuestion)
                }
                self.deliver(.status(status))
                self.expectNextStatus(status)
                if !reply.continues { self.lost("bmd ended the status stream") }
            }
            watchSilence()
        }
    }

    /// The status stream ended: both connections go, and the model decides when to try again.
    private func lost(_ reason: String) {
        follower?.close()
        caller?.close()
        follower = nil
        caller = nil
        callsEnded()
        forgetSilence()
        deliver(.lost(reason))
    }

    /// Where bmd's refusal of a call goes: to the window (Today's line), or to the
    /// Routines page, which says it beside what the person changed.
    /// A Day call's refusal says which date, so the model asks for it no more.
    enum Refusals { case window, routines, day(String) }

    /// Makes `request` on the calls' connection, opened when needed, and delivers its answer,
    /// or its refusal to the page that asked.
    func call<R: JSONCodable>(_ request: VarlinkRequest<R>, refusals: Refusals = .window, _ event: @escaping (R) -> WindowEvent) {
        guard follower != nil else { return }  // away: the next status asks again
        if caller?.isOpen != true {
            switch connector() {
            case .failure(let failure):
                return deliver(.lost(failure.reason))
            case .success(let fd):
                caller = VarlinkConnection(fd: fd) { [weak self] _ in
                    self?.caller = nil
                    self?.callsEnded()
                    self?.watchSilence()
                }
            }
        }
        defer { if patienceSource == 0 { watchSilence() } }
        let refused: (Morning.Error) -> WindowEvent
        let failed: (String) -> WindowEvent
        switch refusals {
        case .window: (refused, failed) = ({ .refused($0) }, { .failed($0) })
        case .routines: (refused, failed) = ({ .routines(.refused($0)) }, { .routines(.failed($0)) })
        case .day(let date): (refused, failed) = ({ .dayRefused(date: date, $0) }, { .dayFailed(date: date, $0) })
        }
        caller?.call(request.call) { [weak self] reply in
            guard let self else { return }
            self.heard()
            defer { self.watchSilence() }
            if let name = reply.error {
                if let error = try? Morning.Error(name: name, parameters: reply.parameters) {
                    self.deliver(refused(error))
                } else {
                    self.deliver(failed("bmd refused that for a reason the window does not know" + Self.versionQuestion))
                }
            } else if let value = try? reply.parameters(R.self) {
                self.deliver(event(value))
            } else {
                self.deliver(failed("bmd sent an answer the window cannot read" + Self.versionQuestion))
            }
            // Answered, and nothing more asked meanwhile: the connection closes now, while
            // the window is awake, rather than when bmd's patience with a silent client
            // runs out ten seconds later and wakes it.
            if self.caller?.isIdle == true {
                self.caller?.close()
                self.caller = nil
                self.callsEnded()
            }
        }
    }

    /// Whether the window is timing bmd's answer to a call (a timer runs only then).
    var waitsForAnswer: Bool { patienceSource != 0 }

    /// Whether a call waits for bmd's answer: the first status, or a call's reply.
    private var waitingForBmd: Bool {
        awaitingStatus || (caller.map { $0.isOpen && !$0.isIdle } ?? false)
    }

    /// bmd answered, or a call was made: the wait for bmd starts again while a call
    /// waits, and ends when none does.
    private func watchSilence() {
        MainLoop.cancel(patienceSource)
        patienceSource = 0
        guard waitingForBmd else { return }
        patienceSource = MainLoop.after(milliseconds: patience) { [weak self] in
            guard let self else { return }
            self.patienceSource = 0
            self.toldSilent = true
            self.deliver(.unanswered)
        }
    }

    /// A countdown shows: bmd sends the next minute's status within the minute. A bmd
    /// stopped (SIGSTOP) while no call waits would leave the countdown frozen with nothing
    /// said, so when that status is late the window asks for one; the call then waits as
    /// any call does, and the window says that bmd does not answer when it stays silent.
    /// Only a duration is measured: bmd's clock may read other than the window's.
    private func expectNextStatus(_ status: Morning.StatusReply) {
        MainLoop.cancel(countdownSource)
        countdownSource = 0
        guard status.now?.minutesToNext != nil else { return }
        countdownSource = MainLoop.after(milliseconds: countdownPatience) { [weak self] in
            guard let self else { return }
            self.countdownSource = 0
            self.call(Morning.Call.status()) { [weak self] status in
                // Answered (on the main thread, as every answer is): a bmd whose stream
                // fell quiet is asked again a minute on.
                MainActor.assumeIsolated { self?.expectNextStatus(status) }
                return .status(status)
            }
        }
    }

    /// bmd said something: a window told it does not answer hears that it does.
    private func heard() {
        guard toldSilent else { return }
        toldSilent = false
        deliver(.answering)
    }

    /// The connections are gone: nothing waits for bmd, and the model hears why from `.lost`.
    private func forgetSilence() {
        MainLoop.cancel(patienceSource)
        patienceSource = 0
        MainLoop.cancel(countdownSource)
        countdownSource = 0
        awaitingStatus = false
        toldSilent = false
    }

    /// Calls `done` once bmd has answered every call made so far: at once when none waits.
    func whenCallsAnswered(_ done: @escaping @MainActor () -> Void) {
        guard let caller, caller.isOpen, !caller.isIdle else { return done() }
        whenAnswered = done
    }

    /// The calls are all answered, or will never be: whoever waited for that goes on.
    private func callsEnded() {
        let done = whenAnswered
        whenAnswered = nil
        done?()
    }

    /// What to ask of a reply the window cannot read: most likely bmd and the window differ.
    nonisolated static let versionQuestion = "; are bmd and the window the same version?"

    /// "NotToday" from "org.bettermorning.Morning.NotToday".
    nonisolated static func shortName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}
