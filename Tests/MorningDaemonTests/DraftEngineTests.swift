import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

/// The draft and create methods over varlink, against the core and a real SQLite store.
// Rules C2–C5.
@Suite("The engine: drafts and creating a routine")
struct DraftEngineTests {
    let logger = Logger(label: "test")

    func tasks(_ tasks: [Morning.DraftTask]) -> [String] {
        tasks.map { "\($0.position) \($0.time) \($0.title)" }
    }

    // Section 10 of the scripting contract.
    @Test("DraftShow with no draft is an explicit null title and no tasks")
    func showNothing() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        // Read as JSON, not through the binding: a title left out would read as nil there too.
        let shown = try await engine.reply(Morning.Call.draftShow()).parameters
        #expect(shown["title"] == .null)
        #expect(shown["tasks"] == .array([]))
    }

    // Rules C2, D2.
    @Test("each added task is answered with the sorted draft and its own place")
    func addSorted() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        _ = try await engine.call(Morning.Call.draftAdd(time: "07:00", title: "Coffee"))
        let added = try await engine.call(Morning.Call.draftAdd(time: "6:45am", title: "Run"))
        #expect(added.task.position == 1)
        #expect(tasks(added.tasks) == ["1 06:45 Run", "2 07:00 Coffee"])
        let removed = try await engine.call(Morning.Call.draftRemove(position: 2))
        #expect(removed.task.title == "Coffee")
        #expect(tasks(removed.tasks) == ["1 06:45 Run"])
    }

    // Rule C2.
    @Test("the draft is in the state file after every answered call, so a new bmd finds it")
    func survivesARestart() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        do {
            let engine = try Engine(store: store, clock: clock.wall, logger: logger)
            _ = try await engine.call(Morning.Call.draftTitle(title: "Mine"))
            _ = try await engine.call(Morning.Call.draftAdd(time: "06:00", title: "Run"))
        }
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        let shown = try await engine.call(Morning.Call.draftShow())
        #expect(shown.title == "Mine" && tasks(shown.tasks) == ["1 06:00 Run"])
    }

    // Rule C4.
    @Test("a change made for a draft that changed elsewhere is refused, names the draft as it is now, and changes nothing")
    func staleRevisionRefused() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        _ = try await engine.call(Morning.Call.draftTitle(title: "Run"))
        _ = try await engine.call(Morning.Call.draftAdd(time: "06:00", title: "Wake"))
        let shown = try await engine.call(Morning.Call.draftAdd(time: "06:20", title: "Stretch"))
        let seen = try #require(shown.revision)
        // A terminal adds a task before the page's Stretch and renames the draft.
        _ = try await engine.call(Morning.Call.draftAdd(time: "06:10", title: "Xray"))
        let renamed = try await engine.call(Morning.Call.draftTitle(title: "Gym"))
        let before = engine.snapshot

        // The page removes its task 2 (Stretch as it saw it) and saves "Run with 2 tasks".
        let remove = try await engine.answer(Morning.Call.draftRemove(position: 2, revision: seen)).refusal
        let now = try #require(renamed.revision)
        #expect(remove == .morning(.draftChanged(revision: seen, current: now, title: "Gym",
                                                 tasks: renamed.tasks)))
        #expect(tasks(renamed.tasks) == ["1 06:00 Wake", "2 06:10 Xray", "3 06:20 Stretch"])
        let changed = "org.bettermorning.Morning.DraftChanged"
        #expect(try await engine.answer(Morning.Call.draftSave(revision: seen)).refusal?.name == changed)
        #expect(try await engine.answer(Morning.Call.draftDiscard(revision: seen)).refusal?.name == changed)
        #expect(try await engine.answer(Morning.Call.draftTitle(title: "Run", revision: seen)).refusal?.name == changed)
        #expect(try await engine.answer(Morning.Call.draftAdd(time: "07:00", title: "Tea", revision: seen)).refusal?.name == changed)
        #expect(engine.snapshot == before)
        #expect(engine.snapshot.routines.isEmpty)

        // With the revision it was shown now, the same removal takes the task it names.
        let removed = try await engine.call(Morning.Call.draftRemove(position: 2, revision: now))
        #expect(removed.task.title == "Xray" && removed.revision == now + 1)
        // A call without a revision (a script, a generic varlink client) goes on as before.
        #expect(try await engine.call(Morning.Call.draftAdd(time: "07:00", title: "Tea")).revision == now + 2)
    }

    // Rule C4.
    @Test("the revision is kept in the state file and goes on counting after a discard, so a new bmd refuses an old one")
    func revisionSurvivesRestartAndDiscard() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        var old: Int?
        do {
            let engine = try Engine(store: store, clock: clock.wall, logger: logger)
            old = try await engine.call(Morning.Call.draftTitle(title: "Mine")).revision
            _ = try await engine.call(Morning.Call.draftAdd(time: "06:00", title: "Run"))
            #expect(try await engine.call(Morning.Call.draftDiscard()).revision == 3)
        }
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        #expect(try await engine.call(Morning.Call.draftShow()).revision == 3)
        // A new draft does not take a number an older one had.
        let fresh = try await engine.call(Morning.Call.draftTitle(title: "Other"))
        #expect(fresh.revision == 4 && old == 1)
        #expect(try await engine.answer(Morning.Call.draftSave(revision: old)).refusal?.name
                == "org.bettermorning.Morning.DraftChanged")
        // The status followers read says the revision too, so a page can follow the draft.
        #expect(try await engine.call(Morning.Call.status()).draftRevision == 4)
    }

    // Rule C3.
    @Test("refusals carry their error and parameters, and change nothing")
    func refusals() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        let offGrid = try await engine.answer(Morning.Call.draftAdd(time: "06:07", title: "Run")).refusal
        #expect(offGrid == .morning(.invalidTime(text: "06:07", earlier: "06:05", later: "06:10")))
        #expect(try await engine.answer(Morning.Call.draftSave()).refusal == .morning(.noDraft))
        let long = try await engine.answer(Morning.Call.draftTitle(title: String(repeating: "x", count: 21))).refusal
        #expect(long?.name == "org.bettermorning.Morning.InvalidRoutine")
        #expect(engine.snapshot.draft == nil)
        for n in 0..<20 { _ = try await engine.call(Morning.Call.draftAdd(time: "06:00", title: "Task \(n)")) }
        let full = engine.snapshot
        #expect(try await engine.answer(Morning.Call.draftAdd(time: "07:00", title: "One more")).refusal == .morning(.draftFull(limit: 20)))
        let beyond = try await engine.answer(Morning.Call.draftRemove(position: 21)).refusal
        #expect(beyond?.name == "org.bettermorning.Morning.NoDraftTask")
        if case .morning(.noDraftTask(_, let total))? = beyond { #expect(total == 20) }
        #expect(engine.snapshot == full)
    }

    // Rule C4.
    @Test("a routine file with an error is refused with its line, and nothing is saved")
    func fileErrorNamesTheLine() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        let refusal = try await engine.answer(Morning.Call.createFromFile(text: "Mine\n06:00 Run\n6:07am Stretch\n")).refusal
        #expect(refusal == .morning(.routineFileError(line: 3, reason: "6:07am is not on the five-minute grid; use 06:05 or 06:10")))
        #expect(engine.snapshot.routines.isEmpty)
    }

    // Rules C5, A2.
    @Test("DraftSave and Create answer like Activate and finalize the running routine's today")
    func saveAnswersLikeActivate() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.create(title: "First", tasks: [Morning.TaskTime(time: "6am", title: "Run")]))
        clock.set("2026-11-23T07:00:00Z")
        _ = try await engine.call(Morning.Call.check(task: "1"))
        _ = try await engine.call(Morning.Call.draftTitle(title: "Second"))
        _ = try await engine.call(Morning.Call.draftAdd(time: "05:30", title: "Read"))
        let saved = try await engine.call(Morning.Call.draftSave())
        #expect(saved.routine.name == "Second" && saved.routine.type == .custom)
        #expect(saved.routine.startDate == "2026-11-24" && saved.routine.active)
        #expect(saved.previous?.name == "First")
        #expect(saved.finalized?.completed == 1)
        #expect(try await engine.reply(Morning.Call.draftShow()).parameters["title"] == .null)
        // D3 by contrast: custom routines are never in the catalog.
        let explored = try await engine.call(Morning.Call.explore()).routines
        #expect(!explored.contains { ["First", "Second"].contains($0.name) })
    }
}
