import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("End to end: 50 concurrent clients, no error and no lost update")
struct LoadTests {
    static let clients = 50
    /// A routine has at most 20 tasks: the first 20 clients each own one and mix writes
    /// with reads; the other 30 only read.
    static let writers = 20
    /// Thirty seconds of it: long enough for batches of writes to meet reads many times
    /// over. It runs beside the other suites, so it adds
    /// about twenty seconds to `make test`. Timing is printed, never asserted.
    static let duration: TimeInterval = 30
    static let method = "org.bettermorning.Morning."

    @Test("50 clients for 30 s over the Unix socket: reads and each writer's own checks, all answered, none lost")
    func fiftyClients() throws {
        let seed = testSeed()
        print("LoadTests seed \(seed) (replay with BM_TEST_SEED=\(seed))")
        let box = try Sandbox(time: "2026-03-02 12:00:00")
        try box.startDaemon()
        // A custom routine of 20 tasks, all due before noon, running from tomorrow.
        let tasks = (0..<Self.writers).map { ["time": String(format: "%02d:%02d", 6 + $0 / 12, ($0 % 12) * 5), "title": "Task \($0 + 1)"] }
        let created = try VarlinkClient(path: box.socketPath).call(Self.method + "Create", ["title": "Load", "tasks": tasks])
        #expect(created.parameters != nil, "\(created)")
        try box.stopDaemon()
        box.setClock("2026-03-03 12:00:00")
        try box.startDaemon()
        let drain = NotifyDrain(try #require(box.notify))

        let socket = box.socketPath
        let deadline = Deadline(in: Self.duration)
        let latencies = SharedValue<[Double]>([])
        let errors = SharedValue<[String]>([])
        let lastSet = SharedValue<[Bool?]>(Array(repeating: nil, count: Self.writers))
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for client in 0..<Self.clients {
            group.enter()
            Thread {
                defer { group.leave() }
                var rng = SeededRandom(seed: seed &+ UInt64(client))
                var mine: [Double] = []
                guard let varlink = try? VarlinkClient(path: socket, timeout: 30) else {
                    errors.withLock { $0.append("client \(client): cannot connect") }
                    return
                }
                start.wait()
                while !deadline.passed {
                    let pick = rng.next() % 10
                    var name: String, parameters: [String: Any] = [:]
                    var setting: Bool?
                    if client < Self.writers && pick < 4 {
                        setting = rng.next() % 2 == 0
                        name = setting! ? "Check" : "Uncheck"
                        parameters = ["task": String(client + 1)]
                    } else {
                        name = ["Status", "Day", "Week"][Int(pick % 3)]
                    }
                    let before = DispatchTime.now().uptimeNanoseconds
                    let reply: [String: Any]
                    do { reply = try varlink.call(Self.method + name, parameters) } catch {
                        errors.withLock { $0.append("client \(client): \(name): \(error)") }
                        return
                    }
                    mine.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1_000_000)
                    guard let answer = reply.parameters, reply.errorName == nil else {
                        errors.withLock { $0.append("client \(client): \(name): \(reply)") }
                        return
                    }
                    if let setting {
                        let state = (answer["task"] as? [String: Any])?["state"] as? String
                        if (state == "done") != setting { errors.withLock { $0.append("client \(client): \(name) answered \(answer)") } }
                        lastSet.withLock { $0[client] = setting }
                    }
                }
                latencies.withLock { $0 += mine }
            }.start()
        }
        let began = Stopwatch()
        for _ in 0..<Self.clients { start.signal() }
        group.wait()
        let elapsed = began.seconds
        drain.stop()

        #expect(errors.withLock { $0 }.isEmpty, "\(errors.withLock { $0.prefix(10) })")
        // No lost update: each writer's task is in the state its last answered call set.
        let day = try box.bmctl("day", "--json")
        #expect(day.status == 0, "\(day.stderr)")
        let dayTasks = try #require(try day.object["tasks"] as? [[String: Any]])
        let expected = lastSet.withLock { $0 }
        #expect(dayTasks.count == Self.writers)
        for (index, task) in dayTasks.enumerated() where index < expected.count {
            let done = task["state"] as? String == "done"
            #expect(done == (expected[index] ?? false), "task \(index + 1) is \(task["state"] ?? "?"), its client last set \(String(describing: expected[index]))")
        }
        #expect(try day.object["completed"] as? Int == dayTasks.filter { $0["state"] as? String == "done" }.count)
        try box.stopDaemon()

        let sorted = latencies.withLock { $0 }.sorted()
        let p50 = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        print(String(format: "LoadTests: %d clients, %d calls in %.1f s: %.0f calls/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                     Self.clients, sorted.count, elapsed, Double(sorted.count) / elapsed, p50, p99, sorted.last ?? 0))
    }
}
