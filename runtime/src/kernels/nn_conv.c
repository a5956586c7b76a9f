/* nn_conv.c — tf.nn.conv2d (NHWC input, HWIO filter, strides, dilations, SAME/VALID,
 * grouped when the input has a multiple of the filter's depth, as TensorFlow's CPU
 * kernel): float32 on a oneDNN convolution cached in the site, float64 on loops.
 * The gradients (backward data and weights) are oneDNN's backward primitives for
 * float32, loops for float64.
 * Entry points: ig_conv2d, ig_conv2d_bias, ig_conv2d_input_grad, ig_conv2d_filter_grad.
 * Memory owner: the site's cache owns the primitives, their memory objects and the
 * buffer the filter is reordered into. */
#include <string.h>

#include "nn_internal.h"

/* Everything the primitive depends on; the cache is reused only when all are equal. */
typedef struct ConvGeom {
    int64_t n, h, w, c;        /* input */
    int64_t kh, kw, ci, o;     /* filter: ci = c / groups */
    int64_t sh, sw, dh, dw;    /* strides, dilations (TensorFlow's: 1 = dense) */
    int64_t groups;
    IgWindowDim y, x;          /* output rows and columns with their padding */
    int64_t bias;              /* 1: the forward primitive adds a bias per output channel */
} ConvGeom;

/* When the convolution wants its filter in a blocked layout, base.prep is the reorder
 * from TensorFlow's HWIO (user_wei, the filter's buffer) into wei's own buffer; else
 * base.prep is NULL and wei takes the filter's buffer. */
typedef struct ConvCache {
    IgDnnlCache base;
    ConvGeom g;
    dnnl_memory_t src, wei, dst, user_wei;
    dnnl_memory_t bias; /* when g.bias */
} ConvCache;

/* TensorFlow's HWIO filter as oneDNN's logical weights: {o, i, kh, kw} without groups,
 * {g, o/g, i, kh, kw} with them (output channel j is in group j / (o/g)). */
static void conv_md_hwio(dnnl_memory_desc_t *md, const ConvGeom *g)
{
    int64_t og = g->o / g->groups;
    int64_t s_o = 1, s_i = g->o, s_kw = g->ci * g->o, s_kh = g->kw * g->ci * g->o;
    if (g->groups == 1) {
        dnnl_dims_t dims = {g->o, g->ci, g->kh, g->kw}, strides = {s_o, s_i, s_kh, s_kw};
        IG_DNNL_CHECK(dnnl_memory_desc_init_by_strides(md, 4, dims, dnnl_f32, strides));
    } else {
        dnnl_dims_t dims = {g->groups, og, g->ci, g->kh, g->kw};
        dnnl_dims_t strides = {og, s_o, s_i, s_kh, s_kw};
        IG_DNNL_CHECK(dnnl_memory_desc_init_by_strides(md, 5, dims, dnnl_f32, strides));
    }
}

/* What every convolution primitive of g is made from: src and dst NHWC, the user's
 * HWIO filter, the same filter in a layout oneDNN chooses (format any: on AVX2/AVX-512
 * machines its blocked layouts are faster, and reordering the filter per call is cheap
 * next to the convolution; the filter can change between calls, a variable), and the
 * window. */
typedef struct ConvMds {
    dnnl_memory_desc_t src, dst, user, any;
    dnnl_dims_t strides, dilates, pad_l, pad_r;
} ConvMds;

static void conv_mds(const ConvGeom *g, ConvMds *m)
{
    ig_nn_md_nhwc(&m->src, g->n, g->h, g->w, g->c);
    ig_nn_md_nhwc(&m->dst, g->n, g->y.out, g->x.out, g->o);
    conv_md_hwio(&m->user, g);
    IG_DNNL_CHECK(dnnl_memory_desc_init_by_tag(&m->any, m->user.ndims, m->user.dims, dnnl_f32,
                                               dnnl_format_tag_any));
    m->strides[0] = g->sh, m->strides[1] = g->sw;
    m->dilates[0] = g->dh - 1, m->dilates[1] = g->dw - 1;
    m->pad_l[0] = g->y.pad_before, m->pad_l[1] = g->x.pad_before;
    m->pad_r[0] = g->y.pad_after, m->pad_r[1] = g->x.pad_after;
}

/* bias: NULL, or the bias's descriptor (one float32 per output channel). */
static void conv_forward_desc(dnnl_convolution_desc_t *desc, const ConvMds *m,
                              const dnnl_memory_desc_t *bias, dnnl_prop_kind_t prop)
{
    IG_DNNL_CHECK(dnnl_dilated_convolution_forward_desc_init(
        desc, prop, dnnl_convolution_direct, &m->src, &m->any, bias, &m->dst, m->strides,
        m->dilates, m->pad_l, m->pad_r));
}

/* cc->base.prim made: its memory objects, and when its filter layout (wei_query: the
 * weights or their gradient) is not HWIO, the reorder between the two as base.prep,
 * from HWIO (the filter read), or to it (to_user: the filter's gradient written). */
static void conv_cache_bind(ConvCache *cc, const ConvMds *m, dnnl_query_t wei_query,
                            bool to_user)
{
    const_dnnl_primitive_desc_t pd;
    IG_DNNL_CHECK(dnnl_primitive_get_primitive_desc(cc->base.prim, &pd));
    const dnnl_memory_desc_t *wei_md = dnnl_primitive_desc_query_md(pd, wei_query, 0);
    cc->src = ig_dnnl_cache_memory(&cc->base, &m->src);
    cc->dst = ig_dnnl_cache_memory(&cc->base, &m->dst);
    cc->user_wei = ig_dnnl_cache_memory(&cc->base, &m->user);
    if (dnnl_memory_desc_equal(wei_md, &m->user)) {
        cc->wei = ig_dnnl_cache_memory(&cc->base, wei_md);
        return;
    }
    cc->wei = ig_dnnl_cache_buffer(&cc->base, wei_md); /* the reorder's output or input */
    dnnl_engine_t eng = ig_dnnl_engine();
    dnnl_primitive_desc_t rpd;
    int threads = ig_threads_for_mds(2, (dnnl_memory_desc_t[]){*wei_md, m->user});
    int before = ig_threads_enter(threads);
    IG_DNNL_CHECK(dnnl_reorder_primitive_desc_create(&rpd, to_user ? wei_md : &m->user, eng,
                                                     to_user ? &m->user : wei_md, eng, NULL));
    ig_threads_leave(before);
    cc->base.prep = ig_prim_from_pd(rpd, threads);
    IG_DNNL_CHECK(dnnl_primitive_desc_destroy(rpd));
}

static ConvCache *conv_cache_new(const ConvGeom *g)
{
    ConvCache *cc = ig_dnnl_cache_new(sizeof *cc, "conv2d");
    cc->g = *g;
    ConvMds m;
    conv_mds(g, &m);
    dnnl_memory_desc_t bias_md;
    ig_dnnl_md_f32(&bias_md, 1, &g->o);
    dnnl_convolution_desc_t desc;
    conv_forward_desc(&desc, &m, g->bias ? &bias_md : NULL, dnnl_forward_inference);
    cc->base.prim = ig_prim_create(&desc);
    conv_cache_bind(cc, &m, dnnl_query_weights_md, false);
    if (g->bias) cc->bias = ig_dnnl_cache_memory(&cc->base, &bias_md);
    return cc;
}

/* bias: NULL, or one float32 per output channel, added by the primitive (g->bias). */
static void conv_f32_dnnl(IgSite *site, const ConvGeom *g, const IgTensor *x,
                          const IgTensor *filter, const IgTensor *bias, IgTensor *out)
{
    ConvCache *cc = (ConvCache *)ig_dnnl_cache_find(site, "conv2d");
    if (cc == NULL || memcmp(&cc->g, g, sizeof *g) != 0) {
        cc = conv_cache_new(g);
        ig_dnnl_cache_keep(site, &cc->base);
    }
    void *wei_data = filter->data;
    if (cc->base.prep != NULL) {
        IG_DNNL_CHECK(dnnl_memory_set_data_handle(cc->user_wei, filter->data));
        dnnl_exec_arg_t rargs[2] = {{DNNL_ARG_FROM, cc->user_wei}, {DNNL_ARG_TO, cc->wei}};
        ig_dnnl_execute(cc->base.prep, 2, rargs);
        wei_data = NULL; /* the convolution reads wei's own buffer, just filled */
    }
    IgDnnlArg args[4] = {{DNNL_ARG_SRC, cc->src, x->data},
                         {DNNL_ARG_WEIGHTS, cc->wei, wei_data},
                         {DNNL_ARG_DST, cc->dst, out->data},
                         {DNNL_ARG_BIAS, cc->bias, bias ? bias->data : NULL}};
    ig_dnnl_cache_run(site, &cc->base, g->bias ? 4 : 3, args);
}

/* One output pixel per iteration of the outer loop (the pixels are independent):
 * out[n, oy, ox, :] accumulates x[n, iy, ix, gi] * f[ky, kx, i, group's outputs] with
 * the filter's output channels innermost (contiguous); padded cells add nothing. */
static void conv_f64_loops(const ConvGeom *g, const IgTensor *x, const IgTensor *filter,
                           IgTensor *out)
{
    const double *px = x->data, *pf = filter->data;
    double *po = out->data;
    int64_t oh = g->y.out, ow = g->x.out, og = g->o / g->groups;
    int64_t pixels = g->n * oh * ow;
    int64_t macs = pixels * g->kh * g->kw * g->ci * g->o;
    IG_PARALLEL_FOR(macs,
    for (int64_t p = 0; p < pixels; p++) {
        int64_t n = p / (oh * ow), oy = p / ow % oh, ox = p % ow;
        double *acc = po + p * g->o;
        for (int64_t j = 0; j < g->o; j++) acc[j] = 0.0;
        for (int64_t ky = 0; ky < g->kh; ky++) {
            int64_t iy = oy * g->sh - g->y.pad_before + ky * g->dh;
            if (iy < 0 || iy >= g->h) continue;
            for (int64_t kx = 0; kx < g->kw; kx++) {
                int64_t ix = ox * g->sw - g->x.pad_before + kx * g->dw;
                if (ix < 0 || ix >= g->w) continue;
                const double *xrow = px + ((n * g->h + iy) * g->w + ix) * g->c;
                const double *frow = pf + (ky * g->kw + kx) * g->ci * g->o;
                for (int64_t gr = 0; gr < g->groups; gr++)
                    for (int64_t i = 0; i < g->ci; i++) {
                        double v = xrow[gr * g->ci + i];
                        const double *f = frow + i * g->o + gr * og;
                        double *a = acc + gr * og;
                        for (int64_t j = 0; j < og; j++) a[j] += v * f[j];
                    }
            }
        }
    });
}

/* Checks the operands as TensorFlow's Conv2D does and fills in the geometry. */
static void conv_geom_make(IgSite *site, const IgTensor *x, const IgTensor *filter,
                           int stride_h, int stride_w, int dilation_h, int dilation_w,
                           bool same_padding, ConvGeom *g)
{
    char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
    if (x->dtype != filter->dtype || (x->dtype != IG_FLOAT32 && x->dtype != IG_FLOAT64))
        ig_fatal(site, "conv2d: input and filter must both be float32 or both float64, got %s "
                 "and %s", ig_dtype_name(x->dtype), ig_dtype_name(filter->dtype));
    if (x->rank != 4 || filter->rank != 4)
        ig_fatal(site, "conv2d: input must be 4-dimensional (NHWC) and filter 4-dimensional "
                 "(HWIO), got shapes %s and %s", ig_shape_str(s1, x->rank, x->shape),
                 ig_shape_str(s2, filter->rank, filter->shape));
    if (stride_h < 1 || stride_w < 1 || dilation_h < 1 || dilation_w < 1)
        ig_fatal(site, "conv2d: strides and dilations must be positive, got strides [%d,%d] "
                 "and dilations [%d,%d]", stride_h, stride_w, dilation_h, dilation_w);
    memset(g, 0, sizeof *g); /* the cache compares it byte for byte */
    g->n = x->shape[0], g->h = x->shape[1], g->w = x->shape[2], g->c = x->shape[3];
    g->kh = filter->shape[0], g->kw = filter->shape[1], g->ci = filter->shape[2];
    g->o = filter->shape[3];
    g->sh = stride_h, g->sw = stride_w, g->dh = dilation_h, g->dw = dilation_w;
    if (filter->size == 0)
        ig_fatal(site, "filter must not have zero elements (i.e. all dimensions must be "
                 "non-zero), got filter shape %s", ig_shape_str(s1, 4, filter->shape));
    /* TensorFlow's words, then both shapes: a multiple of the filter's depth is a
     * grouped convolution, anything else an error. */
    if (g->c % g->ci != 0)
        ig_fatal(site, "input depth must be evenly divisible by filter depth: %lld vs %lld "
                 "(input shape %s, filter shape %s)", (long long)g->c, (long long)g->ci,
                 ig_shape_str(s1, 4, x->shape), ig_shape_str(s2, 4, filter->shape));
    g->groups = g->c / g->ci;
    if (g->o % g->groups != 0)
        ig_fatal(site, "output depth must be evenly divisible by number of groups: %lld vs %lld "
                 "(input shape %s, filter shape %s)", (long long)g->o, (long long)g->groups,
                 ig_shape_str(s1, 4, x->shape), ig_shape_str(s2, 4, filter->shape));
    g->y = ig_nn_window_dim(site, g->h, g->kh, g->sh, g->dh, same_padding);
    g->x = ig_nn_window_dim(site, g->w, g->kw, g->sw, g->dw, same_padding);
}

IgTensor *ig_conv2d(IgSite *site, const IgTensor *x, const IgTensor *filter, int stride_h,
                    int stride_w, int dilation_h, int dilation_w, bool same_padding)
{
    ConvGeom g;
    conv_geom_make(site, x, filter, stride_h, stride_w, dilation_h, dilation_w, same_padding, &g);
    int64_t shape[4] = {g.n, g.y.out, g.x.out, g.o};
    IgTensor *out = ig_tensor_make(site, "conv2d", x->dtype, 4, shape);
    if (out->size == 0) return out; /* an empty batch or a VALID window past the input */
    if (x->dtype == IG_FLOAT32)
        conv_f32_dnnl(site, &g, x, filter, NULL, out);
    else
        conv_f64_loops(&g, x, filter, out);
    return out;
}

/* The bias is added by the convolution primitive itself and the activation runs on its
 * output while it is in cache: one pass over memory instead of three, no intermediate
 * tensors. Other dtypes and shapes are the three ops in turn, with their messages. */
IgTensor *ig_conv2d_bias(IgSite *site, const IgTensor *x, const IgTensor *filter,
                         const IgTensor *bias, int stride_h, int stride_w, int dilation_h,
                         int dilation_w, bool same_padding, IgActivation act)
{
    ConvGeom g;
    conv_geom_make(site, x, filter, stride_h, stride_w, dilation_h, dilation_w, same_padding, &g);
    if (x->dtype != IG_FLOAT32 || bias->dtype != IG_FLOAT32 || bias->rank != 1 ||
        bias->shape[0] != g.o)
        return ig_bias_act_unfused(site, ig_conv2d(site, x, filter, stride_h, stride_w,
                                                      dilation_h, dilation_w, same_padding),
                                      bias, act);
    g.bias = 1;
    int64_t shape[4] = {g.n, g.y.out, g.x.out, g.o};
    IgTensor *out = ig_tensor_make(site, "conv2d", x->dtype, 4, shape);
    if (out->size == 0) return out;
    conv_f32_dnnl(site, &g, x, filter, bias, out);
    return ig_activation_apply(site, out, act);
}

/* ---- gradients ------------------------------------------------------------------------ */

/* dy must be what conv2d(x, filter) gives (TensorFlow checks out_backprop the same way). */
static void conv_check_dy(IgSite *site, const char *op, const ConvGeom *g, const IgTensor *x,
                          const IgTensor *dy)
{
    int64_t want[4] = {g->n, g->y.out, g->x.out, g->o};
    if (dy->dtype != x->dtype || !ig_shape_equal(dy->rank, dy->shape, 4, want)) {
        char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
        ig_fatal(site, "%s: the gradient %s %s does not match conv2d's output %s %s", op,
                 ig_dtype_name(dy->dtype), ig_shape_str(s1, dy->rank, dy->shape),
                 ig_dtype_name(x->dtype), ig_shape_str(s2, 4, want));
    }
}

/* The backward-data or backward-weights primitive for g, cached like the forward's.
 * The filter (an input of the first, the output of the second) is in a layout oneDNN
 * chooses: prep reorders between it and TensorFlow's HWIO (user_wei), before the
 * primitive for backward data, after it for backward weights. */
static ConvCache *conv_grad_cache_new(const ConvGeom *g, bool weights, const char *kind)
{
    ConvCache *cc = ig_dnnl_cache_new(sizeof *cc, kind);
    cc->g = *g;
    ConvMds m;
    conv_mds(g, &m);
    dnnl_convolution_desc_t fwd, desc;
    conv_forward_desc(&fwd, &m, NULL, dnnl_forward_training);
    if (weights)
        IG_DNNL_CHECK(dnnl_dilated_convolution_backward_weights_desc_init(
            &desc, dnnl_convolution_direct, &m.src, &m.any, NULL, &m.dst, m.strides, m.dilates,
            m.pad_l, m.pad_r));
    else
        IG_DNNL_CHECK(dnnl_dilated_convolution_backward_data_desc_init(
            &desc, dnnl_convolution_direct, &m.src, &m.any, &m.dst, m.strides, m.dilates,
            m.pad_l, m.pad_r));
    cc->base.prim = ig_prim_create_backward(&desc, &fwd);
    conv_cache_bind(cc, &m, weights ? dnnl_query_diff_weights_md : dnnl_query_weights_md,
                    weights);
    return cc;
}

static ConvCache *conv_grad_cache(IgSite *site, const ConvGeom *g, bool weights)
{
    const char *kind = weights ? "conv2d_filter_grad" : "conv2d_input_grad";
    ConvCache *cc = (ConvCache *)ig_dnnl_cache_find(site, kind);
    if (cc == NULL || memcmp(&cc->g, g, sizeof *g) != 0) {
        cc = conv_grad_cache_new(g, weights, kind);
        ig_dnnl_cache_keep(site, &cc->base);
    }
    return cc;
}

/* Runs a reorder between the filter's buffer and the primitive's layout. */
static void conv_grad_reorder(ConvCache *cc, void *filter_data, bool to_user)
{
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(cc->user_wei, filter_data));
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, to_user ? cc->wei : cc->user_wei},
                               {DNNL_ARG_TO, to_user ? cc->user_wei : cc->wei}};
    ig_dnnl_execute(cc->base.prep, 2, args);
}

static void conv_grad_f32_dnnl(IgSite *site, const ConvGeom *g, const IgTensor *x,
                               const IgTensor *filter, const IgTensor *dy, IgTensor *out,
                               bool weights)
{
    ConvCache *cc = conv_grad_cache(site, g, weights);
    void *wei_data = weights ? out->data : filter->data;
    if (cc->base.prep != NULL) {
        if (!weights) conv_grad_reorder(cc, filter->data, false);
        wei_data = NULL; /* the primitive's own buffer */
    }
    dnnl_memory_t mems[3] = {cc->src, cc->wei, cc->dst};
    void *datas[3] = {weights ? x->data : out->data, wei_data, dy->data};
    int slots[3] = {weights ? DNNL_ARG_SRC : DNNL_ARG_DIFF_SRC,
                    weights ? DNNL_ARG_DIFF_WEIGHTS : DNNL_ARG_WEIGHTS, DNNL_ARG_DIFF_DST};
    dnnl_exec_arg_t args[3];
    for (int i = 0; i < 3; i++) {
        if (datas[i] != NULL) IG_DNNL_CHECK(dnnl_memory_set_data_handle(mems[i], datas[i]));
        args[i] = (dnnl_exec_arg_t){slots[i], mems[i]};
    }
    ig_dnnl_execute(cc->base.prim, 3, args);
    if (weights && cc->base.prep != NULL) conv_grad_reorder(cc, out->data, true);
    if (site == NULL) ig_dnnl_cache_destroy(&cc->base.base); /* nowhere to keep it */
}

/* For each output pixel and each (ky, kx) it reads, the input pixel's offset, or -1
 * where the window is over the padding: the loops of both gradients walk this. */
static int64_t conv_tap(const ConvGeom *g, int64_t n, int64_t oy, int64_t ox, int64_t ky,
                        int64_t kx)
{
    int64_t iy = oy * g->sh - g->y.pad_before + ky * g->dh;
    int64_t ix = ox * g->sw - g->x.pad_before + kx * g->dw;
    if (iy < 0 || iy >= g->h || ix < 0 || ix >= g->w) return -1;
    return ((n * g->h + iy) * g->w + ix) * g->c;
}

/* dx[n, iy, ix, gr*ci + i] += dy[n, oy, ox, gr*og + j] * f[ky, kx, i, gr*og + j]; the
 * images are independent, so they go in parallel. */
static void conv_input_grad_f64(const ConvGeom *g, const IgTensor *filter, const IgTensor *dy,
                                IgTensor *dx)
{
    const double *pf = filter->data, *pd = dy->data;
    double *px = dx->data;
    memset(px, 0, (size_t)dx->size * sizeof(double));
    int64_t oh = g->y.out, ow = g->x.out, og = g->o / g->groups;
    int64_t macs = g->n * oh * ow * g->kh * g->kw * g->ci * g->o;
    IG_PARALLEL_FOR(macs,
    for (int64_t n = 0; n < g->n; n++)
        for (int64_t oy = 0; oy < oh; oy++)
            for (int64_t ox = 0; ox < ow; ox++) {
                const double *d = pd + ((n * oh + oy) * ow + ox) * g->o;
                for (int64_t ky = 0; ky < g->kh; ky++)
                    for (int64_t kx = 0; kx < g->kw; kx++) {
                        int64_t at = conv_tap(g, n, oy, ox, ky, kx);
                        if (at < 0) continue;
                        const double *frow = pf + (ky * g->kw + kx) * g->ci * g->o;
                        for (int64_t gr = 0; gr < g->groups; gr++)
                            for (int64_t i = 0; i < g->ci; i++) {
                                const double *f = frow + i * g->o + gr * og;
                                double sum = 0;
                                for (int64_t j = 0; j < og; j++) sum += d[gr * og + j] * f[j];
                                px[at + gr * g->ci + i] += sum;
                            }
                    }
            });
}

/* df[ky, kx, i, gr*og + j] = sum over n, oy, ox of x[.., gr*ci + i] * dy[.., gr*og + j];
 * the filter taps are independent, so they go in parallel. */
static void conv_filter_grad_f64(const ConvGeom *g, const IgTensor *x, const IgTensor *dy,
                                 IgTensor *df)
{
    const double *px = x->data, *pd = dy->data;
    double *pf = df->data;
    memset(pf, 0, (size_t)df->size * sizeof(double));
    int64_t oh = g->y.out, ow = g->x.out, og = g->o / g->groups;
    int64_t macs = g->n * oh * ow * g->kh * g->kw * g->ci * g->o;
    IG_PARALLEL_FOR(macs,
    for (int64_t tap = 0; tap < g->kh * g->kw; tap++) {
        int64_t ky = tap / g->kw, kx = tap % g->kw;
        double *frow = pf + tap * g->ci * g->o;
        for (int64_t n = 0; n < g->n; n++)
            for (int64_t oy = 0; oy < oh; oy++)
                for (int64_t ox = 0; ox < ow; ox++) {
                    int64_t at = conv_tap(g, n, oy, ox, ky, kx);
                    if (at < 0) continue;
                    const double *d = pd + ((n * oh + oy) * ow + ox) * g->o;
                    for (int64_t gr = 0; gr < g->groups; gr++)
                        for (int64_t i = 0; i < g->ci; i++) {
                            double v = px[at + gr * g->ci + i];
                            double *f = frow + i * g->o + gr * og;
                            for (int64_t j = 0; j < og; j++) f[j] += v * d[gr * og + j];
                        }
                }
    });
}

static IgTensor *conv_grad(IgSite *site, const IgTensor *x, const IgTensor *filter,
                           const IgTensor *dy, int stride_h, int stride_w, int dilation_h,
                           int dilation_w, bool same_padding, bool weights)
{
    const char *op = weights ? "conv2d_filter_grad" : "conv2d_input_grad";
    ConvGeom g;
    conv_geom_make(site, x, filter, stride_h, stride_w, dilation_h, dilation_w, same_padding, &g);
    conv_check_dy(site, op, &g, x, dy);
    const IgTensor *like = weights ? filter : x;
    IgTensor *out = ig_tensor_make(site, op, like->dtype, 4, like->shape);
    if (out->size == 0) return out;
    if (dy->size == 0) { /* nothing flows back: an empty batch or output */
        memset(out->data, 0, (size_t)out->size * ig_dtype_size(out->dtype));
        return out;
    }
    if (x->dtype == IG_FLOAT32)
        conv_grad_f32_dnnl(site, &g, x, filter, dy, out, weights);
    else if (weights)
        conv_filter_grad_f64(&g, x, dy, out);
    else
        conv_input_grad_f64(&g, filter, dy, out);
    return out;
}

IgTensor *ig_conv2d_input_grad(IgSite *site, const IgTensor *x, const IgTensor *filter,
                               const IgTensor *dy, int stride_h, int stride_w, int dilation_h,
                               int dilation_w, bool same_padding)
{
    return conv_grad(site, x, filter, dy, stride_h, stride_w, dilation_h, dilation_w,
                     same_padding, false);
}

IgTensor *ig_conv2d_filter_grad(IgSite *site, const IgTensor *x, const IgTensor *filter,
                                const IgTensor *dy, int stride_h, int stride_w, int dilation_h,
                                int dilation_w, bool same_padding)
{
    return conv_grad(site, x, filter, dy, stride_h, stride_w, dilation_h, dilation_w,
                     same_padding, true);
}
