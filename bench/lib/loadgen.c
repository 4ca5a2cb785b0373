/* The load generator of bench/load: CLIENTS connections to bmd's socket, each with one
 * call outstanding at a time, as a real client has, for SECONDS. One thread and epoll,
 * so that the generator costs little beside bmd on a small machine (the Python asyncio
 * one it replaces used as much CPU as bmd and set the pace itself).
 *
 * MODE read sends Status; MODE write has each client turn its own task of today
 * (number % 20 + 1) on and off with Check and Uncheck.
 *
 * Prints one line: calls changed errors elapsed_s p50_ms p99_ms cpu_s
 * (changed counts the replies that said "changed":true; cpu_s is this process's user
 * plus system time; the percentiles are nearest rank, as benchlib.percentile's).
 *
 * Usage: loadgen SOCKET read|write CLIENTS SECONDS
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define METHOD "org.bettermorning.Morning."

struct client {
    int fd;
    int number;
    int done;          /* whether its task is checked, in write mode */
    double sent;       /* when the call outstanding was sent, in s */
    char *buffer;      /* bytes of the reply read so far */
    size_t length, capacity;
};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void fail(const char *what) {
    perror(what);
    exit(2);
}

static double *latencies;
static size_t latency_count, latency_capacity;

static void record(double ms) {
    if (latency_count == latency_capacity) {
        latency_capacity = latency_capacity ? 2 * latency_capacity : 1 << 16;
        latencies = realloc(latencies, latency_capacity * sizeof *latencies);
        if (!latencies) fail("realloc");
    }
    latencies[latency_count++] = ms;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double p) {
    if (latency_count == 0) return 0.0 / 0.0;
    size_t i = (size_t)(latency_count * p / 100);
    return latencies[i < latency_count ? i : latency_count - 1];
}

static int write_mode;

static void send_call(struct client *c) {
    char message[256];
    int n;
    if (write_mode)
        n = snprintf(message, sizeof message, "{\"method\":\"" METHOD "%s\",\"parameters\":{\"task\":\"%d\"}}",
                     c->done ? "Uncheck" : "Check", c->number % 20 + 1);
    else
        n = snprintf(message, sizeof message, "{\"method\":\"" METHOD "Status\"}");
    n += 1; /* the NUL that ends the frame */
    c->sent = now();
    /* The socket is blocking for writes: a call of a few dozen bytes always fits. */
    for (int off = 0; off < n;) {
        ssize_t w = write(c->fd, message + off, n - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            fail("write");
        }
        off += w;
    }
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: loadgen SOCKET read|write CLIENTS SECONDS\n");
        return 2;
    }
    const char *path = argv[1];
    write_mode = strcmp(argv[2], "write") == 0;
    int count = atoi(argv[3]);
    double seconds = atof(argv[4]);

    int epoll = epoll_create1(0);
    if (epoll < 0) fail("epoll_create1");
    struct client *clients = calloc(count, sizeof *clients);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, path, sizeof address.sun_path - 1);
    for (int i = 0; i < count; i++) {
        struct client *c = &clients[i];
        c->number = i;
        c->fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (c->fd < 0) fail("socket");
        if (connect(c->fd, (struct sockaddr *)&address, sizeof address) < 0) fail("connect");
        c->capacity = 1 << 16;
        c->buffer = malloc(c->capacity);
        struct epoll_event event = {.events = EPOLLIN, .data.ptr = c};
        if (epoll_ctl(epoll, EPOLL_CTL_ADD, c->fd, &event) < 0) fail("epoll_ctl");
    }

    long calls = 0, changed = 0, errors = 0;
    int outstanding = 0;
    double start = now(), deadline = start + seconds;
    for (int i = 0; i < count; i++) {
        send_call(&clients[i]);
        outstanding++;
    }
    struct epoll_event events[256];
    while (outstanding > 0) {
        int ready = epoll_wait(epoll, events, 256, 10000);
        if (ready < 0) {
            if (errno == EINTR) continue;
            fail("epoll_wait");
        }
        if (ready == 0) {
            fprintf(stderr, "loadgen: no reply from bmd in 10 s\n");
            return 1;
        }
        for (int e = 0; e < ready; e++) {
            struct client *c = events[e].data.ptr;
            if (c->length == c->capacity) {
                c->capacity *= 2;
                c->buffer = realloc(c->buffer, c->capacity);
                if (!c->buffer) fail("realloc");
            }
            ssize_t r = recv(c->fd, c->buffer + c->length, c->capacity - c->length, MSG_DONTWAIT);
            if (r < 0 && (errno == EAGAIN || errno == EINTR)) continue;
            if (r <= 0) {
                fprintf(stderr, "loadgen: bmd closed a connection\n");
                return 1;
            }
            size_t scanned = c->length;
            c->length += r;
            char *end = memchr(c->buffer + scanned, 0, c->length - scanned);
            if (!end) continue;
            /* One call outstanding: the reply is the only frame, so nothing follows its NUL. */
            double t = now();
            record((t - c->sent) * 1000);
            if (strncmp(c->buffer, "{\"error\"", 8) == 0) {
                errors++;
            } else {
                calls++;
                if (write_mode) {
                    c->done = !c->done;
                    if (strstr(c->buffer, "\"changed\":true")) changed++;
                }
            }
            c->length = 0;
            if (t < deadline) {
                send_call(c);
            } else {
                outstanding--;
            }
        }
    }
    double elapsed = now() - start;
    for (int i = 0; i < count; i++) close(clients[i].fd);

    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    qsort(latencies, latency_count, sizeof *latencies, by_value);
    printf("%ld %ld %ld %.6f %.4f %.4f %.6f\n", calls, changed, errors, elapsed, percentile(50), percentile(99), cpu);
    return 0;
}
