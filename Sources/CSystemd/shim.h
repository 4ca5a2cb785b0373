#ifndef BETTER_MORNING_CSYSTEMD_H
#define BETTER_MORNING_CSYSTEMD_H
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>
#endif
