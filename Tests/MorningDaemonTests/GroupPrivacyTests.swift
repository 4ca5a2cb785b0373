import Foundation
@testable import MorningDaemon
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A small account database: groups with their listed members, and each user's name and
/// primary group.
private func accounts(groups: [gid_t: [String]], users: [(uid: uid_t, name: String, group: gid_t)]) -> AccountFacts {
    AccountFacts(
        listedMembers: { groups[$0] },
        primaryMembers: { gid in users.filter { $0.group == gid }.map(\.uid) },
        loginName: { uid in users.first { $0.uid == uid }?.name })
}

@Suite("A folder's group counts as the user when the group is the user's alone")
struct GroupPrivacyTests {
    static let ada: uid_t = 1000
    static let bob: uid_t = 1001

    @Test("the user's own private group (its only primary member, no one listed) is private")
    func privateGroup() {
        let facts = accounts(groups: [1000: [], 1001: []],
                             users: [(Self.ada, "ada", 1000), (Self.bob, "bob", 1001)])
        #expect(facts.groupIsPrivate(1000, to: Self.ada))
        #expect(!facts.groupIsPrivate(1000, to: Self.bob))
    }

    @Test("a group listing only the user is private; one listing another user, or that is another's primary group, is not")
    func listedMembers() {
        let facts = accounts(groups: [50: ["ada"], 51: ["ada", "bob"], 52: ["ada"]],
                             users: [(Self.ada, "ada", 1000), (Self.bob, "bob", 52)])
        #expect(facts.groupIsPrivate(50, to: Self.ada))
        #expect(!facts.groupIsPrivate(51, to: Self.ada))
        #expect(!facts.groupIsPrivate(52, to: Self.ada), "bob's primary group lets bob in")
    }

    @Test("a group no one belongs to, or one that does not exist, is not private: setgid programs may write through it")
    func emptyOrMissingGroup() {
        let facts = accounts(groups: [60: []], users: [(Self.ada, "ada", 1000)])
        #expect(!facts.groupIsPrivate(60, to: Self.ada))
        #expect(!facts.groupIsPrivate(61, to: Self.ada))
    }

    @Test("0775 of a private group is open to no one else; of a shared group it is; the others' bits always count")
    func bitsOpenToOthers() {
        let facts = accounts(groups: [1000: [], 100: ["ada", "bob"]],
                             users: [(Self.ada, "ada", 1000), (Self.bob, "bob", 1001)])
        #expect(facts.bitsOpenToOthers(mode: 0o775, group: 1000, uid: Self.ada) == 0o005)
        #expect(facts.bitsOpenToOthers(mode: 0o775, group: 100, uid: Self.ada) == 0o075)
        #expect(facts.bitsOpenToOthers(mode: 0o777, group: 1000, uid: Self.ada) == 0o007)
        #expect(facts.bitsOpenToOthers(mode: 0o700, group: 100, uid: Self.ada) == 0)
    }
}
