import Foundation

/// The first day of the week for a locale name such as `en_US.UTF-8` (H2).
enum Weekdays {
    private static let cache = Mutex<[String: Int]>([:])

    /// 1 = Sunday … 7 = Saturday. Without a usable locale, Monday (ISO 8601).
    static func first(locale: String?) -> Int {
        var id = locale ?? ""
        if let cut = id.firstIndex(where: { $0 == "." || $0 == "@" }) { id = String(id[..<cut]) }
        guard !id.isEmpty, id != "C", id != "POSIX" else { return 2 }
        if let known = cache.withLock({ $0[id] }) { return known }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: id)
        let first = calendar.firstWeekday
        cache.withLock { $0[id] = first }
        return first
    }
}
