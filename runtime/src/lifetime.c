/* lifetime.c — starting and stopping the runtime, and its one piece of global oneDNN
 * state: the CPU engine and stream every primitive runs on.
 * Entry points: ig_runtime_init, ig_runtime_shutdown, ig_dnnl_engine, ig_dnnl_stream.
 * Memory owner: this file owns the engine and stream; shutdown also releases every
 * site cache through the registry (prim_cache.c) and alloc.c's cached free blocks. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Global mutable state, created lazily on the first oneDNN kernel and destroyed by
 * ig_runtime_shutdown. A program has one CPU and runs its graph on one thread, so
 * one engine and one in-order stream serve every primitive; passing them through
 * every ig_ call would only clutter the emitted C. Together with the site registry
 * in prim_cache.c and the free-block cache in alloc.c this is all the global
 * mutable state the runtime has. */
static dnnl_engine_t g_engine;
static dnnl_stream_t g_stream;

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
    /* Caches first: their primitives and memories were made on the engine. */
    ig_site_registry_release_all();
    ig_flags_release_all();
    if (g_stream != NULL) {
        IG_DNNL_CHECK(dnnl_stream_destroy(g_stream));
        g_stream = NULL;
    }
    if (g_engine != NULL) {
        IG_DNNL_CHECK(dnnl_engine_destroy(g_engine));
        g_engine = NULL;
    }
    /* Last: the caches and flags above freed their tensors into it. */
    ig_tensor_cache_release_all();
}

dnnl_engine_t ig_dnnl_engine(void)
{
    if (g_engine == NULL) IG_DNNL_CHECK(dnnl_engine_create(&g_engine, dnnl_cpu, 0));
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
