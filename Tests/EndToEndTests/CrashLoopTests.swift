import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Reads bmd's NOTIFY_SOCKET on a thread of its own while a test makes many changes
/// over raw varlink: bmd sends a STATUS= datagram after every stored change and blocks
/// once ten wait unread (see Sandbox.collectStatus).
final class NotifyDrain: @unchecked Sendable {
    private let listener: NotifyListener
    private let stopped = SharedValue(false)
    private let done = DispatchSemaphore(value: 0)

    init(_ listener: NotifyListener) {
        self.listener = listener
        Thread { [self] in
            while !stopped.withLock({ $0 }) { _ = try? self.listener.receive(timeout: 5) }
            done.signal()
        }.start()
    }

    /// Stops the thread: a datagram of our own wakes it if bmd no longer sends.
    func stop() {
        stopped.withLock { $0 = true }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        _ = withUnixAddress(listener.path) { sendto(fd, "WAKE", 4, 0, $0, $1) }
        close(fd)
        done.wait()
    }
}

extension Dictionary where Key == String, Value == Any {
    var parameters: [String: Any]? { self["parameters"] as? [String: Any] }
    var errorName: String? { self["error"] as? String }
}

// Rule F3: every change bmd acknowledged survives a kill at any moment, whole or not at all.
@Suite("End to end: killed at any moment, nothing acknowledged is lost")
struct CrashLoopTests {
    static let rounds = 200
    static let checkClients = 3
    static let method = "org.bettermorning.Morning."

    /// What the test knows of one task of today: the state its last acknowledged change
    /// left, and the state a change still unanswered at the kill would set (either may be stored).
    struct TaskKnowledge {
        var done = false
        var inFlight: Bool?
        var possible: Set<Bool> { inFlight.map { [done, $0] } ?? [done] }
    }

    final class Knowledge: @unchecked Sendable {
        let tasks: SharedValue<[TaskKnowledge]>
        /// The routine the test last asked to activate: acknowledged, or still in flight at the kill.
        let activation = SharedValue<(asked: String?, acknowledged: Bool)>((nil, false))
        init(count: Int) { tasks = SharedValue(Array(repeating: TaskKnowledge(), count: count)) }
    }

    static func date(daysAfter base: String, _ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let start = formatter.date(from: base)!
        return formatter.string(from: start.addingTimeInterval(TimeInterval(days) * 86_400 + 3600))
    }

    @Test("200 rounds of concurrent checks, unchecks and activations, each ended by SIGKILL at a random moment")
    func crashLoop() throws {
        let seed = testSeed()
        print("CrashLoopTests seed \(seed) (replay with BM_TEST_SEED=\(seed))")
        var rng = SeededRandom(seed: seed)
        let started = Stopwatch()
        // 12:00: far from midnight, so the day never turns by itself; the test moves the
        // clock (by file) only after an activation, to the new routine's first day.
        let firstDay = "2026-03-03"
        var dayIndex = 0
        let box = try Sandbox(time: "2026-03-02 12:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "darwin").status == 0)
        try box.stopDaemon()
        box.setClock("\(firstDay) 12:00:00")
        var active = "darwin"
        let others = ["franklin", "kant", "darwin"]
        var nextOther = 0

        try box.startDaemon()
        var taskCount = try Self.day(box)?.count ?? 0
        #expect(taskCount >= 3)
        var knowledge = Knowledge(count: taskCount)
        var activations = 0, acknowledgedChanges = 0, inFlightAtKill = 0, landedInFlight = 0

        for round in 0..<Self.rounds {
            let drain = NotifyDrain(try #require(box.notify))
            let activating = round % 10 == 9
            let target = others[nextOther % others.count] == active ? others[(nextOther + 1) % others.count] : others[nextOther % others.count]
            let group = DispatchGroup()
            let roundSeed = rng.next()
            let socket = box.socketPath
            let counted = SharedValue((acknowledged: 0, refused: 0))
            for client in 0..<Self.checkClients {
                group.enter()
                let known = knowledge, count = taskCount
                Thread {
                    defer { group.leave() }
                    var local = SeededRandom(seed: roundSeed &+ UInt64(client))
                    guard let varlink = try? VarlinkClient(path: socket, timeout: 10) else { return }
                    // Each client owns the tasks whose index is its number modulo the clients:
                    // one writer per task, so "the last acknowledged state" is well defined.
                    let own = Array(stride(from: client, to: count, by: Self.checkClients))
                    for _ in 0..<8 {
                        let index = own[Int(local.next() % UInt64(own.count))]
                        let done = local.next() % 2 == 0
                        known.tasks.withLock { $0[index].inFlight = done }
                        guard let reply = try? varlink.call(Self.method + (done ? "Check" : "Uncheck"), ["task": String(index + 1)]) else {
                            return   // killed: the change stays in flight
                        }
                        if let task = reply.parameters?["task"] as? [String: Any] {
                            #expect((task["state"] as? String == "done") == done, "\(reply)")
                            known.tasks.withLock { $0[index] = TaskKnowledge(done: done, inFlight: nil) }
                            counted.withLock { $0.acknowledged += 1 }
                        } else if activating, ["org.bettermorning.Morning.NotStarted", "org.bettermorning.Morning.NoActiveRoutine"].contains(reply.errorName) {
                            // The activation came first: today no longer runs, nothing changed.
                            known.tasks.withLock { $0[index].inFlight = nil }
                            counted.withLock { $0.refused += 1 }
                            return
                        } else {
                            Issue.record("round \(round): error reply \(reply)")
                            return
                        }
                    }
                }.start()
            }
            if activating {
                group.enter()
                let known = knowledge
                let delay = UInt32(rng.next() % 15_000)
                Thread {
                    defer { group.leave() }
                    guard let varlink = try? VarlinkClient(path: socket, timeout: 10) else { return }
                    usleep(delay)
                    known.activation.withLock { $0 = (target, false) }
                    guard let reply = try? varlink.call(Self.method + "Activate", ["routine": target]) else { return }
                    #expect(reply.parameters != nil, "round \(round): \(reply)")
                    known.activation.withLock { $0 = (target, true) }
                }.start()
            }
            // The kill falls at a random moment: before, during or after the changes.
            usleep(UInt32(rng.next() % 25_000))
            try box.killDaemon()
            group.wait()
            drain.stop()
            counted.withLock { acknowledgedChanges += $0.acknowledged }
            inFlightAtKill += knowledge.tasks.withLock { $0.filter { $0.inFlight != nil }.count }

            // Restart and compare with what was acknowledged.
            try box.startDaemon()
            let status = try VarlinkClient(path: box.socketPath).call(Self.method + "Status")
            let routine = try #require(status.parameters?["routine"] as? [String: Any], "round \(round), seed \(seed): \(status)")
            let nowActive = try #require(routine["id"] as? String)
            #expect(routine["active"] as? Bool == true)
            let asked = knowledge.activation.withLock { $0 }
            if asked.acknowledged {
                #expect(nowActive == asked.asked, "round \(round), seed \(seed): acknowledged activation of \(asked.asked ?? "") lost, \(nowActive) active")
            } else {
                #expect(nowActive == active || nowActive == asked.asked, "round \(round), seed \(seed): \(nowActive) active")
            }
            let today = Self.date(daysAfter: firstDay, dayIndex)
            #expect(status.parameters?["date"] as? String == today)
            if nowActive != active {
                // The activation landed: today of the old routine was finalized first (A2).
                // Its record must hold exactly the acknowledged checks (in-flight ones either way).
                activations += 1
                if !asked.acknowledged { landedInFlight += 1 }
                let week = try VarlinkClient(path: box.socketPath).call(Self.method + "Week", ["routine": active, "date": today])
                let days = try #require(week.parameters?["days"] as? [[String: Any]], "\(week)")
                let completed = days.first { $0["date"] as? String == today }?["completed"] as? Int ?? 0
                let tasks = knowledge.tasks.withLock { $0 }
                let least = tasks.filter { $0.possible == [true] }.count
                let most = tasks.filter { $0.possible.contains(true) }.count
                #expect((least...most).contains(completed),
                        "round \(round), seed \(seed): \(active) finalized with \(completed) done, acknowledged \(least)...\(most)")
                // On to the new routine's first day; a clean stop in between.
                try box.stopDaemon()
                dayIndex += 1
                box.setClock("\(Self.date(daysAfter: firstDay, dayIndex)) 12:00:00")
                try box.startDaemon()
                active = nowActive
                nextOther += 1
                let fresh = try #require(try Self.day(box), "round \(round): no day for \(active)")
                #expect(fresh.allSatisfy { !$0 }, "round \(round): the new routine's first day is not fresh")
                taskCount = fresh.count
                knowledge = Knowledge(count: taskCount)
                continue
            }
            guard let states = try Self.day(box, verbose: round % 25 == 0) else {
                Issue.record("round \(round), seed \(seed): no day")
                break
            }
            let tasks = knowledge.tasks.withLock { $0 }
            #expect(states.count == tasks.count)
            for (index, done) in states.enumerated() where index < tasks.count {
                #expect(tasks[index].possible.contains(done),
                        "round \(round), seed \(seed): task \(index + 1) is \(done ? "done" : "not done"), acknowledged \(tasks[index].done), in flight \(String(describing: tasks[index].inFlight))")
            }
            // What was stored is now known: the next round starts from it.
            knowledge.tasks.withLock { known in
                for (index, done) in states.enumerated() where index < known.count { known[index] = TaskKnowledge(done: done, inFlight: nil) }
            }
            knowledge.activation.withLock { $0 = (nil, false) }
        }
        try box.stopDaemon()

        // The file itself, with bmd stopped.
        let file = box.stateDir + "/bmd.sqlite"
        let integrity = try box.run("/usr/bin/sqlite3", [file, "PRAGMA integrity_check;"], environment: box.baseEnvironment)
        #expect(integrity.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "\(integrity)")
        let onlyOne = try box.run("/usr/bin/sqlite3", [file, "SELECT count(*) FROM routine WHERE isActive = 1;"], environment: box.baseEnvironment)
        #expect(onlyOne.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(onlyOne)")
        let consistent = try box.run("/usr/bin/sqlite3", [file, "SELECT count(*) FROM dayRecord WHERE completed > taskCount OR completed < 0;"],
                                     environment: box.baseEnvironment)
        #expect(consistent.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(consistent)")
        print("CrashLoopTests: \(Self.rounds) kills in \(String(format: "%.1f", started.seconds)) s, "
              + "\(acknowledgedChanges) acknowledged changes, \(inFlightAtKill) in flight at a kill, "
              + "\(activations) activations landed (\(landedInFlight) of them unanswered at the kill), seed \(seed)")
    }

    /// Today's tasks as done or not, from bmctl day --json (every `verbose` time) or a raw
    /// Day call, checking that completed counts the done ones; nil when there is no day.
    static func day(_ box: Sandbox, verbose: Bool = true) throws -> [Bool]? {
        let object: [String: Any]
        if verbose {
            let output = try box.bmctl("day", "--json")
            guard output.status == 0 else { return nil }
            object = try output.object
        } else {
            guard let parameters = try VarlinkClient(path: box.socketPath).call(method + "Day").parameters else { return nil }
            object = parameters
        }
        let tasks = try #require(object["tasks"] as? [[String: Any]])
        let states = tasks.map { $0["state"] as? String == "done" }
        #expect(object["completed"] as? Int == states.filter { $0 }.count, "completed disagrees with the tasks: \(object)")
        #expect(object["total"] as? Int == tasks.count)
        #expect(tasks.map { $0["position"] as? Int } == Array(1...tasks.count).map { Optional($0) })
        return states
    }
}
