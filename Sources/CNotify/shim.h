#ifndef BETTER_MORNING_CNOTIFY_H
#define BETTER_MORNING_CNOTIFY_H
/* libnotify, and through it GLib, GObject and GIO (GError, GMainContext, the
   session bus connection), for bmd's desktop notifications. */
#include <libnotify/notify.h>

/* The id the server gave a notification it showed (0 before): a GObject property,
   read here because g_object_get's variable arguments do not reach Swift. */
static inline guint32 bm_notification_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return (guint32)id;
}
/* Turns `connection` into a monitor of the signals a notification server sends about a
   notification (ActivationToken, ActionInvoked, NotificationClosed), whoever they are
   sent to.
   A server sends them to the client that showed the notification, by its unique bus
   name: after bmd restarts, that name is gone, and only a monitor still sees them.
   A monitor only listens; the bus refuses it anything else. */
static inline gboolean bm_become_notification_monitor(GDBusConnection *connection, gint timeout_ms, GError **error) {
    const gchar *rules[] = {
        "type='signal',interface='org.freedesktop.Notifications',member='ActivationToken'",
        "type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'",
        "type='signal',interface='org.freedesktop.Notifications',member='NotificationClosed'",
        NULL};
    GVariant *reply = g_dbus_connection_call_sync(
        connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.Monitoring",
        "BecomeMonitor", g_variant_new("(^asu)", rules, (guint32)0), NULL, G_DBUS_CALL_FLAGS_NONE, timeout_ms,
        NULL, error);
    if (reply == NULL) return FALSE;
    g_variant_unref(reply);
    return TRUE;
}

/* Reads a notification server's signal: 1 for ActionInvoked, with the notification's
   id and the action's key (borrowed from `parameters`); 2 for NotificationClosed, with
   the id; 3 for ActivationToken, with the id and the token in `key` (a server sends it
   just before ActionInvoked, for the program the action brings up); 0 for anything else. */
static inline int bm_notification_signal(const gchar *member, GVariant *parameters, guint32 *id, const gchar **key) {
    *key = NULL;
    if (member == NULL || parameters == NULL) return 0;
    if (g_strcmp0(member, "ActionInvoked") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(us)"))) {
        g_variant_get(parameters, "(u&s)", id, key);
        return 1;
    }
    if (g_strcmp0(member, "ActivationToken") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(us)"))) {
        g_variant_get(parameters, "(u&s)", id, key);
        return 3;
    }
    if (g_strcmp0(member, "NotificationClosed") == 0 && g_variant_is_of_type(parameters, G_VARIANT_TYPE("(uu)"))) {
        guint32 reason = 0;
        g_variant_get(parameters, "(uu)", id, &reason);
        return 2;
    }
    return 0;
}

/* The same, for a signal a monitor connection received as `message`; `sender` is the
   unique bus name the bus says sent it. */
static inline int bm_notification_message(GDBusMessage *message, guint32 *id, const gchar **key, const gchar **sender) {
    *key = NULL;
    *sender = NULL;
    if (g_dbus_message_get_message_type(message) != G_DBUS_MESSAGE_TYPE_SIGNAL) return 0;
    if (g_strcmp0(g_dbus_message_get_interface(message), "org.freedesktop.Notifications") != 0) return 0;
    if (g_strcmp0(g_dbus_message_get_path(message), "/org/freedesktop/Notifications") != 0) return 0;
    *sender = g_dbus_message_get_sender(message);
    if (*sender == NULL) return 0;
    return bm_notification_signal(g_dbus_message_get_member(message), g_dbus_message_get_body(message), id, key);
}

/* The parameters of org.freedesktop.Application.ActivateAction for `action`, with no
   parameter: (sava{sv}). An activation token, when there is one, goes in the platform
   data under both names a toolkit reads it by: "activation-token" (Wayland's
   xdg-activation) and "desktop-startup-id" (X11 startup notification). A floating
   reference, for a call to take. */
static inline GVariant *bm_activate_action_parameters(const gchar *action, const gchar *activation_token) {
    GVariantBuilder platform;
    g_variant_builder_init(&platform, G_VARIANT_TYPE("a{sv}"));
    if (activation_token != NULL) {
        g_variant_builder_add(&platform, "{sv}", "activation-token", g_variant_new_string(activation_token));
        g_variant_builder_add(&platform, "{sv}", "desktop-startup-id", g_variant_new_string(activation_token));
    }
    return g_variant_new("(s@ava{sv})", action, g_variant_new_array(G_VARIANT_TYPE_VARIANT, NULL, 0), &platform);
}
#endif
