import Foundation

/// The user ids this process's user namespace maps, to tell a file's real owner from one
/// the namespace cannot name: a sandbox that maps only its user (as bubblewrap does)
/// shows every other owner, root included, as the overflow id (65534).
struct UserNamespace: Sendable {
    /// The ranges of ids seen inside, from /proc/self/uid_map: first id and count.
    var mapped: [(first: UInt64, count: UInt64)]
    /// The id the kernel shows for an owner it cannot map (/proc/sys/kernel/overflowuid).
    var overflowID: UInt64

    /// This process's namespace; when its map cannot be read, one that maps every id, so
    /// that no owner is ever taken for an unmapped one.
    static func current() -> UserNamespace {
        let map = (try? String(contentsOfFile: "/proc/self/uid_map", encoding: .utf8)) ?? "0 0 4294967295\n"
        let overflow = (try? String(contentsOfFile: "/proc/sys/kernel/overflowuid", encoding: .utf8))
            .flatMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 65534
        return UserNamespace(uidMap: map, overflowID: overflow)
    }

    /// A namespace from the text of a uid_map ("inside outside count" per line).
    init(uidMap: String, overflowID: UInt64 = 65534) {
        mapped = uidMap.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).compactMap { UInt64($0) }
            return fields.count == 3 ? (fields[0], fields[2]) : nil
        }
        self.overflowID = overflowID
    }

    /// Whether a file owned by `uid`, as seen here, belongs to someone this namespace does
    /// not map: it shows the overflow id, and that id is not one it maps.
    func isUnmapped(_ uid: uid_t) -> Bool {
        let id = UInt64(uid)
        return id == overflowID && !mapped.contains { id >= $0.first && id - $0.first < $0.count }
    }
}
