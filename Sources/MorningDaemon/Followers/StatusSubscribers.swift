import MorningProtocol

/// The clients following the status, each with the status it was sent last, so that a
/// change is sent only to those for whom it says something new.
struct StatusSubscribers {
    private var entries: [UInt64: (follower: StatusSubscriber, last: Morning.StatusReply?)] = [:]
    private var nextID: UInt64 = 0

    var isEmpty: Bool { entries.isEmpty }

    /// Adds `follower`; the id removes it again.
    mutating func add(_ follower: StatusSubscriber) -> UInt64 {
        defer { nextID += 1 }
        entries[nextID] = (follower, nil)
        return nextID
    }

    mutating func remove(_ id: UInt64) { entries[id] = nil }

    /// Sends `status` to every follower that was last sent something else.
    mutating func publish(_ status: Morning.StatusReply) {
        for (id, entry) in entries where entry.last != status {
            entry.follower.send(status)
            entries[id]?.last = status
        }
    }

    /// Forgets every follower, returning them so that each can be told the stream ended.
    mutating func removeAll() -> [StatusSubscriber] {
        defer { entries = [:] }
        return entries.values.map(\.follower)
    }
}
