import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The morning from GNOME's search: the shell asks the window's program, over the session
/// bus at the address its search provider file names, for what the person typed; the bus
/// starts the program when it does not run, and the answers come from a real bmd.
// The morning from GNOME's search.
@Suite("End to end: the morning in GNOME's search", .serialized)
struct SearchProviderTests {
    /// The search provider file the window's package installs, read as GNOME Shell reads it.
    static func provider() throws -> [String: String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("packaging/window/org.bettermorning.BetterMorning.search-provider.ini"),
                              encoding: .utf8)
        return DesktopEntry.keys(text.replacingOccurrences(of: "[Shell Search Provider]", with: "[Desktop Entry]"))
    }

    /// One call of the search interface, as the shell makes it; busctl's answer.
    static func search(_ stack: NotificationStack, _ method: String, _ signature: String, _ arguments: [String]) throws -> Output {
        let keys = try provider()
        return try OpenTodayWindowTests.busctl(stack, ["--timeout=20", "call", keys["BusName"] ?? "", keys["ObjectPath"] ?? "",
                                                       "org.gnome.Shell.SearchProvider2", method, signature] + arguments)
    }

    @Test("a famous name and a task's words find the routine and today's task with its state; a result opens the window there")
    func findsAndOpens() throws {
        let keys = try Self.provider()
        #expect(keys["DesktopId"] == "org.bettermorning.BetterMorning.desktop" && keys["Version"] == "2", "\(keys)")
        let (_, share) = try OpenTodayWindowTests.installedWindow()
        defer { share.remove() }
        let stack = try NotificationStack(server: false, serviceFolders: [share.services])
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-11-18 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-11-19 05:00:00")
        try OpenTodayWindowTests.setActivationEnvironment(stack, box)
        #expect(try OpenTodayWindowTests.windowProcess(stack) == nil)

        // The bus starts the program for the search; no window opens for it.
        let famous = try Self.search(stack, "GetInitialResultSet", "as", ["1", "franklin"])
        #expect(famous.status == 0, "\(famous.stderr); bus log: \(stack.log("bus"))")
        #expect(famous.stdout.contains("\"routine:franklin\""), "\(famous.stdout)")
        let pid = try #require(try OpenTodayWindowTests.windowProcess(stack), "the bus started no program")
        defer { terminate(pid, within: .seconds(5)) }
        let metas = try Self.search(stack, "GetResultMetas", "as", ["1", "routine:franklin"])
        #expect(metas.stdout.contains("\"Benjamin Franklin\""), "\(metas.stdout)")

        // A word of today's first task finds it, with its state.
        let first = try #require(try WindowEndToEndTests.Morning.today(box).first)
        let title = first["title"] as? String ?? ""
        let word = title.split(separator: " ").first.map { String($0).lowercased() } ?? ""
        let found = try Self.search(stack, "GetInitialResultSet", "as", ["1", word])
        #expect(found.stdout.contains("\"task:1\""), "\(word): \(found.stdout)")
        let narrowed = try Self.search(stack, "GetSubsearchResultSet", "asas", ["1", "task:1", "2", word, "morning"])
        #expect(narrowed.stdout.contains("\"task:1\""), "\(narrowed.stdout)")
        let task = try Self.search(stack, "GetResultMetas", "as", ["1", "task:1"])
        #expect(task.stdout.contains("\"\(first["time"] as? String ?? "") \(title)\""), "\(task.stdout)")
        // busctl writes the "·" between them as octal escapes.
        #expect(task.stdout.contains("\"to do now ") && task.stdout.contains(" Immanuel Kant\""), "\(task.stdout)")

        // Activating the famous routine opens the window on Routines.
        let activated = try Self.search(stack, "ActivateResult", "sasu", ["routine:franklin", "1", "franklin", "0"])
        #expect(activated.status == 0, "\(activated.stderr)")
        let mapped = try OpenTodayWindowTests.mappedWindows(stack)
        #expect(mapped.status == 0 && !mapped.stdout.isEmpty, "no window opened: \(mapped.stderr)")
        #expect(try OpenTodayWindowTests.page(stack) == "routines")
        try box.stopDaemon()
    }
}
