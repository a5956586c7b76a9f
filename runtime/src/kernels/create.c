/* create.c — kernels that make tensors from nothing or from one tensor: constants
 * and strings (cached in their site), fill, range (tf.range) and cast (tf.cast).
 * Entry points: ig_constant, ig_constant_runs, ig_string, ig_fill, ig_range, ig_cast.
 * Memory owner: constants belong to their site's cache; other results to the caller. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- Constants -------------------------------------------------------------------- */

typedef struct ConstCache {
    IgCache base;
    IgTensor *tensor; /* immortal: refcount -1 */
} ConstCache;

static void const_cache_destroy(IgCache *cache)
{
    ConstCache *cc = (ConstCache *)cache;
    ig_tensor_free(cc->tensor);
    free(cc);
}

/* Makes t immortal and hands it to the site, which frees it at shutdown. */
static IgTensor *const_cache_install(IgSite *site, IgTensor *t)
{
    ConstCache *cc = malloc(sizeof *cc);
    if (cc == NULL) ig_fatal(site, "out of memory");
    t->refcount = -1;
    cc->base.destroy = const_cache_destroy;
    cc->tensor = t;
    ig_site_cache_set(site, &cc->base);
    return t;
}

IgTensor *ig_constant(IgSite *site, IgDType dtype, int rank, const int64_t *shape,
                      const void *data)
{
    IG_RT_ASSERT(site != NULL);
    if (site->cache != NULL) return ((ConstCache *)site->cache)->tensor;
    if (dtype == IG_STRING) { /* data is the text itself */
        IG_RT_ASSERT(rank == 0);
        return ig_string(site, data);
    }
    IgTensor *t = ig_tensor_make(site, "constant", dtype, rank, shape);
    if (t->size > 0) memcpy(t->data, data, (size_t)t->size * ig_dtype_size(dtype));
    return const_cache_install(site, t);
}

IgTensor *ig_constant_runs(IgSite *site, IgDType dtype, int rank, const int64_t *shape,
                           int64_t nruns, const int64_t *lengths, const void *values)
{
    IG_RT_ASSERT(site != NULL && dtype != IG_STRING && nruns >= 0);
    if (site->cache != NULL) return ((ConstCache *)site->cache)->tensor;
    IgTensor *t = ig_tensor_make(site, "constant", dtype, rank, shape);
    size_t size = ig_dtype_size(dtype);
    char *dst = t->data;
    int64_t at = 0;
    for (int64_t r = 0; r < nruns; r++) {
        IG_RT_ASSERT(lengths[r] > 0 && lengths[r] <= t->size - at);
        const char *v = (const char *)values + (size_t)r * size;
        for (int64_t i = 0; i < lengths[r]; i++, at++) memcpy(dst + (size_t)at * size, v, size);
    }
    IG_RT_ASSERT(at == t->size);
    return const_cache_install(site, t);
}

IgTensor *ig_string(IgSite *site, const char *utf8)
{
    IG_RT_ASSERT(site != NULL && utf8 != NULL);
    if (site->cache != NULL) return ((ConstCache *)site->cache)->tensor;
    size_t len = strlen(utf8);
    IgTensor *t = ig_tensor_alloc(site, "constant", IG_STRING, 0, NULL, len + 1);
    memcpy(t->data, utf8, len + 1);
    return const_cache_install(site, t);
}

/* ---- Fill ----------------------------------------------------------------------------- */
/* Floats to integers as cast converts them (ig_f64_to_i32, ingot/scalar.h). */

IgTensor *ig_fill(IgSite *site, IgDType dtype, int rank, const int64_t *shape, double value)
{
    (void)site;
    IgTensor *t = ig_tensor_make(site, "fill", dtype, rank, shape);
    int64_t n = t->size;
    switch (dtype) {
    case IG_BOOL: memset(t->data, value != 0, (size_t)n); break;
    case IG_INT32: {
        int32_t v = ig_f64_to_i32(value), *d = t->data;
        for (int64_t i = 0; i < n; i++) d[i] = v;
        break;
    }
    case IG_INT64: {
        int64_t v = ig_f64_to_i64(value), *d = t->data;
        for (int64_t i = 0; i < n; i++) d[i] = v;
        break;
    }
    case IG_FLOAT32: {
        float v = (float)value, *d = t->data;
        for (int64_t i = 0; i < n; i++) d[i] = v;
        break;
    }
    case IG_FLOAT64: {
        double *d = t->data;
        for (int64_t i = 0; i < n; i++) d[i] = value;
        break;
    }
    default: ig_internal_error(__FILE__, __LINE__, "fill: bad dtype %d", (int)dtype);
    }
    return t;
}

/* ---- Range ------------------------------------------------------------------------ */

static void range_check_scalar(IgSite *site, const IgTensor *t, IgDType dtype, const char *what)
{
    IG_RT_ASSERT(t->dtype == dtype);
    if (t->size != 1) {
        char s[IG_SHAPE_STR_MAX];
        ig_fatal(site, "range: '%s' must be a scalar, not shape %s", what,
                 ig_shape_str(s, t->rank, t->shape));
    }
}

/* Integer range, in 64 bits: the length is TensorFlow's
 * (|limit - start| + |delta| - 1) / |delta|, computed without overflow. */
static IgTensor *range_int(IgSite *site, IgDType dtype, int64_t start, int64_t limit,
                           int64_t delta)
{
    if (delta == 0) ig_fatal(site, "range: delta must not be zero");
    /* TensorFlow's kernel refuses a range that runs the wrong way. */
    if (delta > 0 && start > limit)
        ig_fatal(site, "range: requires start <= limit when delta > 0: %lld/%lld", (long long)start,
                 (long long)limit);
    if (delta < 0 && start < limit)
        ig_fatal(site, "range: requires start >= limit when delta < 0: %lld/%lld", (long long)start,
                 (long long)limit);
    uint64_t size = 0;
    if ((delta > 0 && start < limit) || (delta < 0 && start > limit)) {
        uint64_t dist = delta > 0 ? (uint64_t)limit - (uint64_t)start
                                  : (uint64_t)start - (uint64_t)limit;
        uint64_t step = delta > 0 ? (uint64_t)delta : 0 - (uint64_t)delta;
        size = dist / step + (dist % step != 0);
    }
    int64_t shape[1] = {(int64_t)size};
    IgTensor *t = ig_tensor_make(site, "range", dtype, 1, shape);
    uint64_t val = (uint64_t)start; /* unsigned: the step past the end may overflow */
    for (uint64_t i = 0; i < size; i++, val += (uint64_t)delta) {
        if (dtype == IG_INT32)
            ((int32_t *)t->data)[i] = (int32_t)(int64_t)val;
        else
            ((int64_t *)t->data)[i] = (int64_t)val;
    }
    return t;
}

/* Float ranges accumulate val += delta as TensorFlow's kernel does (not start +
 * i*delta), so the elements agree bit for bit. */
#define RANGE_FLOAT(NAME, T, DT, CEIL, FABS)                                           \
    static IgTensor *NAME(IgSite *site, T start, T limit, T delta)                    \
    {                                                                                  \
        if (delta == 0) ig_fatal(site, "range: delta must not be zero");               \
        if ((delta > 0 && start > limit) || (delta < 0 && start < limit))              \
            ig_fatal(site, "range: requires start %s limit when delta %s 0: %g/%g",    \
                     delta > 0 ? "<=" : ">=", delta > 0 ? ">" : "<", (double)start,    \
                     (double)limit);                                                   \
        T len = 0;                                                                     \
        if ((delta > 0 && start < limit) || (delta < 0 && start > limit))              \
            len = CEIL(FABS((limit - start) / delta));                                 \
        if (!(len >= 0 && len < 4611686018427387904.0))                                \
            ig_fatal(site, "range: too many elements");                                \
        int64_t shape[1] = {(int64_t)len};                                             \
        IgTensor *t = ig_tensor_make(site, "range", DT, 1, shape);                                 \
        T *d = t->data, val = start;                                                   \
        for (int64_t i = 0; i < shape[0]; i++, val += delta) d[i] = val;               \
        return t;                                                                      \
    }
RANGE_FLOAT(range_f32, float, IG_FLOAT32, ceilf, fabsf)
RANGE_FLOAT(range_f64, double, IG_FLOAT64, ceil, fabs)

IgTensor *ig_range(IgSite *site, IgDType dtype, const IgTensor *start, const IgTensor *limit,
                   const IgTensor *delta)
{
    range_check_scalar(site, start, dtype, "start");
    range_check_scalar(site, limit, dtype, "limit");
    range_check_scalar(site, delta, dtype, "delta");
    switch (dtype) {
    case IG_INT32:
        return range_int(site, dtype, *(const int32_t *)start->data,
                         *(const int32_t *)limit->data, *(const int32_t *)delta->data);
    case IG_INT64:
        return range_int(site, dtype, *(const int64_t *)start->data,
                         *(const int64_t *)limit->data, *(const int64_t *)delta->data);
    case IG_FLOAT32:
        return range_f32(site, *(const float *)start->data, *(const float *)limit->data,
                         *(const float *)delta->data);
    case IG_FLOAT64:
        return range_f64(site, *(const double *)start->data, *(const double *)limit->data,
                         *(const double *)delta->data);
    default: ig_internal_error(__FILE__, __LINE__, "range: bad dtype %s", ig_dtype_name(dtype));
    }
}

/* ---- Cast ------------------------------------------------------------------------- */

/* One loop per (source, destination) pair: READ loads element i of src as the source
 * value v, CONV turns v into D. */
#define CAST_LOOP(S, D, READ, CONV)                                                    \
    do {                                                                               \
        const S *src = x->data;                                                        \
        D *dst = out->data;                                                            \
        for (int64_t i = 0; i < n; i++) {                                              \
            S v = READ;                                                                \
            dst[i] = CONV;                                                             \
        }                                                                              \
    } while (0)

/* All conversions from source type S. Float sources truncate toward zero when going
 * to an integer; anything going to bool is v != 0. */
#define CAST_FROM(S, READ, IS_FLOAT)                                                   \
    switch (to) {                                                                      \
    case IG_BOOL: CAST_LOOP(S, uint8_t, READ, (uint8_t)(v != 0)); break;              \
    case IG_INT32:                                                                     \
        CAST_LOOP(S, int32_t, READ, (IS_FLOAT) ? ig_f64_to_i32((double)v) : (int32_t)v);  \
        break;                                                                         \
    case IG_INT64:                                                                     \
        CAST_LOOP(S, int64_t, READ, (IS_FLOAT) ? ig_f64_to_i64((double)v) : (int64_t)v);  \
        break;                                                                         \
    case IG_FLOAT32: CAST_LOOP(S, float, READ, (float)v); break;                      \
    case IG_FLOAT64: CAST_LOOP(S, double, READ, (double)v); break;                    \
    default: bad = true;                                                               \
    }

IgTensor *ig_cast(IgSite *site, const IgTensor *x, IgDType to)
{
    (void)site;
    IgTensor *out = ig_tensor_make(site, "cast", to, x->rank, x->shape);
    int64_t n = x->size;
    bool bad = false;
    switch (x->dtype) {
    /* A bool byte other than 0/1 still means true, hence the != 0 when reading. */
    case IG_BOOL: CAST_FROM(uint8_t, (uint8_t)(src[i] != 0), 0) break;
    case IG_INT32: CAST_FROM(int32_t, src[i], 0) break;
    case IG_INT64: CAST_FROM(int64_t, src[i], 0) break;
    case IG_FLOAT32: CAST_FROM(float, src[i], 1) break;
    case IG_FLOAT64: CAST_FROM(double, src[i], 1) break;
    default: bad = true;
    }
    if (bad)
        ig_internal_error(__FILE__, __LINE__, "cast: %s to %s is not supported",
                          ig_dtype_name(x->dtype), ig_dtype_name(to));
    return out;
}
