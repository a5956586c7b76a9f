/* binary.c — the elementwise binary kernels (arithmetic and comparisons) with NumPy
 * broadcasting: one row function per (op, dtype) from a table, run by broadcast.c;
 * large float32 add/sub/mul/div go to oneDNN (dnnl_eltwise.c) instead.
 * Entry points: ig_add ... ig_not_equal, ig_logical_and, ig_logical_or. Memory owner: results
 * belong to the caller. */
#include <math.h>

#include "internal.h"

typedef enum BinOp {
    BIN_ADD, BIN_SUB, BIN_MUL, BIN_DIV, BIN_FLOORDIV, BIN_MOD, BIN_POW,
    BIN_LESS, BIN_LESS_EQUAL, BIN_GREATER, BIN_GREATER_EQUAL, BIN_EQUAL, BIN_NOT_EQUAL,
    BIN_LOGICAL_AND, BIN_LOGICAL_OR, /* from BIN_LESS on, the result is bool */
    BIN_COUNT
} BinOp;

static const char *const bin_names[] = {
    "add", "sub", "mul", "div", "floordiv", "mod", "pow",
    "less", "less_equal", "greater", "greater_equal", "equal", "not_equal",
    "logical_and", "logical_or",
};
_Static_assert(sizeof bin_names / sizeof bin_names[0] == BIN_COUNT, "a name per BinOp");

/* ---- Element functions ------------------------------------------------------------ */
/* TensorFlow's arithmetic on one element (wrapping integers, floored division) is
 * ingot/scalar.h's: the C values the compiler emits for 0-d tensors use the same. */

/* ---- Row functions ---------------------------------------------------------------- */

/* out[i] = EXPR over x = a[i*sa], y = b[i*sb]. The four stride cases get their own
 * loops so that the common ones vectorise, as wide as the CPU allows (internal.h). */
#define ROW_FN(NAME, T, O, EXPR)                                                       \
    IG_VECTOR_CLONES static void NAME(const void *pa, const void *pb, void *po, int64_t n, \
                                      int64_t sa, int64_t sb, const IgSite *site)      \
    {                                                                                  \
        const T *a = pa, *b = pb;                                                      \
        O *o = po;                                                                     \
        (void)site;                                                                    \
        if (sa && sb) {                                                                \
            for (int64_t i = 0; i < n; i++) { T x = a[i], y = b[i]; o[i] = (O)(EXPR); } \
        } else if (sa) {                                                               \
            T y = b[0];                                                                \
            for (int64_t i = 0; i < n; i++) { T x = a[i]; o[i] = (O)(EXPR); }          \
        } else if (sb) {                                                               \
            T x = a[0];                                                                \
            for (int64_t i = 0; i < n; i++) { T y = b[i]; o[i] = (O)(EXPR); }          \
        } else {                                                                       \
            T x = a[0], y = b[0];                                                      \
            for (int64_t i = 0; i < n; i++) o[i] = (O)(EXPR);                          \
        }                                                                              \
    }

#define NUMERIC_ROWS(SUF, T)                                                           \
    ROW_FN(row_add_##SUF, T, T, ig_add_##SUF(x, y))                                    \
    ROW_FN(row_sub_##SUF, T, T, ig_sub_##SUF(x, y))                                    \
    ROW_FN(row_mul_##SUF, T, T, ig_mul_##SUF(x, y))                                    \
    ROW_FN(row_floordiv_##SUF, T, T, ig_floordiv_##SUF(site, x, y))                    \
    ROW_FN(row_mod_##SUF, T, T, ig_mod_##SUF(site, x, y))                              \
    ROW_FN(row_pow_##SUF, T, T, ig_pow_##SUF(site, x, y))                              \
    ROW_FN(row_less_##SUF, T, uint8_t, x < y)                                          \
    ROW_FN(row_less_equal_##SUF, T, uint8_t, x <= y)                                   \
    ROW_FN(row_greater_##SUF, T, uint8_t, x > y)                                       \
    ROW_FN(row_greater_equal_##SUF, T, uint8_t, x >= y)                                \
    ROW_FN(row_equal_##SUF, T, uint8_t, x == y)                                        \
    ROW_FN(row_not_equal_##SUF, T, uint8_t, x != y)
NUMERIC_ROWS(i32, int32_t)
NUMERIC_ROWS(i64, int64_t)
NUMERIC_ROWS(f32, float)
NUMERIC_ROWS(f64, double)
ROW_FN(row_div_f32, float, float, ig_div_f32(x, y))
ROW_FN(row_div_f64, double, double, ig_div_f64(x, y))
/* Bools are bytes; any nonzero byte is true. */
ROW_FN(row_equal_b, uint8_t, uint8_t, (x != 0) == (y != 0))
ROW_FN(row_not_equal_b, uint8_t, uint8_t, (x != 0) != (y != 0))
ROW_FN(row_logical_and_b, uint8_t, uint8_t, (x != 0) & (y != 0))
ROW_FN(row_logical_or_b, uint8_t, uint8_t, (x != 0) | (y != 0))

#define NUMERIC_ENTRY(OP)                                                              \
    [IG_INT32] = row_##OP##_i32, [IG_INT64] = row_##OP##_i64,                          \
    [IG_FLOAT32] = row_##OP##_f32, [IG_FLOAT64] = row_##OP##_f64

/* NULL: the op does not take that dtype (the compiler never asks for it). */
static const IgRowFn row_table[BIN_COUNT][IG_DTYPE_COUNT] = {
    [BIN_ADD] = {NUMERIC_ENTRY(add)},
    [BIN_SUB] = {NUMERIC_ENTRY(sub)},
    [BIN_MUL] = {NUMERIC_ENTRY(mul)},
    [BIN_DIV] = {[IG_FLOAT32] = row_div_f32, [IG_FLOAT64] = row_div_f64},
    [BIN_FLOORDIV] = {NUMERIC_ENTRY(floordiv)},
    [BIN_MOD] = {NUMERIC_ENTRY(mod)},
    [BIN_POW] = {NUMERIC_ENTRY(pow)},
    [BIN_LESS] = {NUMERIC_ENTRY(less)},
    [BIN_LESS_EQUAL] = {NUMERIC_ENTRY(less_equal)},
    [BIN_GREATER] = {NUMERIC_ENTRY(greater)},
    [BIN_GREATER_EQUAL] = {NUMERIC_ENTRY(greater_equal)},
    [BIN_EQUAL] = {NUMERIC_ENTRY(equal), [IG_BOOL] = row_equal_b},
    [BIN_NOT_EQUAL] = {NUMERIC_ENTRY(not_equal), [IG_BOOL] = row_not_equal_b},
    [BIN_LOGICAL_AND] = {[IG_BOOL] = row_logical_and_b},
    [BIN_LOGICAL_OR] = {[IG_BOOL] = row_logical_or_b},
};

/* ---- The kernels ---------------------------------------------------------------- */

static IgTensor *binary_run(IgSite *site, BinOp op, const IgTensor *a, const IgTensor *b)
{
    if (a->dtype != b->dtype)
        ig_internal_error(__FILE__, __LINE__, "%s: dtypes %s and %s differ", bin_names[op],
                          ig_dtype_name(a->dtype), ig_dtype_name(b->dtype));
    IgRowFn row = row_table[op][a->dtype];
    if (row == NULL)
        ig_internal_error(__FILE__, __LINE__, "%s: dtype %s is not supported", bin_names[op],
                          ig_dtype_name(a->dtype));
    IgDType out_dtype = op >= BIN_LESS ? IG_BOOL : a->dtype;
    bool dnnl_op = a->dtype == IG_FLOAT32 && op <= BIN_DIV;

    /* The common case first: operands of one shape (a loop's carried value and its
     * update) and too small for oneDNN. Nothing to broadcast, so one row over the
     * whole buffer: a 16-float add takes ~22 ns instead of ~30 (bench/ops). */
    if (ig_shape_equal(a->rank, a->shape, b->rank, b->shape) &&
        !(dnnl_op && a->size >= IG_DNNL_MIN_ELEMENTS)) {
        IgTensor *out = ig_tensor_take_donated(a, b, out_dtype, a->rank, a->shape);
        if (out == NULL)
            out = ig_tensor_alloc(site, bin_names[op], out_dtype, a->rank, a->shape,
                                  (size_t)a->size * ig_dtype_size(out_dtype));
        if (a->size > 0) row(a->data, b->data, out->data, a->size, 1, 1, site);
        return out;
    }

    /* A scalar against a tensor (x + 1, a loss times a rate): one row with a stride of
     * 0 for the scalar, again without the broadcasting driver (53 -> 30 ns for a
     * 16-float x + 1 in a graph loop, bench/compare). */
    const IgTensor *big = a->rank == 0 ? b : a;
    if ((a->rank == 0 || b->rank == 0) && !(dnnl_op && big->size >= IG_DNNL_MIN_ELEMENTS)) {
        IgTensor *out = ig_tensor_take_donated(a, b, out_dtype, big->rank, big->shape);
        if (out == NULL)
            out = ig_tensor_alloc(site, bin_names[op], out_dtype, big->rank, big->shape,
                                  (size_t)big->size * ig_dtype_size(out_dtype));
        if (big->size > 0)
            row(a->data, b->data, out->data, big->size, a->rank != 0, b->rank != 0, site);
        return out;
    }

    int rank;
    int64_t shape[IG_MAX_RANK];
    ig_broadcast_shape(site, bin_names[op], a, b, &rank, shape);

    int64_t n = 1;
    for (int i = 0; i < rank; i++) n *= shape[i];
    if (dnnl_op && n >= IG_DNNL_MIN_ELEMENTS) {
        static const dnnl_alg_kind_t algs[] = {
            [BIN_ADD] = dnnl_binary_add, [BIN_SUB] = dnnl_binary_sub,
            [BIN_MUL] = dnnl_binary_mul, [BIN_DIV] = dnnl_binary_div,
        };
        IgTensor *out = ig_dnnl_binary(site, algs[op], a, b);
        if (out != NULL) return out;
    }

    /* Broadcasting reads an element of the smaller operand many times, never one of
     * the operand as large as the result after its own element is written. */
    IgTensor *out = ig_tensor_make_or_take(site, bin_names[op], a, b, out_dtype, rank, shape);
    ig_broadcast_run(site, a, b, out, row);
    return out;
}

/* The public kernels: one per op, all sharing binary_run. */
#define BINARY_KERNEL(NAME, OP)                                                        \
    IgTensor *NAME(IgSite *site, const IgTensor *a, const IgTensor *b)                 \
    {                                                                                  \
        return binary_run(site, OP, a, b);                                             \
    }
BINARY_KERNEL(ig_add, BIN_ADD)
BINARY_KERNEL(ig_sub, BIN_SUB)
BINARY_KERNEL(ig_mul, BIN_MUL)
BINARY_KERNEL(ig_div, BIN_DIV)
BINARY_KERNEL(ig_floordiv, BIN_FLOORDIV)
BINARY_KERNEL(ig_mod, BIN_MOD)
BINARY_KERNEL(ig_pow, BIN_POW)
BINARY_KERNEL(ig_less, BIN_LESS)
BINARY_KERNEL(ig_less_equal, BIN_LESS_EQUAL)
BINARY_KERNEL(ig_greater, BIN_GREATER)
BINARY_KERNEL(ig_greater_equal, BIN_GREATER_EQUAL)
BINARY_KERNEL(ig_equal, BIN_EQUAL)
BINARY_KERNEL(ig_not_equal, BIN_NOT_EQUAL)
BINARY_KERNEL(ig_logical_and, BIN_LOGICAL_AND)
BINARY_KERNEL(ig_logical_or, BIN_LOGICAL_OR)
