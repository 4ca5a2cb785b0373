/* A disk whose every flush takes FLUSH_MS (default 4) milliseconds longer, for bench/load:
 * loaded into bmd with LD_PRELOAD, it waits before each fsync and fdatasync, then lets
 * the real call go on. A slow flush is what sets the pace of durable writes on a busy or
 * rotating disk; this makes that case the same on every machine the bench runs on. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void wait_flush(void) {
    static long nanoseconds = -1;
    if (nanoseconds < 0) {
        const char *ms = getenv("FLUSH_MS");
        nanoseconds = (ms ? atol(ms) : 4) * 1000000L;
    }
    struct timespec pause = {nanoseconds / 1000000000L, nanoseconds % 1000000000L};
    while (nanosleep(&pause, &pause) != 0) {}
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    wait_flush();
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    wait_flush();
    return real(fd);
}
