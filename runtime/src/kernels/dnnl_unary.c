/* dnnl_unary.c — large float32 elementwise math (exp, tanh, sqrt, ...) on oneDNN eltwise
 * primitives, cached in the op's site and re-created only when the size changes.
 * Entry point: ig_dnnl_unary.
 * Memory owner: the site's cache owns the primitive and its memory objects. */
#include "internal.h"

/* An eltwise op ignores the shape, so every tensor is described as a vector of its
 * elements: one primitive then serves every shape of the same size. */
typedef struct UnaryCache {
    IgDnnlCache base;
    dnnl_alg_kind_t alg;
    int64_t n;
    dnnl_memory_t src, dst;
} UnaryCache;

static UnaryCache *unary_cache_new(dnnl_alg_kind_t alg, int64_t n)
{
    UnaryCache *uc = ig_dnnl_cache_new(sizeof *uc, "dnnl_unary");
    uc->alg = alg;
    uc->n = n;
    dnnl_memory_desc_t md;
    ig_dnnl_md_f32(&md, 1, &n);
    dnnl_eltwise_desc_t desc;
    IG_DNNL_CHECK(dnnl_eltwise_forward_desc_init(&desc, dnnl_forward_inference, alg, &md,
                                                 0.0f, 0.0f));
    uc->base.prim = ig_prim_create(&desc);
    uc->src = ig_dnnl_cache_memory(&uc->base, &md);
    uc->dst = ig_dnnl_cache_memory(&uc->base, &md);
    return uc;
}

IgTensor *ig_dnnl_unary(IgSite *site, dnnl_alg_kind_t alg, const IgTensor *x)
{
    IG_RT_ASSERT(x->dtype == IG_FLOAT32 && x->size > 0);
    UnaryCache *uc = (UnaryCache *)ig_dnnl_cache_find(site, "dnnl_unary");
    if (uc == NULL || uc->alg != alg || uc->n != x->size) {
        uc = unary_cache_new(alg, x->size);
        ig_dnnl_cache_keep(site, &uc->base);
    }

    IgTensor *out = ig_tensor_make(site, NULL, IG_FLOAT32, x->rank, x->shape);
    IgDnnlArg args[2] = {{DNNL_ARG_SRC, uc->src, x->data}, {DNNL_ARG_DST, uc->dst, out->data}};
    ig_dnnl_cache_run(site, &uc->base, 2, args);
    return out;
}
