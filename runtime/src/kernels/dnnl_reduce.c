/* dnnl_reduce.c — large float32 row reductions (sum, mean, prod) on oneDNN reduction
 * primitives, cached in the op's site and re-created only when the shape changes.
 * Entry point: ig_dnnl_reduce_rows.
 * Memory owner: the site's cache owns the primitive and its memory objects. */
#include <stdlib.h>

#include "internal.h"

/* reduce.c folds every reduction it sends here into [outer, inner] -> [outer, 1]: the
 * one layout oneDNN 2.6 has a JIT kernel for (reducing outer dims falls back to its
 * reference kernel, 50x slower than a loop). */
typedef struct ReduceCache {
    IgCache base;
    dnnl_alg_kind_t alg;
    int64_t outer, inner;
    dnnl_primitive_t prim;
    dnnl_memory_t src, dst; /* no buffers: the tensors' are set per call */
} ReduceCache;

static void reduce_cache_destroy(IgCache *cache)
{
    ReduceCache *rc = (ReduceCache *)cache;
    dnnl_memory_destroy(rc->src);
    dnnl_memory_destroy(rc->dst);
    dnnl_primitive_destroy(rc->prim);
    free(rc);
}

static ReduceCache *reduce_cache_new(dnnl_alg_kind_t alg, int64_t outer, int64_t inner)
{
    ReduceCache *rc = calloc(1, sizeof *rc);
    if (rc == NULL) ig_fatal(NULL, "out of memory");
    rc->base.destroy = reduce_cache_destroy;
    rc->alg = alg;
    rc->outer = outer;
    rc->inner = inner;
    dnnl_memory_desc_t smd, dmd;
    ig_dnnl_md_f32(&smd, 2, (const int64_t[]){outer, inner});
    ig_dnnl_md_f32(&dmd, 2, (const int64_t[]){outer, 1});
    dnnl_reduction_desc_t desc;
    IG_DNNL_CHECK(dnnl_reduction_desc_init(&desc, alg, &smd, &dmd, 0.0f, 0.0f));
    rc->prim = ig_prim_create(&desc);
    dnnl_engine_t eng = ig_dnnl_engine();
    IG_DNNL_CHECK(dnnl_memory_create(&rc->src, &smd, eng, DNNL_MEMORY_NONE));
    IG_DNNL_CHECK(dnnl_memory_create(&rc->dst, &dmd, eng, DNNL_MEMORY_NONE));
    return rc;
}

void ig_dnnl_reduce_rows(IgSite *site, dnnl_alg_kind_t alg, const IgTensor *x, int64_t outer,
                         int64_t inner, IgTensor *out)
{
    IG_RT_ASSERT(x->dtype == IG_FLOAT32 && out->dtype == IG_FLOAT32);
    IG_RT_ASSERT(outer * inner == x->size && out->size == outer && x->size > 0);
    ReduceCache *rc;
    IgCache *cached = site != NULL ? site->cache : NULL;
    if (cached != NULL && cached->destroy == reduce_cache_destroy &&
        ((ReduceCache *)cached)->alg == alg && ((ReduceCache *)cached)->outer == outer &&
        ((ReduceCache *)cached)->inner == inner) {
        rc = (ReduceCache *)cached;
    } else {
        rc = reduce_cache_new(alg, outer, inner);
        if (site != NULL) ig_site_cache_set(site, &rc->base);
    }

    IG_DNNL_CHECK(dnnl_memory_set_data_handle(rc->src, x->data));
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(rc->dst, out->data));
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, rc->src}, {DNNL_ARG_DST, rc->dst}};
    IG_DNNL_CHECK(dnnl_primitive_execute(rc->prim, ig_dnnl_stream(), 2, args));
    IG_DNNL_CHECK(dnnl_stream_wait(ig_dnnl_stream()));
    if (site == NULL) rc->base.destroy(&rc->base); /* nowhere to keep it */
}
