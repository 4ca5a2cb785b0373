import Foundation
import Testing
@testable import MorningCore

// Rule D3.
@Suite("Celebrity routine catalog")
struct CatalogTests {
    /// `^[a-z0-9]+(-[a-z0-9]+)*$`, checked by hand so the test needs no regex engine.
    static func isSlug(_ id: String) -> Bool {
        let groups = id.split(separator: "-", omittingEmptySubsequences: false)
        return !id.isEmpty && groups.allSatisfy { group in
            !group.isEmpty && group.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0)
            }
        }
    }

    // Rule D3.
    @Test("the slug check itself accepts and rejects the right ids")
    func slugCheck() {
        for good in ["franklin", "tim-cook", "a1-b2-c3", "x"] {
            #expect(Self.isSlug(good), "\(good)")
        }
        for bad in ["", "-", "Tim-Cook", "tim--cook", "-cook", "cook-", "tim cook", "tim_cook", "émile"] {
            #expect(!Self.isSlug(bad), "\(bad)")
        }
    }

    // Rule D3.
    @Test("at least 12 celebrities, each with bio and source")
    func countBioAndSource() {
        #expect(Catalog.entries.count >= 12)
        for entry in Catalog.entries {
            #expect(!entry.bio.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(entry.id) has no bio")
            #expect(!entry.source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(entry.id) has no source")
        }
    }

    // Rule D3.
    @Test("ids are unique lower-case hyphenated slugs")
    func ids() {
        let ids = Catalog.entries.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids in \(ids)")
        for id in ids {
            #expect(Self.isSlug(id), "\(id) is not a lower-case hyphenated id")
        }
    }

    // Rules D1/D3.
    @Test("names are unique (ignoring case) and 1–20 characters")
    func names() {
        let names = Catalog.entries.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count, "duplicate names in \(names)")
        for entry in Catalog.entries {
            #expect(Limits.nameLength.contains(entry.name.count), "\(entry.name) has \(entry.name.count) characters")
            #expect(entry.name == entry.name.trimmingCharacters(in: .whitespaces), "\(entry.name) has outer spaces")
        }
    }

    // Rules D1/D2/D3.
    @Test("3–20 tasks each, titles 1–70 characters, on the five-minute grid")
    func tasks() {
        for entry in Catalog.entries {
            #expect((3...20).contains(entry.tasks.count), "\(entry.id) has \(entry.tasks.count) tasks")
            #expect(Limits.taskCount.contains(entry.tasks.count), "\(entry.id) breaks the D1 task limit")
            for task in entry.tasks {
                #expect(RoutineTask.titleLimit.contains(task.title.count),
                        "\(entry.id): \"\(task.title)\" has \(task.title.count) characters")
                #expect(task.title == task.title.trimmingCharacters(in: .whitespaces),
                        "\(entry.id): \"\(task.title)\" has outer spaces")
                #expect(!task.title.hasSuffix("."), "\(entry.id): \"\(task.title)\" ends with a period")
                #expect(task.time.minutes % TimeOfDay.gridStep == 0)
                #expect(TimeOfDay(task.time.description) == task.time)
            }
        }
    }

    // Rules D2/D3.
    @Test("tasks are sorted by time")
    func sortedByTime() {
        for entry in Catalog.entries {
            let times = entry.tasks.map(\.time)
            #expect(times == times.sorted(), "\(entry.id) is not in time order")
            #expect(entry.tasks == Routine.sorted(entry.tasks), "\(entry.id) is not stably sorted")
        }
    }

    // Rule D3.
    @Test("titles within one routine are not repeated at the same time")
    func noDuplicateSteps() {
        for entry in Catalog.entries {
            let keys = entry.tasks.map { "\($0.time) \($0.title.lowercased())" }
            #expect(Set(keys).count == keys.count, "\(entry.id) repeats a step")
        }
    }

    // Rule D3.
    @Test("entry(id:) finds every entry and nothing else")
    func lookup() {
        for entry in Catalog.entries {
            #expect(Catalog.entry(id: entry.id) == entry)
        }
        #expect(Catalog.entry(id: "no-such-person") == nil)
        #expect(Catalog.entry(id: "") == nil)
        if let first = Catalog.entries.first {
            #expect(Catalog.entry(id: first.id.uppercased()) == nil, "lookup is by exact id")
        }
    }
}
