/* matmul.c — tf.matmul (BatchMatMulV2): [..., m, k] x [..., k, n] with broadcast batch
 * dims and optional transposes of either operand's last two dims. float32 runs on a
 * oneDNN matmul primitive cached in the site (re-created only when the shapes or flags
 * change), the transposes expressed as memory strides, so nothing is copied; float64
 * and integers, which oneDNN lacks, on plain loops (integers wrap).
 * Entry points: ig_matmul, ig_matmul_bias. Memory owner: the site's cache owns the primitive. */
#include <string.h>

#include "internal.h"

/* The product's geometry, operand shapes aligned to the output's rank. Strides count
 * elements; a broadcast batch dim has stride 0 in the operand that lacks it. */
typedef struct MatmulGeom {
    int rank;                       /* the output's, >= 2 */
    int64_t out_shape[IG_MAX_RANK]; /* batch dims, m, n */
    int64_t m, n, k;
    int64_t a_batch[IG_MAX_RANK], b_batch[IG_MAX_RANK]; /* per batch dim */
    int64_t a_rs, a_cs, b_rs, b_cs; /* row and column strides of op(a), op(b) */
} MatmulGeom;

typedef struct MatmulCache {
    IgDnnlCache base;
    int ra, rb; /* the key: both shapes and both flags */
    int64_t sa[IG_MAX_RANK], sb[IG_MAX_RANK];
    bool ta, tb, bias;
    dnnl_memory_t a, b, c, bias_mem;
} MatmulCache;

static bool matmul_cache_fits(const MatmulCache *mc, const IgTensor *a, const IgTensor *b,
                              bool ta, bool tb, bool bias)
{
    return mc->ta == ta && mc->tb == tb && mc->bias == bias &&
           ig_shape_equal(mc->ra, mc->sa, a->rank, a->shape) &&
           ig_shape_equal(mc->rb, mc->sb, b->rank, b->shape);
}

/* oneDNN's view of an operand: the output's rank, its batch dims (1 where it
 * broadcasts) and its logical [rows, cols] after the transpose, with the strides of
 * the buffer as it is. */
static void matmul_md(dnnl_memory_desc_t *md, const MatmulGeom *g, const IgTensor *t,
                      int64_t rows, int64_t cols, int64_t rs, int64_t cs)
{
    dnnl_dims_t dims, strides;
    int lead = g->rank - t->rank;
    int64_t stride = rows * cols;
    for (int d = g->rank - 3; d >= 0; d--) {
        dims[d] = d < lead ? 1 : t->shape[d - lead];
        strides[d] = stride;
        stride *= dims[d];
    }
    dims[g->rank - 2] = rows, dims[g->rank - 1] = cols;
    strides[g->rank - 2] = rs, strides[g->rank - 1] = cs;
    IG_DNNL_CHECK(dnnl_memory_desc_init_by_strides(md, g->rank, dims, dnnl_f32, strides));
}

/* bias: the primitive also adds one float32 per column, broadcast over the rest. */
static MatmulCache *matmul_cache_new(const MatmulGeom *g, const IgTensor *a, const IgTensor *b,
                                     bool ta, bool tb, bool bias)
{
    MatmulCache *mc = ig_dnnl_cache_new(sizeof *mc, "matmul");
    mc->ra = a->rank, mc->rb = b->rank;
    memcpy(mc->sa, a->shape, sizeof mc->sa);
    memcpy(mc->sb, b->shape, sizeof mc->sb);
    mc->ta = ta, mc->tb = tb, mc->bias = bias;
    dnnl_memory_desc_t ma, mb, mcd, mbias;
    matmul_md(&ma, g, a, g->m, g->k, g->a_rs, g->a_cs);
    matmul_md(&mb, g, b, g->k, g->n, g->b_rs, g->b_cs);
    ig_dnnl_md_f32(&mcd, g->rank, g->out_shape);
    int64_t bias_shape[IG_MAX_RANK]; /* [1, ..., 1, n] */
    for (int d = 0; d < g->rank; d++) bias_shape[d] = d == g->rank - 1 ? g->n : 1;
    ig_dnnl_md_f32(&mbias, g->rank, bias_shape);
    dnnl_matmul_desc_t desc;
    IG_DNNL_CHECK(dnnl_matmul_desc_init(&desc, &ma, &mb, bias ? &mbias : NULL, &mcd));
    mc->base.prim = ig_prim_create(&desc);
    mc->a = ig_dnnl_cache_memory(&mc->base, &ma);
    mc->b = ig_dnnl_cache_memory(&mc->base, &mb);
    mc->c = ig_dnnl_cache_memory(&mc->base, &mcd);
    if (bias) mc->bias_mem = ig_dnnl_cache_memory(&mc->base, &mbias);
    return mc;
}

/* bias: NULL, or n float32s the primitive adds to each row. */
static void matmul_f32_dnnl(IgSite *site, const MatmulGeom *g, const IgTensor *a,
                            const IgTensor *b, bool ta, bool tb, const IgTensor *bias,
                            IgTensor *c)
{
    MatmulCache *mc = (MatmulCache *)ig_dnnl_cache_find(site, "matmul");
    if (mc == NULL || !matmul_cache_fits(mc, a, b, ta, tb, bias != NULL)) {
        mc = matmul_cache_new(g, a, b, ta, tb, bias != NULL);
        ig_dnnl_cache_keep(site, &mc->base);
    }
    IgDnnlArg args[4] = {{DNNL_ARG_SRC, mc->a, a->data},
                         {DNNL_ARG_WEIGHTS, mc->b, b->data},
                         {DNNL_ARG_DST, mc->c, c->data},
                         {DNNL_ARG_BIAS, mc->bias_mem, bias ? bias->data : NULL}};
    ig_dnnl_cache_run(site, &mc->base, bias ? 4 : 3, args);
}

/* One function per dtype: c = op(a) x op(b), c zeroed first. Each (batch, row) of c is
 * independent, so those run in parallel; within one the i-p-j order keeps the inner
 * loop on a row of op(b). ACC(s, x, y) adds x*y to s; integers go through unsigned
 * arithmetic to wrap as TensorFlow's do. */
#define MATMUL_LOOP_FN(NAME, T, ACC)                                                       \
    static void NAME(const MatmulGeom *g, const IgTensor *a, const IgTensor *b, IgTensor *c) \
    {                                                                                      \
        const T *pa = a->data, *pb = b->data;                                              \
        T *pc = c->data;                                                                   \
        int nbatch_dims = g->rank - 2;                                                     \
        int64_t rows = c->size / g->n;                                                     \
        IG_PARALLEL_FOR(c->size * g->k,                                                    \
        for (int64_t r = 0; r < rows; r++) {                                               \
            int64_t i = r % g->m, rest = r / g->m, oa = 0, ob = 0;                         \
            for (int d = nbatch_dims - 1; d >= 0; d--) {                                   \
                int64_t idx = rest % g->out_shape[d];                                      \
                rest /= g->out_shape[d];                                                   \
                oa += idx * g->a_batch[d];                                                 \
                ob += idx * g->b_batch[d];                                                 \
            }                                                                              \
            T *crow = pc + r * g->n;                                                       \
            for (int64_t p = 0; p < g->k; p++) {                                           \
                T x = pa[oa + i * g->a_rs + p * g->a_cs];                                  \
                const T *brow = pb + ob + p * g->b_rs;                                     \
                for (int64_t j = 0; j < g->n; j++) ACC(crow[j], x, brow[j * g->b_cs]);     \
            }                                                                              \
        });                                                                                \
    }
#define ACC_FLOAT(s, x, y) ((s) += (x) * (y))
#define ACC_I32(s, x, y) ((s) = (int32_t)((uint32_t)(s) + (uint32_t)(x) * (uint32_t)(y)))
#define ACC_I64(s, x, y) ((s) = (int64_t)((uint64_t)(s) + (uint64_t)(x) * (uint64_t)(y)))
MATMUL_LOOP_FN(matmul_loop_f64, double, ACC_FLOAT)
MATMUL_LOOP_FN(matmul_loop_i32, int32_t, ACC_I32)
MATMUL_LOOP_FN(matmul_loop_i64, int64_t, ACC_I64)

/* Fills g from the operands, or ends the program naming both shapes (worded as the
 * compiler's build-time checks word them). */
static void matmul_geometry(IgSite *site, const IgTensor *a, const IgTensor *b, bool ta, bool tb,
                            MatmulGeom *g)
{
    char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
    if (a->rank < 2 || b->rank < 2)
        ig_fatal(site, "matmul: shapes %s and %s are incompatible: both must have rank 2 or more",
                 ig_shape_str(s1, a->rank, a->shape), ig_shape_str(s2, b->rank, b->shape));
    int64_t ar = a->shape[a->rank - 2], ac = a->shape[a->rank - 1];
    int64_t br = b->shape[b->rank - 2], bc = b->shape[b->rank - 1];
    g->m = ta ? ac : ar, g->k = ta ? ar : ac;
    int64_t kb = tb ? bc : br;
    g->n = tb ? br : bc;
    if (kb != g->k)
        ig_fatal(site, "matmul: shapes %s and %s are incompatible: inner dimensions differ "
                 "(%lld vs %lld)", ig_shape_str(s1, a->rank, a->shape),
                 ig_shape_str(s2, b->rank, b->shape), (long long)g->k, (long long)kb);
    /* op(a)[i, p] is at i * a_rs + p * a_cs within its matrix; likewise op(b)[p, j]. */
    g->a_rs = ta ? 1 : ac, g->a_cs = ta ? ac : 1;
    g->b_rs = tb ? 1 : bc, g->b_cs = tb ? bc : 1;

    /* Batch dims: NumPy's rule, right-aligned. */
    g->rank = a->rank > b->rank ? a->rank : b->rank;
    int64_t sa = ar * ac, sb = br * bc; /* elements per matrix, then per batch block */
    for (int d = g->rank - 3; d >= 0; d--) {
        int da = d - (g->rank - a->rank), db = d - (g->rank - b->rank);
        int64_t xa = da >= 0 ? a->shape[da] : 1, xb = db >= 0 ? b->shape[db] : 1;
        if (xa != xb && xa != 1 && xb != 1)
            ig_fatal(site, "matmul: shapes %s and %s are incompatible: batch dimensions differ "
                     "(%lld vs %lld)", ig_shape_str(s1, a->rank, a->shape),
                     ig_shape_str(s2, b->rank, b->shape), (long long)xa, (long long)xb);
        g->out_shape[d] = xa == 1 ? xb : xa;
        g->a_batch[d] = xa == 1 ? 0 : sa;
        g->b_batch[d] = xb == 1 ? 0 : sb;
        sa *= xa, sb *= xb;
    }
    g->out_shape[g->rank - 2] = g->m;
    g->out_shape[g->rank - 1] = g->n;
}

IgTensor *ig_matmul(IgSite *site, const IgTensor *a, const IgTensor *b, bool transpose_a,
                    bool transpose_b)
{
    IG_RT_ASSERT(a->dtype == b->dtype);
    MatmulGeom g;
    matmul_geometry(site, a, b, transpose_a, transpose_b, &g);
    IgTensor *c = ig_tensor_make(site, "matmul", a->dtype, g.rank, g.out_shape);
    if (c->size == 0) return c;
    if (a->dtype == IG_FLOAT32 && g.k > 0) {
        matmul_f32_dnnl(site, &g, a, b, transpose_a, transpose_b, NULL, c);
        return c;
    }
    memset(c->data, 0, (size_t)c->size * ig_dtype_size(c->dtype));
    if (g.k == 0) return c; /* a sum of nothing */
    switch (a->dtype) {
    case IG_FLOAT64: matmul_loop_f64(&g, a, b, c); break;
    case IG_INT32: matmul_loop_i32(&g, a, b, c); break;
    case IG_INT64: matmul_loop_i64(&g, a, b, c); break;
    default:
        ig_internal_error(__FILE__, __LINE__, "matmul: dtype %s is not supported",
                          ig_dtype_name(a->dtype));
    }
    return c;
}

/* The bias is added by the matmul primitive and the activation runs on its result while
 * it is in cache (Keras's Dense in one op). Other dtypes, a bias that is not one value per
 * column, and an empty product are the three ops in turn, with their messages. */
IgTensor *ig_matmul_bias(IgSite *site, const IgTensor *a, const IgTensor *b,
                         const IgTensor *bias, bool transpose_a, bool transpose_b,
                         IgActivation act)
{
    IG_RT_ASSERT(a->dtype == b->dtype);
    MatmulGeom g;
    matmul_geometry(site, a, b, transpose_a, transpose_b, &g);
    if (a->dtype != IG_FLOAT32 || bias->dtype != IG_FLOAT32 || bias->rank != 1 ||
        bias->shape[0] != g.n || g.k == 0)
        return ig_bias_act_unfused(site, ig_matmul(site, a, b, transpose_a, transpose_b), bias,
                                   act);
    IgTensor *c = ig_tensor_make(site, "matmul", a->dtype, g.rank, g.out_shape);
    if (c->size == 0) return c;
    matmul_f32_dnnl(site, &g, a, b, transpose_a, transpose_b, bias, c);
    return ig_activation_apply(site, c, act);
}
