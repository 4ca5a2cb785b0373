import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Lines of a child's output, read as they come, each wait bounded.
final class LineReader {
    private let pipe: Pipe2
    private var buffer: [UInt8] = []

    init(_ pipe: Pipe2) { self.pipe = pipe }

    /// The next line, or nil when none comes within `timeout` seconds.
    func next(timeout: Double) -> String? {
        let deadline = Deadline(in: timeout)
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeSubrange(...end)
                return line
            }
            let left = deadline.secondsLeft
            guard left > 0 else { return nil }
            var fd = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, Int32(left * 1000)) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = read(pipe.read, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }
}
