#ifndef BETTER_MORNING_CSYSTEMD_H
#define BETTER_MORNING_CSYSTEMD_H
#include <systemd/sd-daemon.h>
#include <sys/types.h>

/* The layout of struct ucred (SO_PEERCRED), which glibc only declares under
   _GNU_SOURCE and so Swift's Glibc module does not see. */
struct bm_peer_credentials {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};
#endif
