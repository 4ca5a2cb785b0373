import CAdwaita
import Glibc
import Testing

/// The window's compiled resources are committed (SwiftPM runs no glib-compile-resources):
/// a change to the style or a layout file without `make generate` fails here.
@Suite struct GeneratedResourcesTests {
    /// The package's folder.
    static let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    @Test("WindowResources.c is exactly what the window's style and layout files compile to")
    func noDrift() throws {
        var folder = Array("/tmp/bm-resources-XXXXXX".utf8CString)
        try #require(mkdtemp(&folder) != nil)
        let fresh = String(cString: folder) + "/WindowResources.c"
        defer {
            unlink(fresh)
            rmdir(folder)
        }
        let (status, errors) = run([Self.root + "/scripts/compile-window-resources", fresh])
        try #require(status == 0, "scripts/compile-window-resources failed: \(errors)")
        let committed = try #require(contents(Self.root + "/Sources/WindowResources/WindowResources.c"))
        let upToDate = contents(fresh) == committed
        #expect(upToDate, "Sources/WindowResources/WindowResources.c is out of date: run `make generate`")
    }

    /// Runs `argv` to its end; its exit status and what it wrote to standard error.
    func run(_ argv: [String]) -> (status: Int32, errors: String) {
        var arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var errors: UnsafeMutablePointer<CChar>?
        var status: Int32 = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_spawn_sync(nil, &arguments, nil, G_SPAWN_STDOUT_TO_DEV_NULL, nil, nil, nil, &errors, &status, &error) != 0 else {
            defer { g_error_free(error) }
            return (-1, String(cString: error!.pointee.message))
        }
        defer { g_free(errors) }
        return (g_spawn_check_wait_status(status, nil) != 0 ? 0 : max(status, 1), errors.map { String(cString: $0) } ?? "")
    }

    /// A file's bytes, or nil when it cannot be read.
    func contents(_ path: String) -> [UInt8]? {
        var data: UnsafeMutablePointer<CChar>?
        var length = 0
        guard g_file_get_contents(path, &data, &length, nil) != 0, let data else { return nil }
        defer { g_free(data) }
        return UnsafeRawBufferPointer(start: data, count: length).map { $0 }
    }
}
