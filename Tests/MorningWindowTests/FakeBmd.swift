import CAdwaita
import Glibc
import MorningProtocol
@testable import MorningWindow
import Varlink

/// A bmd for the window's tests, on socket pairs and GLib's loop: it answers Status (and
/// follows it), Day, Check and Uncheck from the days it is given, and records every call.
@MainActor
final class FakeBmd {
    var status: Morning.StatusReply
    var days: [String: Morning.DayReply]
    private(set) var calls: [String] = []
    /// When set, connecting fails with this reason, as when bmd is not running.
    var away: String?
    /// When set, calls to change the draft are read and recorded but never answered, as
    /// by a bmd that hangs.
    var silentOnDraft = false
    /// When set, every call is read and recorded but its answer held back, as by a bmd
    /// stopped (SIGSTOP) after it took the connection, until `answerHeld`.
    var holding = false
    private var held: [(call: VarlinkCall, fd: Int32)] = []
    private var splitters: [Int32: FrameSplitter] = [:]
    private var followers: [Int32] = []
    private var sources: [Int32: guint] = [:]
    /// What bmd answers the History page and the preferences (below).
    var records = Records()

    init(status: Morning.StatusReply = Fixture.status(), days: [Morning.DayReply]? = nil) {
        self.status = status
        let all = days ?? ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"]
            .map { Fixture.day($0, done: status.today?.completed ?? 0, today: status.date) }
        self.days = Dictionary(uniqueKeysWithValues: all.map { ($0.date, $0) })
    }

    /// What the window connects with: one end of a new socket pair each time.
    var connector: BmdLink.Connector {
        { [unowned self] in
            if let away { return .failure(LinkFailure(away)) }
            var pair: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                return .failure(LinkFailure("socketpair failed"))
            }
            let server = pair[1]
            _ = fcntl(server, F_SETFL, fcntl(server, F_GETFL) | O_NONBLOCK)
            splitters[server] = FrameSplitter()
            sources[server] = MainLoop.watch(fd: server, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue)) { [weak self] in
                self?.readable(server) ?? false
            }
            return .success(pair[0])
        }
    }

    /// The connections the window holds open to this bmd.
    var openConnections: Int { splitters.count }

    /// bmd stops: every connection closes.
    func stop() {
        for fd in Array(splitters.keys) { drop(fd) }
    }

    /// Sends the status to every follower, as bmd does when it changes.
    func push() {
        for fd in followers { send(VarlinkReply(parameters: status.json, continues: true).frame, to: fd) }
    }

    /// A check made elsewhere (the shell, a bar): the task at `position` of today done.
    func checkElsewhere(_ position: Int) {
        _ = apply(position: position, done: true)
        push()
    }

    /// A check taken back elsewhere: the task at `position` of today not done.
    func uncheckElsewhere(_ position: Int) {
        _ = apply(position: position, done: false)
        push()
    }

    private func drop(_ fd: Int32) {
        MainLoop.cancel(sources[fd] ?? 0)
        sources[fd] = nil
        splitters[fd] = nil
        followers.removeAll { $0 == fd }
        close(fd)
    }

    private func readable(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 {
            if count < 0, errno == EAGAIN { return true }
            sources[fd] = nil  // the watch ends by returning false
            splitters[fd] = nil
            followers.removeAll { $0 == fd }
            close(fd)
            return false
        }
        splitters[fd]?.append(buffer[0..<count])
        while let frame = try? splitters[fd]?.next(), let call = try? VarlinkCall(frame: frame) {
            answer(call, on: fd)
        }
        return true
    }

    /// bmd goes on: the calls held back are answered, in order, and calls are answered again.
    func answerHeld() {
        holding = false
        let calls = held
        held = []
        for (call, fd) in calls where splitters[fd] != nil { answer(call, on: fd) }
    }

    /// The calls held back, by method.
    var heldCalls: [String] { held.map { String($0.call.method.split(separator: ".").last ?? "") } }

    private func answer(_ call: VarlinkCall, on fd: Int32) {
        if holding {
            held.append((call, fd))
            return
        }
        let method = String(call.method.split(separator: ".").last ?? "")
        switch method {
        case "Status":
            calls.append("Status" + (call.more ? " more" : ""))
            if call.more { followers.append(fd) }
            send(VarlinkReply(parameters: status.json, continues: call.more).frame, to: fd)
        case "Day":
            let date = (try? Morning.DayParameters(json: call.parameters).date) ?? nil
            calls.append("Day \(date ?? "today")")
            if let day = days[date ?? status.date] {
                send(VarlinkReply(parameters: day.json).frame, to: fd)
            } else {
                let error = Morning.Error.dateOutOfRange(date: date ?? "", earliest: "2026-11-20", latest: "2026-12-09", ended: nil)
                send(error.frame, to: fd)
            }
        case "Check", "Uncheck":
            let task = (try? Morning.CheckParameters(json: call.parameters).task) ?? ""
            calls.append("\(method) \(task)")
            guard let position = Int(task), let change = apply(position: position, done: method == "Check") else {
                return send(Morning.Error.taskNotFound(query: task, total: 3).frame, to: fd)
            }
            send(VarlinkReply(parameters: change.json).frame, to: fd)
            push()
        case "DraftTitle" where silentOnDraft, "DraftAdd" where silentOnDraft:
            calls.append(method)
        case "Explore", "Activate", "DraftShow", "DraftTitle", "DraftAdd", "DraftRemove", "DraftSave", "DraftDiscard":
            answerRoutines(method, call.parameters, on: fd)
        case _ where Records.methods.contains(method):
            answerRecords(method, call, on: fd)
        default:
            calls.append(method)
            send(VarlinkService.Error.methodNotFound(method: call.method).frame, to: fd)
        }
    }

    private func apply(position: Int, done: Bool) -> Morning.TaskChange? {
        guard var day = days[status.date], let index = day.tasks.firstIndex(where: { $0.position == position }) else { return nil }
        let changed = (day.tasks[index].state == .done) != done
        day.tasks[index].state = done ? .done : .untouched
        day.completed = day.tasks.filter { $0.state == .done }.count
        days[status.date] = day
        status.today?.completed = day.completed
        return Morning.TaskChange(task: day.tasks[index], changed: changed, completed: day.completed, total: day.total)
    }

    // MARK: The Routines page's calls

    /// The famous routines (Explore), the person's own (Stats) and the draft bmd holds.
    var catalog: [Morning.CatalogRoutine] = RoutinesFixture.catalog
    var own: [Morning.RoutineStats] = RoutinesFixture.own
    var draft = Morning.Draft(title: nil, tasks: [])

    /// Answers the Routines page's calls as bmd does, with bmd's limits: a routine's title
    /// of 1 to 20 characters, a task's of 1 to 70, at most 20 tasks.
    /// A change to the draft made elsewhere (a terminal), which bmd counts as one more
    /// revision when the draft has revisions; followers hear of it only from `push`.
    func changeDraftElsewhere(_ change: (inout Morning.Draft) -> Void) {
        change(&draft)
        draft.tasks = draft.tasks.sorted { $0.time < $1.time }.enumerated()
            .map { Morning.DraftTask(position: $0.offset + 1, time: $0.element.time, title: $0.element.title) }
        counted()
    }

    /// One more revision of the draft, as bmd counts each change, when it has revisions.
    private func counted() {
        guard let revision = draft.revision else { return }
        draft.revision = revision + 1
        status.draftRevision = revision + 1
    }

    /// The refusal bmd gives a change made for a revision of the draft it no longer holds.
    private func stale(_ parameters: JSONValue) -> Morning.Error? {
        guard case .number(let text)? = parameters["revision"], let seen = Int(text), let current = draft.revision,
              seen != current else { return nil }
        return .draftChanged(revision: seen, current: current, title: draft.title, tasks: draft.tasks)
    }

    private func answerRoutines(_ method: String, _ parameters: JSONValue, on fd: Int32) {
        func reply(_ value: some JSONCodable) { send(VarlinkReply(parameters: value.json).frame, to: fd) }
        func refuse(_ error: Morning.Error) { send(error.frame, to: fd) }
        if method.hasPrefix("Draft"), method != "DraftShow", let changed = stale(parameters) {
            calls.append(method)
            return refuse(changed)
        }
        switch method {
        case "Explore":
            calls.append(method)
            reply(Morning.ExploreReply(routines: catalog))
        case "DraftShow":
            calls.append(method)
            reply(draft)
        case "DraftTitle":
            let title = (try? Morning.DraftTitleParameters(json: parameters).title) ?? ""
            calls.append("DraftTitle \(title)")
            guard (1...20).contains(title.count) else {
                return refuse(.invalidRoutine(reason: "a routine's title has 1 to 20 characters; \"\(title)\" has \(title.count)"))
            }
            draft.title = title
            counted()
            reply(draft)
        case "DraftAdd":
            let task = try? Morning.DraftAddParameters(json: parameters)
            let time = task?.time ?? "", title = task?.title ?? ""
            calls.append("DraftAdd \(time) \(title)")
            guard draft.tasks.count < Morning.taskLimit else { return refuse(.draftFull(limit: Morning.taskLimit)) }
            guard (1...70).contains(title.count) else {
                return refuse(.invalidRoutine(reason: "a task's title has 1 to 70 characters; \"\(title)\" has \(title.count)"))
            }
            var tasks = draft.tasks.map { Morning.TaskTime(time: $0.time, title: $0.title) }
            let index = tasks.firstIndex { $0.time > time } ?? tasks.count
            tasks.insert(Morning.TaskTime(time: time, title: title), at: index)
            draft.tasks = tasks.enumerated().map { Morning.DraftTask(position: $0.offset + 1, time: $0.element.time, title: $0.element.title) }
            counted()
            reply(Morning.DraftChange(title: draft.title, tasks: draft.tasks, revision: draft.revision, task: draft.tasks[index]))
        case "DraftRemove":
            let position = (try? Morning.DraftRemoveParameters(json: parameters).position) ?? 0
            calls.append("DraftRemove \(position)")
            guard draft.tasks.indices.contains(position - 1) else {
                return refuse(.noDraftTask(position: position, total: draft.tasks.count))
            }
            let removed = draft.tasks.remove(at: position - 1)
            draft.tasks = draft.tasks.enumerated().map { Morning.DraftTask(position: $0.offset + 1, time: $0.element.time, title: $0.element.title) }
            counted()
            reply(Morning.DraftChange(title: draft.title, tasks: draft.tasks, revision: draft.revision, task: removed))
        case "DraftSave":
            calls.append(method)
            guard let title = draft.title else {
                return refuse(.invalidRoutine(reason: "a routine's title has 1 to 20 characters; the draft has no title yet"))
            }
            let tasks = draft.tasks.map { Morning.TaskTime(time: $0.time, title: $0.title) }
            draft = Morning.Draft(title: nil, tasks: [], revision: draft.revision)
            counted()
            reply(switchTo(id: title.lowercased(), name: title, type: .custom, tasks: tasks))
        case "DraftDiscard":
            calls.append(method)
            var was = draft
            draft = Morning.Draft(title: nil, tasks: [], revision: draft.revision)
            counted()
            was.revision = draft.revision
            reply(was)
        default:  // Activate
            let id = (try? Morning.ActivateParameters(json: parameters).routine) ?? ""
            calls.append("Activate \(id)")
            if let famous = catalog.first(where: { $0.id == id }) {
                reply(switchTo(id: id, name: famous.name, type: .celebrity, tasks: famous.tasks))
            } else if let stored = own.first(where: { $0.routineId == id }) {
                reply(switchTo(id: id, name: stored.routine, type: stored.type, tasks: Fixture.routine().tasks))
            } else {
                refuse(.routineNotFound(query: id))
            }
        }
    }

    /// Makes a routine active from tomorrow, ending today of the one that ran, and tells the followers.
    private func switchTo(id: String, name: String, type: Morning.RoutineType, tasks: [Morning.TaskTime]) -> Morning.Activation {
        let routine = Morning.RoutineInfo(id: id, name: name, type: type, active: true, createdDate: status.date,
                                          startDate: "2026-11-26", tasks: tasks)
        let reply = Morning.Activation(routine: routine, previous: status.routine, finalized: status.phase == .running ? status.today : nil)
        own = own.filter { $0.routineId != id }.map { var r = $0; r.active = false; return r }
        own.insert(RoutinesFixture.stats(id, name, type: type, active: true, tasks: tasks.count), at: 0)
        status = Morning.StatusReply(phase: .waiting, state: .notStarted, date: status.date, routine: routine,
                                     behind: 0, notifications: status.notifications, draftRevision: status.draftRevision)
        push()
        return reply
    }

    private func send(_ frame: [UInt8], to fd: Int32) {
        _ = frame.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}

// MARK: The History page's and the preferences' calls

/// The routines' records and the settings the fake bmd answers with, and the refusals
/// it gives instead, by method.
struct Records {
    static let methods: Set<String> = ["Data", "Week", "Stats", "History", "Restart", "Delete", "Reset",
                                       "SetNotifications", "SetNotificationSound", "SetKeepOnScreen", "TestNotification", "Welcome", "WelcomePending"]
    var cards = Fixture.cards
    /// The weeks before this one, by routine id and offset.
    var weeks: [String: Morning.WeekChart] = ["lark -1": Fixture.week(start: "2026-11-16", counts: [nil, nil, nil, nil, 2, 3, 0])]
    var stats = Fixture.stats
    var refusals: [String: Morning.Error] = [:]
    /// The locale each call that takes one was given.
    var locales: [String?] = []
    /// Whether the welcome is still to be shown, as after install: Welcome takes it.
    var welcomePending = false
}

extension FakeBmd {
    fileprivate func answerRecords(_ method: String, _ call: VarlinkCall, on fd: Int32) {
        func reply(_ json: JSONValue) { send(VarlinkReply(parameters: json).frame, to: fd) }
        var routine: String?
        switch method {
        case "Week":
            let p = try? Morning.WeekParameters(json: call.parameters)
            routine = p?.routine
            records.locales.append(p?.locale ?? nil)
            calls.append("Week \(routine ?? "") \(p?.offset ?? 0)")
        case "History":
            let p = try? Morning.HistoryParameters(json: call.parameters)
            routine = p?.routine
            records.locales.append(p?.locale ?? nil)
            calls.append("History \(routine ?? "") \(p?.months ?? 0)")
        case "Restart", "Delete":
            routine = (try? Morning.RestartParameters(json: call.parameters))?.routine
            calls.append("\(method) \(routine ?? "")")
        case "SetNotifications":
            calls.append("SetNotifications \((try? Morning.SetNotificationsParameters(json: call.parameters))?.enabled ?? false)")
        case "SetNotificationSound":
            calls.append("SetNotificationSound \((try? Morning.SetNotificationSoundParameters(json: call.parameters))?.sound ?? false)")
        case "SetKeepOnScreen":
            calls.append("SetKeepOnScreen \((try? Morning.SetKeepOnScreenParameters(json: call.parameters))?.keep ?? false)")
        case "Data":
            records.locales.append((try? Morning.DataParameters(json: call.parameters))?.locale ?? nil)
            calls.append(method)
        default:
            calls.append(method)
        }
        if let error = records.refusals[method] { return send(error.frame, to: fd) }
        let card = records.cards.first { $0.routineId == routine }
        switch method {
        case "Data":
            reply(Morning.DataReply(cards: records.cards).json)
        case "Week":
            let offset = (try? Morning.WeekParameters(json: call.parameters))?.offset ?? 0
            guard let card, let week = offset == 0 ? card.week : records.weeks["\(card.routineId) \(offset)"] else {
                return send(Morning.Error.routineNotFound(query: routine ?? "").frame, to: fd)
            }
            reply(week.json)
        case "Stats":
            // One list of the person's routines for both pages: the Routines page's.
            reply(Morning.StatsReply(routines: own, overall: records.stats.overall).json)
        case "History":
            guard let card else { return send(Morning.Error.routineNotFound(query: routine ?? "").frame, to: fd) }
            reply(Fixture.heatmap(id: card.routineId).json)
        case "Restart":
            guard let card else { return send(Morning.Error.routineNotFound(query: routine ?? "").frame, to: fd) }
            var info = Fixture.routine(start: "2026-11-26")
            info.id = card.routineId
            info.name = card.routine
            reply(Morning.Activation(routine: info, previous: Fixture.routine(),
                                     finalized: Morning.Progress(date: status.date, completed: status.today?.completed ?? 0, total: 3)).json)
        case "Delete":
            guard let card else { return send(Morning.Error.routineNotFound(query: routine ?? "").frame, to: fd) }
            var info = Fixture.routine()
            info.id = card.routineId
            info.name = card.routine
            info.active = card.active
            records.cards.removeAll { $0.routineId == card.routineId }
            reply(Morning.DeleteReply(routine: info, records: own.first { $0.routineId == card.routineId }?.stats.daysTracked ?? 0).json)
        case "Reset":
            records.cards = []
            status = Fixture.noRoutine
            reply(Morning.ResetReply().json)
            push()
        case "SetNotifications":
            status.notifications.enabled = (try? Morning.SetNotificationsParameters(json: call.parameters))?.enabled ?? false
            reply(Morning.SetNotificationsReply(notifications: status.notifications).json)
            push()
        case "SetNotificationSound":
            status.notifications.sound = (try? Morning.SetNotificationSoundParameters(json: call.parameters))?.sound
            reply(Morning.SetNotificationSoundReply(notifications: status.notifications).json)
            push()
        case "SetKeepOnScreen":
            status.notifications.keepOnScreen = (try? Morning.SetKeepOnScreenParameters(json: call.parameters))?.keep
            reply(Morning.SetKeepOnScreenReply(notifications: status.notifications).json)
            push()
        case "TestNotification":
            reply(Morning.TestNotificationReply(notifications: status.notifications).json)
        case "WelcomePending":
            reply(Morning.WelcomePendingReply(pending: records.welcomePending).json)
        default:  // Welcome
            let pending = records.welcomePending
            if (try? Morning.WelcomeParameters(json: call.parameters))?.take == true { records.welcomePending = false }
            reply(Morning.WelcomeReply(pending: pending).json)
        }
    }
}

/// Runs GLib's default main loop until `done` holds, for at most `seconds`; whether it held.
@MainActor
func spin(seconds: UInt32 = 5, until done: () -> Bool) -> Bool {
    var late = false
    let guardSource = MainLoop.after(milliseconds: seconds * 1000) { late = true }
    while !done() && !late { g_main_context_iteration(nil, 1) }
    if !late { MainLoop.cancel(guardSource) }
    return done()
}
