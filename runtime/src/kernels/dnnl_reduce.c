/* dnnl_reduce.c — large float32 row reductions (sum, mean, prod) on oneDNN reduction
 * primitives, cached in the op's site and re-created only when the shape changes.
 * Entry point: ig_dnnl_reduce_rows.
 * Memory owner: the site's cache owns the primitive and its memory objects. */
#include "internal.h"

/* reduce.c folds every reduction it sends here into [outer, inner] -> [outer, 1]: the
 * one layout oneDNN 2.6 has a JIT kernel for (reducing outer dims falls back to its
 * reference kernel, 50x slower than a loop). */
typedef struct ReduceCache {
    IgDnnlCache base;
    dnnl_alg_kind_t alg;
    int64_t outer, inner;
    dnnl_memory_t src, dst;
} ReduceCache;

static ReduceCache *reduce_cache_new(dnnl_alg_kind_t alg, int64_t outer, int64_t inner)
{
    ReduceCache *rc = ig_dnnl_cache_new(sizeof *rc, "dnnl_reduce");
    rc->alg = alg;
    rc->outer = outer;
    rc->inner = inner;
    dnnl_memory_desc_t smd, dmd;
    ig_dnnl_md_f32(&smd, 2, (const int64_t[]){outer, inner});
    ig_dnnl_md_f32(&dmd, 2, (const int64_t[]){outer, 1});
    dnnl_reduction_desc_t desc;
    IG_DNNL_CHECK(dnnl_reduction_desc_init(&desc, alg, &smd, &dmd, 0.0f, 0.0f));
    rc->base.prim = ig_prim_create(&desc);
    rc->src = ig_dnnl_cache_memory(&rc->base, &smd);
    rc->dst = ig_dnnl_cache_memory(&rc->base, &dmd);
    return rc;
}

void ig_dnnl_reduce_rows(IgSite *site, dnnl_alg_kind_t alg, const IgTensor *x, int64_t outer,
                         int64_t inner, IgTensor *out)
{
    IG_RT_ASSERT(x->dtype == IG_FLOAT32 && out->dtype == IG_FLOAT32);
    IG_RT_ASSERT(outer * inner == x->size && out->size == outer && x->size > 0);
    ReduceCache *rc = (ReduceCache *)ig_dnnl_cache_find(site, "dnnl_reduce");
    if (rc == NULL || rc->alg != alg || rc->outer != outer || rc->inner != inner) {
        rc = reduce_cache_new(alg, outer, inner);
        ig_dnnl_cache_keep(site, &rc->base);
    }
    IgDnnlArg args[2] = {{DNNL_ARG_SRC, rc->src, x->data}, {DNNL_ARG_DST, rc->dst, out->data}};
    ig_dnnl_cache_run(site, &rc->base, 2, args);
}
