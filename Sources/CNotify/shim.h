#ifndef BETTER_MORNING_CNOTIFY_H
#define BETTER_MORNING_CNOTIFY_H
/* libnotify, and through it GLib, GObject and GIO (GError, GMainContext, the
   session bus connection), for bmd's desktop notifications. */
#include <libnotify/notify.h>
#endif
