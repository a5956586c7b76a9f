/* dnnl_unary.c — large float32 elementwise math (exp, tanh, sqrt, ...) on oneDNN eltwise
 * primitives, cached in the op's site and re-created only when the size changes.
 * Entry point: ig_dnnl_unary.
 * Memory owner: the site's cache owns the primitive and its memory objects. */
#include <stdlib.h>

#include "internal.h"

/* An eltwise op ignores the shape, so every tensor is described as a vector of its
 * elements: one primitive then serves every shape of the same size. */
typedef struct UnaryCache {
    IgCache base;
    dnnl_alg_kind_t alg;
    int64_t n;
    dnnl_primitive_t prim;
    dnnl_memory_t src, dst; /* no buffers: the tensors' are set per call */
} UnaryCache;

static void unary_cache_destroy(IgCache *cache)
{
    UnaryCache *uc = (UnaryCache *)cache;
    dnnl_memory_destroy(uc->src);
    dnnl_memory_destroy(uc->dst);
    dnnl_primitive_destroy(uc->prim);
    free(uc);
}

static UnaryCache *unary_cache_new(dnnl_alg_kind_t alg, int64_t n)
{
    UnaryCache *uc = calloc(1, sizeof *uc);
    if (uc == NULL) ig_fatal(NULL, "out of memory");
    uc->base.destroy = unary_cache_destroy;
    uc->alg = alg;
    uc->n = n;
    dnnl_memory_desc_t md;
    ig_dnnl_md_f32(&md, 1, &n);
    dnnl_eltwise_desc_t desc;
    IG_DNNL_CHECK(dnnl_eltwise_forward_desc_init(&desc, dnnl_forward_inference, alg, &md,
                                                 0.0f, 0.0f));
    uc->prim = ig_prim_create(&desc);
    dnnl_engine_t eng = ig_dnnl_engine();
    IG_DNNL_CHECK(dnnl_memory_create(&uc->src, &md, eng, DNNL_MEMORY_NONE));
    IG_DNNL_CHECK(dnnl_memory_create(&uc->dst, &md, eng, DNNL_MEMORY_NONE));
    return uc;
}

IgTensor *ig_dnnl_unary(IgSite *site, dnnl_alg_kind_t alg, const IgTensor *x)
{
    IG_RT_ASSERT(x->dtype == IG_FLOAT32 && x->size > 0);
    UnaryCache *uc;
    IgCache *cached = site != NULL ? site->cache : NULL;
    if (cached != NULL && cached->destroy == unary_cache_destroy &&
        ((UnaryCache *)cached)->alg == alg && ((UnaryCache *)cached)->n == x->size) {
        uc = (UnaryCache *)cached;
    } else {
        uc = unary_cache_new(alg, x->size);
        if (site != NULL) ig_site_cache_set(site, &uc->base);
    }

    IgTensor *out = ig_tensor_new(IG_FLOAT32, x->rank, x->shape);
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(uc->src, x->data));
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(uc->dst, out->data));
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, uc->src}, {DNNL_ARG_DST, uc->dst}};
    IG_DNNL_CHECK(dnnl_primitive_execute(uc->prim, ig_dnnl_stream(), 2, args));
    IG_DNNL_CHECK(dnnl_stream_wait(ig_dnnl_stream()));
    if (site == NULL) uc->base.destroy(&uc->base); /* nowhere to keep it */
    return out;
}
