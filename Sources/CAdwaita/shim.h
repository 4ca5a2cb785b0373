#ifndef BETTER_MORNING_CADWAITA_H
#define BETTER_MORNING_CADWAITA_H
/* GTK 4 and libadwaita for the window, with the few helpers Swift cannot write itself:
   macros and variadic C do not reach Swift, and the Swift runtime's hooks use Swift's
   own calling convention, which only C written for it can take. */
#if !__has_include(<adwaita.h>)
#error "the window (better-morning) needs libadwaita's development files: apt-get install libadwaita-1-dev (make test installs them)"
#endif
#include <adwaita.h>
#include <glib-unix.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

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

/* MARK: libdispatch's main queue under GLib's loop

   Swift's main actor runs on libdispatch's main queue, which nothing drains while
   g_application_run owns the main thread. libdispatch wakes an eventfd when the main
   queue has work; watching that descriptor from GLib drains the queue in GLib's loop.
   Both functions are exported by libdispatch for exactly this (CoreFoundation's run
   loop uses them) but declared in no installed header. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static inline gboolean bm_drain_main_queue(gint fd, GIOCondition condition, gpointer data) {
    (void)condition; (void)data;
    uint64_t count = 0;
    /* The eventfd counts wake-ups; reading it resets it, so the watch sleeps again. */
    ssize_t ignored = read(fd, &count, sizeof count);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

/* Watches the main queue from the default GLib context; returns the source's id. */
static inline guint bm_watch_main_queue(void) {
    return g_unix_fd_add(_dispatch_get_main_queue_handle_4CF(), G_IO_IN, bm_drain_main_queue, NULL);
}

/* MARK: The runtime's global executor on GLib's loop

   Work not bound to an actor (a task's continuation resumed, a nonisolated async
   function) goes to the runtime's global executor, which on Linux is libdispatch's
   thread pool: its first job starts a worker thread that then wakes once a second for
   the life of the process. The runtime lets a program replace that executor through
   three hooks; these send each job to GLib's main loop instead, where it runs on the
   main thread between events, and the process sleeps when nothing is due. */
typedef void *bm_job;
typedef void (*bm_enqueue_original)(bm_job job) __attribute__((swiftcall));
typedef void (*bm_enqueue_delay_original)(unsigned long long delay, bm_job job) __attribute__((swiftcall));
typedef void (*bm_enqueue_deadline_original)(long long sec, long long nsec, long long tsec, long long tnsec,
                                             int clock, bm_job job) __attribute__((swiftcall));

extern void (*swift_task_enqueueGlobal_hook)(bm_job job, bm_enqueue_original original) __attribute__((swiftcall));
extern void (*swift_task_enqueueGlobalWithDelay_hook)(unsigned long long delay, bm_job job,
                                                      bm_enqueue_delay_original original) __attribute__((swiftcall));
extern void (*swift_task_enqueueGlobalWithDeadline_hook)(long long sec, long long nsec, long long tsec,
                                                         long long tnsec, int clock, bm_job job,
                                                         bm_enqueue_deadline_original original) __attribute__((swiftcall));
/* Runs a job on an executor: the generic one is two zero words (identity, implementation). */
extern void swift_job_run(bm_job job, void *executor_identity, uintptr_t executor_implementation) __attribute__((swiftcall));

static inline gboolean bm_run_job(gpointer job) {
    swift_job_run(job, NULL, 0);
    return G_SOURCE_REMOVE;
}

/* A job for the next turn of the loop. */
static inline __attribute__((swiftcall)) void bm_enqueue_now(bm_job job, bm_enqueue_original original) {
    (void)original;
    g_idle_add_full(G_PRIORITY_DEFAULT, bm_run_job, job, NULL);
}

static inline void bm_enqueue_after(unsigned long long nanoseconds, bm_job job) {
    if (nanoseconds == 0) {
        g_idle_add_full(G_PRIORITY_DEFAULT, bm_run_job, job, NULL);
        return;
    }
    /* Rounded up: a job never runs before its time. */
    unsigned long long ms = (nanoseconds + 999999ULL) / 1000000ULL;
    g_timeout_add_full(G_PRIORITY_DEFAULT, ms > G_MAXUINT ? G_MAXUINT : (guint)ms, bm_run_job, job, NULL);
}

static inline __attribute__((swiftcall)) void bm_enqueue_delay(unsigned long long delay, bm_job job,
                                                               bm_enqueue_delay_original original) {
    (void)original;
    bm_enqueue_after(delay, job);
}

/* The runtime's clocks: 1 is the continuous clock (counting while suspended), 2 the
   suspending one. */
static inline __attribute__((swiftcall)) void bm_enqueue_deadline(long long sec, long long nsec, long long tsec,
                                                                  long long tnsec, int clock, bm_job job,
                                                                  bm_enqueue_deadline_original original) {
    (void)tsec; (void)tnsec; (void)original;
    struct timespec now;
    clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &now);
    long long left = (sec - (long long)now.tv_sec) * 1000000000LL + (nsec - (long long)now.tv_nsec);
    bm_enqueue_after(left > 0 ? (unsigned long long)left : 0, job);
}

/* Sends the global executor's jobs to GLib's default main context from now on. */
static inline void bm_route_global_jobs_to_glib(void) {
    swift_task_enqueueGlobal_hook = bm_enqueue_now;
    swift_task_enqueueGlobalWithDelay_hook = bm_enqueue_delay;
    swift_task_enqueueGlobalWithDeadline_hook = bm_enqueue_deadline;
}

#endif
