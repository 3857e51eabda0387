// The floor under `highlightd drive`: two processes trading a keystroke-sized message
// (164 bytes) and a push-sized answer (275 bytes) over two pipes, each waiting in poll(2) as
// the daemon and its client do, with no work in between. Prints the round trip's median and
// percentiles in microseconds, first with the scheduler free to place both processes, then
// with each pinned to a core of its own (where every wake-up crosses cores).
//
//     cc -O2 -o /tmp/pipe-floor Benchmarks/pipe-floor/pipe_floor.c && /tmp/pipe-floor
#define _GNU_SOURCE
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { rounds = 3000, request_bytes = 164, answer_bytes = 275 };

static double microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e6 + now.tv_nsec / 1e3;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void pin(int core) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(core, &set);
    sched_setaffinity(0, sizeof set, &set);
}

static void wait_readable(int descriptor) {
    struct pollfd entry = {descriptor, POLLIN, 0};
    poll(&entry, 1, -1);
}

static void measure(const char *label, int pinned) {
    int requests[2], answers[2];
    char buffer[4096] = {0};
    if (pipe(requests) != 0 || pipe(answers) != 0) exit(1);
    pid_t child = fork();
    if (child == 0) {
        close(requests[1]);
        close(answers[0]);
        if (pinned) pin(1);
        for (;;) {
            wait_readable(requests[0]);
            if (read(requests[0], buffer, sizeof buffer) <= 0) _exit(0);
            if (write(answers[1], buffer, answer_bytes) != answer_bytes) _exit(1);
        }
    }
    close(requests[0]);
    close(answers[1]);
    if (pinned) pin(0);
    double *times = malloc(rounds * sizeof *times);
    for (int round = 0; round < rounds; round++) {
        double start = microseconds();
        if (write(requests[1], buffer, request_bytes) != request_bytes) exit(1);
        wait_readable(answers[0]);
        if (read(answers[0], buffer, sizeof buffer) <= 0) exit(1);
        times[round] = microseconds() - start;
    }
    close(requests[1]);
    close(answers[0]);
    waitpid(child, NULL, 0);
    qsort(times, rounds, sizeof *times, ascending);
    printf("%-28s p50 %6.1f  p90 %6.1f  p99 %6.1f µs\n", label, times[rounds / 2], times[rounds * 9 / 10],
           times[rounds * 99 / 100]);
    free(times);
}

int main(void) {
    // Unpinned first: a pinned parent would hand its affinity to the next child.
    measure("scheduler's choice", 0);
    measure("one core each (crossing)", 1);
    return 0;
}
