/* gather.c — indexing kernels: tf.gather along any axis, and tf.shape. Plain loops: a
 * gather is a row copy per index, which oneDNN has no primitive for.
 * Entry points: ig_gather, ig_shape. Memory owner: results belong to the caller. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

/* The index at flat position i of an int32 or int64 tensor, widened. */
static int64_t gather_index(const IgTensor *indices, int64_t i)
{
    if (indices->dtype == IG_INT32) return ((const int32_t *)indices->data)[i];
    return ((const int64_t *)indices->data)[i];
}

/* "indices[1,0] = 5 is not in [0, 3)": TensorFlow's message, with the bad index's
 * position written out dim by dim. The first bad index in the indices' own order. */
char *ig_gather_check_indices(const IgTensor *indices, int64_t limit)
{
    int64_t flat = -1, value = 0;
    for (int64_t i = 0; i < indices->size && flat < 0; i++) {
        int64_t k = gather_index(indices, i);
        if (k < 0 || k >= limit) flat = i, value = k;
    }
    if (flat < 0) return NULL;
    char pos[IG_SHAPE_STR_MAX];
    size_t n = 0;
    int64_t coords[IG_MAX_RANK];
    int64_t rest = flat;
    for (int d = indices->rank - 1; d >= 0; d--) {
        coords[d] = indices->shape[d] > 0 ? rest % indices->shape[d] : 0;
        rest = indices->shape[d] > 0 ? rest / indices->shape[d] : 0;
    }
    pos[0] = '\0';
    for (int d = 0; d < indices->rank; d++)
        n += (size_t)snprintf(pos + n, sizeof pos - n, d ? ",%lld" : "%lld", (long long)coords[d]);
    size_t cap = sizeof pos + 80;
    char *msg = malloc(cap);
    if (msg == NULL) ig_fatal(NULL, "out of memory");
    snprintf(msg, cap, "indices%s%s%s = %lld is not in [0, %lld)", indices->rank ? "[" : "", pos,
             indices->rank ? "]" : "", (long long)value, (long long)limit);
    return msg;
}

IgTensor *ig_gather(IgSite *site, const IgTensor *x, const IgTensor *indices, int axis)
{
    if (indices->dtype != IG_INT32 && indices->dtype != IG_INT64)
        ig_internal_error(__FILE__, __LINE__, "gather: indices of dtype %s",
                          ig_dtype_name(indices->dtype));
    if (x->dtype == IG_STRING || axis < 0 || axis >= x->rank)
        ig_internal_error(__FILE__, __LINE__, "gather: unsupported params (%s, rank %d, axis %d)",
                          ig_dtype_name(x->dtype), x->rank, axis);
    if (indices->rank + x->rank - 1 > IG_MAX_RANK)
        ig_fatal_rank(site, "gather", indices->rank + x->rank - 1);
    int rank = 0;
    int64_t shape[IG_MAX_RANK];
    for (int i = 0; i < axis; i++) shape[rank++] = x->shape[i];
    for (int i = 0; i < indices->rank; i++) shape[rank++] = indices->shape[i];
    for (int i = axis + 1; i < x->rank; i++) shape[rank++] = x->shape[i];

    /* Every index first, so that a bad one stops the op before any copying, and the
     * one reported is the first in the indices' own order, as TensorFlow's. */
    int64_t limit = x->shape[axis];
    char *bad = ig_gather_check_indices(indices, limit);
    if (bad != NULL) ig_fatal_free(site, bad);
    IgTensor *out = ig_tensor_make(site, "gather", x->dtype, rank, shape);
    if (out->size == 0) return out;

    /* x as [outer, limit, inner]: out[o, i, :] = x[o, indices[i], :], one contiguous
     * run of inner elements per (o, i). */
    int64_t outer = 1, nidx = indices->size;
    size_t row = ig_dtype_size(x->dtype);
    for (int i = 0; i < axis; i++) outer *= x->shape[i];
    for (int i = axis + 1; i < x->rank; i++) row *= (size_t)x->shape[i];
    char *dst = out->data;
    const char *src = x->data;
    IG_PARALLEL_FOR(out->size,
    for (int64_t r = 0; r < outer * nidx; r++) {
        int64_t o = r / nidx, k = gather_index(indices, r % nidx);
        memcpy(dst + (size_t)r * row, src + ((size_t)o * (size_t)limit + (size_t)k) * row, row);
    });
    return out;
}

/* dy[o, i, :] added to out[o, indices[i], :]; float32 and float64 (the gradients). */
#define SCATTER_ADD(T)                                                                    \
    do {                                                                                  \
        T *o_ = out->data;                                                                \
        const T *d_ = dy->data;                                                           \
        for (int64_t o = 0; o < outer; o++)                                               \
            for (int64_t i = 0; i < nidx; i++) {                                          \
                T *to = o_ + ((size_t)o * (size_t)limit + (size_t)gather_index(indices, i)) \
                                 * (size_t)inner;                                         \
                const T *from = d_ + ((size_t)o * (size_t)nidx + (size_t)i) * (size_t)inner; \
                for (int64_t k = 0; k < inner; k++) to[k] += from[k];                     \
            }                                                                             \
    } while (0)

IgTensor *ig_gather_grad(IgSite *site, const IgTensor *dy, const IgTensor *indices,
                         const IgTensor *shape, int axis)
{
    int64_t dims[IG_MAX_RANK];
    if (shape->rank != 1 || shape->size > IG_MAX_RANK || axis < 0 || axis >= shape->size)
        ig_internal_error(__FILE__, __LINE__, "gather_grad: bad shape or axis %d", axis);
    int rank = (int)shape->size;
    for (int i = 0; i < rank; i++)
        if ((dims[i] = ig_int_at(shape, i)) < 0)
            ig_fatal(site, "gather_grad: dimension %d of the shape is %lld", i, (long long)dims[i]);
    int64_t limit = dims[axis], outer = 1, inner = 1, nidx = indices->size;
    for (int i = 0; i < axis; i++) outer *= dims[i];
    for (int i = axis + 1; i < rank; i++) inner *= dims[i];
    /* dy must be what gather gave: shape[:axis] + indices' shape + shape[axis+1:]. */
    bool fits = dy->rank == rank - 1 + indices->rank;
    for (int d = 0; fits && d < dy->rank; d++) {
        int64_t want = d < axis                    ? dims[d]
                       : d < axis + indices->rank ? indices->shape[d - axis]
                                                  : dims[d - indices->rank + 1];
        fits = dy->shape[d] == want;
    }
    if (!fits) {
        char s[IG_SHAPE_STR_MAX];
        ig_fatal(site, "gather_grad: dy of shape %s is not what gather gives for these indices",
                 ig_shape_str(s, dy->rank, dy->shape));
    }
    char *bad = ig_gather_check_indices(indices, limit);
    if (bad != NULL) ig_fatal_free(site, bad);
    IgTensor *out = ig_fill(site, dy->dtype, rank, dims, 0.0);
    if (dy->dtype == IG_FLOAT32) SCATTER_ADD(float);
    else if (dy->dtype == IG_FLOAT64) SCATTER_ADD(double);
    else ig_internal_error(__FILE__, __LINE__, "gather_grad: dtype %s", ig_dtype_name(dy->dtype));
    return out;
}

IgTensor *ig_shape(IgSite *site, const IgTensor *x)
{
    int64_t rank = x->rank;
    IgTensor *out = ig_tensor_make(site, "shape", IG_INT32, 1, &rank);
    int32_t *dims = out->data;
    for (int i = 0; i < x->rank; i++) {
        if (x->shape[i] > INT32_MAX) {
            ig_release(out);
            ig_fatal(site, "shape: dim %d of the input is %lld, more than an int32 shape can hold",
                     i, (long long)x->shape[i]);
        }
        dims[i] = (int32_t)x->shape[i];
    }
    return out;
}
