/* lifetime.c — starting and stopping the runtime and its threads, and each thread's
 * oneDNN state: the CPU engine and stream its primitives run on.
 * Entry points: ig_runtime_init, ig_runtime_shutdown, ig_runtime_thread_attach,
 * ig_runtime_thread_shutdown, ig_dnnl_engine, ig_dnnl_stream.
 * Memory owner: each thread owns its engine and stream; a thread's shutdown also
 * releases its site caches through its registry (prim_cache.c) and its cached free
 * blocks (alloc.c). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Per-thread state, created lazily on the thread's first oneDNN kernel and destroyed by
 * ig_runtime_thread_shutdown. A oneDNN stream must not be used by two threads at once,
 * so each thread running graphs has its own; and its own engine, the simplest way to
 * make sure a primitive runs on a stream of the engine it was made on (a thread's sites
 * are its own: a program's one thread, or _Thread_local sites in a library). Passing
 * them through every ig_ call would only clutter the emitted C. Together with the site
 * registry in prim_cache.c and the free-block caches in alloc.c this is all the
 * runtime's mutable state for running graphs, all of it per thread, so no lock. */
static _Thread_local dnnl_engine_t g_engine;
static _Thread_local dnnl_stream_t g_stream;

/* ---- Threads ----------------------------------------------------------------------
 * A thread that ends without ig_runtime_thread_shutdown would leave its state behind,
 * unreachable (LeakSanitizer reports it). So a thread is attached on its first call of
 * ig_runtime_thread_attach, or when its state first holds something that needs freeing
 * (alloc.c's caches, the registry, the engine): a pthread key with a destructor, set on
 * the thread, runs the shutdown when the thread exits. The destructor may use the
 * thread's _Thread_local data, the registry's sites included: glibc runs key destructors
 * in the exiting thread before it frees the thread's TLS. The main thread's key
 * destructors do not run (exit() skips them): a program calls ig_runtime_shutdown. */
_Thread_local bool ig_thread_attached;
static pthread_once_t g_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t g_key;

static void thread_exit(void *unused)
{
    (void)unused;
    ig_runtime_thread_shutdown();
}

static void key_create(void)
{
    if (pthread_key_create(&g_key, thread_exit) != 0)
        ig_internal_error(__FILE__, __LINE__, "pthread_key_create failed");
}

void ig_runtime_thread_attach(void)
{
    if (ig_thread_attached) return;
    pthread_once(&g_key_once, key_create);
    /* Any value but NULL: the destructor runs for keys whose value is set. */
    if (pthread_setspecific(g_key, &ig_thread_attached) != 0)
        ig_internal_error(__FILE__, __LINE__, "pthread_setspecific failed");
    ig_thread_attached = true;
}

void ig_runtime_thread_shutdown(void)
{
    /* Caches first: their primitives and memories were made on the engine. */
    ig_site_registry_release_all();
    if (g_stream != NULL) {
        IG_DNNL_CHECK(dnnl_stream_destroy(g_stream));
        g_stream = NULL;
    }
    if (g_engine != NULL) {
        IG_DNNL_CHECK(dnnl_engine_destroy(g_engine));
        g_engine = NULL;
    }
    /* Last: the caches above freed their tensors into it. */
    ig_tensor_cache_release_all();
    /* Detached: a block parked after this attaches the thread again, and then a thread
     * exiting runs the destructor once more (glibc repeats a round of destructors while
     * one of them sets a key again, up to PTHREAD_DESTRUCTOR_ITERATIONS). */
    if (ig_thread_attached) {
        ig_thread_attached = false;
        pthread_setspecific(g_key, NULL);
    }
}

void ig_runtime_init(int argc, char **argv)
{
    /* main() parses the flags itself (ig_flags_parse, with the program's table, which
     * also reads INGOT_NUM_THREADS and --threads); nothing else needs the arguments,
     * and oneDNN starts lazily so programs without kernels stay cheap. */
    (void)argc;
    ig_threads_wait_passively(argv);
}

void ig_runtime_shutdown(void)
{
    /* INGOT_ALLOC_STATS=1: what the program asked of the allocator (tests/alloc). */
    const char *stats = getenv("INGOT_ALLOC_STATS");
    if (stats != NULL && *stats != '\0' && strcmp(stats, "0") != 0)
        ig_tensor_stats_report(stderr);
    /* The flags' tensors go into this thread's caches, which the thread's shutdown then
     * frees with the rest of its state. */
    ig_flags_release_all();
    ig_runtime_thread_shutdown();
}

dnnl_engine_t ig_dnnl_engine(void)
{
    if (g_engine == NULL) {
        ig_thread_ensure_attached(); /* the engine is freed when the thread ends */
        IG_DNNL_CHECK(dnnl_engine_create(&g_engine, dnnl_cpu, 0));
    }
    return g_engine;
}

dnnl_stream_t ig_dnnl_stream(void)
{
    if (g_stream == NULL)
        IG_DNNL_CHECK(dnnl_stream_create(&g_stream, ig_dnnl_engine(), dnnl_stream_default_flags));
    return g_stream;
}

void ig_dnnl_md_f32(dnnl_memory_desc_t *md, int rank, const int64_t *shape)
{
    dnnl_dims_t dims, strides;
    int nd = rank == 0 ? 1 : rank;
    int64_t stride = 1;
    for (int i = nd - 1; i >= 0; i--) {
        dims[i] = rank == 0 ? 1 : shape[i];
        strides[i] = stride;
        stride *= dims[i] > 0 ? dims[i] : 1;
    }
    IG_DNNL_CHECK(dnnl_memory_desc_init_by_strides(md, nd, dims, dnnl_f32, strides));
}
