/* dnnl_eltwise.c — large float32 elementwise ops on oneDNN binary primitives, cached
 * in the op's site and re-created only when the shapes change.
 * Entry point: ig_dnnl_binary.
 * Memory owner: the site's cache owns the primitive and its memory objects. */
#include "internal.h"

typedef struct BinaryCache {
    IgDnnlCache base;
    dnnl_alg_kind_t alg;
    int rank;
    int64_t shape0[IG_MAX_RANK], shape1[IG_MAX_RANK]; /* padded to rank */
    dnnl_memory_t src0, src1, dst;
} BinaryCache;

static BinaryCache *binary_cache_new(dnnl_alg_kind_t alg, int rank, const int64_t *s0,
                                     const int64_t *s1)
{
    BinaryCache *bc = ig_dnnl_cache_new(sizeof *bc, "dnnl_binary");
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
    bc->base.prim = ig_prim_create(&desc);
    bc->src0 = ig_dnnl_cache_memory(&bc->base, &md0);
    bc->src1 = ig_dnnl_cache_memory(&bc->base, &md1);
    bc->dst = ig_dnnl_cache_memory(&bc->base, &md0);
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

    BinaryCache *bc = (BinaryCache *)ig_dnnl_cache_find(site, "dnnl_binary");
    if (bc == NULL || !binary_cache_fits(bc, alg, rank, s0, s1)) {
        bc = binary_cache_new(alg, rank, s0, s1);
        ig_dnnl_cache_keep(site, &bc->base);
    }

    /* oneDNN computes in place over its first source only, and documents nothing for a
     * second source that is the same buffer (z + z): that one gets a new result. */
    IgTensor *out = src1->data == src0->data
                        ? ig_tensor_make(site, NULL, IG_FLOAT32, rank, s0)
                        : ig_tensor_make_or_take(site, NULL, src0, NULL, IG_FLOAT32, rank, s0);
    IgDnnlArg args[3] = {{DNNL_ARG_SRC_0, bc->src0, src0->data},
                         {DNNL_ARG_SRC_1, bc->src1, src1->data},
                         {DNNL_ARG_DST, bc->dst, out->data}};
    ig_dnnl_cache_run(site, &bc->base, 3, args);
    return out;
}
