/* mpi.c — a distributed program's replicas over MPI (libingot_mpi, linked only into
 * programs whose script uses tf.distribute): starting them and checking they belong
 * together (ig_mpi_start), the transport the runtime's collectives use (replicas.c),
 * and a watchdog that ends a replica left waiting in a collective by one that is gone.
 *
 * Faults end the job, never hang it: a replica's run-time error is reported and then
 * MPI_Abort stops the others (mpirun names the rank); a replica that dies is noticed by
 * mpirun or srun, which stop the rest; and a collective that waits longer than
 * INGOT_COLLECTIVE_TIMEOUT seconds (default 120) ends its replica with an error, for
 * the cases no launcher sees (a replica that left its loop early, one stuck).
 * With INGOT_REPLICA_STATS set, each replica writes at its end how many all-reduces it
 * made, their bytes and the time spent in them, waiting included (bench/).
 * Entry points: ig_mpi_start, ig_mpi_finish. Memory owner: none after start. */
#define _GNU_SOURCE /* sched_getaffinity */
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ingot/mpi.h"
#include "internal.h"

enum { MAX_CHUNK = 1 << 28 }; /* elements per MPI call: MPI counts are ints */

/* Global mutable state: set by ig_mpi_start before the program runs. */
static int g_rank, g_size = 1;
static bool g_joined; /* MPI_Init ran */
static double g_timeout_seconds = 120;

/* The collective this replica is waiting in, for the watchdog thread: its start in
 * milliseconds (0: none), its site and what it is. */
static atomic_llong g_wait_since_ms;
/* INGOT_REPLICA_STATS: the all-reduces so far (main thread only). */
static struct {
    long long calls, bytes;
    double seconds;
} g_stats;
static _Atomic(const IgSite *) g_wait_site;
static _Atomic(const char *) g_wait_what;

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void wait_begin(const IgSite *site, const char *what)
{
    atomic_store(&g_wait_site, site);
    atomic_store(&g_wait_what, what);
    atomic_store(&g_wait_since_ms, now_ms());
}

static void wait_end(void) { atomic_store(&g_wait_since_ms, 0); }

static void *watchdog(void *unused)
{
    (void)unused;
    for (;;) {
        usleep(100 * 1000);
        long long since = atomic_load(&g_wait_since_ms);
        if (since == 0 || (double)(now_ms() - since) < g_timeout_seconds * 1000) continue;
        const IgSite *site = atomic_load(&g_wait_site);
        if (site != NULL && site->file != NULL) fprintf(stderr, "%s:%d: ", site->file, site->line);
        fprintf(stderr,
                "error: replica %d of %d waited %g s in %s for the other replicas: one of "
                "them has stopped, or runs other code (INGOT_COLLECTIVE_TIMEOUT sets the "
                "limit, in seconds)\n",
                g_rank, g_size, g_timeout_seconds, atomic_load(&g_wait_what));
        /* Not MPI_Abort: MPI is the main thread's. A replica ending non-zero is what
           mpirun and srun stop the others for. */
        _exit(1);
    }
    return NULL;
}

static void check(const IgSite *site, int rc, const char *call)
{
    if (rc == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (MPI_Error_string(rc, text, &len) != MPI_SUCCESS) snprintf(text, sizeof text, "code %d", rc);
    wait_end();
    ig_fatal(site, "replica %d of %d: %s failed: %s (has another replica stopped?)", g_rank,
             g_size, call, text);
}

static MPI_Datatype mpi_type(IgDType dtype)
{
    switch (dtype) {
    case IG_INT32: return MPI_INT32_T;
    case IG_INT64: return MPI_INT64_T;
    case IG_FLOAT32: return MPI_FLOAT;
    case IG_FLOAT64: return MPI_DOUBLE;
    default: ig_internal_error(__FILE__, __LINE__, "all-reduce of %s", ig_dtype_name(dtype));
    }
}

/* ---- The transport ---------------------------------------------------------------- */

static void all_reduce_sum(const IgSite *site, void *data, int64_t count, IgDType dtype)
{
    double start = now_seconds();
    wait_begin(site, "an all-reduce");
    /* The same number of elements everywhere, or MPI would mix up the calls: the
       largest and the smallest count in one small collective first. */
    int64_t bounds[2] = {count, -count};
    check(site, MPI_Allreduce(MPI_IN_PLACE, bounds, 2, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD),
          "MPI_Allreduce");
    if (bounds[0] != count || -bounds[1] != count) {
        wait_end();
        ig_fatal(site, "all-reduce of tensors of different sizes: %lld elements on replica %d, "
                 "%lld on another", (long long)count, g_rank,
                 (long long)(bounds[0] != count ? bounds[0] : -bounds[1]));
    }
    char *bytes = data;
    size_t element = ig_dtype_size(dtype);
    for (int64_t done = 0; done < count;) {
        int n = (int)(count - done < MAX_CHUNK ? count - done : MAX_CHUNK);
        check(site, MPI_Allreduce(MPI_IN_PLACE, bytes + (size_t)done * element, n,
                                  mpi_type(dtype), MPI_SUM, MPI_COMM_WORLD),
              "MPI_Allreduce");
        done += n;
    }
    wait_end();
    g_stats.calls++;
    g_stats.bytes += count * (long long)element;
    g_stats.seconds += now_seconds() - start;
}

static void broadcast(const IgSite *site, void *data, int64_t nbytes)
{
    wait_begin(site, "a broadcast of a variable's first value");
    char *bytes = data;
    for (int64_t done = 0; done < nbytes;) {
        int n = (int)(nbytes - done < MAX_CHUNK ? nbytes - done : MAX_CHUNK);
        check(site, MPI_Bcast(bytes + done, n, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Bcast");
        done += n;
    }
    wait_end();
}

static void barrier(const IgSite *site)
{
    wait_begin(site, "a barrier after a file written by replica 0");
    check(site, MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    wait_end();
}

static void abort_others(void)
{
    fprintf(stderr, "ingot: the error above is replica %d's (of %d): stopping the others\n",
            g_rank, g_size);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
    _Exit(1);
}

static const IgReplicaTransport transport = {
    .all_reduce_sum = all_reduce_sum,
    .broadcast = broadcast,
    .barrier = barrier,
    .abort = abort_others,
};

/* ---- Starting ----------------------------------------------------------------------- */

/* FNV-1a, 64 bits: enough to tell builds and argument lists apart. */
static uint64_t hash_text(uint64_t h, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        h ^= *p;
        h *= 1099511628211ULL;
    }
    return h ^ 0xff; /* a separator: "ab","c" differs from "a","bc" */
}

static bool launched_by_mpi(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                       "PMI_SIZE"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]) != NULL) return true;
    return false;
}

static _Noreturn void leave(int status)
{
    if (g_joined) MPI_Finalize();
    exit(status);
}

/* Every replica holds the same build and arguments, or none runs: rank 0 names the
   replicas that differ from it. */
static void check_same_program(int argc, char **argv, const char *build_id)
{
    uint64_t mine[2] = {hash_text(14695981039346656037ULL, build_id), 14695981039346656037ULL};
    for (int i = 1; i < argc; i++) mine[1] = hash_text(mine[1], argv[i]);
    uint64_t *all = malloc(sizeof *all * 2 * (size_t)g_size);
    if (all == NULL) ig_fatal(NULL, "out of memory starting replica %d", g_rank);
    wait_begin(NULL, "the start of the program");
    check(NULL, MPI_Allgather(mine, 2, MPI_UINT64_T, all, 2, MPI_UINT64_T, MPI_COMM_WORLD),
          "MPI_Allgather");
    wait_end();
    bool same = true;
    for (int r = 1; r < g_size; r++) {
        bool build = all[2 * r] == all[0], args = all[2 * r + 1] == all[1];
        if (build && args) continue;
        same = false;
        if (g_rank == 0)
            fprintf(stderr, "%s: error: replica %d runs %s than replica 0: every replica must "
                    "run the same build of the script with the same arguments\n", argv[0], r,
                    !build ? "a different build" : "with other command-line arguments");
    }
    free(all);
    if (!same) leave(1);
}

/* Without --threads, INGOT_NUM_THREADS or OMP_NUM_THREADS, the replicas on one machine
   share its cores rather than each taking all of them; a replica that mpirun bound to
   some cores keeps to those. The split is collective, so every replica makes it, even
   one whose environment chose its threads (environments differ between machines). */
static void share_cores(void)
{
    MPI_Comm local;
    int nlocal = 1;
    wait_begin(NULL, "counting the replicas on each machine");
    check(NULL, MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                                    &local), "MPI_Comm_split_type");
    wait_end();
    MPI_Comm_size(local, &nlocal);
    MPI_Comm_free(&local);
    if (ig_threads_chosen() || getenv("OMP_NUM_THREADS") != NULL) return;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cpu_set_t mask;
    if (sched_getaffinity(0, sizeof mask, &mask) == 0 && CPU_COUNT(&mask) * nlocal < cores)
        cores = (long)CPU_COUNT(&mask) * nlocal;
    long threads = cores / (nlocal > 0 ? nlocal : 1);
    char text[24];
    snprintf(text, sizeof text, "%ld", threads < 1 ? 1 : threads);
    ig_threads_configure(text);
}

void ig_mpi_start(int argc, char **argv, int replicas, const char *build_id)
{
    const char *program = argc > 0 && argv[0] != NULL ? argv[0] : "program";
    if (!launched_by_mpi()) {
        if (replicas == 1) return; /* alone, as built */
        fprintf(stderr, "%s: error: this program was built for %d replicas (ingot build "
                "--replicas %d) and runs alone: start it as `mpirun -n %d %s` (or `srun -n %d`)\n",
                program, replicas, replicas, replicas, program, replicas);
        exit(1);
    }
    int provided;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "%s: error: MPI_Init failed\n", program);
        exit(1);
    }
    g_joined = true;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    if (g_size != replicas) {
        if (g_rank == 0)
            fprintf(stderr, "%s: error: this program was built for %d replica%s (ingot build "
                    "--replicas %d) but runs as %d processes: start it as `mpirun -n %d %s`\n",
                    program, replicas, replicas == 1 ? "" : "s", replicas, g_size, replicas,
                    program);
        leave(1);
    }
    /* Each replica reads its own environment; all of them leave if one cannot, so
       none is left waiting for it. */
    const char *timeout = getenv("INGOT_COLLECTIVE_TIMEOUT");
    int bad = 0;
    if (timeout != NULL && *timeout != '\0') {
        char *end;
        double seconds = strtod(timeout, &end);
        if (*end != '\0' || !(seconds > 0)) {
            fprintf(stderr, "%s: error: replica %d: INGOT_COLLECTIVE_TIMEOUT='%s' is not a "
                    "number of seconds\n", program, g_rank, timeout);
            bad = 1;
        } else {
            g_timeout_seconds = seconds;
        }
    }
    if (MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS ||
        bad)
        leave(1);
    pthread_t thread;
    if (pthread_create(&thread, NULL, watchdog, NULL) != 0 || pthread_detach(thread) != 0) {
        fprintf(stderr, "%s: error: cannot start the collectives' watchdog thread\n", program);
        leave(1);
    }
    check_same_program(argc, argv, build_id);
    share_cores();
    ig_replicas_install(&transport, g_rank, g_size);
}

void ig_mpi_finish(void)
{
    if (!g_joined) return;
    if (getenv("INGOT_REPLICA_STATS") != NULL)
        fprintf(stderr, "ingot: replica %d of %d: %lld all-reduces, %lld bytes, %.6f s\n",
                g_rank, g_size, g_stats.calls, g_stats.bytes, g_stats.seconds);
    wait_begin(NULL, "the end of the program");
    check(NULL, MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier");
    wait_end();
    ig_replicas_install(NULL, 0, 1);
    MPI_Finalize();
    g_joined = false;
}
