/* nn_softmax.c — tf.nn.softmax and tf.nn.log_softmax along any axis: float32 on a
 * oneDNN softmax primitive cached in the site; log_softmax and float64 on loops in double.
 * Entry points: ig_softmax, ig_log_softmax (ig_sparse_softmax_xent is in nn_xent.c).
 * Memory owner: the site's cache owns the primitive and its memory objects. */
#include <math.h>

#include "nn_internal.h"

/* x seen as [outer, len, inner] with the softmax over len: any axis of any rank maps
 * to this, so one primitive kind serves them all. */
typedef struct SoftmaxCache {
    IgDnnlCache base;
    int64_t outer, len, inner;
    dnnl_memory_t src, dst;
} SoftmaxCache;

static SoftmaxCache *softmax_cache_new(int64_t outer, int64_t len, int64_t inner)
{
    SoftmaxCache *sc = ig_dnnl_cache_new(sizeof *sc, "softmax");
    sc->outer = outer, sc->len = len, sc->inner = inner;
    int64_t shape[3] = {outer, len, inner};
    dnnl_memory_desc_t md;
    ig_dnnl_md_f32(&md, 3, shape);
    dnnl_softmax_desc_t desc;
    IG_DNNL_CHECK(dnnl_softmax_forward_desc_init(&desc, dnnl_forward_inference, &md, 1));
    sc->base.prim = ig_prim_create(&desc);
    sc->src = ig_dnnl_cache_memory(&sc->base, &md);
    sc->dst = ig_dnnl_cache_memory(&sc->base, &md);
    return sc;
}

static void softmax_f32_dnnl(IgSite *site, int64_t outer, int64_t len, int64_t inner,
                             const IgTensor *x, IgTensor *out)
{
    SoftmaxCache *sc = (SoftmaxCache *)ig_dnnl_cache_find(site, "softmax");
    if (sc == NULL || sc->outer != outer || sc->len != len || sc->inner != inner) {
        sc = softmax_cache_new(outer, len, inner);
        ig_dnnl_cache_keep(site, &sc->base);
    }
    IgDnnlArg args[2] = {{DNNL_ARG_SRC, sc->src, x->data}, {DNNL_ARG_DST, sc->dst, out->data}};
    ig_dnnl_cache_run(site, &sc->base, 2, args);
}

/* TensorFlow's formulas: shifted = x - max; softmax = exp(shifted) / sum(exp(shifted)),
 * log_softmax = shifted - log(sum(exp(shifted))), computed in double and rounded once
 * to T. One (outer, inner) line per iteration of the outer loop; the line's elements
 * are inner apart. */
#define SOFTMAX_LOOPS(T)                                                                 \
    do {                                                                                 \
        const T *px = x->data;                                                           \
        T *po = out->data;                                                               \
        int64_t lines = outer * inner;                                                   \
        IG_PARALLEL_FOR(x->size,                                                         \
        for (int64_t l = 0; l < lines; l++) {                                            \
            const T *v = px + (l / inner) * len * inner + l % inner;                     \
            T *o = po + (v - px);                                                        \
            double max = -INFINITY;                                                      \
            for (int64_t i = 0; i < len; i++)                                            \
                if (v[i * inner] > max || isnan(v[i * inner])) max = v[i * inner];       \
            double sum = 0.0;                                                            \
            for (int64_t i = 0; i < len; i++) sum += exp((double)v[i * inner] - max);    \
            double lse = log(sum);                                                       \
            for (int64_t i = 0; i < len; i++) {                                          \
                double shifted = (double)v[i * inner] - max;                             \
                o[i * inner] = (T)(is_log ? shifted - lse : exp(shifted) / sum);         \
            }                                                                            \
        });                                                                              \
    } while (0)

static void softmax_loops(bool is_log, int64_t outer, int64_t len, int64_t inner, const IgTensor *x,
                          IgTensor *out)
{
    if (x->dtype == IG_FLOAT32) SOFTMAX_LOOPS(float);
    else SOFTMAX_LOOPS(double);
}

static IgTensor *softmax_any(IgSite *site, const char *op, bool is_log, const IgTensor *x,
                             int axis)
{
    if (x->dtype != IG_FLOAT32 && x->dtype != IG_FLOAT64)
        ig_fatal(site, "%s: input must be float32 or float64, got %s", op,
                 ig_dtype_name(x->dtype));
    IG_RT_ASSERT(axis >= 0 && axis < x->rank); /* the compiler normalises it */
    int64_t outer = 1, inner = 1, len = x->shape[axis];
    for (int d = 0; d < axis; d++) outer *= x->shape[d];
    for (int d = axis + 1; d < x->rank; d++) inner *= x->shape[d];
    IgTensor *out = ig_tensor_make(site, op, x->dtype, x->rank, x->shape);
    if (out->size == 0) return out;
    /* oneDNN's logsoftmax is off by up to ~40 ulp in float32 (its exp/log are
       polynomial approximations; measured against NumPy: 3e-6 on values near -0.09),
       which TensorFlow's is not: log_softmax stays on the loops, in double. */
    if (x->dtype == IG_FLOAT32 && !is_log)
        softmax_f32_dnnl(site, outer, len, inner, x, out);
    else
        softmax_loops(is_log, outer, len, inner, x, out);
    return out;
}

IgTensor *ig_softmax(IgSite *site, const IgTensor *x, int axis)
{
    return softmax_any(site, "softmax", false, x, axis);
}

IgTensor *ig_log_softmax(IgSite *site, const IgTensor *x, int axis)
{
    return softmax_any(site, "log_softmax", true, x, axis);
}
