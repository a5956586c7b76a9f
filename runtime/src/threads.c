/* threads.c — how many threads each kernel runs on. A program may use up to
 * ig_threads_max() threads (the machine's cores, or --threads=N, or INGOT_NUM_THREADS);
 * a kernel too small to repay a fork/join runs on one. oneDNN reads the OpenMP thread
 * count when it makes a primitive (a convolution plans its work split for that many
 * threads) and again when it runs one, so both happen inside ig_threads_enter/leave.
 * Entry points: ig_threads_wait_passively, ig_threads_configure, ig_threads_max,
 * ig_threads_for_work, ig_threads_enter, ig_threads_leave. Memory owner: nothing
 * allocated. */
#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

/* Global mutable state: the program's thread budget, set once before any kernel runs
 * (0 until then: OpenMP's own default, the number of cores). Shared by every thread, so
 * atomic (a library's threads may all set it to that default at once); relaxed, as
 * each store writes the same value, and a relaxed load is a plain one. omp_set_num_threads
 * itself sets the calling thread's count only. */
static atomic_int g_max_threads;

/* "4" -> 4; anything else (empty, "0", "-1", "4x", absurdly large) -> 0. */
static int parse_count(const char *text)
{
    if (text == NULL || *text == '\0') return 0;
    char *end;
    long n = strtol(text, &end, 10);
    if (*end != '\0' || n < 1 || n > 4096) return 0;
    return (int)n;
}

bool ig_threads_configure(const char *count)
{
    int n = parse_count(count);
    if (n == 0) return false;
    atomic_store_explicit(&g_max_threads, n, memory_order_relaxed);
    omp_set_num_threads(n);
    return true;
}

void ig_threads_wait_passively(char **argv)
{
    /* OpenMP's threads spin for a while after each parallel region (libgomp's default
     * wait policy), which pays when regions follow each other closely. Here they do
     * not: most kernels run on one thread (ig_threads_for_work), and in between a
     * spinning thread takes the core, or on a shared machine the hyperthread, the main
     * thread needs: the Fashion-MNIST CNN ran 4-5x slower on two threads than on one.
     * Sleeping until woken costs a few microseconds per region, next to a millisecond
     * of work in it. libgomp reads OMP_WAIT_POLICY once, as it loads, before main: so
     * the program sets it and starts itself again, unless the user chose a policy. */
    if (argv == NULL || argv[0] == NULL || getenv("OMP_WAIT_POLICY") != NULL) return;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return;
    exe[n] = '\0';
    /* Under valgrind /proc/self/exe is valgrind's own tool, and the program started
       again would run outside it: leave the policy alone there. */
    const char *preload = getenv("LD_PRELOAD");
    if (strstr(exe, "valgrind") != NULL || (preload && strstr(preload, "vgpreload")))
        return;
    if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0) return;
    execv(exe, argv);
    /* Could not: carry on with libgomp's default. */
}

bool ig_threads_chosen(void)
{
    return atomic_load_explicit(&g_max_threads, memory_order_relaxed) != 0;
}

int ig_threads_max(void)
{
    int n = atomic_load_explicit(&g_max_threads, memory_order_relaxed);
    if (n == 0) {
        n = omp_get_max_threads();
        atomic_store_explicit(&g_max_threads, n, memory_order_relaxed);
    }
    return n;
}

int ig_threads_for_work(size_t bytes, double flops)
{
    bool worth = bytes >= IG_THREADS_MIN_BYTES || flops >= IG_THREADS_MIN_FLOPS;
    return worth ? ig_threads_max() : 1;
}

int ig_threads_enter(int n)
{
    int before = omp_get_max_threads();
    if (n != before) omp_set_num_threads(n);
    return before;
}

void ig_threads_leave(int before)
{
    if (omp_get_max_threads() != before) omp_set_num_threads(before);
}
