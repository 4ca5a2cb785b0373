import Testing
@testable import MorningCore

/// Text that is not text: every way a title comes in — a routine
/// file, `draft title`/`draft add`, `create` and an import — refuses control
/// characters, NUL and bytes that were not UTF-8, naming the line or field; a leading
/// byte-order mark is dropped; blanks around a title are trimmed everywhere; what is
/// stored is exactly what was acknowledged.
@Suite("Titles are plain text on every way in")
struct TitleTextTests {
    static let today = day("2026-11-25")

    /// Titles that must never be stored, with a word the refusal must hold.
    static let hostile: [(String, String)] = [
        ("Morning\u{0}Evil", "NUL"),
        ("\u{1B}[31mRed\u{1B}[0m", "U+001B"),
        ("\u{1}\u{2}\u{FFFD}\u{FFFD}", "U+0001"),
        ("Bad \u{FFFD} bytes", "not UTF-8"),
        ("Two\nlines", "U+000A"),
        ("Bell\u{7}", "U+0007"),
        ("Sep\u{2028}line", "line break"),
        ("C1\u{9B}31m", "U+009B"),
        // A right-to-left override shows the rest of a popup reversed.
        ("Evil\u{202E}txt.exe", "U+202E"),
        ("\u{200B}\u{200B}", "U+200B"),
        ("Non\u{FFFF}char", "not a character"),
        ("\u{3164}\u{3164}", "shows nothing"),
        ("\u{2800}\u{0301}\u{0301}", "shows nothing"),
        // One visible character that weighs hundreds of bytes.
        ("a" + String(repeating: "\u{0301}", count: 200), "bytes"),
    ]

    @Test("A routine file with binary garbage or control characters is refused, naming the line",
          arguments: hostile)
    func routineFile(_ title: String, _ word: String) throws {
        // In a file a line break ends the line: those are other tests' business.
        guard !title.contains(where: \.isNewline) else { return }
        for (text, line) in [("\(title)\n06:00 Run\n", 1), ("Mine\n06:00 \(title)\n", 2)] {
            do {
                _ = try RoutineFile.parse(text)
                Issue.record("\(text.debugDescription) was read as a routine")
            } catch Morning.Error.routineFileError(let at, let reason) {
                #expect(at == line)
                #expect(reason.contains(word), "\(reason)")
                #expect(!reason.unicodeScalars.contains { $0.properties.generalCategory == .control },
                        "the refusal itself holds no control character: \(reason.debugDescription)")
            }
        }
    }

    @Test("A leading byte-order mark is dropped: before the title and before a comment")
    func byteOrderMark() throws {
        let plain = try RoutineFile.parse("\u{FEFF}Mine\n06:00 Run\n")
        #expect(plain.title == "Mine")
        let commented = try RoutineFile.parse("\u{FEFF}# my routine\nMine\n06:00 Run\n")
        #expect(commented.title == "Mine")
        // One inside the text is not a byte-order mark of the file.
        #expect(throws: Morning.Error.self) { _ = try RoutineFile.parse("Mi\u{FEFF}ne\n06:00 Run\n") }
    }

    @Test("draft title and draft add refuse control characters and NUL; nothing changes", arguments: hostile)
    func draft(_ title: String, _ word: String) throws {
        var book = Book()
        _ = try book.draftTitle("Mine")
        let before = book
        for attempt in [{ (b: inout Book) in _ = try b.draftTitle(title) },
                        { (b: inout Book) in _ = try b.draftAdd(time: "06:00", title: title) }] {
            do {
                try attempt(&book)
                Issue.record("\(title.debugDescription) was taken")
            } catch Morning.Error.invalidRoutine(let reason) {
                #expect(reason.contains(word), "\(reason)")
            }
            #expect(book == before)
        }
    }

    @Test("create refuses them too", arguments: hostile)
    func create(_ title: String, _ word: String) throws {
        var book = Book()
        let today = book.closed(Self.today)
        let closed = book
        for (name, task) in [(title, "Run"), ("Mine", title)] {
            do {
                _ = try book.create(title: name, tasks: [("06:00", task)], today: today)
                Issue.record("\(title.debugDescription) was saved")
            } catch Morning.Error.invalidRoutine(let reason) {
                #expect(reason.contains(word), "\(reason)")
            }
            #expect(book == closed)
        }
    }

    @Test("An import refuses them, naming the routine", arguments: hostile)
    func importTitles(_ title: String, _ word: String) throws {
        for field in ["name", "task"] {
            var routine = ImportSanityTests.custom("mine")
            if field == "name" { routine.name = title } else { routine.tasks[0].title = title }
            var book = Book()
            let today = book.closed(Self.today)
            let closed = book
            do {
                _ = try book.importArchive([routine], replace: false, today: today)
                Issue.record("\(title.debugDescription) was imported as a \(field)")
            } catch Morning.Error.invalidImport(let reason) {
                #expect(reason.hasPrefix("routine 1 (mine)") && reason.contains(word), "\(reason)")
            }
            #expect(book == closed)
        }
    }

    @Test("Blanks around a title are trimmed on every way in, an import included")
    func trimmedEverywhere() throws {
        let padded = String(repeating: " ", count: 30) + "Mine" + String(repeating: " ", count: 29)
        var drafted = Book()
        _ = try drafted.draftTitle(padded)
        #expect(drafted.draft?.title == "Mine")
        var created = Book()
        #expect(try created.create(title: padded, tasks: [("06:00", "  Run  ")], today: created.closed(Self.today)).routine.name == "Mine")
        var imported = Book()
        var routine = ImportSanityTests.custom("mine", name: padded)
        routine.tasks[0].title = "  Run  "
        _ = try imported.importArchive([routine], replace: false, today: imported.closed(Self.today))
        #expect(imported.routines.map(\.name) == ["Mine"])
        #expect(imported.routines.first?.tasks.map(\.title) == ["Run"])
    }

    @Test("A 64 KiB title gets a short 'too long', not an echo of the whole title")
    func hugeTitle() throws {
        let huge = String(repeating: "x", count: 64 * 1024)
        var book = Book()
        do {
            _ = try book.draftTitle(huge)
            Issue.record("a 64 KiB title was taken")
        } catch Morning.Error.invalidRoutine(let reason) {
            #expect(reason.contains("too long") && reason.contains("65536"), "\(reason.prefix(200))")
            #expect(reason.count < 200)
        }
    }

    @Test("Emoji joined into one picture and Persian words with a non-joiner are plain text")
    func joinersKept() throws {
        var book = Book()
        _ = try book.draftTitle("👩‍💻 Code")
        _ = try book.draftAdd(time: "06:00", title: "می‌خوانم")
        #expect(book.draft?.title == "👩‍💻 Code")
    }
}

/// Names match without regard to case in every language.
@Suite("Names match without regard to case in every language")
struct NameCaseTests {
    @Test("Turkish dotted and dotless i, German sharp s: each finds its routine and its task")
    func turkish() throws {
        var book = Book()
        let tasks = [RoutineTask(time: TimeOfDay(minutes: 360)!, title: "Işık aç")]
        _ = try book.saveCustom(name: "İstanbul Sabahı", tasks: tasks, today: book.closed(day("2026-11-25")), catalog: testCatalog)
        for query in ["istanbul", "ISTANBUL", "ıstanbul", "İSTANBUL SABAHI", "istanbul sabahi"] {
            #expect(try book.resolveStored(query, catalog: testCatalog).name == "İstanbul Sabahı", "\(query)")
        }
        for query in ["IŞIK", "işık", "ISIK".replacingOccurrences(of: "S", with: "Ş")] {
            #expect(try Book.resolveTask(query, in: tasks) == 1, "\(query)")
        }
        #expect(TitleText.folded("STRASSE") == TitleText.folded("Straße"))
    }

    @Test("An imported custom routine whose id is a catalog id in other case is refused")
    func importShadow() throws {
        for id in ["LARK", "Lark", "lArK"] {
            var book = Book()
            do {
                _ = try book.importArchive([ImportSanityTests.custom(id)], replace: false, today: book.closed(day("2026-11-25")), catalog: testCatalog)
                Issue.record("\(id) was imported and would shadow lark")
            } catch Morning.Error.invalidImport(let reason) {
                #expect(reason.contains("belongs to a celebrity routine"), "\(reason)")
            }
        }
        // Two ids that differ only by case are one id twice.
        var book = Book()
        #expect(throws: Morning.Error.self) {
            _ = try book.importArchive([ImportSanityTests.custom("mine"), ImportSanityTests.custom("MINE")], replace: false,
                                       today: book.closed(day("2026-11-25")), catalog: testCatalog)
        }
    }
}

/// A routine's id is made with case set aside the way names are matched, so that every
/// routine can be named by its id and every export imports.
@Suite("Ids are made as names are matched")
struct IDFoldingTests {
    static let catalog = testCatalog + [
        CatalogEntry(id: "franklin", name: "Benjamin Franklin", bio: "Early.", source: "A test.",
                     tasks: [("05:00", "Rise"), ("05:30", "Plan")]),
    ]
    static let tasks = [RoutineTask(time: TimeOfDay(minutes: 360)!, title: "Wake up")]

    @Test("A custom routine named Franklın (dotless ı) gets an id of its own: franklin still names the catalog's Franklin")
    func dotlessI() throws {
        var book = Book()
        _ = try book.saveCustom(name: "Franklın", tasks: Self.tasks, today: book.closed(day("2026-11-25")), catalog: Self.catalog)
        let mine = try #require(book.routines.first)
        #expect(TitleText.folded(mine.slug) != "franklin", "\(mine.slug)")
        guard case .catalog(let entry) = try book.resolveActivatable("franklin", catalog: Self.catalog) else {
            Issue.record("franklin did not name the catalog's routine")
            return
        }
        #expect(entry.name == "Benjamin Franklin")
        #expect(try book.resolveStored(mine.slug, catalog: Self.catalog).name == "Franklın")
    }

    @Test("Straße and Strasse: each is named by its id, and the export of both imports")
    func sharpS() throws {
        var book = Book()
        _ = try book.saveCustom(name: "Straße", tasks: Self.tasks, today: book.closed(day("2026-11-25")), catalog: Self.catalog)
        _ = try book.saveCustom(name: "Strasse", tasks: Self.tasks, today: book.closed(day("2026-11-25")), catalog: Self.catalog)
        let ids = book.routines.map(\.slug)
        #expect(Set(ids.map { TitleText.folded($0) }).count == 2, "\(ids)")
        for routine in book.routines {
            #expect(try book.resolveStored(routine.slug, catalog: Self.catalog).name == routine.name, "\(routine.slug)")
        }
        var restored = Book()
        let imported = try restored.importArchive(book.archive(records: []), replace: false, today: restored.closed(day("2026-11-26")),
                                                  catalog: Self.catalog)
        #expect(imported.routines == 2)
    }
}

@Suite("Ids an older build made alike are made distinct")
struct LegacyIDTests {
    static func custom(_ id: Int64, _ slug: String, _ name: String) -> Routine {
        Routine(id: id, slug: slug, name: name, kind: .custom, tasks: IDFoldingTests.tasks, isActive: false,
                createdDate: day("2026-11-20"), startDate: day("2026-11-21"), activationSerial: 0)
    }

    @Test("A state with straße beside strasse, and franklın beside the catalog's franklin: each gets an id of its own, the first keeps its")
    func mended() throws {
        var book = Book(routines: [Self.custom(1, "strasse", "Strasse"), Self.custom(2, "straße", "Straße"),
                                   Self.custom(3, "franklın", "Franklın")],
                        openDays: [:], settings: Settings(), draft: nil)
        let changes = book.distinctIDs(catalog: IDFoldingTests.catalog)
        #expect(changes.count == 2)
        #expect(book.routines.first { $0.id == 1 }?.slug == "strasse")
        let folded = book.routines.map { TitleText.folded($0.slug) } + IDFoldingTests.catalog.map { TitleText.folded($0.id) }
        #expect(Set(folded).count == folded.count, "\(book.routines.map(\.slug))")
        for routine in book.routines {
            #expect(try book.resolveStored(routine.slug, catalog: IDFoldingTests.catalog).id == routine.id, "\(routine.slug)")
        }
        // Their export imports.
        var restored = Book()
        _ = try restored.importArchive(book.archive(records: []), replace: false, today: restored.closed(day("2026-11-26")),
                                       catalog: IDFoldingTests.catalog)
        // Nothing more to mend.
        #expect(book.distinctIDs(catalog: IDFoldingTests.catalog).isEmpty)
    }
}
