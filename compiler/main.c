/* main.c — the ingot executable; everything else is the ingotc library.
 * It first makes sure the main thread may grow a stack deep enough for the build-time
 * interpreter's recursion (INGOT_STACK_BYTES): when the stack limit is lower and the
 * hard limit allows, it raises the limit and executes itself again, since Linux lays
 * out a process's memory for the stack limit it starts with. Otherwise the interpreter
 * runs on a thread with a big stack (arena_run_on_big_stack). */
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "driver.h"

#define INGOT_STACK_BYTES ((rlim_t)1 << 30)

static void raise_stack_limit(char **argv) {
    struct rlimit rl;
    if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
        rl.rlim_cur >= INGOT_STACK_BYTES)
        return;
    if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < INGOT_STACK_BYTES) return;
    if (getenv("INGOT_REEXECUTED")) return; /* once only, whatever happens */
    rlim_t old = rl.rlim_cur;
    rl.rlim_cur = INGOT_STACK_BYTES;
    if (setrlimit(RLIMIT_STACK, &rl) != 0 || setenv("INGOT_REEXECUTED", "1", 1) != 0) return;
    execv("/proc/self/exe", argv);
    /* Could not: this process's layout is still the old limit's, so put it back and
       let the interpreter use a thread instead. */
    rl.rlim_cur = old;
    setrlimit(RLIMIT_STACK, &rl);
}

int main(int argc, char **argv) {
    raise_stack_limit(argv);
    return driver_main(argc, argv);
}
