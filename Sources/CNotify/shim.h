#ifndef BETTER_MORNING_CNOTIFY_H
#define BETTER_MORNING_CNOTIFY_H
/* libnotify, and through it GLib, GObject and GIO (GError, GMainContext, the
   session bus connection), for bmd's desktop notifications.

   bmd is not linked with them: loaded, they write some 180 KiB of their own data pages,
   GObject's type system and a thread's stack, held for the whole session by a bmd that
   may never show anything. bmd loads them the first time it needs the session bus for
   notifications (`NotifyLibraries`) and calls every function through the table below,
   filled from the loaded libraries. Only their types and constants are taken from the
   headers. */
#include <libnotify/notify.h>

/* Every function of libnotify, GLib, GObject and GIO that bmd calls, by name. */
#define BM_NOTIFY_FUNCTIONS(X) \
    X(notify_init) X(notify_uninit) X(notify_is_initted) X(notify_notification_new) \
    X(notify_notification_show) X(notify_notification_set_hint_string) X(notify_notification_add_action) \
    X(notify_notification_set_urgency) X(notify_notification_set_timeout) X(notify_notification_set_category) \
    X(g_free) X(g_strcmp0) X(g_error_free) X(g_object_ref) X(g_object_unref) X(g_object_get) \
    X(g_main_context_new) X(g_main_context_unref) X(g_main_context_push_thread_default) \
    X(g_main_context_pop_thread_default) X(g_main_context_iteration) \
    X(g_variant_unref) X(g_variant_ref_sink) X(g_variant_print) X(g_variant_get_type_string) \
    X(g_variant_get_child_value) X(g_variant_is_of_type) X(g_variant_get) X(g_variant_get_string) \
    X(g_variant_get_strv) X(g_variant_new) X(g_variant_new_string) X(g_variant_new_uint32) X(g_variant_new_tuple) \
    X(g_variant_new_array) X(g_variant_builder_init) X(g_variant_builder_add) \
    X(g_dbus_error_quark) X(g_io_error_quark) X(g_dbus_error_strip_remote_error) \
    X(g_bus_get_sync) X(g_dbus_connection_call_sync) X(g_dbus_connection_is_closed) \
    X(g_dbus_connection_set_exit_on_close) X(g_dbus_connection_get_guid) X(g_dbus_connection_add_filter) \
    X(g_dbus_message_get_message_type) X(g_dbus_message_get_interface) X(g_dbus_message_get_path) \
    X(g_dbus_message_get_sender) X(g_dbus_message_get_member) X(g_dbus_message_get_body)

/* The functions, each with its own name and type. */
typedef struct bm_notify_functions {
#define BM_NOTIFY_FIELD(name) __typeof__(name) *_Nonnull name;
    BM_NOTIFY_FUNCTIONS(BM_NOTIFY_FIELD)
#undef BM_NOTIFY_FIELD
} bm_notify_functions;

/* Fills `table` by asking `lookup` for each function by name; the name of the first one
   it could not find, or NULL when it found them all. */
static inline const char *bm_notify_resolve(bm_notify_functions *table,
                                            void *(*lookup)(const char *name, void *context), void *context) {
#define BM_NOTIFY_RESOLVE(name) \
    { \
        void *found = lookup(#name, context); \
        if (found == NULL) return #name; \
        table->name = (__typeof__(name) *)found; \
    }
    BM_NOTIFY_FUNCTIONS(BM_NOTIFY_RESOLVE)
#undef BM_NOTIFY_RESOLVE
    return NULL;
}

/* The id the server gave a notification it showed (0 before): a GObject property,
   read here because g_object_get's variable arguments do not reach Swift. */
static inline guint32 bm_notification_id(const bm_notify_functions *g, NotifyNotification *notification) {
    gint id = 0;
    g->g_object_get(notification, "id", &id, NULL);
    return (guint32)id;
}
/* Reads a notification server's signal: 1 for ActionInvoked, with the notification's
   id and the action's key (borrowed from `parameters`); 2 for NotificationClosed, with
   the id; 3 for ActivationToken, with the id and the token in `key` (a server sends it
   just before ActionInvoked, for the program the action brings up); 0 for anything else. */
static inline int bm_notification_signal(const bm_notify_functions *g, const gchar *member, GVariant *parameters, guint32 *id, const gchar **key) {
    *key = NULL;
    if (member == NULL || parameters == NULL) return 0;
    if (g->g_strcmp0(member, "ActionInvoked") == 0 && g->g_variant_is_of_type(parameters, ((const GVariantType *)"(us)"))) {
        g->g_variant_get(parameters, "(u&s)", id, key);
        return 1;
    }
    if (g->g_strcmp0(member, "ActivationToken") == 0 && g->g_variant_is_of_type(parameters, ((const GVariantType *)"(us)"))) {
        g->g_variant_get(parameters, "(u&s)", id, key);
        return 3;
    }
    if (g->g_strcmp0(member, "NotificationClosed") == 0 && g->g_variant_is_of_type(parameters, ((const GVariantType *)"(uu)"))) {
        guint32 reason = 0;
        g->g_variant_get(parameters, "(uu)", id, &reason);
        return 2;
    }
    return 0;
}

/* The same, for a signal a monitor connection received as `message`; `sender` is the
   unique bus name the bus says sent it. */
static inline int bm_notification_message(const bm_notify_functions *g, GDBusMessage *message, guint32 *id, const gchar **key, const gchar **sender) {
    *key = NULL;
    *sender = NULL;
    if (g->g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_SIGNAL) return 0;
    if (g->g_strcmp0(g->g_dbus_message_get_interface(message), "org.freedesktop.Notifications") != 0) return 0;
    if (g->g_strcmp0(g->g_dbus_message_get_path(message), "/org/freedesktop/Notifications") != 0) return 0;
    *sender = g->g_dbus_message_get_sender(message);
    if (*sender == NULL) return 0;
    return bm_notification_signal(g, g->g_dbus_message_get_member(message), g->g_dbus_message_get_body(message), id, key);
}

/* The parameters of org.freedesktop.Application.ActivateAction for `action`, with no
   parameter: (sava{sv}). An activation token, when there is one, goes in the platform
   data under both names a toolkit reads it by: "activation-token" (Wayland's
   xdg-activation) and "desktop-startup-id" (X11 startup notification). A floating
   reference, for a call to take. */
static inline GVariant *bm_activate_action_parameters(const bm_notify_functions *g, const gchar *action, const gchar *activation_token) {
    GVariantBuilder platform;
    g->g_variant_builder_init(&platform, ((const GVariantType *)"a{sv}"));
    if (activation_token != NULL) {
        g->g_variant_builder_add(&platform, "{sv}", "activation-token", g->g_variant_new_string(activation_token));
        g->g_variant_builder_add(&platform, "{sv}", "desktop-startup-id", g->g_variant_new_string(activation_token));
    }
    return g->g_variant_new("(s@ava{sv})", action, g->g_variant_new_array((const GVariantType *)"v", NULL, 0), &platform);
}
#endif
