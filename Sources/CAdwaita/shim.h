#ifndef BETTER_MORNING_CADWAITA_H
#define BETTER_MORNING_CADWAITA_H
/* GTK 4 and libadwaita for the window, with the few helpers Swift cannot write itself:
   macros and variadic C do not reach Swift. */
#if !__has_include(<adwaita.h>)
#error "the window (better-morning) needs libadwaita's development files: apt-get install libadwaita-1-dev (make test installs them)"
#endif
#include <adwaita.h>
#include <glib-unix.h>

/* MARK: Variadic and macro helpers */

/* The name a screen reader reads for `widget`, whole: GTK would add to it the text of the
   widgets `widget` is labelled and described by, which libadwaita's rows set to their
   title and subtitle (on the row and on its activatable widget), so the title would be
   read twice. Each label given here already says what the title and subtitle say. */
static inline void bm_set_accessible_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
}

/* A description a screen reader reads after the name. */
static inline void bm_set_accessible_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* Whether `widget` is the one chosen of its group, as a screen reader says it
   ("selected"): the date scroller's chosen date. */
static inline void bm_set_accessible_selected(GtkWidget *widget, gboolean selected) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

/* Emits a widget's "activate" as Enter in an entry does (GtkEntry has no activation of
   its own for gtk_widget_activate): the widget tests press Enter with it. */
static inline void bm_emit_activate(GtkWidget *widget) {
    g_signal_emit_by_name(widget, "activate");
}

#endif
