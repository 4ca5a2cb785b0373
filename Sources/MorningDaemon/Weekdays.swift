import Foundation

/// The first day of the week for a locale name such as `en_US.UTF-8` (H2).
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
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: id)
        let first = calendar.firstWeekday
        cache.withLock { if $0.count < cacheLimit { $0[id] = first } }
        return first
    }

    /// How many names are cached (for tests).
    static var cachedCount: Int { cache.withLock { $0.count } }
}
