#ifndef BETTER_MORNING_CSYSTEMD_H
#define BETTER_MORNING_CSYSTEMD_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

/* sd-bus, libsystemd's D-Bus client, for what bmd asks the session bus while it shows
   nothing: whether a notification server is there, who it is, and what it says of its
   notifications. sd-bus's calls that take variable arguments do not reach Swift; these
   helpers take the few shapes bmd needs. */

/* Makes a method call to `member` with no argument, or with one string `argument` when it
   is not NULL. */
static inline int bm_bus_new_call(sd_bus *bus, sd_bus_message **call, const char *destination, const char *path,
                                  const char *interface, const char *member, const char *argument) {
    int r = sd_bus_message_new_method_call(bus, call, destination, path, interface, member);
    if (r < 0) return r;
    if (argument != NULL) {
        r = sd_bus_message_append(*call, "s", argument);
        if (r < 0) {
            *call = sd_bus_message_unref(*call);
            return r;
        }
    }
    return 0;
}

/* Sends that call; `callback` gets the reply, or the error when none came within
   `timeout_usec`. */
static inline int bm_bus_call_async(sd_bus *bus, sd_bus_slot **slot, const char *destination, const char *path,
                                    const char *interface, const char *member, const char *argument,
                                    sd_bus_message_handler_t callback, void *userdata, uint64_t timeout_usec) {
    sd_bus_message *call = NULL;
    int r = bm_bus_new_call(bus, &call, destination, path, interface, member, argument);
    if (r < 0) return r;
    r = sd_bus_call_async(bus, slot, call, callback, userdata, timeout_usec);
    sd_bus_message_unref(call);
    return r;
}

/* Sends that call and waits up to `timeout_usec` for its reply. */
static inline int bm_bus_call(sd_bus *bus, const char *destination, const char *path, const char *interface,
                              const char *member, const char *argument, uint64_t timeout_usec, sd_bus_error *error,
                              sd_bus_message **reply) {
    sd_bus_message *call = NULL;
    int r = bm_bus_new_call(bus, &call, destination, path, interface, member, argument);
    if (r < 0) return r;
    r = sd_bus_call(bus, call, timeout_usec, error, reply);
    sd_bus_message_unref(call);
    return r;
}

/* Reads one string argument; the string belongs to `message`. */
static inline int bm_bus_read_string(sd_bus_message *message, const char **value) {
    return sd_bus_message_read(message, "s", value);
}

/* Reads NameOwnerChanged's three strings: the name, its old owner and its new one ("" for none). */
static inline int bm_bus_read_owner_change(sd_bus_message *message, const char **name, const char **old_owner,
                                           const char **new_owner) {
    return sd_bus_message_read(message, "sss", name, old_owner, new_owner);
}

/* Reads GetServerInformation's reply: the server's name, vendor, version and spec version. */
static inline int bm_bus_read_server_information(sd_bus_message *message, const char **name, const char **vendor,
                                                 const char **version, const char **spec) {
    return sd_bus_message_read(message, "ssss", name, vendor, version, spec);
}

/* Whether a reply of type `as` lists `wanted`. */
static inline int bm_bus_strv_contains(sd_bus_message *message, const char *wanted) {
    char **names = NULL;
    int found = 0;
    if (sd_bus_message_read_strv(message, &names) < 0 || names == NULL) return 0;
    for (char **name = names; *name != NULL; name++) {
        if (strcmp(*name, wanted) == 0) found = 1;
        free(*name);
    }
    free(names);
    return found;
}

/* Reads a notification server's signal: 1 for ActionInvoked, with the notification's id
   and the action's key; 2 for NotificationClosed, with the id; 3 for ActivationToken,
   with the id and the token in `key` (sent just before ActionInvoked, for the program the
   action brings up); 0 for any other message. `key` belongs to `message`. */
static inline int bm_bus_notification_signal(sd_bus_message *message, uint32_t *id, const char **key) {
    *key = NULL;
    const char *notifications = "org.freedesktop.Notifications";
    const char *path = sd_bus_message_get_path(message);
    if (path == NULL || strcmp(path, "/org/freedesktop/Notifications") != 0) return 0;
    if (sd_bus_message_is_signal(message, notifications, "ActionInvoked") > 0
        && sd_bus_message_has_signature(message, "us") > 0) {
        return sd_bus_message_read(message, "us", id, key) > 0 ? 1 : 0;
    }
    if (sd_bus_message_is_signal(message, notifications, "ActivationToken") > 0
        && sd_bus_message_has_signature(message, "us") > 0) {
        return sd_bus_message_read(message, "us", id, key) > 0 ? 3 : 0;
    }
    if (sd_bus_message_is_signal(message, notifications, "NotificationClosed") > 0
        && sd_bus_message_has_signature(message, "uu") > 0) {
        uint32_t reason = 0;
        return sd_bus_message_read(message, "uu", id, &reason) > 0 ? 2 : 0;
    }
    return 0;
}

/* A connection to the bus at `address` made to be a monitor (it only listens), connected. */
static inline int bm_bus_open_monitor(const char *address, sd_bus **bus) {
    sd_bus *made = NULL;
    int r = sd_bus_new(&made);
    if (r < 0) return r;
    if ((r = sd_bus_set_address(made, address)) < 0 || (r = sd_bus_set_bus_client(made, 1)) < 0
        || (r = sd_bus_set_monitor(made, 1)) < 0 || (r = sd_bus_start(made)) < 0) {
        sd_bus_unref(made);
        return r;
    }
    *bus = made;
    return 0;
}

/* Turns `bus`, opened by bm_bus_open_monitor, into a monitor of the signals a
   notification server sends about a notification (ActivationToken, ActionInvoked,
   NotificationClosed), whoever they are sent to.
   A server sends them to the client that showed the notification, by its unique bus
   name: after bmd restarts, that name is gone, and only a monitor still sees them. */
static inline int bm_bus_become_notification_monitor(sd_bus *bus, uint64_t timeout_usec, sd_bus_error *error) {
    static const char *rules[] = {
        "type='signal',interface='org.freedesktop.Notifications',member='ActivationToken'",
        "type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'",
        "type='signal',interface='org.freedesktop.Notifications',member='NotificationClosed'",
        NULL};
    sd_bus_message *call = NULL;
    int r = sd_bus_message_new_method_call(bus, &call, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                           "org.freedesktop.DBus.Monitoring", "BecomeMonitor");
    if (r < 0) return r;
    if ((r = sd_bus_message_append_strv(call, (char **)rules)) >= 0 && (r = sd_bus_message_append(call, "u", 0)) >= 0) {
        r = sd_bus_call(bus, call, timeout_usec, error, NULL);
    }
    sd_bus_message_unref(call);
    return r;
}

/* The GUID of the bus `bus` is connected to, as 32 hexadecimal digits and a NUL: each run
   of a session bus has its own. Waits for the connection to be made. */
static inline int bm_bus_guid(sd_bus *bus, char guid[33]) {
    sd_id128_t id;
    int r = sd_bus_get_bus_id(bus, &id);
    if (r < 0) return r;
    sd_id128_to_string(id, guid);
    return 0;
}
#endif
