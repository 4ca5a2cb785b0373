#ifndef BETTER_MORNING_CLINUX_H
#define BETTER_MORNING_CLINUX_H
/* Linux interfaces that Swift's Glibc module leaves out. */
#include <sys/types.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/prctl.h>

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
#endif
