import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningTestSupport
@testable import MorningStore
import NIOPosix
import Testing
import Varlink

/// Calls that write are answered in batches, one transaction each: many clients' changes
/// share one flush of the disk, and none is acknowledged before it is stored.
@Suite("Writes answered in batches, one transaction each")
struct BatchTests {
    /// An engine whose routine (Benjamin Franklin) runs today, 2026-11-23.
    static func running() throws -> (Engine, Store, TestClock) {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "Europe/London")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: Logger(label: "test"))
        _ = try engine.activate(Morning.ActivateParameters(routine: "franklin"))
        clock.set("2026-11-23T07:00:00Z")
        return (engine, store, clock)
    }

    @Test("The calls of a batch see each other's changes, which are stored together before any is answered")
    func together() throws {
        let (engine, store, _) = try Self.running()
        let outcome = engine.inOneTransaction {
            [try? engine.check(Morning.CheckParameters(task: "1")),
             try? engine.check(Morning.CheckParameters(task: "2")),
             try? engine.uncheck(Morning.UncheckParameters(task: "1"))]
        }
        let replies = try outcome.get()
        #expect(replies.map { $0?.changed } == [true, true, true])
        #expect(replies.map { $0?.completed } == [1, 2, 1])
        // What the store holds is what the replies said.
        let stored = try store.loadBook()
        #expect(stored == engine.snapshot)
        #expect(try engine.status().today?.completed == 1)
    }

    @Test("Calls submitted from several clients are each answered once stored, and one that left holds up no one")
    func submitted() throws {
        let (engine, store, _) = try Self.running()
        let pool = OnDemandThreadPool()
        defer { try? pool.syncShutdownGracefully() }
        let batches = WriteBatches(engine: engine, varlink: ControlServer.varlinkServer(engine), pool: pool,
                                   logger: Logger(label: "test"))
        let replies = SharedValue<[String]>([])
        let answered = DispatchSemaphore(value: 0)
        func submit(_ method: String, _ task: Int, from client: AnyObject) throws {
            let frame = #"{"method":"org.bettermorning.Morning.\#(method)","parameters":{"task":"\#(task)"}}"#
            batches.submit(try VarlinkCall(frame: Array(frame.utf8)), from: ObjectIdentifier(client)) { reply in
                replies.withLock { $0.append(String(decoding: reply.dropLast(), as: UTF8.self)) }
                answered.signal()
            }
        }
        let (a, b, c) = (NSObject(), NSObject(), NSObject())
        try submit("Check", 1, from: a)
        try submit("Check", 2, from: b)
        for _ in 0..<2 { #expect(answered.wait(timeout: .now() + 10) == .success) }
        // b goes; a comes back with its next call, and c arrives: both are answered.
        batches.left(ObjectIdentifier(b))
        try submit("Uncheck", 1, from: a)
        try submit("Check", 3, from: c)
        for _ in 0..<2 { #expect(answered.wait(timeout: .now() + 10) == .success) }
        #expect(replies.withLock { $0 }.allSatisfy { $0.contains(#""changed":true"#) })
        #expect(try engine.status().today?.completed == 2)
        #expect(try store.loadBook() == engine.snapshot)
    }

    @Test("A batch the store refuses keeps nothing: every call is told, and bmd says what is stored")
    func refused() throws {
        let (engine, store, _) = try Self.running()
        try store.execute(sql: """
            CREATE TEMP TRIGGER refuse_open_days BEFORE INSERT ON main.openDay
            BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
            """)
        let outcome = engine.inOneTransaction {
            [try? engine.check(Morning.CheckParameters(task: "1")),
             try? engine.check(Morning.CheckParameters(task: "2"))]
        }
        #expect(throws: (any Error).self) { _ = try outcome.get() }
        #expect(try engine.status().today?.completed == 0)
        #expect(engine.snapshot == (try store.loadBook()))
        // Room again: the next batch is stored.
        try store.execute(sql: "DROP TRIGGER temp.refuse_open_days")
        let next = engine.inOneTransaction { try? engine.check(Morning.CheckParameters(task: "2")) }
        #expect(try next.get()?.completed == 1)
        #expect(try store.loadBook() == engine.snapshot)
    }
}
