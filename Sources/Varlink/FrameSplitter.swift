#if canImport(Glibc)
import Glibc
#endif

/// Splits a byte stream into NUL-ended frames, refusing any frame longer than its limit.
///
/// A frame's limit is chosen by its method, read from the frame itself with any spacing
/// or member order: most calls are small, and a server may let a few methods (an import
/// of a whole history, say) send much more. The method must be named within the first
/// `window` bytes of a frame for a larger limit to apply, so the splitter never holds more
/// than that of a frame it cannot yet place.
///
/// A frame allowed to be large has its room set aside once its method is read, so that
/// it is copied once as it arrives rather than again at every doubling of its buffer
/// (only the pages the bytes reach are ever touched); the end of a frame is looked for
/// with memchr, in the bytes not yet looked at.
public struct FrameSplitter: Sendable {
    /// The limit of a frame whose method allows no more.
    public let limit: Int
    /// Larger limits, by qualified method name.
    public let largeLimits: [String: Int]
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no NUL.
    private var scanned = 0
    /// The limit of the frame at the start of `buffer`, once its method has been read.
    private var current: Int?

    public struct FrameTooLarge: Error, Sendable, Equatable {
        /// The limit the frame broke.
        public var limit: Int
        public init(limit: Int) { self.limit = limit }
    }

    /// The limit of a frame when the server names none: 64 KiB.
    public static let defaultLimit = 1 << 16

    public init(limit: Int = defaultLimit, largeLimits: [String: Int] = [:]) {
        self.limit = limit
        self.largeLimits = largeLimits
    }

    /// How far into a frame its method is looked for: the limit, and at least 4 KiB so
    /// that a few members written before the method do not hide it.
    private var window: Int { max(limit, 4096) }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        // Copied as one block when the bytes lie in one (a read's buffer does), not one by one.
        if bytes.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil {
            buffer.append(contentsOf: bytes)
        }
    }

    /// The next complete frame without its NUL; nil when more bytes are needed.
    public mutating func next() throws(FrameTooLarge) -> [UInt8]? {
        if let end = Self.firstNUL(in: buffer, from: scanned) {
            let allowed = end <= limit ? limit : limit(of: buffer[..<end])
            guard end <= allowed else { throw FrameTooLarge(limit: allowed) }
            let frame = Array(buffer[..<end])
            buffer.removeSubrange(...end)
            // A large frame leaves a large buffer behind: its memory is given back rather
            // than kept for a frame that may never come.
            if buffer.capacity > 2 * max(limit, buffer.count) {
                var rest: [UInt8] = []
                rest.reserveCapacity(buffer.count)
                rest.append(contentsOf: buffer)
                buffer = rest
            }
            scanned = 0
            current = nil
            return frame
        }
        scanned = buffer.count
        if buffer.count > limit {
            if current == nil {
                if largeLimits.isEmpty {
                    current = limit
                } else {
                    switch FrameHead.method(in: buffer.prefix(window)) {
                    case .named(let method): current = max(limit, largeLimits[method] ?? limit)
                    case .none: current = limit
                    case .notYet: if buffer.count >= window { current = limit }
                    }
                }
                // Room for the whole frame and its NUL, set aside once.
                if let current, current > limit, buffer.capacity <= current { buffer.reserveCapacity(current + 1) }
            }
            if buffer.count > current ?? window { throw FrameTooLarge(limit: current ?? limit) }
        }
        return nil
    }

    /// The position of the first NUL in `bytes` from `start` on.
    private static func firstNUL(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { all -> Int? in
            guard start < all.count, let base = all.baseAddress else { return nil }
            #if canImport(Glibc)
            guard let hit = memchr(base + start, 0, all.count - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            #else
            return all[start...].firstIndex(of: 0)
            #endif
        }
    }

    /// The limit for a whole frame: its method's, when the method is named within the window.
    private func limit(of bytes: ArraySlice<UInt8>) -> Int {
        guard !largeLimits.isEmpty, case .named(let method) = FrameHead.method(in: bytes.prefix(window)) else { return limit }
        return max(limit, largeLimits[method] ?? limit)
    }

    /// Forgets every byte received, giving back their memory.
    public mutating func discard() {
        buffer = []
        scanned = 0
        current = nil
    }

    /// Bytes received that do not yet form a frame.
    public var pending: Int { buffer.count }

    /// The room set aside for received bytes (of which only the pages the bytes reach
    /// take memory).
    public var capacity: Int { buffer.capacity }
}

/// Finds a call's method in the beginning of its frame without reading the rest: the
/// value of the top-level member "method", whichever place it has among the members.
enum FrameHead {
    enum Method: Equatable {
        /// The frame names this method.
        case named(String)
        /// The frame is not an object naming its method with a string.
        case none
        /// The bytes end before the method is named.
        case notYet
    }

    /// What the beginning of a frame, `bytes`, says of its method.
    static func method(in bytes: ArraySlice<UInt8>) -> Method {
        var scanner = Scanner(bytes: bytes)
        if let method = scanner.method() { return .named(method) }
        return scanner.i >= bytes.endIndex ? .notYet : .none
    }

    /// The members of the object in `bytes`, each value as its bytes; nil when the text
    /// is not an object whose members can be told apart.
    static func members(in bytes: ArraySlice<UInt8>) -> [(key: String, value: ArraySlice<UInt8>)]? {
        var scanner = Scanner(bytes: bytes)
        return scanner.members()
    }

    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var i: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            i = bytes.startIndex
        }

        mutating func method() -> String? {
            space()
            guard take(UInt8(ascii: "{")) else { return nil }
            while true {
                space()
                guard let key = string() else { return nil }
                space()
                guard take(UInt8(ascii: ":")) else { return nil }
                space()
                if key == "method" { return string() }
                guard skipValue() else { return nil }
                space()
                guard take(UInt8(ascii: ",")) else { return nil }
            }
        }

        mutating func members() -> [(key: String, value: ArraySlice<UInt8>)]? {
            var members: [(key: String, value: ArraySlice<UInt8>)] = []
            space()
            guard take(UInt8(ascii: "{")) else { return nil }
            space()
            if take(UInt8(ascii: "}")) { return end() ? members : nil }
            while true {
                space()
                guard let key = string() else { return nil }
                space()
                guard take(UInt8(ascii: ":")) else { return nil }
                space()
                let start = i
                guard skipValue() else { return nil }
                var stop = i
                while stop > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[stop - 1]) { stop -= 1 }
                members.append((key, bytes[start..<stop]))
                space()
                if take(UInt8(ascii: "}")) { return end() ? members : nil }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
        }

        /// Whether only blanks follow.
        mutating func end() -> Bool {
            space()
            return i >= bytes.endIndex
        }

        mutating func space() {
            while i < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.endIndex, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        /// A complete string, decoded; nil when it is not one or not complete.
        mutating func string() -> String? {
            let start = i
            guard skipString() else { return nil }
            guard case .string(let s)? = try? JSONValue.parse(Array(bytes[start..<i])) else { return nil }
            return s
        }

        mutating func skipString() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while i < bytes.endIndex {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""): i += 1; return i <= bytes.endIndex
                default: i += 1
                }
            }
            return false
        }

        /// Skips one complete value; false when it is not complete in `bytes`.
        mutating func skipValue() -> Bool {
            var depth = 0
            while i < bytes.endIndex {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return true }
                    depth -= 1
                    i += 1
                case UInt8(ascii: ","):
                    if depth == 0 { return true }
                    i += 1
                default:
                    i += 1
                }
            }
            return false
        }
    }
}
