/* layout.c — strided views and the copy loop behind transpose, tile, broadcast_to and
 * strided_slice; the shape-vector and oneDNN descriptor helpers they share.
 * Entry points: ig_view_copy, ig_view_coalesce, ig_int_at, ig_dnnl_md_move.
 * Memory owner: none; every buffer is the caller's. */
#include <string.h>

#include "layout.h"

void ig_strides_row_major(int rank, const int64_t *shape, int64_t *strides)
{
    int64_t stride = 1;
    for (int d = rank - 1; d >= 0; d--) {
        strides[d] = stride;
        stride *= shape[d];
    }
}

void ig_view_coalesce(IgView *v)
{
    int n = 0;
    for (int d = 0; d < v->rank; d++) {
        if (v->shape[d] == 0) { /* nothing to copy: strides no longer matter */
            v->rank = 1;
            v->shape[0] = 0;
            v->stride[0] = 1;
            return;
        }
        if (v->shape[d] == 1) continue;
        /* Dim n-1 (outer) and d (inner) step as one dim when the outer stride is a
         * whole inner run; 0 == 0 * shape merges two broadcast dims too. */
        if (n > 0 && v->stride[n - 1] == v->stride[d] * v->shape[d]) {
            v->shape[n - 1] *= v->shape[d];
            v->stride[n - 1] = v->stride[d];
            continue;
        }
        v->shape[n] = v->shape[d];
        v->stride[n] = v->stride[d];
        n++;
    }
    v->rank = n;
}

/* One innermost run: n elements, src stepping by stride. A constant element size lets
 * each memcpy compile to a single move (and keeps the types' aliasing rules). */
static void copy_run(char *dst, const char *src, int64_t n, int64_t stride, size_t elem)
{
    if (stride == 1) {
        memcpy(dst, src, (size_t)n * elem);
        return;
    }
    ptrdiff_t step = (ptrdiff_t)stride;
    switch (elem) {
    case 1:
        for (int64_t i = 0; i < n; i++) dst[i] = src[i * step];
        break;
    case 4:
        for (int64_t i = 0; i < n; i++) memcpy(dst + i * 4, src + i * step * 4, 4);
        break;
    case 8:
        for (int64_t i = 0; i < n; i++) memcpy(dst + i * 8, src + i * step * 8, 8);
        break;
    default:
        for (int64_t i = 0; i < n; i++)
            memcpy(dst + (size_t)i * elem, src + i * step * (ptrdiff_t)elem, elem);
    }
}

/* Rows per parallel block: enough elements (~16K) that decoding a block's first row
 * index, a few divisions, costs nothing next to the copying. */
#define ROWS_BLOCK_ELEMENTS 16384

void ig_view_copy(const IgView *view, const void *src, void *dst, size_t elem)
{
    IgView v = *view;
    ig_view_coalesce(&v);
    const char *base = (const char *)src + v.offset * (ptrdiff_t)elem;
    if (v.rank == 0) {
        memcpy(dst, base, elem);
        return;
    }
    int64_t inner = v.shape[v.rank - 1], istride = v.stride[v.rank - 1];
    if (inner == 0) return;
    int64_t nrows = 1;
    for (int d = 0; d < v.rank - 1; d++) nrows *= v.shape[d];
    int64_t per_block = inner >= ROWS_BLOCK_ELEMENTS ? 1 : ROWS_BLOCK_ELEMENTS / inner;
    int64_t nblocks = (nrows + per_block - 1) / per_block;
    int outer = v.rank - 1; /* dims 0..outer-1 index the rows */
    IG_PARALLEL_FOR(nrows * inner,
    for (int64_t blk = 0; blk < nblocks; blk++) {
        int64_t r = blk * per_block, rend = r + per_block < nrows ? r + per_block : nrows;
        int64_t idx[IG_VIEW_MAX_RANK], off = 0, rest = r;
        for (int d = outer - 1; d >= 0; d--) {
            idx[d] = rest % v.shape[d];
            rest /= v.shape[d];
            off += idx[d] * v.stride[d];
        }
        for (; r < rend; r++) {
            copy_run((char *)dst + r * inner * (int64_t)elem, base + off * (ptrdiff_t)elem, inner,
                     istride, elem);
            for (int d = outer - 1; d >= 0; d--) { /* odometer to the next row */
                off += v.stride[d];
                if (++idx[d] < v.shape[d]) break;
                off -= v.stride[d] * v.shape[d];
                idx[d] = 0;
            }
        }
    });
}

void ig_view_scatter(const IgView *v, const void *src, void *dst, size_t elem)
{
    int64_t n = 1;
    for (int d = 0; d < v->rank; d++) n *= v->shape[d];
    int64_t idx[IG_VIEW_MAX_RANK] = {0}, off = v->offset;
    for (int64_t k = 0; k < n; k++) {
        memcpy((char *)dst + off * (ptrdiff_t)elem, (const char *)src + k * (int64_t)elem, elem);
        for (int d = v->rank - 1; d >= 0; d--) { /* odometer to the next element */
            off += v->stride[d];
            if (++idx[d] < v->shape[d]) break;
            off -= v->stride[d] * v->shape[d];
            idx[d] = 0;
        }
    }
}

int64_t ig_int_at(const IgTensor *t, int64_t i)
{
    if (t->dtype == IG_INT32) return ((const int32_t *)t->data)[i];
    if (t->dtype == IG_INT64) return ((const int64_t *)t->data)[i];
    ig_internal_error(__FILE__, __LINE__, "expected an int32 or int64 tensor, got %s",
                      ig_dtype_name(t->dtype));
}

int64_t ig_shape_count(IgSite *site, const char *op, int rank, const int64_t *dims)
{
    int64_t count;
    if (ig_size_empty_too_large(rank, dims)) ig_fatal_empty_too_large(site, op, rank, dims);
    if (!ig_size_count(rank, dims, &count)) {
        char s[IG_SHAPE_STR_MAX];
        ig_fatal(site, "%s: the shape %s has more elements than fit in 64 bits", op,
                 ig_shape_str(s, rank, dims));
    }
    return count;
}

void ig_fatal_rank(IgSite *site, const char *op, int64_t rank)
{
    ig_fatal(site, "%s: the result would have %lld dimensions, more than Ingot's limit of %d", op,
             (long long)rank, IG_MAX_RANK);
}

void ig_dnnl_md_move(dnnl_memory_desc_t *md, IgDType dtype, int rank, const int64_t *dims,
                     const int64_t *strides)
{
    dnnl_data_type_t dt;
    int64_t parts = 1;
    switch (ig_dtype_size(dtype)) {
    case 1: dt = dnnl_u8; break;
    case 4: dt = dtype == IG_FLOAT32 ? dnnl_f32 : dnnl_s32; break;
    case 8: dt = dnnl_s32, parts = 2; break;
    default: ig_internal_error(__FILE__, __LINE__, "no oneDNN type for %s", ig_dtype_name(dtype));
    }
    dnnl_dims_t d, s;
    IG_RT_ASSERT(rank + (parts > 1) <= DNNL_MAX_NDIMS);
    for (int i = 0; i < rank; i++) {
        d[i] = dims[i];
        s[i] = strides[i] * parts;
    }
    int nd = rank;
    if (parts > 1) {
        d[nd] = parts;
        s[nd] = 1;
        nd++;
    }
    if (nd == 0) { /* a scalar is one element of shape [1] */
        d[0] = 1;
        s[0] = 1;
        nd = 1;
    }
    IG_DNNL_CHECK(dnnl_memory_desc_init_by_strides(md, nd, d, dt, s));
}
