import MorningProtocol
@testable import MorningWindow
import Testing

/// What GNOME's search finds of the morning: the morning itself, today's tasks with their
/// state, and the famous routines.
// The morning from GNOME's search.
@Suite struct SearchResultsTests {
    /// Lark running today (Rise done, Walk to do now, Read next) and the two famous routines.
    var results: SearchResults {
        SearchResults(catalog: RoutinesFixture.catalog, status: Fixture.status(), today: Fixture.day("2026-11-25"))
    }

    @Test("a famous name finds the routine, with its size, first time and source")
    func famousName() {
        #expect(results.ids(for: ["franklin"]) == ["routine:franklin"])
        #expect(results.ids(for: ["BENJ"]) == ["routine:franklin"], "a word's start, whatever its case")
        #expect(results.results(["routine:franklin"]) == [SearchResults.Result(
            id: "routine:franklin", name: "Benjamin Franklin",
            description: "A famous morning routine · 2 tasks, first at 05:00 · The Autobiography of Benjamin Franklin")])
    }

    @Test("a task's words find today's task with its state; every term must match")
    func taskWords() {
        let ids = results.ids(for: ["walk"])
        #expect(ids == ["task:2"])
        #expect(results.results(ids).map(\.name) == ["05:30 Walk"])
        #expect(results.results(ids).map(\.description) == ["to do now · Lark"])
        #expect(results.results(results.ids(for: ["read"])).map(\.description) == ["next · Lark"])
        #expect(results.results(results.ids(for: ["rise"])).map(\.description) == ["done · Lark"])
        #expect(results.ids(for: ["walk", "franklin"]).isEmpty)
    }

    @Test("\"morning\" finds the morning first, today's tasks, then the famous routines")
    func morning() {
        let ids = results.ids(for: ["morning"])
        #expect(ids == ["today", "task:1", "task:2", "task:3", "routine:franklin", "routine:angelou"])
        #expect(results.results(["today"]).first?.description == "Lark · 1 of 3 done · on track")
    }

    @Test("with no active routine only the famous routines are found, and an unknown id is left out")
    func noRoutine() {
        let results = SearchResults(catalog: RoutinesFixture.catalog, status: Fixture.noRoutine, today: nil)
        #expect(results.ids(for: ["morning"]) == ["routine:franklin", "routine:angelou"])
        #expect(results.results(["task:9", "routine:angelou"]).map(\.id) == ["routine:angelou"])
        #expect(results.ids(for: [""]).isEmpty)
    }

    @Test("a result opens the window on Today, or on the famous routine")
    func targets() {
        #expect(SearchResults.target(of: "routine:franklin") == .routine("franklin"))
        #expect(SearchResults.target(of: "task:2") == .today)
        #expect(SearchResults.target(of: "today") == .today)
    }
}
