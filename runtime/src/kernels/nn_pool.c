/* nn_pool.c — tf.nn.max_pool2d and tf.nn.avg_pool2d on NHWC with SAME/VALID padding:
 * float32 on a oneDNN pooling primitive cached in the site, float64 on loops. Padded
 * cells never win a max and are not counted in an average (TensorFlow's).
 * Entry points: ig_max_pool2d, ig_avg_pool2d. Memory owner: the site's cache. */
#include <math.h> /* INFINITY */
#include <string.h>

#include "nn_internal.h"

typedef struct PoolGeom {
    int64_t max;               /* 1: max pooling, 0: average */
    int64_t n, h, w, c;
    int64_t kh, kw, sh, sw;
    IgWindowDim y, x;
} PoolGeom;

typedef struct PoolCache {
    IgDnnlCache base;
    PoolGeom g;
    dnnl_memory_t src, dst;
} PoolCache;

static PoolCache *pool_cache_new(const PoolGeom *g)
{
    PoolCache *pc = ig_dnnl_cache_new(sizeof *pc, "pool");
    pc->g = *g;
    dnnl_memory_desc_t src_md, dst_md;
    ig_nn_md_nhwc(&src_md, g->n, g->h, g->w, g->c);
    ig_nn_md_nhwc(&dst_md, g->n, g->y.out, g->x.out, g->c);
    dnnl_dims_t strides = {g->sh, g->sw}, kernel = {g->kh, g->kw};
    dnnl_dims_t pad_l = {g->y.pad_before, g->x.pad_before};
    dnnl_dims_t pad_r = {g->y.pad_after, g->x.pad_after};
    /* Inference: max pooling needs no workspace (no backward pass follows). */
    dnnl_alg_kind_t alg = g->max ? dnnl_pooling_max : dnnl_pooling_avg_exclude_padding;
    dnnl_pooling_desc_t desc;
    IG_DNNL_CHECK(dnnl_pooling_forward_desc_init(&desc, dnnl_forward_inference, alg, &src_md,
                                                 &dst_md, strides, kernel, pad_l, pad_r));
    pc->base.prim = ig_prim_create(&desc);
    pc->src = ig_dnnl_cache_memory(&pc->base, &src_md);
    pc->dst = ig_dnnl_cache_memory(&pc->base, &dst_md);
    return pc;
}

static void pool_f32_dnnl(IgSite *site, const PoolGeom *g, const IgTensor *x, IgTensor *out)
{
    PoolCache *pc = (PoolCache *)ig_dnnl_cache_find(site, "pool");
    if (pc == NULL || memcmp(&pc->g, g, sizeof *g) != 0) {
        pc = pool_cache_new(g);
        ig_dnnl_cache_keep(site, &pc->base);
    }
    IgDnnlArg args[2] = {{DNNL_ARG_SRC, pc->src, x->data}, {DNNL_ARG_DST, pc->dst, out->data}};
    ig_dnnl_cache_run(site, &pc->base, 2, args);
}

/* One output pixel per outer iteration; the window is clipped to the input, so the
 * padding takes no part (SAME's windows always keep at least one input cell). */
static void pool_f64_loops(const PoolGeom *g, const IgTensor *x, IgTensor *out)
{
    const double *px = x->data;
    double *po = out->data;
    int64_t oh = g->y.out, ow = g->x.out, pixels = g->n * oh * ow;
    int64_t work = pixels * g->kh * g->kw * g->c;
    (void)work; /* read only by the OpenMP clause */
    IG_PARALLEL_FOR(work)
    for (int64_t p = 0; p < pixels; p++) {
        int64_t n = p / (oh * ow), oy = p / ow % oh, ox = p % ow;
        int64_t y0 = oy * g->sh - g->y.pad_before, x0 = ox * g->sw - g->x.pad_before;
        int64_t y1 = y0 + g->kh, x1 = x0 + g->kw;
        if (y0 < 0) y0 = 0;
        if (x0 < 0) x0 = 0;
        if (y1 > g->h) y1 = g->h;
        if (x1 > g->w) x1 = g->w;
        double *o = po + p * g->c;
        for (int64_t ch = 0; ch < g->c; ch++) o[ch] = g->max ? -INFINITY : 0.0;
        for (int64_t iy = y0; iy < y1; iy++)
            for (int64_t ix = x0; ix < x1; ix++) {
                const double *v = px + ((n * g->h + iy) * g->w + ix) * g->c;
                if (g->max) {
                    /* A NaN never wins, as in oneDNN's max pooling: the float32
                     * path (and TensorFlow's oneDNN-enabled CPU builds) agree. */
                    for (int64_t ch = 0; ch < g->c; ch++)
                        if (v[ch] > o[ch]) o[ch] = v[ch];
                } else {
                    for (int64_t ch = 0; ch < g->c; ch++) o[ch] += v[ch];
                }
            }
        if (!g->max) {
            double count = (double)((y1 - y0) * (x1 - x0));
            for (int64_t ch = 0; ch < g->c; ch++) o[ch] /= count;
        }
    }
}

static IgTensor *pool2d(IgSite *site, const char *op, bool max, const IgTensor *x, int kh,
                        int kw, int stride_h, int stride_w, bool same_padding)
{
    char s[IG_SHAPE_STR_MAX];
    if (x->dtype != IG_FLOAT32 && x->dtype != IG_FLOAT64)
        ig_fatal(site, "%s: input must be float32 or float64, got %s", op,
                 ig_dtype_name(x->dtype));
    if (x->rank != 4)
        ig_fatal(site, "%s: input must be 4-dimensional (NHWC), got shape %s", op,
                 ig_shape_str(s, x->rank, x->shape));
    if (kh < 1 || kw < 1)
        ig_fatal(site, "Sliding window ksize for dimension %d was zero.", kh < 1 ? 1 : 2);
    if (stride_h < 1 || stride_w < 1)
        ig_fatal(site, "%s: strides must be positive, got [%d,%d]", op, stride_h, stride_w);
    PoolGeom g;
    memset(&g, 0, sizeof g); /* the cache compares it byte for byte */
    g.max = max;
    g.n = x->shape[0], g.h = x->shape[1], g.w = x->shape[2], g.c = x->shape[3];
    g.kh = kh, g.kw = kw, g.sh = stride_h, g.sw = stride_w;
    g.y = ig_nn_window_dim(site, g.h, kh, stride_h, 1, same_padding);
    g.x = ig_nn_window_dim(site, g.w, kw, stride_w, 1, same_padding);
    int64_t shape[4] = {g.n, g.y.out, g.x.out, g.c};
    IgTensor *out = ig_tensor_make(site, op, x->dtype, 4, shape);
    if (out->size == 0) return out;
    if (x->dtype == IG_FLOAT32)
        pool_f32_dnnl(site, &g, x, out);
    else
        pool_f64_loops(&g, x, out);
    return out;
}

IgTensor *ig_max_pool2d(IgSite *site, const IgTensor *x, int kh, int kw, int stride_h,
                        int stride_w, bool same_padding)
{
    return pool2d(site, "max_pool2d", true, x, kh, kw, stride_h, stride_w, same_padding);
}

IgTensor *ig_avg_pool2d(IgSite *site, const IgTensor *x, int kh, int kw, int stride_h,
                        int stride_w, bool same_padding)
{
    return pool2d(site, "avg_pool2d", false, x, kh, kw, stride_h, stride_w, same_padding);
}
