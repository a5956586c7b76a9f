/* dnnl_eltwise.c — large float32 elementwise ops on oneDNN binary primitives, cached
 * in the op's site and re-created only when the shapes change.
 * Entry point: ig_dnnl_binary.
 * Memory owner: the site's cache owns the primitive and its memory objects. */
#include <stdlib.h>

#include "internal.h"

typedef struct BinaryCache {
    IgCache base;
    dnnl_alg_kind_t alg;
    int rank;
    int64_t shape0[IG_MAX_RANK], shape1[IG_MAX_RANK]; /* padded to rank */
    dnnl_primitive_t prim;
    dnnl_memory_t src0, src1, dst; /* no buffers: the tensors' are set per call */
} BinaryCache;

static void binary_cache_destroy(IgCache *cache)
{
    BinaryCache *bc = (BinaryCache *)cache;
    dnnl_memory_destroy(bc->src0);
    dnnl_memory_destroy(bc->src1);
    dnnl_memory_destroy(bc->dst);
    dnnl_primitive_destroy(bc->prim);
    free(bc);
}

static BinaryCache *binary_cache_new(dnnl_alg_kind_t alg, int rank, const int64_t *s0,
                                     const int64_t *s1)
{
    BinaryCache *bc = calloc(1, sizeof *bc);
    if (bc == NULL) ig_fatal(NULL, "out of memory");
    bc->base.destroy = binary_cache_destroy;
    bc->alg = alg;
    bc->rank = rank;
    for (int i = 0; i < rank; i++) {
        bc->shape0[i] = s0[i];
        bc->shape1[i] = s1[i];
    }
    dnnl_memory_desc_t md0, md1;
    ig_dnnl_md_f32(&md0, rank, s0);
    ig_dnnl_md_f32(&md1, rank, s1);
    dnnl_binary_desc_t desc;
    IG_DNNL_CHECK(dnnl_binary_desc_init(&desc, alg, &md0, &md1, &md0));
    bc->prim = ig_prim_create(&desc);
    dnnl_engine_t eng = ig_dnnl_engine();
    IG_DNNL_CHECK(dnnl_memory_create(&bc->src0, &md0, eng, DNNL_MEMORY_NONE));
    IG_DNNL_CHECK(dnnl_memory_create(&bc->src1, &md1, eng, DNNL_MEMORY_NONE));
    IG_DNNL_CHECK(dnnl_memory_create(&bc->dst, &md0, eng, DNNL_MEMORY_NONE));
    return bc;
}

static bool binary_cache_fits(const BinaryCache *bc, dnnl_alg_kind_t alg, int rank,
                              const int64_t *s0, const int64_t *s1)
{
    return bc->alg == alg && ig_shape_equal(bc->rank, bc->shape0, rank, s0) &&
           ig_shape_equal(bc->rank, bc->shape1, rank, s1);
}

/* t's shape with leading 1s up to rank. */
static void shape_pad(const IgTensor *t, int rank, int64_t *out)
{
    for (int i = 0; i < rank; i++) {
        int td = i - (rank - t->rank);
        out[i] = td < 0 ? 1 : t->shape[td];
    }
}

IgTensor *ig_dnnl_binary(IgSite *site, dnnl_alg_kind_t alg, const IgTensor *a,
                         const IgTensor *b)
{
    int rank = a->rank > b->rank ? a->rank : b->rank;
    int64_t sa[IG_MAX_RANK], sb[IG_MAX_RANK];
    shape_pad(a, rank, sa);
    shape_pad(b, rank, sb);
    /* oneDNN broadcasts src1 only: src0 must already have the output's shape. */
    bool a_full = true, b_full = true;
    for (int i = 0; i < rank; i++) {
        if (sa[i] < sb[i]) a_full = false;
        if (sb[i] < sa[i]) b_full = false;
    }
    const IgTensor *src0 = a, *src1 = b;
    int64_t *s0 = sa, *s1 = sb;
    if (!a_full) {
        bool commutes = alg == dnnl_binary_add || alg == dnnl_binary_mul;
        if (!b_full || !commutes) return NULL;
        src0 = b, src1 = a, s0 = sb, s1 = sa;
    }

    BinaryCache *bc;
    IgCache *cached = site != NULL ? site->cache : NULL;
    if (cached != NULL && cached->destroy == binary_cache_destroy &&
        binary_cache_fits((BinaryCache *)cached, alg, rank, s0, s1)) {
        bc = (BinaryCache *)cached;
    } else {
        bc = binary_cache_new(alg, rank, s0, s1);
        if (site != NULL) ig_site_cache_set(site, &bc->base);
    }

    IgTensor *out = ig_tensor_new(IG_FLOAT32, rank, s0);
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(bc->src0, src0->data));
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(bc->src1, src1->data));
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(bc->dst, out->data));
    dnnl_exec_arg_t args[3] = {
        {DNNL_ARG_SRC_0, bc->src0}, {DNNL_ARG_SRC_1, bc->src1}, {DNNL_ARG_DST, bc->dst}};
    IG_DNNL_CHECK(dnnl_primitive_execute(bc->prim, ig_dnnl_stream(), 3, args));
    IG_DNNL_CHECK(dnnl_stream_wait(ig_dnnl_stream()));
    if (site == NULL) bc->base.destroy(&bc->base); /* nowhere to keep it */
    return out;
}
