import Foundation
@testable import MorningDaemon
import MorningProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The checks of the state folder and the folders above it, with the account database and
/// the user namespace handed in.
@Suite("The state folder's checks: a private group, a user namespace")
struct StateFolderTests {
    /// A fresh folder under /tmp (sticky, root's) holding `parent` (with `mode`) and in it
    /// the state folder `state` (0700); removed afterwards.
    final class Layout {
        let root: String
        var parent: String { root + "/parent" }
        var state: String { parent + "/state" }
        init(parentMode: mode_t) {
            var template = Array("/tmp/bm-state-XXXXXX".utf8CString)
            root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
            chmod(root, 0o700)
            mkdir(parent, 0o700)
            chmod(parent, parentMode)
            mkdir(state, 0o700)
        }
        var group: gid_t {
            var info = stat()
            stat(parent, &info)
            return info.st_gid
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    /// The account database where `gid` is the user's own primary group and, with
    /// `sharedWith`, also lists another user.
    static func accounts(group gid: gid_t, sharedWith other: String? = nil) -> AccountFacts {
        let uid = geteuid()
        return AccountFacts(
            listedMembers: { $0 == gid ? (other.map { ["me", $0] } ?? []) : nil },
            primaryMembers: { $0 == gid ? [uid] : [] },
            loginName: { $0 == uid ? "me" : nil })
    }

    static let everyIDMapped = UserNamespace(uidMap: "0 0 4294967295\n")

    @Test("folders whose group may not write (0755, 0750) are accepted without asking the account databases")
    func noLookupWithoutGroupWrite() throws {
        // The C library's lookups load NSS modules and their buffers into bmd for good:
        // an idle bmd's written memory grew by 64 KiB when every folder above was looked up.
        let asked = LockedCount()
        let counting = AccountFacts(listedMembers: { _ in asked.add(); return nil },
                                    primaryMembers: { _ in asked.add(); return [] },
                                    loginName: { _ in asked.add(); return nil })
        for mode: mode_t in [0o755, 0o750] {
            let layout = Layout(parentMode: mode)
            try StateFolder.claim(layout.state, accounts: counting, namespace: Self.everyIDMapped)
        }
        #expect(asked.value == 0)
    }

    @Test("a folder above left 0775 by mkdir -p under umask 002, of the user's private group, is accepted")
    func privateGroupParent() throws {
        let layout = Layout(parentMode: 0o775)
        try StateFolder.claim(layout.state, accounts: Self.accounts(group: layout.group), namespace: Self.everyIDMapped)
    }

    @Test("the same folder is refused as open to other users when its group has another member")
    func sharedGroupParent() {
        let layout = Layout(parentMode: 0o775)
        #expect {
            try StateFolder.claim(layout.state, accounts: Self.accounts(group: layout.group, sharedWith: "them"),
                                  namespace: Self.everyIDMapped)
        } throws: { error in
            "\(error)".contains("is inside \(layout.parent), which is open to other users (mode 775)")
        }
    }

    @Test("a state folder that is 0770 of the user's private group is accepted; of a shared group it is refused")
    func stateFolderGroup() throws {
        let layout = Layout(parentMode: 0o755)
        chmod(layout.state, 0o770)
        try StateFolder.claim(layout.state, accounts: Self.accounts(group: layout.group), namespace: Self.everyIDMapped)
        #expect {
            try StateFolder.claim(layout.state, accounts: Self.accounts(group: layout.group, sharedWith: "them"),
                                  namespace: Self.everyIDMapped)
        } throws: { error in
            "\(error)".contains("is open to other users (mode 770)")
        }
    }

    @Test("everyone's write bit is refused whatever the group",
          arguments: [0o777 as mode_t, 0o757])
    func othersWrite(mode: mode_t) {
        let layout = Layout(parentMode: mode)
        #expect(throws: StateFolder.ParentOpen.self) {
            try StateFolder.claim(layout.state, accounts: Self.accounts(group: layout.group), namespace: Self.everyIDMapped)
        }
    }

    @Test("uid_map: the overflow id is unmapped only where the namespace does not map it")
    func namespaceMap() {
        let sandbox = UserNamespace(uidMap: "      1000       1000          1\n")
        #expect(sandbox.isUnmapped(65534))
        #expect(!sandbox.isUnmapped(1000))
        #expect(!sandbox.isUnmapped(0))
        #expect(!Self.everyIDMapped.isUnmapped(65534), "outside any namespace 65534 is a real user, nobody")
    }

    @Test("in a namespace that maps only the user, a folder above that shows as the overflow id is said to be uncheckable, with what works",
          .enabled(if: geteuid() == 0))
    func unmappedOwner() {
        let layout = Layout(parentMode: 0o755)
        // What a bubblewrap sandbox shows of root's or another user's folder.
        #expect(chown(layout.parent, 65534, 65534) == 0)
        let sandbox = UserNamespace(uidMap: "0 0 1\n")
        #expect {
            try StateFolder.claim(layout.state, accounts: Self.accounts(group: 0), namespace: sandbox)
        } throws: { error in
            let words = "\(error)"
            return words.contains("is inside \(layout.parent), which shows as user id 65534")
                && words.contains("cannot check who may write in the folders above the state folder")
                && words.contains("--state-dir DIR or XDG_STATE_HOME")
                && words.contains("run bmd outside the namespace and reach it through its socket (--socket PATH or BMD_SOCKET)")
                && !words.contains("chmod")
        }
    }

    @Test("outside a namespace, the same folder is another user's, and said so")
    func realNobody() {
        let error = StateFolder.ParentOpen(path: "/p/state", parent: "/p", mode: 0o40755, owner: 65534)
        #expect("\(error)".contains("/p, which belongs to user id 65534"))
    }
}

/// A count that closures of any thread may add to.
final class LockedCount: @unchecked Sendable {  // guarded by its lock
    private var count = 0
    private let lock = NSLock()
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
