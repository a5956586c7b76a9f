/* nn_pool.c — tf.nn.max_pool2d and tf.nn.avg_pool2d on NHWC with SAME/VALID padding,
 * and their gradients (TensorFlow's MaxPoolGrad, AvgPoolGrad): float32 on oneDNN pooling
 * primitives cached in the site, float64 on loops. Padded cells never win a max and are
 * not counted in an average (TensorFlow's).
 * Entry points: ig_max_pool2d, ig_avg_pool2d, ig_max_pool2d_grad, ig_avg_pool2d_grad,
 * ig_max_pool2d_grad_grad.
 * Memory owner: the site's cache. */
#include <math.h> /* INFINITY, isnan */
#include <string.h>

#include "nn_internal.h"

typedef struct PoolGeom {
    int64_t max;               /* 1: max pooling, 0: average */
    int64_t n, h, w, c;
    int64_t kh, kw, sh, sw;
    IgWindowDim y, x;
} PoolGeom;

/* Checks x and the window as TensorFlow's MaxPool/AvgPool do and fills in g; op names
 * the kernel in the messages. */
static void pool_geom_make(IgSite *site, const char *op, bool max, const IgTensor *x, int kh,
                           int kw, int stride_h, int stride_w, bool same_padding, PoolGeom *g)
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
    memset(g, 0, sizeof *g); /* the caches compare it byte for byte */
    g->max = max;
    g->n = x->shape[0], g->h = x->shape[1], g->w = x->shape[2], g->c = x->shape[3];
    g->kh = kh, g->kw = kw, g->sh = stride_h, g->sw = stride_w;
    g->y = ig_nn_window_dim(site, g->h, kh, stride_h, 1, same_padding);
    g->x = ig_nn_window_dim(site, g->w, kw, stride_w, 1, same_padding);
}

/* The pooling descriptor of g for prop: forward_inference, forward_training, or
 * backward_data (whose src and dst are then the gradients diff_src and diff_dst). */
static void pool_desc_init(dnnl_pooling_desc_t *desc, const PoolGeom *g, dnnl_prop_kind_t prop)
{
    dnnl_memory_desc_t src_md, dst_md;
    ig_nn_md_nhwc(&src_md, g->n, g->h, g->w, g->c);
    ig_nn_md_nhwc(&dst_md, g->n, g->y.out, g->x.out, g->c);
    dnnl_dims_t strides = {g->sh, g->sw}, kernel = {g->kh, g->kw};
    dnnl_dims_t pad_l = {g->y.pad_before, g->x.pad_before};
    dnnl_dims_t pad_r = {g->y.pad_after, g->x.pad_after};
    dnnl_alg_kind_t alg = g->max ? dnnl_pooling_max : dnnl_pooling_avg_exclude_padding;
    if (prop == dnnl_backward_data)
        IG_DNNL_CHECK(dnnl_pooling_backward_desc_init(desc, alg, &src_md, &dst_md, strides,
                                                      kernel, pad_l, pad_r));
    else
        IG_DNNL_CHECK(dnnl_pooling_forward_desc_init(desc, prop, alg, &src_md, &dst_md, strides,
                                                     kernel, pad_l, pad_r));
}

/* The window of output pixel (oy, ox) clipped to the input, rows [y0, y1) and columns
 * [x0, x1): the padding takes no part (SAME's windows always keep an input cell). */
typedef struct PoolWindow {
    int64_t y0, y1, x0, x1;
} PoolWindow;

static PoolWindow pool_window(const PoolGeom *g, int64_t oy, int64_t ox)
{
    PoolWindow w;
    w.y0 = oy * g->sh - g->y.pad_before, w.x0 = ox * g->sw - g->x.pad_before;
    w.y1 = w.y0 + g->kh, w.x1 = w.x0 + g->kw;
    if (w.y0 < 0) w.y0 = 0;
    if (w.x0 < 0) w.x0 = 0;
    if (w.y1 > g->h) w.y1 = g->h;
    if (w.x1 > g->w) w.x1 = g->w;
    return w;
}

/* ---- forward ------------------------------------------------------------------------ */
typedef struct PoolCache {
    IgDnnlCache base;
    PoolGeom g;
    dnnl_memory_t src, dst;
} PoolCache;

static PoolCache *pool_cache_new(const PoolGeom *g)
{
    PoolCache *pc = ig_dnnl_cache_new(sizeof *pc, "pool");
    pc->g = *g;
    /* Inference: max pooling needs no workspace (no backward pass follows). */
    dnnl_pooling_desc_t desc;
    pool_desc_init(&desc, g, dnnl_forward_inference);
    pc->base.prim = ig_prim_create(&desc);
    pc->src = ig_dnnl_cache_memory(&pc->base, &desc.src_desc);
    pc->dst = ig_dnnl_cache_memory(&pc->base, &desc.dst_desc);
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

/* One output pixel per outer iteration, over its clipped window. */
static void pool_f64_loops(const PoolGeom *g, const IgTensor *x, IgTensor *out)
{
    const double *px = x->data;
    double *po = out->data;
    int64_t oh = g->y.out, ow = g->x.out, pixels = g->n * oh * ow;
    int64_t work = pixels * g->kh * g->kw * g->c;
    IG_PARALLEL_FOR(work,
    for (int64_t p = 0; p < pixels; p++) {
        int64_t n = p / (oh * ow), oy = p / ow % oh, ox = p % ow;
        PoolWindow win = pool_window(g, oy, ox);
        double *o = po + p * g->c;
        for (int64_t ch = 0; ch < g->c; ch++) o[ch] = g->max ? -INFINITY : 0.0;
        for (int64_t iy = win.y0; iy < win.y1; iy++)
            for (int64_t ix = win.x0; ix < win.x1; ix++) {
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
            double count = (double)((win.y1 - win.y0) * (win.x1 - win.x0));
            for (int64_t ch = 0; ch < g->c; ch++) o[ch] /= count;
        }
    });
}

static IgTensor *pool2d(IgSite *site, const char *op, bool max, const IgTensor *x, int kh,
                        int kw, int stride_h, int stride_w, bool same_padding)
{
    PoolGeom g;
    pool_geom_make(site, op, max, x, kh, kw, stride_h, stride_w, same_padding, &g);
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

/* ---- gradients ---------------------------------------------------------------------- */
/* base.prim is the backward pooling. For max pooling, base.prep is a forward_training
 * pooling run first on x: its workspace (ws, a buffer of the cache's own) records each
 * window's winner, which the backward reads instead of x; its pooled output (dst, also
 * the cache's own buffer) is not needed. Both buffers stay with the site, so a training
 * loop allocates nothing per step. */
typedef struct PoolGradCache {
    IgDnnlCache base;
    PoolGeom g;
    dnnl_memory_t src, dst, ws; /* max pooling only */
    dnnl_memory_t diff_dst, diff_src;
} PoolGradCache;

/* oneDNN makes a backward primitive only from the pd of the forward it differentiates,
 * so it is made here rather than by ig_prim_create: that one forward_training pd is the
 * hint, gives the workspace's descriptor and, for max pooling, becomes base.prep. */
static PoolGradCache *pool_grad_cache_new(const PoolGeom *g)
{
    PoolGradCache *pc = ig_dnnl_cache_new(sizeof *pc, "pool_grad");
    pc->g = *g;
    dnnl_pooling_desc_t fwd, bwd;
    pool_desc_init(&fwd, g, dnnl_forward_training);
    pool_desc_init(&bwd, g, dnnl_backward_data);
    dnnl_engine_t eng = ig_dnnl_engine();
    dnnl_primitive_desc_t fwd_pd, bwd_pd;
    int threads = ig_threads_for_mds(2, (dnnl_memory_desc_t[]){fwd.src_desc, fwd.dst_desc});
    int before = ig_threads_enter(threads);
    IG_DNNL_CHECK(dnnl_primitive_desc_create(&fwd_pd, &fwd, NULL, eng, NULL));
    IG_DNNL_CHECK(dnnl_primitive_desc_create(&bwd_pd, &bwd, NULL, eng, fwd_pd));
    ig_threads_leave(before);
    pc->base.prim = ig_prim_from_pd(bwd_pd, threads);
    if (g->max) {
        pc->base.prep = ig_prim_from_pd(fwd_pd, threads);
        const dnnl_memory_desc_t *ws_md =
            dnnl_primitive_desc_query_md(fwd_pd, dnnl_query_workspace_md, 0);
        pc->src = ig_dnnl_cache_memory(&pc->base, &fwd.src_desc);
        pc->dst = ig_dnnl_cache_buffer(&pc->base, &fwd.dst_desc);
        pc->ws = ig_dnnl_cache_buffer(&pc->base, ws_md);
    }
    pc->diff_dst = ig_dnnl_cache_memory(&pc->base, &bwd.diff_dst_desc);
    pc->diff_src = ig_dnnl_cache_memory(&pc->base, &bwd.diff_src_desc);
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(bwd_pd)); /* the primitives keep copies */
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(fwd_pd));
    return pc;
}

static void pool_grad_f32_dnnl(IgSite *site, const PoolGeom *g, const IgTensor *x,
                               const IgTensor *dy, IgTensor *dx)
{
    PoolGradCache *pc = (PoolGradCache *)ig_dnnl_cache_find(site, "pool_grad");
    if (pc == NULL || memcmp(&pc->g, g, sizeof *g) != 0) {
        pc = pool_grad_cache_new(g);
        ig_dnnl_cache_keep(site, &pc->base);
    }
    if (g->max) {
        IG_DNNL_CHECK(dnnl_memory_set_data_handle(pc->src, x->data));
        dnnl_exec_arg_t fargs[3] = {{DNNL_ARG_SRC, pc->src}, {DNNL_ARG_DST, pc->dst},
                                    {DNNL_ARG_WORKSPACE, pc->ws}};
        ig_dnnl_execute(pc->base.prep, 3, fargs);
    }
    IgDnnlArg args[3] = {{DNNL_ARG_DIFF_DST, pc->diff_dst, dy->data},
                         {DNNL_ARG_DIFF_SRC, pc->diff_src, dx->data},
                         {DNNL_ARG_WORKSPACE, pc->ws, NULL}}; /* the workspace: max only */
    ig_dnnl_cache_run(site, &pc->base, g->max ? 3 : 2, args);
}

/* The image offset (in cells) of the window's first cell, in row-major order, holding
 * its maximum in channel ch. A NaN never wins, as in the forward; an all-NaN window
 * (whose forward gives -inf) sends its gradient to its first cell. */
static int64_t pool_argmax(const PoolGeom *g, const double *img, PoolWindow win, int64_t ch)
{
    int64_t best = -1;
    double best_v = 0.0;
    for (int64_t iy = win.y0; iy < win.y1; iy++)
        for (int64_t ix = win.x0; ix < win.x1; ix++) {
            int64_t cell = iy * g->w + ix;
            double v = img[cell * g->c + ch];
            if (best < 0 ? !isnan(v) : v > best_v) best = cell, best_v = v;
        }
    return best >= 0 ? best : win.y0 * g->w + win.x0;
}

/* d (one window's c gradients) added into the image's gradient di: to each channel's
 * winner for max pooling, divided evenly over the counted cells for average. */
static void pool_grad_window(const PoolGeom *g, const double *img, PoolWindow win,
                             const double *d, double *di)
{
    if (g->max) {
        for (int64_t ch = 0; ch < g->c; ch++) di[pool_argmax(g, img, win, ch) * g->c + ch] += d[ch];
        return;
    }
    double count = (double)((win.y1 - win.y0) * (win.x1 - win.x0));
    for (int64_t iy = win.y0; iy < win.y1; iy++)
        for (int64_t ix = win.x0; ix < win.x1; ix++) {
            double *o = di + (iy * g->w + ix) * g->c;
            for (int64_t ch = 0; ch < g->c; ch++) o[ch] += d[ch] / count;
        }
}

/* dx (zeroed) accumulates every window's share in row-major window order. Windows
 * overlap within an image but never across images: one image per thread. */
static void pool_grad_f64_loops(const PoolGeom *g, const IgTensor *x, const IgTensor *dy,
                                IgTensor *dx)
{
    int64_t oh = g->y.out, ow = g->x.out, cells = g->h * g->w * g->c;
    int64_t work = g->n * oh * ow * g->kh * g->kw * g->c;
    IG_PARALLEL_FOR(work,
    for (int64_t n = 0; n < g->n; n++) {
        const double *img = (const double *)x->data + n * cells;
        double *di = (double *)dx->data + n * cells;
        for (int64_t oy = 0; oy < oh; oy++)
            for (int64_t ox = 0; ox < ow; ox++) {
                const double *d = (const double *)dy->data + ((n * oh + oy) * ow + ox) * g->c;
                pool_grad_window(g, img, pool_window(g, oy, ox), d, di);
            }
    });
}

/* dy must be what the forward gave for x: x's dtype and the pooled shape. */
static void pool_grad_check_dy(IgSite *site, const char *op, const PoolGeom *g,
                               const IgTensor *x, const IgTensor *dy)
{
    char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
    if (dy->dtype != x->dtype)
        ig_fatal(site, "%s: dy must have x's dtype %s, got %s", op, ig_dtype_name(x->dtype),
                 ig_dtype_name(dy->dtype));
    int64_t pooled[4] = {g->n, g->y.out, g->x.out, g->c};
    if (!ig_shape_equal(dy->rank, dy->shape, 4, pooled))
        ig_fatal(site, "%s: dy of shape %s is not the pooled shape %s", op,
                 ig_shape_str(s1, dy->rank, dy->shape), ig_shape_str(s2, 4, pooled));
}

static IgTensor *pool2d_grad(IgSite *site, const char *op, bool max, const IgTensor *x,
                             const IgTensor *dy, int kh, int kw, int stride_h, int stride_w,
                             bool same_padding)
{
    PoolGeom g;
    pool_geom_make(site, op, max, x, kh, kw, stride_h, stride_w, same_padding, &g);
    pool_grad_check_dy(site, op, &g, x, dy);
    IgTensor *dx = ig_tensor_make(site, op, x->dtype, 4, x->shape);
    /* oneDNN writes every cell of dx; the loops only add, and an empty dy (an empty
     * batch, a VALID window past the input) leaves zeros without touching oneDNN. */
    bool f32 = x->dtype == IG_FLOAT32;
    if (dy->size == 0 || !f32) memset(dx->data, 0, (size_t)dx->size * ig_dtype_size(x->dtype));
    if (dy->size == 0) return dx;
    if (f32)
        pool_grad_f32_dnnl(site, &g, x, dy, dx);
    else
        pool_grad_f64_loops(&g, x, dy, dx);
    return dx;
}

IgTensor *ig_max_pool2d_grad(IgSite *site, const IgTensor *x, const IgTensor *dy, int kh, int kw,
                             int stride_h, int stride_w, bool same_padding)
{
    return pool2d_grad(site, "max_pool2d_grad", true, x, dy, kh, kw, stride_h, stride_w,
                       same_padding);
}

IgTensor *ig_avg_pool2d_grad(IgSite *site, const IgTensor *x, const IgTensor *dy, int kh, int kw,
                             int stride_h, int stride_w, bool same_padding)
{
    return pool2d_grad(site, "avg_pool2d_grad", false, x, dy, kh, kw, stride_h, stride_w,
                       same_padding);
}

/* ---- the gradient of max pooling's gradient ------------------------------------------ */

/* out[n, oy, ox, ch] = ddx at the cell that won window (oy, ox) of x in channel ch: the
 * first maximum in row-major window order, a NaN never winning (as pool_argmax). */
#define POOL_GRAD_GRAD(T)                                                                  \
    do {                                                                                   \
        const T *px = x->data, *pd = ddx->data;                                            \
        T *po = out->data;                                                                 \
        int64_t oh = g.y.out, ow = g.x.out, cells = g.h * g.w * g.c;                       \
        for (int64_t n = 0; n < g.n; n++)                                                  \
            for (int64_t oy = 0; oy < oh; oy++)                                            \
                for (int64_t ox = 0; ox < ow; ox++) {                                      \
                    PoolWindow win = pool_window(&g, oy, ox);                              \
                    T *o = po + ((n * oh + oy) * ow + ox) * g.c;                           \
                    for (int64_t ch = 0; ch < g.c; ch++) {                                 \
                        int64_t best = -1;                                                 \
                        T best_v = 0;                                                      \
                        for (int64_t iy = win.y0; iy < win.y1; iy++)                       \
                            for (int64_t ix = win.x0; ix < win.x1; ix++) {                 \
                                int64_t at = n * cells + (iy * g.w + ix) * g.c + ch;       \
                                T v = px[at];                                              \
                                if (best < 0 ? !isnan((double)v) : v > best_v)             \
                                    best = at, best_v = v;                                 \
                            }                                                              \
                        if (best < 0) best = n * cells + (win.y0 * g.w + win.x0) * g.c + ch; \
                        o[ch] = pd[best];                                                  \
                    }                                                                      \
                }                                                                          \
    } while (0)

IgTensor *ig_max_pool2d_grad_grad(IgSite *site, const IgTensor *x, const IgTensor *ddx, int kh,
                                  int kw, int stride_h, int stride_w, bool same_padding)
{
    const char *op = "max_pool2d_grad_grad";
    char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
    PoolGeom g;
    pool_geom_make(site, op, true, x, kh, kw, stride_h, stride_w, same_padding, &g);
    if (ddx->dtype != x->dtype || !ig_shape_equal(ddx->rank, ddx->shape, x->rank, x->shape))
        ig_fatal(site, "%s: the gradient %s %s must have x's dtype and shape %s %s", op,
                 ig_dtype_name(ddx->dtype), ig_shape_str(s1, ddx->rank, ddx->shape),
                 ig_dtype_name(x->dtype), ig_shape_str(s2, x->rank, x->shape));
    int64_t pooled[4] = {g.n, g.y.out, g.x.out, g.c};
    IgTensor *out = ig_tensor_make(site, op, x->dtype, 4, pooled);
    if (out->size == 0) return out;
    if (x->dtype == IG_FLOAT32)
        POOL_GRAD_GRAD(float);
    else
        POOL_GRAD_GRAD(double);
    return out;
}
