/* arg_reduce.c — tf.argmax/argmin along one axis, x seen as [outer, len, inner].
 * Entry points: ig_argmax, ig_argmin.
 * Memory owner: the result belongs to the caller; the scratch of best values is freed here. */
#include <float.h>
#include <stdlib.h>

#include "internal.h"

/* TensorFlow's ArgMax/ArgMin are Eigen's tuple reducers: the running best starts as
 * (index 0, the dtype's lowest finite value) — highest for argmin — and an element
 * replaces it only when it compares strictly better, visiting indices in order. So ties
 * keep the first index, a NaN never wins (every comparison with it is false), and an
 * axis of only NaN or -inf gives 0. */
#define ARG_LOOP(T, INIT, CMP)                                                         \
    do {                                                                               \
        const T *xd = x->data;                                                         \
        T *best = scratch;                                                             \
        IG_PARALLEL_FOR(x->size,                                                       \
        for (int64_t o = 0; o < outer; o++) {                                          \
            T *b = best + o * inner;                                                   \
            int64_t *r = res + o * inner;                                              \
            for (int64_t i = 0; i < inner; i++) b[i] = INIT, r[i] = 0;                 \
            for (int64_t k = 0; k < len; k++) {                                        \
                const T *row = xd + (o * len + k) * inner; /* rows stay contiguous */  \
                for (int64_t i = 0; i < inner; i++)                                    \
                    if (row[i] CMP b[i]) b[i] = row[i], r[i] = k;                      \
            }                                                                          \
        });                                                                            \
    } while (0)

static IgTensor *arg_run(IgSite *site, const char *name, const IgTensor *x, int axis, bool max)
{
    if (!ig_dtype_is_float(x->dtype) && !ig_dtype_is_int(x->dtype))
        ig_internal_error(__FILE__, __LINE__, "%s: dtype %s is not supported", name,
                          ig_dtype_name(x->dtype));
    IG_RT_ASSERT(axis >= 0 && axis < x->rank);
    if (x->shape[axis] == 0) {
        char s[IG_SHAPE_STR_MAX];
        ig_fatal(site, "Reduction axis %d is empty in shape %s", axis,
                 ig_shape_str(s, x->rank, x->shape));
    }
    int64_t oshape[IG_MAX_RANK], outer = 1, inner = 1, len = x->shape[axis];
    for (int d = 0; d < x->rank; d++) {
        if (d < axis) outer *= x->shape[d];
        if (d > axis) inner *= x->shape[d];
        if (d != axis) oshape[d < axis ? d : d - 1] = x->shape[d];
    }
    IgTensor *out = ig_tensor_make(site, name, IG_INT64, x->rank - 1, oshape);
    if (out->size == 0) return out;
    int64_t *res = out->data;
    void *scratch = malloc((size_t)out->size * ig_dtype_size(x->dtype));
    if (scratch == NULL) ig_fatal(site, "out of memory");
    switch (x->dtype) {
    case IG_FLOAT32:
        if (max) ARG_LOOP(float, -FLT_MAX, >); else ARG_LOOP(float, FLT_MAX, <);
        break;
    case IG_FLOAT64:
        if (max) ARG_LOOP(double, -DBL_MAX, >); else ARG_LOOP(double, DBL_MAX, <);
        break;
    case IG_INT32:
        if (max) ARG_LOOP(int32_t, INT32_MIN, >); else ARG_LOOP(int32_t, INT32_MAX, <);
        break;
    default: /* IG_INT64 */
        if (max) ARG_LOOP(int64_t, INT64_MIN, >); else ARG_LOOP(int64_t, INT64_MAX, <);
        break;
    }
    free(scratch);
    return out;
}

IgTensor *ig_argmax(IgSite *site, const IgTensor *x, int axis)
{
    return arg_run(site, "argmax", x, axis, true);
}

IgTensor *ig_argmin(IgSite *site, const IgTensor *x, int axis)
{
    return arg_run(site, "argmin", x, axis, false);
}
