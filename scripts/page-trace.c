/* Which pages of a program's code does a run touch, and in what order?
 *
 * Loaded into the program with LD_PRELOAD, before the program's own start-up code runs,
 * this takes every access right from the address range PAGE_TRACE_RANGE ("lo-hi", in
 * hexadecimal: the program's code segment). The first touch of each page then stops
 * with SIGSEGV; the handler writes the address touched and the instruction that touched
 * it to PAGE_TRACE_FILE ("address ip", one pair a line, in hexadecimal), gives the page
 * its rights back and lets the program go on. Each page costs one fault, so the program
 * runs at its own speed, with its own timing, and the list is exact to the page: the
 * kernel maps no neighbouring pages ahead of a touch on a page that has no rights.
 *
 * Used by scripts/order-window-start; not installed. The program must not install a
 * SIGSEGV handler of its own (Swift's backtracer: SWIFT_BACKTRACE=enable=no).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

static uintptr_t low, high;
static int out = -1;

static void put_hex(char *to, uintptr_t value) {
    for (int i = 15; i >= 0; i--, value >>= 4) to[i] = "0123456789abcdef"[value & 15];
}

static void touched(int signal_number, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    if (address < low || address >= high) {
        /* A real fault: let it end the program as it would have. */
        signal(signal_number, SIG_DFL);
        return;
    }
    uintptr_t ip = (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
    char line[34];
    put_hex(line, address);
    line[16] = ' ';
    put_hex(line + 17, ip);
    line[33] = '\n';
    if (write(out, line, sizeof line) != sizeof line) {
        /* Nothing can be said from here; the list is short of one page. */
    }
    mprotect((void *)(address & ~(uintptr_t)4095), 4096, PROT_READ | PROT_EXEC);
}

__attribute__((constructor)) static void start_tracing(void) {
    const char *range = getenv("PAGE_TRACE_RANGE"), *file = getenv("PAGE_TRACE_FILE");
    if (range == NULL || file == NULL || sscanf(range, "%lx-%lx", &low, &high) != 2 || low >= high) return;
    out = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    if (out < 0) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = touched;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGSEGV, &action, NULL);
    mprotect((void *)low, high - low, PROT_NONE);
}
