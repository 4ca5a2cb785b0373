#ifndef BETTER_MORNING_WINDOW_RESOURCES_H
#define BETTER_MORNING_WINDOW_RESOURCES_H
/* The window's resources, compiled into WindowResources.c by glib-compile-resources
   (scripts/compile-window-resources, which make generate runs): GLib finds them by
   their paths once they are registered. Declared here without GLib's headers, which
   the window reaches through CAdwaita. */

/* Registers the resources with GLib; once is enough. */
void window_resources_register_resource(void);

#endif
