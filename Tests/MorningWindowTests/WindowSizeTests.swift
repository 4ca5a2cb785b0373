import CAdwaita
import Glibc
@testable import MorningWindow
import Testing

/// The window's size, kept from one run to the next.
@Suite struct WindowSizeTests {
    func scratchFile() -> String {
        var template = Array("/tmp/bm-window-size-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        return folder + "/state/better-morning/window.ini"
    }

    @Test("a size kept is the size the next run opens at, maximised or not")
    func roundTrip() {
        let path = scratchFile()
        #expect(WindowSize.load(from: path) == .standard, "a first run opens at the standard size")
        let kept = WindowSize(width: 900, height: 640, maximized: true)
        #expect(kept.save(to: path))
        #expect(WindowSize.load(from: path) == kept)
        var info = stat()
        stat(String(path.dropLast("/window.ini".count)), &info)
        #expect(info.st_mode & 0o777 == 0o700, "the folder it makes is private")
    }

    @Test("a kept size that is unreadable or smaller than the window works at opens at the standard size")
    func unreadable() {
        let path = scratchFile()
        #expect(WindowSize(width: 100, height: 50, maximized: false).save(to: path))
        #expect(WindowSize.load(from: path) == .standard)
        #expect(FileText.write("[window]\nwidth=wide\n", to: path))
        #expect(WindowSize.load(from: path) == .standard)
    }
}

enum FileText {
    /// Writes `text` to `path`, replacing it; whether it was written.
    static func write(_ text: String, to path: String) -> Bool {
        g_file_set_contents(path, text, -1, nil) != 0
    }
}
