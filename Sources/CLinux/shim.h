#ifndef BETTER_MORNING_CLINUX_H
#define BETTER_MORNING_CLINUX_H
/* Linux interfaces that Swift's Glibc module leaves out. */
#include <sys/types.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <locale.h>
#include <langinfo.h>
#include <malloc.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/memfd.h>
#include <pthread.h>
#include <sys/mman.h>

/* Names the calling thread (at most 15 bytes are kept); prctl is variadic, which
   Swift cannot call. */
static inline int bm_name_this_thread(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
}

/* A file in memory of `size` bytes that can neither grow nor shrink (or -1): written
   past its end, a write fails. memfd_create and the seals are declared only under
   _GNU_SOURCE, so they are reached here, by the kernel's numbers. */
static inline int bm_sealed_memory_file(const char *name, long size) {
    int fd = (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    const int add_seals = 1024 + 9;       /* F_ADD_SEALS */
    const int shrink = 0x0002, grow = 0x0004;  /* F_SEAL_SHRINK, F_SEAL_GROW */
    if (ftruncate(fd, size) != 0 || fcntl(fd, add_seals, shrink | grow) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* The layout of struct ucred (SO_PEERCRED), which glibc only declares under
   _GNU_SOURCE and so Swift's Glibc module does not see. */
struct bm_peer_credentials {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};
/* The first day of the week as the C library's data for the locale `name` has it
   (the locale's LC_TIME `week` and `first_weekday`, as cal and GNOME read them):
   1 = Sunday ... 7 = Saturday, or 0 when no such locale is installed. */
static inline int bm_first_weekday(const char *name) {
    locale_t locale = newlocale(LC_TIME_MASK, name, (locale_t)0);
    if (locale == (locale_t)0) return 0;
    /* A date whose weekday is day 1 of the week, such as 19971130 (a Sunday), and
       which day of the week comes first, counted from it. */
    union { const char *string; unsigned int word; } week_start;
    week_start.string = nl_langinfo_l(_NL_TIME_WEEK_1STDAY, locale);
    int first = nl_langinfo_l(_NL_TIME_FIRST_WEEKDAY, locale)[0];
    freelocale(locale);
    int year = (int)(week_start.word / 10000), month = (int)(week_start.word / 100 % 100), day = (int)(week_start.word % 100);
    if (month < 1 || month > 12 || day < 1 || day > 31 || first < 1 || first > 7) return 0;
    /* The weekday of that date, 0 = Sunday (Sakamoto's method). */
    static const int offsets[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
    if (month < 3) year -= 1;
    int weekday = (year + year / 4 - year / 100 + year / 400 + offsets[month - 1] + day) % 7;
    return (weekday + first - 1) % 7 + 1;
}

/* SQLite's own configuration (sqlite3_config is variadic, which Swift cannot call),
   declared here rather than by including sqlite3.h so that programs without SQLite
   can import this module: only bmd calls it, and it links SQLite. */
extern int sqlite3_config(int, ...);
/* No page cache allocated ahead of use: by default each connection takes room for 20
   pages at once and writes a header into every one of them, 87 KiB per connection
   written whether or not its database has that many pages. Pages are then taken one
   by one as they are read. Call before SQLite opens anything (it refuses afterwards). */
static inline int bm_sqlite_page_cache_on_demand(void) {
    const int page_cache = 7;  /* SQLITE_CONFIG_PAGECACHE: no buffer, no size, no pages */
    return sqlite3_config(page_cache, (void *)0, 0, 0);
}

/* Gives back the pages of the calling thread's stack below its current depth, beyond a
   margin of `margin` bytes: what a deep call wrote there earlier stays the process's own
   memory though nothing reads it again (a deeper call later finds fresh zeroed pages).
   Call it where the thread is shallow and about to wait. pthread_getattr_np is declared
   only under _GNU_SOURCE, hence here. */
extern int pthread_getattr_np(pthread_t thread, pthread_attr_t *attributes);
static inline void bm_drop_stack_below_here(unsigned long margin) {
    char here = 0;
    __asm__ volatile("" : : "r"(&here) : "memory");
    unsigned long depth = (unsigned long)&here;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;
    void *base = NULL;
    size_t size = 0;
    int found = pthread_attr_getstack(&attributes, &base, &size);
    pthread_attr_destroy(&attributes);
    unsigned long low = (unsigned long)base;
    if (found != 0 || depth <= low + margin || depth >= low + size) return;
    unsigned long end = (depth - margin) & ~4095UL;
    /* The main thread's range starts below its mapping, which grows on demand: madvise
       still drops what is mapped, and says ENOMEM for the rest. */
    if (end > low) madvise((void *)low, end - low, MADV_DONTNEED);
}

/* Swift's concurrency runtime asks this hook, when it is set, to run each task it
   would otherwise hand to libdispatch's pool. Declared here so that bmd sets it by
   name, resolved when bmd is linked: with Swift's runtime linked in (-static-stdlib),
   the toolchain links its libraries with --exclude-libs ALL, so the program exports
   none of their symbols and a lookup by dlsym (swift-nio's way) finds nothing. */
extern void *_Nullable swift_task_enqueueGlobal_hook;
/* Read and set before any task runs, on the main thread alone. */
static inline void *_Nullable bm_task_enqueue_hook(void) { return swift_task_enqueueGlobal_hook; }
static inline void bm_set_task_enqueue_hook(void *_Nullable hook) { swift_task_enqueueGlobal_hook = hook; }
#endif
