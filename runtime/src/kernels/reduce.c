/* reduce.c — tf.reduce_sum over chosen axes (or all), with keepdims, on plain loops.
 * Entry point: ig_reduce_sum.
 * Memory owner: the result belongs to the caller; the accumulator is freed here. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Sums accumulate in a wide scratch array, one slot per output element: double for
 * floats (so float32 sums lose less than a float accumulator would) and uint64 for
 * integers (whose wrap-around modulo 2^32 or 2^64 is then exactly TensorFlow's). */
typedef union Acc {
    double f;
    uint64_t u;
} Acc;

/* Adds every element of x into acc[out offset]; ostride[d] is the output stride of
 * input dim d (0 when d is reduced). READ(i) gives element i as the accumulator type. */
#define REDUCE_WALK(FIELD, READ)                                                       \
    do {                                                                               \
        int64_t idx[IG_MAX_RANK] = {0}, off = 0;                                        \
        int inner = x->rank - 1;                                                       \
        int64_t len = x->shape[inner], os = ostride[inner];                             \
        for (int64_t base = 0; base < x->size; base += len) {                          \
            for (int64_t j = 0; j < len; j++) acc[off + j * os].FIELD += READ(base + j); \
            for (int d = inner - 1; d >= 0; d--) {                                     \
                off += ostride[d];                                                     \
                if (++idx[d] < x->shape[d]) break;                                     \
                off -= ostride[d] * x->shape[d];                                       \
                idx[d] = 0;                                                            \
            }                                                                          \
        }                                                                              \
    } while (0)

IgTensor *ig_reduce_sum(IgSite *site, const IgTensor *x, int naxes, const int *axes,
                        bool all_axes, bool keepdims)
{
    if (x->dtype != IG_FLOAT32 && x->dtype != IG_FLOAT64 && !ig_dtype_is_int(x->dtype))
        ig_internal_error(__FILE__, __LINE__, "reduce_sum: dtype %s is not supported",
                          ig_dtype_name(x->dtype));
    bool reduced[IG_MAX_RANK] = {false};
    for (int i = 0; i < x->rank; i++) reduced[i] = all_axes;
    for (int i = 0; i < naxes; i++) {
        IG_RT_ASSERT(axes[i] >= 0 && axes[i] < x->rank);
        reduced[axes[i]] = true;
    }
    int orank = 0;
    int64_t oshape[IG_MAX_RANK], ostride[IG_MAX_RANK];
    for (int d = 0; d < x->rank; d++) {
        if (!reduced[d])
            oshape[orank++] = x->shape[d];
        else if (keepdims)
            oshape[orank++] = 1;
    }
    int64_t stride = 1;
    for (int d = x->rank - 1; d >= 0; d--) {
        ostride[d] = reduced[d] ? 0 : stride;
        if (!reduced[d]) stride *= x->shape[d];
    }

    IgTensor *out = ig_tensor_new(x->dtype, orank, oshape);
    int64_t n = out->size;
    Acc *acc = calloc(n > 0 ? (size_t)n : 1, sizeof *acc);
    if (acc == NULL) ig_fatal(site, "out of memory");
    if (x->size > 0 && x->rank > 0) {
        switch (x->dtype) {
#define READ_F32(i) (double)((const float *)x->data)[i]
#define READ_F64(i) ((const double *)x->data)[i]
#define READ_I32(i) (uint64_t)(int64_t)((const int32_t *)x->data)[i]
#define READ_I64(i) (uint64_t)((const int64_t *)x->data)[i]
        case IG_FLOAT32: REDUCE_WALK(f, READ_F32); break;
        case IG_FLOAT64: REDUCE_WALK(f, READ_F64); break;
        case IG_INT32: REDUCE_WALK(u, READ_I32); break;
        case IG_INT64: REDUCE_WALK(u, READ_I64); break;
        default: break;
        }
    } else if (x->rank == 0) { /* a scalar sums to itself */
        memcpy(out->data, x->data, ig_dtype_size(x->dtype));
        free(acc);
        return out;
    }
    for (int64_t i = 0; i < n; i++) {
        switch (x->dtype) {
        case IG_FLOAT32: ((float *)out->data)[i] = (float)acc[i].f; break;
        case IG_FLOAT64: ((double *)out->data)[i] = acc[i].f; break;
        case IG_INT32: ((int32_t *)out->data)[i] = (int32_t)acc[i].u; break;
        case IG_INT64: ((int64_t *)out->data)[i] = (int64_t)acc[i].u; break;
        default: break;
        }
    }
    free(acc);
    return out;
}
