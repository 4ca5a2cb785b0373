#if canImport(Glibc)
import Glibc
#endif

/// What the system's account database says about a group, as bmd's checks of the state
/// folder need it: the real lookups (`system`), or facts a test hands in.
///
/// bmd's alone: the C library's account lookups load NSS modules at run time, which a
/// static program such as bmctl cannot (it crashes), and the socket's folder, which bmd
/// makes 0700 itself, needs no such leniency.
public struct AccountFacts: Sendable {
    /// The login names listed as members of the group; nil when there is no such group.
    public var listedMembers: @Sendable (gid_t) -> [String]?
    /// The user ids of every account whose primary group it is.
    public var primaryMembers: @Sendable (gid_t) -> [uid_t]
    /// The login name of a user id; nil when it has none.
    public var loginName: @Sendable (uid_t) -> String?

    public init(listedMembers: @escaping @Sendable (gid_t) -> [String]?,
                primaryMembers: @escaping @Sendable (gid_t) -> [uid_t],
                loginName: @escaping @Sendable (uid_t) -> String?) {
        self.listedMembers = listedMembers
        self.primaryMembers = primaryMembers
        self.loginName = loginName
    }

    /// The group and passwd databases, through the C library (files, LDAP, whatever
    /// nsswitch names).
    public static let system = AccountFacts(
        listedMembers: { gid in
            guard let group = getgrgid(gid) else { return nil }
            var names: [String] = []
            var member = group.pointee.gr_mem
            while let pointer = member, let name = pointer.pointee {
                names.append(String(cString: name))
                member = pointer + 1
            }
            return names
        },
        primaryMembers: { gid in
            // The passwd database has one cursor per process: walk it whole, then close it.
            setpwent()
            defer { endpwent() }
            var users: [uid_t] = []
            while let entry = getpwent() {
                if entry.pointee.pw_gid == gid { users.append(entry.pointee.pw_uid) }
            }
            return users
        },
        loginName: { uid in getpwuid(uid).map { String(cString: $0.pointee.pw_name) } })

    /// Whether group `gid` is `uid`'s alone: the user belongs to it (as their primary
    /// group, or listed as its member) and no one else does. Such a group, as the private
    /// group most systems give each user, lets in no one but the user, so a folder it may
    /// write in is as safe as one only the user may write in (ssh judges its files so).
    /// A group with no member at all is not one: programs that run with it (setgid) could write.
    public func groupIsPrivate(_ gid: gid_t, to uid: uid_t) -> Bool {
        guard let listed = listedMembers(gid) else { return false }
        let primary = primaryMembers(gid)
        guard primary.allSatisfy({ $0 == uid }) else { return false }
        if !listed.isEmpty {
            guard let name = loginName(uid), listed.allSatisfy({ $0 == name }) else { return false }
            return true
        }
        return !primary.isEmpty
    }

    /// The permission bits of a file of group `gid` with `mode` that let in someone other
    /// than `uid` (and its owner): the others' bits, and the group's unless the group is
    /// `uid`'s alone. The databases are asked only when the group has a permission.
    public func bitsOpenToOthers(mode: mode_t, group gid: gid_t, uid: uid_t) -> mode_t {
        let others = mode & 0o007
        let group = mode & 0o070
        if group == 0 || groupIsPrivate(gid, to: uid) { return others }
        return group | others
    }
}
