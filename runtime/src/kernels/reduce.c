/* reduce.c — tf.reduce_sum/mean/prod/max/min/all/any over chosen axes (or all), with
 * keepdims: one walker over x's coalesced dims, instantiated per (op, dtype); large
 * float32 sum/mean/prod over trailing axes go to a oneDNN reduction (dnnl_reduce.c).
 * Entry points: ig_reduce_sum ... ig_reduce_any. Memory owner: the result belongs to
 * the caller; the accumulator is freed here. */
#include <math.h>
#include <stdlib.h>

#include "internal.h"

typedef enum RedOp { R_SUM, R_MEAN, R_PROD, R_MAX, R_MIN, R_ALL, R_ANY, R_COUNT } RedOp;

static const char *const red_names[] = {"reduce_sum", "reduce_mean", "reduce_prod",
                                        "reduce_max", "reduce_min", "reduce_all", "reduce_any"};
_Static_assert(sizeof red_names / sizeof red_names[0] == R_COUNT, "a name per RedOp");

/* ---- The plan: x's dims coalesced ------------------------------------------------------ */

/* Size-1 dims are dropped and neighbours that are both reduced (or both kept) merged,
 * so x is walked as few, long dims; kept and reduced dims then alternate. */
typedef struct ReducePlan {
    int orank;
    int64_t oshape[IG_MAX_RANK];
    int64_t count;              /* elements folded into each output (0 for an empty x) */
    int nd;                     /* coalesced dims, outermost first; at least one */
    int64_t dims[IG_MAX_RANK];
    int64_t xstr[IG_MAX_RANK];  /* element stride in x */
    int64_t ostr[IG_MAX_RANK];  /* element stride in the output; 0 for a reduced dim */
} ReducePlan;

static void reduce_plan(const IgTensor *x, int naxes, const int *axes, bool all_axes,
                        bool keepdims, ReducePlan *p)
{
    bool reduced[IG_MAX_RANK];
    for (int d = 0; d < x->rank; d++) reduced[d] = all_axes;
    for (int i = 0; i < naxes; i++) {
        IG_RT_ASSERT(axes[i] >= 0 && axes[i] < x->rank);
        reduced[axes[i]] = true;
    }
    p->orank = 0;
    p->count = 1;
    for (int d = 0; d < x->rank; d++) {
        if (reduced[d]) p->count *= x->shape[d];
        if (!reduced[d] || keepdims) p->oshape[p->orank++] = reduced[d] ? 1 : x->shape[d];
    }
    bool red[IG_MAX_RANK];
    p->nd = 0;
    for (int d = 0; d < x->rank; d++) {
        if (x->shape[d] == 1) continue;
        if (p->nd > 0 && red[p->nd - 1] == reduced[d]) {
            p->dims[p->nd - 1] *= x->shape[d];
        } else {
            red[p->nd] = reduced[d];
            p->dims[p->nd++] = x->shape[d];
        }
    }
    if (p->nd == 0) { /* a single element */
        red[0] = true;
        p->dims[p->nd++] = 1;
    }
    int64_t xs = 1, os = 1;
    for (int d = p->nd - 1; d >= 0; d--) {
        p->xstr[d] = xs;
        xs *= p->dims[d];
        p->ostr[d] = red[d] ? 0 : os;
        if (!red[d]) os *= p->dims[d];
    }
}

/* ---- The walker ------------------------------------------------------------------------ */

/* Folds x (elements of type T) into acc (one AT per output) with FOLD(a, v), walking
 * x row by row in memory order over the box where coalesced dim `split` is limited to
 * [lo, hi). A row whose output stride is 0 folds into one accumulator; otherwise each
 * element into its own, a loop that vectorises. Distinct ranges of a kept dim touch
 * distinct outputs, which is what lets threads share the work. */
#define WALK_BOX(AT, T, FOLD)                                                          \
    do {                                                                               \
        const T *xd = x->data;                                                         \
        int inner = p->nd - 1;                                                         \
        int64_t idx[IG_MAX_RANK] = {0};                                                \
        idx[split] = lo;                                                               \
        int64_t xo = lo * p->xstr[split], oo = lo * p->ostr[split];                    \
        int64_t len = inner == split ? hi - lo : p->dims[inner];                       \
        for (;;) {                                                                     \
            const T *xs = xd + xo;                                                     \
            AT *as = acc + oo;                                                         \
            if (p->ostr[inner] == 0) {                                                 \
                AT a = as[0];                                                          \
                for (int64_t j = 0; j < len; j++) FOLD(a, xs[j]);                      \
                as[0] = a;                                                             \
            } else {                                                                   \
                /* Independent outputs: vectorised, each folds in the same order. */   \
                _Pragma("omp simd")                                                    \
                for (int64_t j = 0; j < len; j++) FOLD(as[j], xs[j]);                  \
            }                                                                          \
            int d = inner - 1;                                                         \
            for (; d >= 0; d--) {                                                      \
                int64_t first = d == split ? lo : 0, end = d == split ? hi : p->dims[d]; \
                xo += p->xstr[d], oo += p->ostr[d];                                    \
                if (++idx[d] < end) break;                                             \
                xo -= (end - first) * p->xstr[d], oo -= (end - first) * p->ostr[d];    \
                idx[d] = first;                                                        \
            }                                                                          \
            if (d < 0) break;                                                          \
        }                                                                              \
    } while (0)

/* One function per (fold, accumulator, element type): fills acc with INIT and folds x. */
#define REDUCE_FN(NAME, AT, T, INIT, FOLD)                                             \
    static void NAME(const IgTensor *x, const ReducePlan *p, void *acc_, int64_t n)    \
    {                                                                                  \
        AT *acc = acc_;                                                                \
        for (int64_t i = 0; i < n; i++) acc[i] = INIT;                                 \
        if (x->size == 0) return;                                                      \
        int split = 0; /* the outermost kept dim, if any, is shared among threads */   \
        while (split < p->nd && p->ostr[split] == 0) split++;                          \
        bool shared = split < p->nd;                                                   \
        if (!shared) split = 0; /* everything folds into one output: one thread */     \
        int64_t range = p->dims[split], chunks = !shared ? 1 : range < 64 ? range : 64; \
        /* Split the innermost dim only into runs of 64: narrower ones walk every row  \
           for a few elements each (a bias gradient [4096,16] -> [16] took 16 walks). */ \
        if (shared && split == p->nd - 1)                                              \
            chunks = range / 64 < 1 ? 1 : range / 64 < 64 ? range / 64 : 64;          \
        IG_PARALLEL_FOR(chunks > 1 ? x->size : 0,                                      \
        for (int64_t c = 0; c < chunks; c++) {                                         \
            int64_t lo = range * c / chunks, hi = range * (c + 1) / chunks;            \
            WALK_BOX(AT, T, FOLD);                                                     \
        });                                                                            \
    }

/* Sums and products accumulate in double for floats (float32 loses less than in a float
 * accumulator) and in uint64 for integers (whose wrap-around modulo 2^32 or 2^64 is
 * then exactly TensorFlow's). max/min propagate NaN: once a is NaN no v beats it. */
#define FOLD_ADD(a, v) ((a) += (v))
#define FOLD_MUL(a, v) ((a) *= (v))
#define FOLD_MAX(a, v) ((a) = ((v) > (a) || (v) != (v)) ? (v) : (a))
#define FOLD_MIN(a, v) ((a) = ((v) < (a) || (v) != (v)) ? (v) : (a))
#define FOLD_AND(a, v) ((a) &= (v) != 0)
#define FOLD_OR(a, v) ((a) |= (v) != 0)

#define ARITH_FNS(SUF, T, AT)                                                          \
    REDUCE_FN(sum_##SUF, AT, T, 0, FOLD_ADD)                                           \
    REDUCE_FN(prod_##SUF, AT, T, 1, FOLD_MUL)
ARITH_FNS(f32, float, double)
ARITH_FNS(f64, double, double)
/* Integers are read as their unsigned type of the same width, then widened: the
 * modular result is the same, and unsigned overflow is defined. */
ARITH_FNS(i32, uint32_t, uint64_t)
ARITH_FNS(i64, uint64_t, uint64_t)
REDUCE_FN(max_f32, float, float, -INFINITY, FOLD_MAX)
REDUCE_FN(max_f64, double, double, -INFINITY, FOLD_MAX)
REDUCE_FN(max_i32, int32_t, int32_t, INT32_MIN, FOLD_MAX)
REDUCE_FN(max_i64, int64_t, int64_t, INT64_MIN, FOLD_MAX)
REDUCE_FN(min_f32, float, float, INFINITY, FOLD_MIN)
REDUCE_FN(min_f64, double, double, INFINITY, FOLD_MIN)
REDUCE_FN(min_i32, int32_t, int32_t, INT32_MAX, FOLD_MIN)
REDUCE_FN(min_i64, int64_t, int64_t, INT64_MAX, FOLD_MIN)
REDUCE_FN(all_b, uint8_t, uint8_t, 1, FOLD_AND)
REDUCE_FN(any_b, uint8_t, uint8_t, 0, FOLD_OR)

typedef void (*ReduceFn)(const IgTensor *x, const ReducePlan *p, void *acc, int64_t n);

/* sum, mean and prod share accumulators: mean is a sum divided at the end. */
#define ARITH_ENTRY(OP)                                                                \
    [IG_FLOAT32] = OP##_f32, [IG_FLOAT64] = OP##_f64, [IG_INT32] = OP##_i32,           \
    [IG_INT64] = OP##_i64
static const ReduceFn reduce_table[R_COUNT][IG_DTYPE_COUNT] = {
    [R_SUM] = {ARITH_ENTRY(sum)},
    [R_MEAN] = {ARITH_ENTRY(sum)},
    [R_PROD] = {ARITH_ENTRY(prod)},
    [R_MAX] = {ARITH_ENTRY(max)},
    [R_MIN] = {ARITH_ENTRY(min)},
    [R_ALL] = {[IG_BOOL] = all_b},
    [R_ANY] = {[IG_BOOL] = any_b},
};

/* ---- Results ---------------------------------------------------------------------------- */

/* acc -> out for sum, mean and prod (max, min, all and any accumulate in the output's own
 * type and are copied). Integer means truncate toward zero as TensorFlow's, and a mean of
 * nothing is NaN for floats and 0 for integers (TensorFlow's identity for Mean). */
static void reduce_finish(RedOp op, int64_t count, const void *acc_, IgTensor *out)
{
    int64_t n = out->size;
    bool mean = op == R_MEAN;
    if (ig_dtype_is_float(out->dtype)) {
        const double *acc = acc_;
        double div = mean ? (double)count : 1.0; /* 0.0 / 0 is NaN */
        for (int64_t i = 0; i < n; i++) {
            if (out->dtype == IG_FLOAT32)
                ((float *)out->data)[i] = (float)(acc[i] / div);
            else
                ((double *)out->data)[i] = acc[i] / div;
        }
        return;
    }
    const uint64_t *acc = acc_;
    for (int64_t i = 0; i < n; i++) {
        int64_t v = out->dtype == IG_INT32 ? (int64_t)(int32_t)acc[i] : (int64_t)acc[i];
        if (mean) v = count > 0 ? v / count : 0;
        if (out->dtype == IG_INT32)
            ((int32_t *)out->data)[i] = (int32_t)v;
        else
            ((int64_t *)out->data)[i] = v;
    }
}

/* oneDNN's JIT reduces the innermost dims of a plain tensor; for rows shorter than this
 * its per-row cost loses to the loop (1M floats in 64-float rows: 4.3 ms against 0.7 ms;
 * in 1024-float rows 1.3 ms against 1.9 ms, one thread). Its float32 accumulator stays
 * within a few float32 ulps of the double one here (TensorFlow's own is float32). max
 * and min stay loops: oneDNN's drop a NaN unless it is the last element. */
#define DNNL_REDUCE_MIN_ROW 1024

static bool reduce_try_dnnl(IgSite *site, RedOp op, const IgTensor *x, const ReducePlan *p,
                            IgTensor *out)
{
    if (x->dtype != IG_FLOAT32 || x->size < IG_DNNL_MIN_ELEMENTS || op > R_PROD) return false;
    int64_t outer, inner;
    if (p->nd == 1 && p->ostr[0] == 0)
        outer = 1, inner = p->dims[0];
    else if (p->nd == 2 && p->ostr[1] == 0)
        outer = p->dims[0], inner = p->dims[1];
    else
        return false;
    if (inner < DNNL_REDUCE_MIN_ROW) return false;
    static const dnnl_alg_kind_t algs[] = {
        [R_SUM] = dnnl_reduction_sum, [R_MEAN] = dnnl_reduction_mean,
        [R_PROD] = dnnl_reduction_mul};
    ig_dnnl_reduce_rows(site, algs[op], x, outer, inner, out);
    return true;
}

static IgTensor *reduce_run(IgSite *site, RedOp op, const IgTensor *x, int naxes,
                            const int *axes, bool all_axes, bool keepdims)
{
    ReduceFn fn = (unsigned)x->dtype < IG_DTYPE_COUNT ? reduce_table[op][x->dtype] : NULL;
    if (fn == NULL)
        ig_internal_error(__FILE__, __LINE__, "%s: dtype %s is not supported", red_names[op],
                          ig_dtype_name(x->dtype));
    ReducePlan p;
    reduce_plan(x, naxes, axes, all_axes, keepdims, &p);
    IgTensor *out = ig_tensor_make(site, red_names[op], x->dtype, p.orank, p.oshape);
    if (out->size == 0 || reduce_try_dnnl(site, op, x, &p, out)) return out;
    if (op >= R_MAX) { /* these accumulate in the output itself */
        fn(x, &p, out->data, out->size);
        return out;
    }
    void *acc = malloc((size_t)out->size * sizeof(double)); /* double or uint64 */
    if (acc == NULL) ig_fatal(site, "out of memory");
    fn(x, &p, acc, out->size);
    reduce_finish(op, p.count, acc, out);
    free(acc);
    return out;
}

/* The public kernels: one per op, all sharing reduce_run. */
#define REDUCE_KERNEL(NAME, OP)                                                        \
    IgTensor *NAME(IgSite *site, const IgTensor *x, int naxes, const int *axes,        \
                   bool all_axes, bool keepdims)                                       \
    {                                                                                  \
        return reduce_run(site, OP, x, naxes, axes, all_axes, keepdims);               \
    }
REDUCE_KERNEL(ig_reduce_sum, R_SUM)
REDUCE_KERNEL(ig_reduce_mean, R_MEAN)
REDUCE_KERNEL(ig_reduce_prod, R_PROD)
REDUCE_KERNEL(ig_reduce_max, R_MAX)
REDUCE_KERNEL(ig_reduce_min, R_MIN)
REDUCE_KERNEL(ig_reduce_all, R_ALL)
REDUCE_KERNEL(ig_reduce_any, R_ANY)
