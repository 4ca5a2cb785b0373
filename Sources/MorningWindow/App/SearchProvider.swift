import CAdwaita
import Glibc
import MorningClient
import MorningProtocol
import Varlink

/// GNOME Shell's search provider, served on the window's own bus name, so that the
/// Activities overview finds the morning: today's tasks with their state, the morning
/// itself and the famous routines (`SearchResults`), each opening the window there.
///
/// The shell starts the program for a search when it is not running (D-Bus activation,
/// no window) and asks on each key typed. bmd holds the answers in memory: a search asks
/// it for the famous routines, the status and today, on a thread of its own so the main
/// loop never waits, and keeps them for the narrower searches and the results' names
/// that follow. Nothing runs between searches.
@MainActor
enum SearchProvider {
    static let interface = "org.gnome.Shell.SearchProvider2"
    /// Below the application's own object path, as the search provider's .ini names it.
    static let pathSuffix = "/SearchProvider"
    /// How long a program the shell started for a search stays after the last one: the
    /// next key typed finds it running.
    nonisolated static let patience: guint = 10_000

    /// How a search reaches bmd; tests put in their own.
    static var fetch: @Sendable () -> SearchResults? = { fetchFromBmd(environment: .process) }
    /// What activating a result or "more results" does: open the window there.
    static var open: @MainActor (SearchResults.Target, guint32) -> Void = { _, _ in }
    /// bmd's answers for the search under way.
    static var latest: SearchResults?

    private static let definition = """
        <node><interface name="org.gnome.Shell.SearchProvider2">\
        <method name="GetInitialResultSet"><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>\
        <method name="GetSubsearchResultSet"><arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/>\
        <arg type="as" name="results" direction="out"/></method>\
        <method name="GetResultMetas"><arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/></method>\
        <method name="ActivateResult"><arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/>\
        <arg type="u" name="timestamp" direction="in"/></method>\
        <method name="LaunchSearch"><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>\
        </interface></node>
        """

    /// Serves the provider on the session bus's shared connection, which the application
    /// registers its name on too, below the application's object path ("/org/…/BetterMorning"
    /// for the id "org.….BetterMorning"). Whether it could: without a session bus there is
    /// no search to answer.
    @discardableResult
    static func register(applicationID: String) -> Bool {
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
        let path = "/" + applicationID.map { $0 == "." ? "/" : $0 == "-" ? "_" : String($0) }.joined()
        return register(on: connection, applicationPath: path)
    }

    /// Serves the provider on `connection` at the application's `path` + "/SearchProvider".
    @discardableResult
    static func register(on connection: OpaquePointer, applicationPath: String) -> Bool {
        guard let node = g_dbus_node_info_new_for_xml(definition, nil), let info = node.pointee.interfaces?[0] else { return false }
        // Kept for the program's life, as the registration is.
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusInterfaceVTable())
        table.pointee.method_call = methodCalled
        return g_dbus_connection_register_object(connection, applicationPath + pathSuffix, info, table, nil, nil, nil) != 0
    }

    /// One method call of the shell's; `invocation` is answered now or once bmd has.
    static func handle(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        switch method {
        case "GetInitialResultSet":
            let terms = strings(parameters, 0)
            nonisolated(unsafe) let invocation = invocation
            let application = g_application_get_default()
            if let application { g_application_hold(application) }
            OffThread.run(fetch) { results in
                latest = results
                answer(invocation, strings: results?.ids(for: terms) ?? [])
                if let application { g_application_release(application) }
            }
        case "GetSubsearchResultSet":
            // Narrowed from bmd's answers of the search under way: no new call.
            let previous = Set(strings(parameters, 0))
            answer(invocation, strings: (latest?.ids(for: strings(parameters, 1)) ?? []).filter(previous.contains))
        case "GetResultMetas":
            answer(invocation, metas: latest?.results(strings(parameters, 0)) ?? [])
        case "ActivateResult":
            let id = String(cString: g_variant_get_string(g_variant_get_child_value(parameters, 0), nil))
            open(SearchResults.target(of: id), g_variant_get_uint32(g_variant_get_child_value(parameters, 2)))
            g_dbus_method_invocation_return_value(invocation, nil)
        case "LaunchSearch":
            open(.routines, g_variant_get_uint32(g_variant_get_child_value(parameters, 1)))
            g_dbus_method_invocation_return_value(invocation, nil)
        default:
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "No such method: \(method)")
        }
    }

    /// bmd's answers for a search: the famous routines, the status and, while a routine
    /// runs today, today's tasks. Blocking, bounded by a second per call; run off the
    /// main thread. Nil when no bmd of the person's answers: a search starts none.
    nonisolated static func fetchFromBmd(environment: Environment) -> SearchResults? {
        let endpoint = Endpoint.resolve(socket: nil, autostart: false, environment: environment)
        guard let connection = try? DaemonSocket.connect(endpoint, environment: environment, timeoutSeconds: 1, events: { _ in })
        else { return nil }
        func ask<R: JSONCodable>(_ request: VarlinkRequest<R>) -> R? {
            guard let frame = try? connection.exchange(request.call.frame),
                  let reply = try? VarlinkReply(frame: frame), reply.error == nil else { return nil }
            return try? reply.parameters(R.self)
        }
        let status = ask(Morning.Call.status())
        let today = status?.phase == .running ? ask(Morning.Call.day(date: status?.date)) : nil
        return SearchResults(catalog: ask(Morning.Call.explore())?.routines ?? [], status: status, today: today)
    }

    // MARK: GVariant in and out

    /// The strings of the `index`th argument, an `as`.
    private static func strings(_ parameters: OpaquePointer, _ index: Int) -> [String] {
        let child = g_variant_get_child_value(parameters, gsize(index))
        defer { g_variant_unref(child) }
        var count: gsize = 0
        guard let array = g_variant_get_strv(child, &count) else { return [] }
        defer { g_free(array) }
        return (0..<Int(count)).compactMap { array[$0].map { String(cString: $0) } }
    }

    private static func answer(_ invocation: OpaquePointer, strings: [String]) {
        let list = withCStrings(strings) { g_variant_new_strv($0, gssize(strings.count)) }
        var tuple: [OpaquePointer?] = [list]
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&tuple, 1))
    }

    private static func answer(_ invocation: OpaquePointer, metas: [SearchResults.Result]) {
        let builder = g_variant_builder_new(g_variant_type_checked_("aa{sv}"))
        for result in metas {
            let entries = [("id", result.id), ("name", result.name), ("description", result.description), ("gicon", WindowApp.id)]
            var pairs: [OpaquePointer?] = entries.map { key, value in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(g_variant_new_string(value)))
            }
            g_variant_builder_add_value(builder, g_variant_new_array(g_variant_type_checked_("{sv}"), &pairs, gsize(pairs.count)))
        }
        var tuple: [OpaquePointer?] = [g_variant_builder_end(builder)]
        g_variant_builder_unref(builder)
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&tuple, 1))
    }
}

/// GDBus's method handler: the shell's calls, on the main thread.
private let methodCalled: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?,
                                          UnsafePointer<gchar>?, OpaquePointer?, OpaquePointer?, gpointer?) -> Void = {
    _, _, _, _, method, parameters, invocation, _ in
    guard let method, let parameters, let invocation else { return }
    nonisolated(unsafe) let call = (String(cString: method), parameters, invocation)
    MainActor.assumeIsolated { SearchProvider.handle(call.0, call.1, call.2) }
}
