/* nn_softmax.c — tf.nn.softmax and tf.nn.log_softmax along any axis: float32 on a
 * oneDNN (log)softmax primitive cached in the site, float64 on loops.
 * Entry points: ig_softmax, ig_log_softmax (ig_sparse_softmax_xent is in nn_xent.c).
 * Memory owner: the site's cache owns the primitive and its memory objects. */
#include <math.h>
#include <stdlib.h>

#include "nn_internal.h"

/* x seen as [outer, len, inner] with the softmax over len: any axis of any rank maps
 * to this, so one primitive kind serves them all. */
typedef struct SoftmaxCache {
    IgCache base;
    bool is_log;
    int64_t outer, len, inner;
    dnnl_primitive_t prim;
    dnnl_memory_t src, dst; /* no buffers: the tensors' are set per call */
} SoftmaxCache;

static void softmax_cache_destroy(IgCache *cache)
{
    SoftmaxCache *sc = (SoftmaxCache *)cache;
    dnnl_memory_destroy(sc->src);
    dnnl_memory_destroy(sc->dst);
    dnnl_primitive_destroy(sc->prim);
    free(sc);
}

static SoftmaxCache *softmax_cache_new(bool is_log, int64_t outer, int64_t len, int64_t inner)
{
    SoftmaxCache *sc = calloc(1, sizeof *sc);
    if (sc == NULL) ig_fatal(NULL, "out of memory");
    sc->base.destroy = softmax_cache_destroy;
    sc->is_log = is_log, sc->outer = outer, sc->len = len, sc->inner = inner;
    int64_t shape[3] = {outer, len, inner};
    dnnl_memory_desc_t md;
    ig_dnnl_md_f32(&md, 3, shape);
    if (is_log) {
        dnnl_logsoftmax_desc_t desc;
        IG_DNNL_CHECK(dnnl_logsoftmax_forward_desc_init(&desc, dnnl_forward_inference, &md, 1));
        sc->prim = ig_prim_create(&desc);
    } else {
        dnnl_softmax_desc_t desc;
        IG_DNNL_CHECK(dnnl_softmax_forward_desc_init(&desc, dnnl_forward_inference, &md, 1));
        sc->prim = ig_prim_create(&desc);
    }
    dnnl_engine_t eng = ig_dnnl_engine();
    IG_DNNL_CHECK(dnnl_memory_create(&sc->src, &md, eng, DNNL_MEMORY_NONE));
    IG_DNNL_CHECK(dnnl_memory_create(&sc->dst, &md, eng, DNNL_MEMORY_NONE));
    return sc;
}

static void softmax_f32_dnnl(IgSite *site, bool is_log, int64_t outer, int64_t len,
                             int64_t inner, const IgTensor *x, IgTensor *out)
{
    SoftmaxCache *sc = (SoftmaxCache *)ig_nn_cache_of(site, softmax_cache_destroy);
    if (sc == NULL || sc->is_log != is_log || sc->outer != outer || sc->len != len ||
        sc->inner != inner) {
        sc = softmax_cache_new(is_log, outer, len, inner);
        if (site != NULL) ig_site_cache_set(site, &sc->base);
    }
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(sc->src, x->data));
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(sc->dst, out->data));
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_SRC, sc->src}, {DNNL_ARG_DST, sc->dst}};
    ig_nn_execute(sc->prim, 2, args);
    if (site == NULL) sc->base.destroy(&sc->base); /* nowhere to keep it */
}

/* TensorFlow's formulas: shifted = x - max; softmax = exp(shifted) / sum(exp(shifted)),
 * log_softmax = shifted - log(sum(exp(shifted))). One (outer, inner) line per
 * iteration of the outer loop; the line's elements are inner apart. */
static void softmax_f64_loops(bool is_log, int64_t outer, int64_t len, int64_t inner,
                              const IgTensor *x, IgTensor *out)
{
    const double *px = x->data;
    double *po = out->data;
    int64_t lines = outer * inner;
    IG_PARALLEL_FOR(x->size)
    for (int64_t l = 0; l < lines; l++) {
        const double *v = px + (l / inner) * len * inner + l % inner;
        double *o = po + (v - px);
        double max = -INFINITY;
        for (int64_t i = 0; i < len; i++)
            if (v[i * inner] > max || isnan(v[i * inner])) max = v[i * inner];
        double sum = 0.0;
        for (int64_t i = 0; i < len; i++) {
            o[i * inner] = v[i * inner] - max;
            sum += exp(o[i * inner]);
        }
        if (is_log) {
            double lse = log(sum);
            for (int64_t i = 0; i < len; i++) o[i * inner] -= lse;
        } else {
            for (int64_t i = 0; i < len; i++) o[i * inner] = exp(o[i * inner]) / sum;
        }
    }
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
    IgTensor *out = ig_tensor_new(x->dtype, x->rank, x->shape);
    if (out->size == 0) return out;
    if (x->dtype == IG_FLOAT32)
        softmax_f32_dnnl(site, is_log, outer, len, inner, x, out);
    else
        softmax_f64_loops(is_log, outer, len, inner, x, out);
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
