// swift-tools-version:6.0
// Better Morning: bmd and bmctl. Licensed under the Apache License, Version 2.0
// (Apache-2.0); the full text is in LICENSE.
import PackageDescription

let package = Package(
    name: "better-morning",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bmd", targets: ["bmd"]),
        .executable(name: "bmctl", targets: ["bmctl"]),
        .executable(name: "better-morning", targets: ["better-morning"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // MARK: A varlink binding for Swift, which knows nothing of Better Morning
        // The runtime: JSON, frames, calls and replies, and a server of typed interfaces.
        .target(name: "Varlink", exclude: ["org.varlink.service.varlink"]),
        // The generator: reads an interface file, writes its Swift binding (`make generate`).
        .target(name: "VarlinkGenerator"),
        .executableTarget(name: "varlink-swift", dependencies: ["VarlinkGenerator"]),

        // MARK: bmctl's command table, read by `make generate`
        // Turns bmctl.commands into ArgumentParser's commands, their requests and QuickLine's rows.
        .target(name: "CommandTable"),
        .executableTarget(name: "command-table", dependencies: ["CommandTable"]),

        // MARK: The words every surface uses for the morning (bmctl's and the window's), without Foundation.
        .target(name: "MorningWords", dependencies: ["MorningProtocol"]),

        // MARK: The pure core: rules of routines, days and records. No clock, disk or socket.
        .target(name: "MorningCore", dependencies: ["MorningProtocol"]),

        // MARK: I/O at the edges
        .target(
            name: "MorningStore",
            dependencies: ["MorningCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "MorningProtocol",
            dependencies: ["Varlink"],
            exclude: ["org.bettermorning.Morning.varlink"]
        ),
        // Linux interfaces Swift's Glibc module leaves out (timerfd, eventfd, ucred).
        .systemLibrary(name: "CLinux"),
        .systemLibrary(
            name: "CNotify",
            pkgConfig: "libnotify",
            providers: [.apt(["libnotify-dev"])]
        ),
        // GTK 4 and libadwaita, for the window only: bmd and bmctl never build it.
        .systemLibrary(
            name: "CAdwaita",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),

        // MARK: The two programs, as libraries that tests import
        .target(
            name: "MorningDaemon",
            dependencies: [
                "MorningCore", "MorningStore", "MorningProtocol", "CLinux", "CSystemd", "CNotify",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // NIOLockedValueBox, for a lock a closure captures (Synchronization's Mutex cannot be copied into one).
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Finding bmd's socket, checking who serves it, starting bmd: what bmctl and the
        // window share. No Foundation, so the window does not carry ICU's data.
        .target(name: "MorningClient", dependencies: ["MorningProtocol", "CLinux", .product(name: "SystemPackage", package: "swift-system")]),
        .target(
            name: "MorningControl",
            dependencies: [
                "MorningClient", "MorningProtocol", "MorningWords", .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["bmctl.commands"]
        ),

        // The window: a pure model of what it shows, the GTK layer over it, and bmd reached
        // from GLib's main loop. No Foundation, so no ICU data in the program.
        .target(name: "MorningWindow", dependencies: ["MorningClient", "MorningProtocol", "MorningWords", "Varlink", "CAdwaita",
                                                      "WindowResources"]),
        // The window's style and fixed layout as a GResource, compiled to C by
        // scripts/compile-window-resources (make generate) and committed, as SwiftPM runs no
        // glib-compile-resources; CAdwaita brings GLib's headers. Only the window links it.
        .target(name: "WindowResources", dependencies: ["CAdwaita"], exclude: ["window.gresource.xml", "style.css", "window.ui"]),

        // MARK: Thin executables
        // Both programs are linked by the toolchain's lld: gold repeats, on every build, glibc's
        // notes on functions Foundation carries (getpwuid_r in a static program, mktemp),
        // warnings about code neither program runs that a newcomer reads as a failure.
        .executableTarget(
            name: "bmd",
            dependencies: ["MorningDaemon"],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
        // bmctl is one static executable, C library and Swift's runtime included: a shell
        // alias or a status bar runs it all day, and the dynamic loader's work (a dozen
        // libraries, then 40,000 relocations for Swift's runtime linked in with
        // -static-stdlib) cost more than talking to bmd. It is not position-independent:
        // a static PIE needs a build without SwiftPM's $ORIGIN run path, which a plain
        // `swift build` adds, and bmctl crosses no privilege boundary that address
        // randomisation of its own image would guard. bmd, which starts once, stays dynamic.
        .executableTarget(
            name: "bmctl",
            dependencies: ["MorningControl"],
            swiftSettings: [.unsafeFlags(["-static-executable"])],
            linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"])]
        ),

        // Linked by lld too, so that scripts/release links it with the programs' own options.
        .executableTarget(name: "better-morning", dependencies: ["MorningWindow"],
                          linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),

        // MARK: Tests, one target per module plus the end-to-end suite
        // What several test targets share: a seeded random generator and the runs' seeds.
        .target(name: "MorningTestSupport", path: "Tests/MorningTestSupport"),
        // The runtime's tests call an interface of their own (org.example.notes), never Morning's:
        // what they check holds for any binding, and Varlink knows nothing of Better Morning.
        .testTarget(name: "VarlinkTests", dependencies: ["Varlink", "MorningTestSupport"], exclude: ["org.example.notes.varlink"]),
        .testTarget(name: "VarlinkGeneratorTests", dependencies: ["VarlinkGenerator"]),
        .testTarget(name: "CommandTableTests", dependencies: ["CommandTable"]),
        .testTarget(name: "MorningCoreTests", dependencies: ["MorningCore", "MorningTestSupport"]),
        .testTarget(name: "MorningStoreTests", dependencies: ["MorningStore", "MorningCore"]),
        .testTarget(name: "MorningProtocolTests", dependencies: ["MorningProtocol", "VarlinkGenerator", "MorningTestSupport"]),
        .testTarget(
            name: "MorningDaemonTests",
            dependencies: ["MorningDaemon", "MorningCore", "MorningStore", "MorningProtocol", "MorningTestSupport", "CLinux",
                           "VarlinkGenerator",
                           .product(name: "NIOEmbedded", package: "swift-nio")]
        ),
        .testTarget(name: "MorningClientTests", dependencies: ["MorningClient", "MorningProtocol", "MorningTestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "MorningControlTests",
                    dependencies: ["MorningControl", "MorningClient", "MorningCore", "MorningProtocol", "MorningTestSupport"]),
        // The window's model and words without GTK, and its widgets on a display (make test
        // runs those under Xvfb and dbus-run-session).
        .testTarget(name: "MorningWindowTests", dependencies: ["MorningWindow", "MorningClient", "MorningProtocol", "MorningWords", "Varlink", "CAdwaita",
                                                        .product(name: "SystemPackage", package: "swift-system")],
                    // Pango, which GTK loads, read by the tests that ask whether a label's text is cut;
                    // the window itself does not link it.
                    linkerSettings: [.linkedLibrary("pango-1.0")]),
        .testTarget(name: "MorningWordsTests", dependencies: ["MorningWords", "MorningProtocol"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MorningProtocol", "MorningTestSupport"]),
    ]
)
