import Glibc

/// The terminal side of a run: where text goes, where answers come from, and what is a tty.
///
/// Commands never call `print`; they write here, so tests capture exactly what a user sees.
public struct Console {
    /// Writes text to stdout as it is (callers add the newline).
    public var write: (String) -> Void
    /// Writes text to stderr as it is.
    public var writeError: (String) -> Void
    /// Reads one line of stdin without its newline; nil at end of input.
    public var readLine: () -> String?
    public var stdoutIsTerminal: Bool
    public var stdinIsTerminal: Bool
    /// The width of the terminal stdout is, in columns; nil when it is not one (or does not say).
    public var columns: Int?
    /// The width of the terminal stderr is, in columns; nil when it is not one.
    public var errorColumns: Int?

    public init(write: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
                readLine: @escaping () -> String?, stdoutIsTerminal: Bool, stdinIsTerminal: Bool, columns: Int? = nil,
                errorColumns: Int? = nil) {
        self.write = write; self.writeError = writeError; self.readLine = readLine
        self.stdoutIsTerminal = stdoutIsTerminal; self.stdinIsTerminal = stdinIsTerminal; self.columns = columns
        self.errorColumns = errorColumns
    }

    /// Writes text to stdout, its lines broken between words to fit the terminal (a
    /// terminal itself breaks them anywhere, mid-word).
    public func say(_ text: String) {
        write(columns.map { Text.wrap(text, width: $0) } ?? text)
    }

    /// Writes an error or a question to stderr, broken between words to fit the terminal;
    /// continuations start `hanging` columns in (under the message, past `bmctl: `).
    public func complain(_ text: String, hanging: Int? = nil) {
        writeError(errorColumns.map { Text.wrap(text, width: $0, hanging: hanging) } ?? text)
    }

    /// The process's own stdin, stdout and stderr.
    public static func live() -> Console {
        _ = StandardOutput.wasClosed   // before anything opens a descriptor
        let terminal = isatty(1) == 1
        return Console(
            write: { StandardOutput.write($0) },
            writeError: { writeAll(2, $0) },
            readLine: { Swift.readLine(strippingNewline: true) },
            stdoutIsTerminal: terminal,
            stdinIsTerminal: isatty(0) == 1,
            columns: terminal ? width(of: 1) : nil,
            errorColumns: isatty(2) == 1 ? width(of: 2) : nil
        )
    }

    /// The columns of the terminal `fd` is, when it says.
    private static func width(of fd: Int32) -> Int? {
        var size = winsize()
        return ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }

    /// Writes with write(2) rather than stdio, so nothing is left in a buffer at exit
    /// and no shared `FILE *` is touched. For stderr: a message that cannot be shown has
    /// nowhere else to go.
    private static func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return  // A closed pipe (`bmctl status | head -0`) is not worth a crash.
            }
            bytes = bytes.dropFirst(n)
        }
    }
}
