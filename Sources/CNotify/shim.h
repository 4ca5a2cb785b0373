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
#endif
