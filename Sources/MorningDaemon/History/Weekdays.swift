import CLinux
import Foundation
import Synchronization

/// The first day of the week for a locale name such as `en_US.UTF-8`.
///
/// Asked first of the C library's locale data (what `locale-gen` installed, the
/// `first_weekday` of the locale's LC_TIME), as `cal` and the desktop read it, so a
/// system's locale data is followed; a locale that is not installed is asked of
/// Foundation's copy of CLDR.
enum Weekdays {
    /// Looked-up answers, kept for at most `cacheLimit` names: clients choose the name, and
    /// one that sends endless different names must not grow bmd without bound.
    private static let cache = Mutex<[String: Int]>([:])
    static let cacheLimit = 64

    /// 1 = Sunday … 7 = Saturday. Without a usable locale, Monday (ISO 8601).
    static func first(locale: String?) -> Int {
        var id = locale ?? ""
        if let cut = id.firstIndex(where: { $0 == "." || $0 == "@" }) { id = String(id[..<cut]) }
        guard !id.isEmpty, id.count <= 32, id != "C", id != "POSIX",
              id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        else { return 2 }
        if let known = cache.withLock({ $0[id] }) { return known }
        let first = fromSystem(locale ?? id) ?? fromSystem(id) ?? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: id)
            return calendar.firstWeekday
        }()
        cache.withLock { if $0.count < cacheLimit { $0[id] = first } }
        return first
    }

    /// The C library's answer for an installed locale `name`; nil when it is not installed.
    /// Only names of letters, digits and `_-.@` are asked: a name is never a path.
    private static func fromSystem(_ name: String) -> Int? {
        guard name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.@".contains($0)) })
        else { return nil }
        let first = Int(bm_first_weekday(name))
        return (1...7).contains(first) ? first : nil
    }

    /// How many names are cached (for tests).
    static var cachedCount: Int { cache.withLock { $0.count } }
}
