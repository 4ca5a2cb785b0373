import NIOCore

/// Which calls the next batch of writes takes, and when it starts. It performs no I/O and
/// reads no clock: `WriteBatches` tells it each event with the time.
///
/// The clients a batch answered usually send their next change at once. Were the next
/// batch to start with only the calls already waiting, those clients would arrive while
/// it is being stored and make a batch of their own, so that a steady crowd of writers
/// splits in two and pays two flushes of the disk where one would do; on a disk that is
/// busy with another program that halves the writes stored per second. So the next batch
/// waits until every client the last one answered has sent its next call, or for at most
/// half as long as the last batch took to store (and never more than `longestHold`),
/// whichever comes first. A client that closes its connection is not waited for; one
/// whose next call only reads, or never comes, delays one batch, a little, once.
struct BatchGathering<Client: Hashable, Call> {
    enum Next {
        /// Store these calls now, in one transaction, then report `stored`.
        case store([Call])
        /// Ask again when a call is submitted, or at this time.
        case wait(until: NIODeadline)
        /// Nothing to store, and no one to wait for.
        case idle
    }

    /// The longest a batch waits for the clients the last one answered.
    let longestHold: TimeAmount
    private var queued: [(client: Client, call: Call)] = []
    /// The clients of the batch being stored, and when it began.
    private var storing: (clients: [Client], since: NIODeadline)?
    /// The clients the last batch answered that have not sent their next call yet.
    private var awaited: Set<Client> = []
    private var holdUntil = NIODeadline.distantPast

    init(longestHold: TimeAmount = .milliseconds(10)) {
        self.longestHold = longestHold
    }

    mutating func submit(_ call: Call, from client: Client) {
        queued.append((client, call))
        awaited.remove(client)
    }

    /// `client` has gone: no batch waits for it.
    mutating func left(_ client: Client) {
        awaited.remove(client)
    }

    /// What to do now: a batch, a wait, or nothing.
    mutating func next(now: NIODeadline) -> Next {
        precondition(storing == nil, "a batch is being stored")
        if !awaited.isEmpty, now < holdUntil { return .wait(until: holdUntil) }
        awaited = []
        guard !queued.isEmpty else { return .idle }
        defer { queued = [] }
        storing = (queued.map(\.client), now)
        return .store(queued.map(\.call))
    }

    /// The batch `next` returned is stored and its clients answered.
    mutating func stored(now: NIODeadline) {
        guard let batch = storing else { preconditionFailure("no batch is being stored") }
        storing = nil
        let back = Set(queued.map(\.client))
        awaited = Set(batch.clients).subtracting(back)
        let took = now - batch.since
        holdUntil = now + min(TimeAmount.nanoseconds(took.nanoseconds / 2), longestHold)
    }
}
