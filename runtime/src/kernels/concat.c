/* concat.c — tf.concat. Seen as [outer, dim_i, inner] blocks, a concat is, per outer
 * index, one contiguous chunk from each input in turn: memcpy loops when small, a
 * oneDNN concat primitive (cached in the site) when large. Every dtype moves bit for
 * bit (8-byte elements as s32 pairs). Checks and messages follow concat_op.cc.
 * Entry point: ig_concat. Memory owner: the site's cache owns the primitive. */
#include <stdlib.h>
#include <string.h>

#include "layout.h"

/* The primitive for n inputs of [outer, dims[i], inner] elements of dtype. Source i's
 * memory object is base.mems[i] (they are made first, in order). */
typedef struct ConcatCache {
    IgDnnlCache base;
    IgDType dtype;
    int n;
    int64_t outer, inner;
    dnnl_memory_t dst;
    int64_t dims[]; /* n concat-dim sizes */
} ConcatCache;

static bool concat_cache_fits(const ConcatCache *cc, IgDType dtype, int n, int64_t outer,
                              int64_t inner, const int64_t *dims)
{
    return cc->dtype == dtype && cc->n == n && cc->outer == outer && cc->inner == inner &&
           memcmp(cc->dims, dims, (size_t)n * sizeof *dims) == 0;
}

static ConcatCache *concat_cache_new(IgDType dtype, int n, int64_t outer, int64_t inner,
                                     const int64_t *dims)
{
    ConcatCache *cc = ig_dnnl_cache_new(sizeof *cc + (size_t)n * sizeof *cc->dims, "concat");
    dnnl_memory_desc_t *mds = calloc((size_t)n, sizeof *mds);
    if (mds == NULL) ig_fatal(NULL, "out of memory");
    cc->dtype = dtype;
    cc->n = n;
    cc->outer = outer;
    cc->inner = inner;
    memcpy(cc->dims, dims, (size_t)n * sizeof *dims);
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        int64_t shape[3] = {outer, dims[i], inner}, strides[3];
        ig_strides_row_major(3, shape, strides);
        ig_dnnl_md_move(&mds[i], dtype, 3, shape, strides);
        total += dims[i];
    }
    int64_t shape[3] = {outer, total, inner}, strides[3];
    ig_strides_row_major(3, shape, strides);
    dnnl_memory_desc_t dst_md;
    ig_dnnl_md_move(&dst_md, dtype, 3, shape, strides);
    dnnl_engine_t eng = ig_dnnl_engine();
    dnnl_primitive_desc_t pd;
    /* The sources hold as many bytes as the result: twice the result's is all. */
    int threads = ig_threads_for_mds(2, (dnnl_memory_desc_t[]){dst_md, dst_md});
    int before = ig_threads_enter(threads);
    IG_DNNL_CHECK(dnnl_concat_primitive_desc_create(&pd, &dst_md, n, 1, mds, NULL, eng));
    ig_threads_leave(before);
    cc->base.prim = ig_prim_from_pd(pd, threads);
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(pd));
    for (int i = 0; i < n; i++) ig_dnnl_cache_memory(&cc->base, &mds[i]);
    cc->dst = ig_dnnl_cache_memory(&cc->base, &dst_md);
    free(mds);
    return cc;
}

/* out = the n inputs (all non-empty) joined along their middle dim, by oneDNN. */
static void concat_dnnl(IgSite *site, int n, const IgTensor *const *xs, const int64_t *dims,
                        int64_t outer, int64_t inner, IgTensor *out)
{
    ConcatCache *cc = (ConcatCache *)ig_dnnl_cache_find(site, "concat");
    if (cc == NULL || !concat_cache_fits(cc, out->dtype, n, outer, inner, dims)) {
        cc = concat_cache_new(out->dtype, n, outer, inner, dims);
        ig_dnnl_cache_keep(site, &cc->base);
    }
    IgDnnlArg *args = malloc((size_t)(n + 1) * sizeof *args);
    if (args == NULL) ig_fatal(site, "out of memory");
    for (int i = 0; i < n; i++)
        args[i] = (IgDnnlArg){DNNL_ARG_MULTIPLE_SRC + i, cc->base.mems[i], xs[i]->data};
    args[n] = (IgDnnlArg){DNNL_ARG_DST, cc->dst, out->data};
    ig_dnnl_cache_run(site, &cc->base, n + 1, args);
    free(args);
}

/* The same by memcpy: per outer index, each input's chunk of dims[i] * inner. */
static void concat_loops(int n, const IgTensor *const *xs, const int64_t *dims, int64_t outer,
                         int64_t inner, IgTensor *out)
{
    size_t elem = ig_dtype_size(out->dtype);
    size_t row = (size_t)(out->size / outer) * elem; /* one outer index of out */
    IG_PARALLEL_FOR(out->size,
    for (int64_t o = 0; o < outer; o++) {
        char *dst = (char *)out->data + (size_t)o * row;
        for (int i = 0; i < n; i++) {
            size_t chunk = (size_t)(dims[i] * inner) * elem;
            memcpy(dst, (const char *)xs[i]->data + (size_t)o * chunk, chunk);
            dst += chunk;
        }
    });
}

IgTensor *ig_concat(IgSite *site, int n, const IgTensor *const *xs, int axis)
{
    IG_RT_ASSERT(n >= 1);
    const IgTensor *x0 = xs[0];
    IG_RT_ASSERT(x0->dtype != IG_STRING);
    if (axis < 0 || axis >= x0->rank)
        ig_fatal(site, "ConcatOp : Expected concatenating dimensions in the range [%d, %d), but "
                 "got %d", -x0->rank, x0->rank, axis);
    int64_t shape[IG_MAX_RANK];
    memcpy(shape, x0->shape, sizeof shape);
    shape[axis] = 0;
    for (int i = 0; i < n; i++) {
        const IgTensor *x = xs[i];
        IG_RT_ASSERT(x->dtype == x0->dtype);
        char s0[IG_SHAPE_STR_MAX], si[IG_SHAPE_STR_MAX];
        if (x->rank != x0->rank)
            ig_fatal(site, "ConcatOp : Ranks of all input tensors should match: shape[0] = %s vs. "
                     "shape[%d] = %s", ig_shape_str(s0, x0->rank, x0->shape), i,
                     ig_shape_str(si, x->rank, x->shape));
        for (int d = 0; d < x->rank; d++)
            if (d != axis && x->shape[d] != x0->shape[d])
                ig_fatal(site, "ConcatOp : Dimension %d in both shapes must be equal: shape[0] = "
                         "%s vs. shape[%d] = %s", d, ig_shape_str(s0, x0->rank, x0->shape), i,
                         ig_shape_str(si, x->rank, x->shape));
        shape[axis] += x->shape[axis];
    }
    IgTensor *out = ig_tensor_make(site, "concat", x0->dtype, x0->rank, shape);
    if (out->size == 0) return out;

    int64_t outer = 1, inner = 1;
    for (int d = 0; d < axis; d++) outer *= shape[d];
    for (int d = axis + 1; d < x0->rank; d++) inner *= shape[d];
    /* Inputs empty along axis add nothing (and oneDNN rejects empty sources). */
    const IgTensor **parts = malloc((size_t)n * sizeof *parts);
    int64_t *dims = malloc((size_t)n * sizeof *dims);
    if (parts == NULL || dims == NULL) {
        free(parts), free(dims); /* nothing leaks when a trap catches the error */
        ig_fatal(site, "out of memory");
    }
    int np = 0;
    for (int i = 0; i < n; i++) {
        if (xs[i]->shape[axis] == 0) continue;
        parts[np] = xs[i];
        dims[np++] = xs[i]->shape[axis];
    }
    if (np >= 2 && out->size >= IG_DNNL_MIN_ELEMENTS)
        concat_dnnl(site, np, parts, dims, outer, inner, out);
    else
        concat_loops(np, parts, dims, outer, inner, out);
    free(parts);
    free(dims);
    return out;
}
