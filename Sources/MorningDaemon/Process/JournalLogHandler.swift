import CSystemd
import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// Logs to the systemd journal with a priority and structured fields, for when bmd runs
/// under systemd (stderr connected to the journal, as `JOURNAL_STREAM` says).
public struct JournalLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    let identifier: String

    public init(identifier: String) { self.identifier = identifier }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Whether stderr is the journal stream systemd set up (systemd.exec(5), JOURNAL_STREAM).
    public static func stderrIsJournal(environment: [String: String]) -> Bool {
        guard let stream = environment["JOURNAL_STREAM"] else { return false }
        let parts = stream.split(separator: ":")
        var info = stat()
        guard parts.count == 2, fstat(2, &info) == 0 else { return false }
        return parts[0] == String(info.st_dev) && parts[1] == String(info.st_ino)
    }

    /// syslog(3) priorities for swift-log's levels.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// The journal fields of one entry: the message, its priority, where it was logged,
    /// and each metadata key as a field of its own (`BM_ROUTINE=…`).
    static func fields(identifier: String, level: Logger.Level, message: String, metadata: Logger.Metadata,
                       file: String, function: String, line: UInt) -> [String] {
        var fields = ["MESSAGE=\(message)", "PRIORITY=\(priority(level))", "SYSLOG_IDENTIFIER=\(identifier)",
                      "CODE_FILE=\(file)", "CODE_LINE=\(line)", "CODE_FUNC=\(function)"]
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            // Journal field names are upper-case letters, digits and underscores.
            let name = "BM_" + String(key.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
            fields.append("\(name)=\(value)")
        }
        return fields
    }

    public func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let entries = Self.fields(identifier: identifier, level: event.level, message: event.message.description, metadata: all,
                                  file: event.file, function: event.function, line: event.line)
        let copies = entries.map { strdup($0)! }
        defer { copies.forEach { free($0) } }
        var vectors = copies.map { iovec(iov_base: UnsafeMutableRawPointer($0), iov_len: strlen($0)) }
        _ = sd_journal_sendv(&vectors, Int32(vectors.count))
    }
}
