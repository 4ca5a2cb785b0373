import Foundation
import Testing

// Rules H2.
@Suite("End to end: the week starts where the system's locale data says")
struct LocaleWeekTests {
    static let localedef = "/usr/bin/localedef"
    static let source = "/usr/share/i18n/locales/en_GB"

    @Test("With LOCPATH holding an en_GB whose weeks start on Wednesday, bmctl week starts on a Wednesday",
          .enabled(if: FileManager.default.isExecutableFile(atPath: localedef) && FileManager.default.fileExists(atPath: source)))
    func weekStartFromLocaleData() throws {
        // Thursday 5 March 2026. Foundation's CLDR says Monday for en_GB; this system's
        // locale data, made here, says Wednesday (day 4 counted from Sunday).
        let box = try Sandbox(time: "2026-03-05 08:00:00")
        let text = try String(contentsOfFile: Self.source, encoding: .utf8)
        #expect(text.contains("\nfirst_weekday 2\n"))
        let edited = box.root.appendingPathComponent("en_GB").path
        try text.replacingOccurrences(of: "\nfirst_weekday 2\n", with: "\nfirst_weekday 4\n")
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let locales = box.root.appendingPathComponent("locales").path
        try FileManager.default.createDirectory(atPath: locales, withIntermediateDirectories: true)
        let made = try box.run(Self.localedef, ["-i", edited, "-f", "UTF-8", locales + "/en_GB.UTF-8"], environment: box.baseEnvironment)
        #expect(made.status == 0, "localedef: \(made.stdout)\(made.stderr)")

        // The sandbox's LANG is en_GB.UTF-8; bmctl sends it, bmd looks it up.
        try box.startDaemon(environment: ["LOCPATH": locales])
        #expect(try box.bmctl("activate", "kant").status == 0)
        let week = try box.bmctl("week", "--json").object
        #expect(week["weekStart"] as? String == "2026-03-04", "\(week); log: \(box.daemonLog)")
        try box.stopDaemon()
    }
}
