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

/* Names the calling thread (at most 15 bytes are kept); prctl is variadic, which
   Swift cannot call. */
static inline int bm_name_this_thread(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
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
#endif
