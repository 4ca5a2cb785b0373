import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The .deb the tests check: the one `make test` built with scripts/deb (BM_DEB), or
/// else one scripts/deb builds now, once, into out/ as `make deb` does.
enum DebianPackage {
    struct BuildFailed: Error, CustomStringConvertible {
        var description: String
    }

    private static let built: Result<String, BuildFailed> = {
        if let given = ProcessInfo.processInfo.environment["BM_DEB"], !given.isEmpty {
            return .success(given)
        }
        var env = ProcessInfo.processInfo.environment
        env["MAKEFLAGS"] = nil
        // swift test holds its build folder's lock while the tests run: scripts/deb building
        // in that same folder would wait for it forever.
        let scratch = URL(fileURLWithPath: env["RELEASE_SCRATCH"] ?? packageRoot.appendingPathComponent(".build-release").path,
                          relativeTo: packageRoot).standardizedFileURL.resolvingSymlinksInPath().path
        let tests = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().path
        if tests.hasPrefix(scratch + "/") {
            return .failure(BuildFailed(description: "these tests run from \(scratch), where scripts/deb would build: "
                                        + "set BM_DEB to a built .deb or RELEASE_SCRATCH to another folder"))
        }
        guard let run = try? ChildProcess.run(packageRoot.appendingPathComponent("scripts/deb").path, [], environment: env) else {
            return .failure(BuildFailed(description: "scripts/deb could not be started"))
        }
        let path = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard run.status == 0, path.hasSuffix(".deb") else {
            return .failure(BuildFailed(description: "scripts/deb exited with \(run.status): \(run.stderr.suffix(4000))"))
        }
        return .success(path)
    }()

    static func path() throws -> String {
        let path = try built.get()
        #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        return path
    }

    /// The window's package, better-morning-window, which scripts/deb builds beside the main one.
    static func windowPath() throws -> String {
        let main = URL(fileURLWithPath: try built.get())
        let name = main.lastPathComponent.replacingOccurrences(of: "better-morning_", with: "better-morning-window_")
        let path = main.deletingLastPathComponent().appendingPathComponent(name).path
        #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        return path
    }

    /// What `deb` installs, in KiB, as its Installed-Size field says.
    static func installedKiB(_ deb: String, in box: Sandbox) throws -> Int {
        let info = try box.run("/usr/bin/dpkg-deb", ["--field", deb, "Installed-Size"], environment: box.baseEnvironment)
        #expect(info.status == 0, "\(info.stderr)")
        return try #require(Int(info.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(info.stdout)\(info.stderr)")
    }

    /// The files of `deb` as `dpkg-deb --contents` lists them: each path (without the
    /// leading "./") with its mode and owner.
    static func contents(_ deb: String, in box: Sandbox) throws -> [String: (mode: String, owner: String)] {
        let listed = try box.run("/usr/bin/dpkg-deb", ["--contents", deb], environment: box.baseEnvironment)
        #expect(listed.status == 0, "\(listed.stderr)")
        // "-rwxr-xr-x root/root 68951800 2026-11-23 18:42 ./usr/bin/bmd"
        var entries: [String: (mode: String, owner: String)] = [:]
        for line in listed.stdout.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 6, let path = columns.last else { continue }
            entries[String(path.dropFirst(2))] = (String(columns[0]), String(columns[1]))
        }
        return entries
    }

    /// Unpacks `deb` into the sandbox, starts its bmd on the real clock, activates a
    /// routine and asks for the status with its bmctl, and returns the running bmd.
    static func startIdle(_ deb: String, in box: Sandbox) throws -> ChildProcess {
        let target = box.root.appendingPathComponent("unpacked").path
        let unpacked = try box.run("/usr/bin/dpkg-deb", ["-x", deb, target], environment: box.baseEnvironment)
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        let bin = target + "/usr/bin"
        // Pages of a file just written stay dirty in the page cache until written back, and
        // a process that maps them alone counts them as its own Private_Dirty: write them now.
        #expect(try box.run("/usr/bin/sync", [bin + "/bmd"], environment: box.baseEnvironment).status == 0)
        var env = box.baseEnvironment
        env["LD_LIBRARY_PATH"] = nil
        // The real clock: libfaketime stops timers that read the clock it fakes, and it
        // would add its own memory.
        let daemon = try box.startDaemon(environment: ["LD_LIBRARY_PATH": ""], fakeClock: false, executable: bin + "/bmd")
        let activated = try box.run(bin + "/bmctl", ["--no-autostart", "activate", "darwin"], environment: env)
        #expect(activated.status == 0, "\(activated.stderr)")
        #expect(try box.run(bin + "/bmctl", ["--no-autostart", "status"], environment: env).status == 0)
        return daemon
    }

    /// Makes `target` a root for `dpkg --root=target` whose package database holds this
    /// system's entries for `packages` (each with an empty file list), so that dpkg checks
    /// a package's Depends against what is really installed here; returns its admin folder.
    static func installRoot(_ target: String, holding packages: [String], in box: Sandbox,
                            environment env: [String: String]) throws -> String {
        let admin = target + "/var/lib/dpkg"
        for folder in ["info", "updates"] {
            try FileManager.default.createDirectory(atPath: admin + "/" + folder, withIntermediateDirectories: true)
        }
        let names = Set(packages).sorted()
        #expect(!names.isEmpty)
        let status = try box.run("/usr/bin/dpkg-query", ["--status"] + names, environment: env)
        #expect(status.status == 0, "a package these depend on is not installed here: \(status.stderr)")
        try status.stdout.write(toFile: admin + "/status", atomically: true, encoding: .utf8)
        let installed = try box.run("/usr/bin/dpkg-query", ["--show", "--showformat=${binary:Package}\\n"] + names, environment: env)
        #expect(installed.status == 0, "\(installed.stderr)")
        for name in installed.stdout.split(separator: "\n") {
            _ = FileManager.default.createFile(atPath: admin + "/info/\(name).list", contents: Data())
        }
        return admin
    }

    /// The five mappings of a /proc/PID/smaps text with the most Private_Dirty, as "KiB name".
    static func largestDirty(_ smaps: String) -> [String] {
        var name = "", found: [(Int, String)] = []
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                name = fields.count > 5 ? String(fields[5]) : "[anonymous] \(first)"
            } else if fields.first == "Private_Dirty:", fields.count > 1, let kib = Int(fields[1]), kib > 0 {
                found.append((kib, name))
            }
        }
        return found.sorted { $0.0 > $1.0 }.prefix(5).map { "\($0.0) \($0.1)" }
    }

    /// The version the source gives (`bmd --version` of the build under test).
    static func sourceVersion(_ box: Sandbox) throws -> String {
        let said = try box.run(Binaries.bmd, ["--version"], environment: box.baseEnvironment).stdout
        let version = said.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "bmd ", with: "")
        #expect(!version.isEmpty, "bmd --version said \(said)")
        return version
    }

    /// "Field: value" lines of `dpkg-deb --info` (one space indented); continuation lines are left out.
    static func fields(_ info: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in info.split(separator: "\n") where line.hasPrefix(" ") && !line.hasPrefix("  ") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[line.startIndex..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.contains(" ") else { continue }
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The package names in a Depends field, alternatives included, without versions.
    static func names(_ depends: String) -> [String] {
        depends.split(whereSeparator: { $0 == "," || $0 == "|" }).compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }
}
