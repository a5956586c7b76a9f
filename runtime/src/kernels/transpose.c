/* transpose.c — tf.transpose: the input seen through permuted strides, coalesced, then
 * copied: by memcpy when the permutation moves nothing, by a oneDNN reorder (cached in
 * the site) when large, by ig_view_copy's loops otherwise. Every dtype moves bit for
 * bit, so the reorder serves them all (8-byte elements as s32 pairs).
 * Entry point: ig_transpose. Memory owner: the site's cache owns the reorder. */
#include <string.h>

#include "layout.h"

typedef struct ReorderCache {
    IgDnnlCache base;
    IgDType dtype; /* the key: dtype and the coalesced view */
    IgView view;
    dnnl_memory_t src, dst;
} ReorderCache;

static bool reorder_cache_fits(const ReorderCache *rc, IgDType dtype, const IgView *v)
{
    return rc->dtype == dtype && ig_shape_equal(rc->view.rank, rc->view.shape, v->rank, v->shape) &&
           ig_shape_equal(rc->view.rank, rc->view.stride, v->rank, v->stride);
}

static ReorderCache *reorder_cache_new(IgDType dtype, const IgView *v)
{
    ReorderCache *rc = ig_dnnl_cache_new(sizeof *rc, "transpose");
    rc->dtype = dtype;
    rc->view = *v;
    int64_t dst_strides[IG_VIEW_MAX_RANK];
    ig_strides_row_major(v->rank, v->shape, dst_strides);
    dnnl_memory_desc_t src_md, dst_md;
    ig_dnnl_md_move(&src_md, dtype, v->rank, v->shape, v->stride);
    ig_dnnl_md_move(&dst_md, dtype, v->rank, v->shape, dst_strides);
    dnnl_engine_t eng = ig_dnnl_engine();
    dnnl_primitive_desc_t pd;
    int threads = ig_threads_for_mds(2, (dnnl_memory_desc_t[]){src_md, dst_md});
    int before = ig_threads_enter(threads);
    IG_DNNL_CHECK(dnnl_reorder_primitive_desc_create(&pd, &src_md, eng, &dst_md, eng, NULL));
    ig_threads_leave(before);
    rc->base.prim = ig_prim_from_pd(pd, threads);
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(pd));
    rc->src = ig_dnnl_cache_memory(&rc->base, &src_md);
    rc->dst = ig_dnnl_cache_memory(&rc->base, &dst_md);
    return rc;
}

/* out = the elements of v (coalesced, at offset 0) in src, by a cached reorder. */
static void transpose_dnnl(IgSite *site, IgDType dtype, const IgView *v, void *src, void *dst)
{
    ReorderCache *rc = (ReorderCache *)ig_dnnl_cache_find(site, "transpose");
    if (rc == NULL || !reorder_cache_fits(rc, dtype, v)) {
        rc = reorder_cache_new(dtype, v);
        ig_dnnl_cache_keep(site, &rc->base);
    }
    IgDnnlArg args[2] = {{DNNL_ARG_FROM, rc->src, src}, {DNNL_ARG_TO, rc->dst, dst}};
    ig_dnnl_cache_run(site, &rc->base, 2, args);
}

IgTensor *ig_transpose(IgSite *site, const IgTensor *x, const int *perm)
{
    IG_RT_ASSERT(x->dtype != IG_STRING);
    int64_t xstrides[IG_MAX_RANK], dims[IG_MAX_RANK];
    ig_strides_row_major(x->rank, x->shape, xstrides);
    IgView v = {.rank = x->rank};
    unsigned seen = 0;
    for (int i = 0; i < x->rank; i++) {
        int p = perm[i];
        IG_RT_ASSERT(p >= 0 && p < x->rank && !(seen & (1u << p)));
        seen |= 1u << p;
        dims[i] = v.shape[i] = x->shape[p];
        v.stride[i] = xstrides[p];
    }
    IgTensor *out = ig_tensor_make(site, "transpose", x->dtype, x->rank, dims);
    if (out->size == 0) return out;
    size_t elem = ig_dtype_size(x->dtype);
    ig_view_coalesce(&v);
    if (v.rank == 0 || (v.rank == 1 && v.stride[0] == 1)) /* nothing actually moves */
        memcpy(out->data, x->data, (size_t)out->size * elem);
    else if (out->size >= IG_DNNL_MIN_ELEMENTS)
        transpose_dnnl(site, x->dtype, &v, x->data, out->data);
    else
        ig_view_copy(&v, x->data, out->data, elem);
    return out;
}
