/* nn_batchnorm.c — tf.nn.batch_normalization with per-channel statistics over x's last
 * dim: float32 on a oneDNN batch normalization (inference, global statistics) cached
 * in the site, float64 on a loop with TensorFlow's own formula.
 * Entry point: ig_batch_norm. Memory owner: the site's cache owns the primitive. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nn_internal.h"

enum { BN_MEAN, BN_VARIANCE, BN_SCALE, BN_SHIFT, BN_NPARAMS };

/* x seen as one NHWC image of rows x 1 pixels, c channels (oneDNN's dims [1, c, rows, 1],
 * tag nhwc): row-major with the channel last, so any rank of NHWC-style data runs on
 * the same primitive. oneDNN gives this view its vectorized channels-last kernel
 * (bnorm_jit); a 2-D [rows, c] view got its plain ncsp loop, one channel at a time
 * down the rows: 13x slower on [16384, 16] (AVX-512). */
typedef struct BatchNormCache {
    IgDnnlCache base;
    int64_t rows, c;
    unsigned flags; /* dnnl_use_scale / dnnl_use_shift: which of scale, offset exist */
    float epsilon;
    dnnl_memory_t src, dst, param[BN_NPARAMS];
} BatchNormCache;

static BatchNormCache *batch_norm_cache_new(int64_t rows, int64_t c, unsigned flags,
                                            float epsilon)
{
    BatchNormCache *bc = ig_dnnl_cache_new(sizeof *bc, "batch_norm");
    bc->rows = rows, bc->c = c, bc->flags = flags, bc->epsilon = epsilon;
    dnnl_memory_desc_t md, pmd;
    dnnl_dims_t dims = {1, c, rows, 1};
    IG_DNNL_CHECK(dnnl_memory_desc_init_by_tag(&md, 4, dims, dnnl_f32, dnnl_nhwc));
    ig_dnnl_md_f32(&pmd, 1, &c);
    dnnl_batch_normalization_desc_t desc;
    IG_DNNL_CHECK(dnnl_batch_normalization_forward_desc_init(
        &desc, dnnl_forward_inference, &md, epsilon, flags | dnnl_use_global_stats));
    bc->base.prim = ig_prim_create(&desc);
    bc->src = ig_dnnl_cache_memory(&bc->base, &md);
    bc->dst = ig_dnnl_cache_memory(&bc->base, &md);
    for (int i = 0; i < BN_NPARAMS; i++) bc->param[i] = ig_dnnl_cache_memory(&bc->base, &pmd);
    return bc;
}

/* params[i] is NULL for a missing scale or offset; a one-element parameter is spread
 * over the channels into a scratch block, since oneDNN wants [c] vectors. */
static void batch_norm_f32_dnnl(IgSite *site, const IgTensor *x, int64_t c,
                                const IgTensor *const params[BN_NPARAMS], double epsilon,
                                IgTensor *out)
{
    int64_t rows = x->size / c;
    unsigned flags = (params[BN_SCALE] ? dnnl_use_scale : 0u) |
                     (params[BN_SHIFT] ? dnnl_use_shift : 0u);
    float eps = (float)epsilon; /* TensorFlow adds it to a float32 variance as float32 */
    BatchNormCache *bc = (BatchNormCache *)ig_dnnl_cache_find(site, "batch_norm");
    if (bc == NULL || bc->rows != rows || bc->c != c || bc->flags != flags ||
        memcmp(&bc->epsilon, &eps, sizeof eps) != 0) {
        bc = batch_norm_cache_new(rows, c, flags, eps);
        ig_dnnl_cache_keep(site, &bc->base);
    }
    float *spread = NULL;
    IgDnnlArg args[2 + BN_NPARAMS];
    int nargs = 0;
    static const int arg_of[BN_NPARAMS] = {DNNL_ARG_MEAN, DNNL_ARG_VARIANCE, DNNL_ARG_SCALE,
                                           DNNL_ARG_SHIFT};
    for (int i = 0; i < BN_NPARAMS; i++) {
        const IgTensor *p = params[i];
        if (p == NULL) continue;
        void *data = p->data;
        if (p->size != c) {
            if (spread == NULL) spread = malloc((size_t)(BN_NPARAMS * c) * sizeof *spread);
            if (spread == NULL) ig_fatal(site, "out of memory");
            float *block = spread + i * c, v = *(const float *)p->data;
            for (int64_t j = 0; j < c; j++) block[j] = v;
            data = block;
        }
        args[nargs++] = (IgDnnlArg){arg_of[i], bc->param[i], data};
    }
    args[nargs++] = (IgDnnlArg){DNNL_ARG_SRC, bc->src, x->data};
    args[nargs++] = (IgDnnlArg){DNNL_ARG_DST, bc->dst, out->data};
    ig_dnnl_cache_run(site, &bc->base, nargs, args);
    free(spread);
}

/* TensorFlow's formula: inv = rsqrt(variance + epsilon) * scale, then
 * x * inv + (offset - mean * inv); a one-element parameter applies to every channel. */
static void batch_norm_f64_loops(const IgTensor *x, int64_t c,
                                 const IgTensor *const params[BN_NPARAMS], double epsilon,
                                 IgTensor *out)
{
    const double *px = x->data;
    double *po = out->data;
#define BN_PARAM(i, j) (((const double *)params[i]->data)[params[i]->size == 1 ? 0 : (j)])
    double *inv = malloc((size_t)(2 * c) * sizeof *inv), *add = inv + c;
    if (inv == NULL) ig_fatal(NULL, "out of memory");
    for (int64_t j = 0; j < c; j++) {
        inv[j] = 1.0 / sqrt(BN_PARAM(BN_VARIANCE, j) + epsilon);
        if (params[BN_SCALE] != NULL) inv[j] *= BN_PARAM(BN_SCALE, j);
        add[j] = (params[BN_SHIFT] != NULL ? BN_PARAM(BN_SHIFT, j) : 0.0) -
                 BN_PARAM(BN_MEAN, j) * inv[j];
    }
#undef BN_PARAM
    int64_t rows = x->size / c;
    IG_PARALLEL_FOR(x->size,
    for (int64_t r = 0; r < rows; r++) {
        for (int64_t j = 0; j < c; j++) po[r * c + j] = px[r * c + j] * inv[j] + add[j];
    });
    free(inv);
}

/* A parameter applies per channel: c elements with c last (any leading 1s), or one
 * element for all; it may not have more dims than x (that would grow the result). */
static void batch_norm_check_param(IgSite *site, const char *name, const IgTensor *p,
                                   const IgTensor *x, int64_t c)
{
    char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
    if (p->dtype != x->dtype)
        ig_fatal(site, "batch_normalization: %s must have x's dtype %s, got %s", name,
                 ig_dtype_name(x->dtype), ig_dtype_name(p->dtype));
    bool per_channel = p->size == c && p->rank >= 1 && p->shape[p->rank - 1] == c;
    if ((!per_channel && p->size != 1) || p->rank > x->rank)
        ig_fatal(site, "batch_normalization: %s of shape %s does not match the %lld channels "
                 "of x (shape %s)", name, ig_shape_str(s1, p->rank, p->shape), (long long)c,
                 ig_shape_str(s2, x->rank, x->shape));
}

IgTensor *ig_batch_norm(IgSite *site, const IgTensor *x, const IgTensor *mean,
                        const IgTensor *variance, const IgTensor *offset,
                        const IgTensor *scale, double epsilon)
{
    if (x->dtype != IG_FLOAT32 && x->dtype != IG_FLOAT64)
        ig_fatal(site, "batch_normalization: x must be float32 or float64, got %s",
                 ig_dtype_name(x->dtype));
    int64_t c = x->rank > 0 ? x->shape[x->rank - 1] : 1;
    const IgTensor *const params[BN_NPARAMS] = {mean, variance, scale, offset};
    static const char *const names[BN_NPARAMS] = {"mean", "variance", "scale", "offset"};
    IG_RT_ASSERT(mean != NULL && variance != NULL);
    for (int i = 0; i < BN_NPARAMS; i++)
        if (params[i] != NULL) batch_norm_check_param(site, names[i], params[i], x, c);
    IgTensor *out = ig_tensor_make(site, "batch_normalization", x->dtype, x->rank, x->shape);
    if (out->size == 0) return out;
    if (x->dtype == IG_FLOAT32)
        batch_norm_f32_dnnl(site, x, c, params, epsilon, out);
    else
        batch_norm_f64_loops(x, c, params, epsilon, out);
    return out;
}
