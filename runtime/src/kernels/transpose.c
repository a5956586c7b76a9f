/* transpose.c — tf.transpose: the input seen through permuted strides, coalesced, then
 * copied: by memcpy when the permutation moves nothing, by a oneDNN reorder (cached in
 * the site) when large, by ig_view_copy's loops otherwise. Every dtype moves bit for
 * bit, so the reorder serves them all (8-byte elements as s32 pairs).
 * Entry point: ig_transpose. Memory owner: the site's cache owns the reorder. */
#include <stdlib.h>
#include <string.h>

#include "layout.h"

typedef struct ReorderCache {
    IgCache base;
    IgDType dtype; /* the key: dtype and the coalesced view */
    IgView view;
    dnnl_primitive_t prim;
    dnnl_memory_t src, dst; /* no buffers: the tensors' are set per call */
} ReorderCache;

static void reorder_cache_destroy(IgCache *cache)
{
    ReorderCache *rc = (ReorderCache *)cache;
    dnnl_memory_destroy(rc->src);
    dnnl_memory_destroy(rc->dst);
    dnnl_primitive_destroy(rc->prim);
    free(rc);
}

static bool reorder_cache_fits(const ReorderCache *rc, IgDType dtype, const IgView *v)
{
    return rc->dtype == dtype && ig_shape_equal(rc->view.rank, rc->view.shape, v->rank, v->shape) &&
           ig_shape_equal(rc->view.rank, rc->view.stride, v->rank, v->stride);
}

static ReorderCache *reorder_cache_new(IgDType dtype, const IgView *v)
{
    ReorderCache *rc = calloc(1, sizeof *rc);
    if (rc == NULL) ig_fatal(NULL, "out of memory");
    rc->base.destroy = reorder_cache_destroy;
    rc->dtype = dtype;
    rc->view = *v;
    int64_t dst_strides[IG_VIEW_MAX_RANK];
    ig_strides_row_major(v->rank, v->shape, dst_strides);
    dnnl_memory_desc_t src_md, dst_md;
    ig_dnnl_md_move(&src_md, dtype, v->rank, v->shape, v->stride);
    ig_dnnl_md_move(&dst_md, dtype, v->rank, v->shape, dst_strides);
    dnnl_engine_t eng = ig_dnnl_engine();
    dnnl_primitive_desc_t pd;
    IG_DNNL_CHECK(dnnl_reorder_primitive_desc_create(&pd, &src_md, eng, &dst_md, eng, NULL));
    IG_DNNL_CHECK(dnnl_primitive_create(&rc->prim, pd));
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(pd));
    IG_DNNL_CHECK(dnnl_memory_create(&rc->src, &src_md, eng, DNNL_MEMORY_NONE));
    IG_DNNL_CHECK(dnnl_memory_create(&rc->dst, &dst_md, eng, DNNL_MEMORY_NONE));
    return rc;
}

/* out = the elements of v (coalesced, at offset 0) in src, by a cached reorder. */
static void transpose_dnnl(IgSite *site, IgDType dtype, const IgView *v, void *src, void *dst)
{
    ReorderCache *rc;
    IgCache *cached = site != NULL ? site->cache : NULL;
    if (cached != NULL && cached->destroy == reorder_cache_destroy &&
        reorder_cache_fits((ReorderCache *)cached, dtype, v)) {
        rc = (ReorderCache *)cached;
    } else {
        rc = reorder_cache_new(dtype, v);
        if (site != NULL) ig_site_cache_set(site, &rc->base);
    }
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(rc->src, src));
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(rc->dst, dst));
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, rc->src}, {DNNL_ARG_TO, rc->dst}};
    IG_DNNL_CHECK(dnnl_primitive_execute(rc->prim, ig_dnnl_stream(), 2, args));
    IG_DNNL_CHECK(dnnl_stream_wait(ig_dnnl_stream()));
    if (site == NULL) rc->base.destroy(&rc->base); /* nowhere to keep it */
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
    IgTensor *out = ig_tensor_new(x->dtype, x->rank, dims);
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
