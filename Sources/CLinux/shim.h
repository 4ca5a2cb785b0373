#ifndef BETTER_MORNING_CLINUX_H
#define BETTER_MORNING_CLINUX_H
/* Linux interfaces that Swift's Glibc module leaves out. */
#include <sys/types.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>

/* The layout of struct ucred (SO_PEERCRED), which glibc only declares under
   _GNU_SOURCE and so Swift's Glibc module does not see. */
struct bm_peer_credentials {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};
#endif
