import Foundation
import Testing
@testable import MorningControl

@Suite("An export bmctl accepts never meets a bare protocol error from bmd")
struct ImportSizeTests {
    @Test("A file just under the import limit whose call would be over it is refused in words, before any call")
    func callOverLimit() throws {
        // One long task title fills the file: its text reads into little more than itself.
        let head = #"{"exportedOn":"2026-11-20","format":"better-morning-export","routines":[{"active":false,"createdDate":"2026-01-01","days":[],"id":"mine","name":"M","open":[],"startDate":"2026-01-02","tasks":[{"time":"05:00","title":""#
        let tail = #""}],"type":"custom"}],"version":1}"#
        let text = head + String(repeating: "x", count: ExportFile.sizeLimit - head.utf8.count - tail.utf8.count - 8) + tail
        #expect(text.utf8.count <= ExportFile.sizeLimit)
        let path = NSTemporaryDirectory() + "bm-import-size-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = bmctl(["import", path])
        #expect(run.status == 1)
        #expect(run.err.contains("more than the 16 MiB bmd takes in one import; nothing was changed"), "\(run.err.prefix(300))")
        #expect(run.calls.isEmpty)
    }
}
