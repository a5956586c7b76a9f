/* math.c — elementwise math of one input (abs ... sigmoid): one loop per (op, dtype)
 * from a table; large float32 inputs go to a oneDNN eltwise primitive (dnnl_unary.c)
 * for the ops where oneDNN computes what TensorFlow does.
 * Entry points: ig_abs ... ig_sigmoid. Memory owner: results belong to the caller. */
#include <tgmath.h> /* the float and double loops share one expression each */

#include "internal.h"

typedef enum MathOp {
    M_ABS, M_SIGN, M_SQUARE, M_FLOOR, M_CEIL, M_ROUND, M_SQRT, M_RSQRT,
    M_EXP, M_LOG, M_LOG1P, M_TANH, M_SIGMOID,
    M_COUNT
} MathOp;

/* ---- Element functions ------------------------------------------------------------ */

/* Integers wrap as TensorFlow's do (|INT_MIN| == INT_MIN, squares modulo 2^bits); C
 * only promises that for unsigned arithmetic, so both go through the unsigned type. */
#define INT_ELEMENT_FNS(SUF, T, U)                                                     \
    static inline T abs_##SUF(T v) { return v < 0 ? (T)((U)0 - (U)v) : v; }           \
    static inline T sign_##SUF(T v) { return (T)((v > 0) - (v < 0)); }                 \
    static inline T square_##SUF(T v) { return (T)((U)v * (U)v); }
INT_ELEMENT_FNS(i32, int32_t, uint32_t)
INT_ELEMENT_FNS(i64, int64_t, uint64_t)

/* IEEE throughout, as TensorFlow's CPU kernels: NaN propagates, log(0) = -inf,
 * log(-1) = sqrt(-1) = NaN, rsqrt(-0.0) = -inf. sign(+-0) is +0 and sign(NaN) NaN
 * (Eigen's). round is rint: half to even in the default rounding mode (tf.round).
 * The transcendental ones go through double, so float32's result is rounded once
 * (glibc's tanhf alone is off by 2 ulp). sigmoid takes exp of -|x| only, which
 * cannot overflow. */
#define FLOAT_ELEMENT_FNS(SUF, T)                                                      \
    static inline T abs_##SUF(T v) { return fabs(v); }                                 \
    static inline T sign_##SUF(T v) { return isnan(v) ? v : (T)((v > 0) - (v < 0)); }  \
    static inline T square_##SUF(T v) { return v * v; }                                \
    static inline T floor_##SUF(T v) { return floor(v); }                              \
    static inline T ceil_##SUF(T v) { return ceil(v); }                                \
    static inline T round_##SUF(T v) { return rint(v); }                               \
    static inline T sqrt_##SUF(T v) { return sqrt(v); }                                \
    static inline T rsqrt_##SUF(T v) { return (T)(1.0 / sqrt((double)v)); }            \
    static inline T exp_##SUF(T v) { return (T)exp((double)v); }                       \
    static inline T log_##SUF(T v) { return (T)log((double)v); }                       \
    static inline T log1p_##SUF(T v) { return (T)log1p((double)v); }                   \
    static inline T tanh_##SUF(T v) { return (T)tanh((double)v); }                     \
    static inline T sigmoid_##SUF(T v)                                                 \
    {                                                                                  \
        double x = v;                                                                  \
        if (x >= 0) return (T)(1.0 / (1.0 + exp(-x)));                                 \
        double e = exp(x); /* NaN lands here and stays NaN */                          \
        return (T)(e / (1.0 + e));                                                     \
    }
FLOAT_ELEMENT_FNS(f32, float)
FLOAT_ELEMENT_FNS(f64, double)

/* ---- Loops -------------------------------------------------------------------------- */

typedef void (*MapFn)(const void *src, void *dst, int64_t n);

#define MAP_FN(OP, SUF, T)                                                             \
    static void map_##OP##_##SUF(const void *src_, void *dst_, int64_t n)              \
    {                                                                                  \
        const T *src = src_;                                                           \
        T *dst = dst_;                                                                 \
        IG_PARALLEL_FOR(n,                                                             \
        for (int64_t i = 0; i < n; i++) {                                              \
            dst[i] = OP##_##SUF(src[i]);                                               \
        });                                                                            \
    }
#define FLOAT_MAPS(OP) MAP_FN(OP, f32, float) MAP_FN(OP, f64, double)
#define NUMERIC_MAPS(OP) FLOAT_MAPS(OP) MAP_FN(OP, i32, int32_t) MAP_FN(OP, i64, int64_t)
NUMERIC_MAPS(abs)
NUMERIC_MAPS(sign)
NUMERIC_MAPS(square)
FLOAT_MAPS(floor)
FLOAT_MAPS(ceil)
FLOAT_MAPS(round)
FLOAT_MAPS(sqrt)
FLOAT_MAPS(rsqrt)
FLOAT_MAPS(exp)
FLOAT_MAPS(log)
FLOAT_MAPS(log1p)
FLOAT_MAPS(tanh)
FLOAT_MAPS(sigmoid)

/* ---- The op table ------------------------------------------------------------------- */

/* Where oneDNN 2.6 stands against TensorFlow (measured on every float32, special values
 * included, on AVX2 and SSE4.1):
 * - abs, square, round, sqrt: exact, with the same NaN, inf and -0.0 results; tanh within
 *   1 ulp. These use it.
 * - exp and logistic: within 5 ulp on AVX2 (the JIT's polynomial is 68 ulp off without
 *   FMA, so only from AVX2 up), but exp(NaN) gives inf and both flush results below
 *   e^-86.9 to 0 where TensorFlow gives a normal float: those inputs (x <= EXP_TAIL, and
 *   NaN) are recomputed by the loop's function afterwards.
 * - log: 1.4e-6 absolute error around 1 (log(1) is not 0), so log stays a loop; rsqrt
 *   would be pow(x, -0.5), which gives +inf for -0.0 where TensorFlow gives -inf; sign,
 *   floor, ceil and log1p have no oneDNN algorithm. */
#define EXP_TAIL -86.0f

typedef struct MathOpInfo {
    const char *name;
    MapFn map[IG_DTYPE_COUNT];  /* NULL: the op does not take that dtype */
    dnnl_alg_kind_t alg;        /* dnnl_alg_kind_undef: loops only */
    float (*exp_tail)(float);   /* non-NULL: oneDNN's exp-based kernel, patched with this */
} MathOpInfo;

#define FLOAT_ENTRY(OP) [IG_FLOAT32] = map_##OP##_f32, [IG_FLOAT64] = map_##OP##_f64
#define NUMERIC_ENTRY(OP) FLOAT_ENTRY(OP), [IG_INT32] = map_##OP##_i32, [IG_INT64] = map_##OP##_i64

static const MathOpInfo math_ops[M_COUNT] = {
    [M_ABS] = {"abs", {NUMERIC_ENTRY(abs)}, dnnl_eltwise_abs, NULL},
    [M_SIGN] = {"sign", {NUMERIC_ENTRY(sign)}, dnnl_alg_kind_undef, NULL},
    [M_SQUARE] = {"square", {NUMERIC_ENTRY(square)}, dnnl_eltwise_square, NULL},
    [M_FLOOR] = {"floor", {FLOAT_ENTRY(floor)}, dnnl_alg_kind_undef, NULL},
    [M_CEIL] = {"ceil", {FLOAT_ENTRY(ceil)}, dnnl_alg_kind_undef, NULL},
    [M_ROUND] = {"round", {FLOAT_ENTRY(round)}, dnnl_eltwise_round, NULL},
    [M_SQRT] = {"sqrt", {FLOAT_ENTRY(sqrt)}, dnnl_eltwise_sqrt, NULL},
    [M_RSQRT] = {"rsqrt", {FLOAT_ENTRY(rsqrt)}, dnnl_alg_kind_undef, NULL},
    [M_EXP] = {"exp", {FLOAT_ENTRY(exp)}, dnnl_eltwise_exp, exp_f32},
    [M_LOG] = {"log", {FLOAT_ENTRY(log)}, dnnl_alg_kind_undef, NULL},
    [M_LOG1P] = {"log1p", {FLOAT_ENTRY(log1p)}, dnnl_alg_kind_undef, NULL},
    [M_TANH] = {"tanh", {FLOAT_ENTRY(tanh)}, dnnl_eltwise_tanh, NULL},
    [M_SIGMOID] = {"sigmoid", {FLOAT_ENTRY(sigmoid)}, dnnl_eltwise_logistic, sigmoid_f32},
};

static bool math_can_use_dnnl(const MathOpInfo *m, const IgTensor *x)
{
    if (x->dtype != IG_FLOAT32 || x->size < IG_DNNL_MIN_ELEMENTS || m->alg == dnnl_alg_kind_undef)
        return false;
    if (m->exp_tail == NULL) return true;
    dnnl_cpu_isa_t isa = dnnl_get_effective_cpu_isa();
    return (isa & dnnl_cpu_isa_avx2) == dnnl_cpu_isa_avx2;
}

static IgTensor *math_run(IgSite *site, MathOp op, const IgTensor *x)
{
    const MathOpInfo *m = &math_ops[op];
    MapFn map = (unsigned)x->dtype < IG_DTYPE_COUNT ? m->map[x->dtype] : NULL;
    if (map == NULL)
        ig_internal_error(__FILE__, __LINE__, "%s: dtype %s is not supported", m->name,
                          ig_dtype_name(x->dtype));
    if (math_can_use_dnnl(m, x)) {
        IgTensor *out = ig_dnnl_unary(site, m->alg, x);
        if (m->exp_tail != NULL) {
            const float *src = x->data;
            float *dst = out->data;
            int64_t n = x->size;
            IG_PARALLEL_FOR(n,
            for (int64_t i = 0; i < n; i++) {
                if (!(src[i] > EXP_TAIL)) dst[i] = m->exp_tail(src[i]); /* NaN too */
            });
        }
        return out;
    }
    IgTensor *out = ig_tensor_make_or_take(site, m->name, x, NULL, x->dtype, x->rank, x->shape);
    map(x->data, out->data, x->size);
    return out;
}

/* The public kernels: one per op, all sharing math_run. */
#define MATH_KERNEL(NAME, OP)                                                          \
    IgTensor *NAME(IgSite *site, const IgTensor *x) { return math_run(site, OP, x); }
MATH_KERNEL(ig_abs, M_ABS)
MATH_KERNEL(ig_sign, M_SIGN)
MATH_KERNEL(ig_square, M_SQUARE)
MATH_KERNEL(ig_floor, M_FLOOR)
MATH_KERNEL(ig_ceil, M_CEIL)
MATH_KERNEL(ig_round, M_ROUND)
MATH_KERNEL(ig_sqrt, M_SQRT)
MATH_KERNEL(ig_rsqrt, M_RSQRT)
MATH_KERNEL(ig_exp, M_EXP)
MATH_KERNEL(ig_log, M_LOG)
MATH_KERNEL(ig_log1p, M_LOG1P)
MATH_KERNEL(ig_tanh, M_TANH)
MATH_KERNEL(ig_sigmoid, M_SIGMOID)
