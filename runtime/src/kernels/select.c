/* select.c — the elementwise kernels that pick rather than compute: maximum and minimum
 * (NumPy broadcasting, on broadcast.c's driver), tf.where's two forms.
 * Entry points: ig_maximum, ig_minimum, ig_select, ig_where_indices.
 * Memory owner: results belong to the caller. */
#include "internal.h"

/* ---- maximum, minimum --------------------------------------------------------------- */

/* TensorFlow's Maximum/Minimum propagate NaN from either side (Eigen's PropagateNaN):
 * x != x is true only for NaN, and a NaN y loses every comparison, so it is chosen.
 * They stay loops at every size: oneDNN's binary max/min are maxps/minps, which return
 * the second operand when either is NaN, so a NaN in the first one would vanish. */
#define PICK(x, y, CMP) (((x)CMP(y) || (x) != (x)) ? (x) : (y))
#define PICK_ROW_FN(NAME, T, CMP)                                                      \
    static void NAME(const void *pa, const void *pb, void *po, int64_t n, int64_t sa,    \
                     int64_t sb, const IgSite *site)                                   \
    {                                                                                  \
        const T *a = pa, *b = pb;                                                      \
        T *o = po;                                                                     \
        (void)site;                                                                    \
        if (sa && sb) { /* the stride cases get their own loops, to vectorise */       \
            for (int64_t i = 0; i < n; i++) o[i] = PICK(a[i], b[i], CMP);              \
        } else if (sa) {                                                               \
            T y = b[0];                                                                \
            for (int64_t i = 0; i < n; i++) o[i] = PICK(a[i], y, CMP);                 \
        } else {                                                                       \
            T x = a[0];                                                                \
            for (int64_t i = 0; i < n; i++) o[i] = PICK(x, b[i * sb], CMP);            \
        }                                                                              \
    }
#define PICK_ROWS(SUF, T) PICK_ROW_FN(row_max_##SUF, T, >) PICK_ROW_FN(row_min_##SUF, T, <)
PICK_ROWS(i32, int32_t)
PICK_ROWS(i64, int64_t)
PICK_ROWS(f32, float)
PICK_ROWS(f64, double)

static IgTensor *pick_run(IgSite *site, const char *name, const IgRowFn rows[IG_DTYPE_COUNT],
                          const IgTensor *a, const IgTensor *b)
{
    IgRowFn row = (unsigned)a->dtype < IG_DTYPE_COUNT ? rows[a->dtype] : NULL;
    if (a->dtype != b->dtype || row == NULL)
        ig_internal_error(__FILE__, __LINE__, "%s: dtypes %s and %s are not supported", name,
                          ig_dtype_name(a->dtype), ig_dtype_name(b->dtype));
    int rank;
    int64_t shape[IG_MAX_RANK];
    ig_broadcast_shape(site, name, a, b, &rank, shape);
    IgTensor *out = ig_tensor_make(site, name, a->dtype, rank, shape);
    ig_broadcast_run(site, a, b, out, row);
    return out;
}

IgTensor *ig_maximum(IgSite *site, const IgTensor *a, const IgTensor *b)
{
    static const IgRowFn rows[IG_DTYPE_COUNT] = {
        [IG_INT32] = row_max_i32, [IG_INT64] = row_max_i64,
        [IG_FLOAT32] = row_max_f32, [IG_FLOAT64] = row_max_f64};
    return pick_run(site, "maximum", rows, a, b);
}

IgTensor *ig_minimum(IgSite *site, const IgTensor *a, const IgTensor *b)
{
    static const IgRowFn rows[IG_DTYPE_COUNT] = {
        [IG_INT32] = row_min_i32, [IG_INT64] = row_min_i64,
        [IG_FLOAT32] = row_min_f32, [IG_FLOAT64] = row_min_f64};
    return pick_run(site, "minimum", rows, a, b);
}

/* ---- tf.where(cond, x, y) ------------------------------------------------------------ */

/* NumPy's rule over three shapes; TensorFlow's SelectV2 words when they do not fit. */
static void select_shape(const IgSite *site, const IgTensor *const ts[3], int *rank,
                         int64_t *shape)
{
    int r = 0;
    for (int k = 0; k < 3; k++)
        if (ts[k]->rank > r) r = ts[k]->rank;
    for (int i = 0; i < r; i++) { /* i counts from the right */
        int64_t d = 1;
        for (int k = 0; k < 3; k++) {
            int64_t dk = i < ts[k]->rank ? ts[k]->shape[ts[k]->rank - 1 - i] : 1;
            if (dk == 1 || dk == d) continue;
            if (d != 1) {
                char sc[IG_SHAPE_STR_MAX], sx[IG_SHAPE_STR_MAX], sy[IG_SHAPE_STR_MAX];
                ig_fatal(site, "condition %s, then %s, and else %s must be broadcastable",
                         ig_shape_str(sc, ts[0]->rank, ts[0]->shape),
                         ig_shape_str(sx, ts[1]->rank, ts[1]->shape),
                         ig_shape_str(sy, ts[2]->rank, ts[2]->shape));
            }
            d = dk;
        }
        shape[r - 1 - i] = d;
    }
    *rank = r;
}

/* One row of the output: len elements, each input stepping by 0 or 1. */
#define SELECT_ROW(T)                                                                  \
    do {                                                                               \
        const T *xs = (const T *)x->data + ox, *ys = (const T *)y->data + oy;          \
        T *os = (T *)out->data + oo;                                                   \
        for (int64_t j = 0; j < len; j++)                                              \
            os[j] = cs[j * ic] ? xs[j * ix] : ys[j * iy];                              \
    } while (0)

IgTensor *ig_select(IgSite *site, const IgTensor *cond, const IgTensor *x, const IgTensor *y)
{
    if (cond->dtype != IG_BOOL || x->dtype != y->dtype || x->dtype == IG_STRING)
        ig_internal_error(__FILE__, __LINE__, "select: dtypes %s, %s, %s are not supported",
                          ig_dtype_name(cond->dtype), ig_dtype_name(x->dtype),
                          ig_dtype_name(y->dtype));
    const IgTensor *const ts[3] = {cond, x, y};
    int rank;
    int64_t shape[IG_MAX_RANK];
    select_shape(site, ts, &rank, shape);
    IgTensor *out = ig_tensor_make(site, "select", x->dtype, rank, shape);
    if (out->size == 0) return out;

    int64_t st[3][IG_MAX_RANK];
    for (int k = 0; k < 3; k++) ig_broadcast_strides(ts[k], rank, st[k]);
    int64_t len = rank > 0 ? shape[rank - 1] : 1, nrows = out->size / len;
    int64_t ic = rank > 0 ? st[0][rank - 1] : 0, ix = rank > 0 ? st[1][rank - 1] : 0;
    int64_t iy = rank > 0 ? st[2][rank - 1] : 0;
    size_t es = ig_dtype_size(x->dtype);
    /* Each row finds its inputs from its own index, so rows can run on any thread. */
    IG_PARALLEL_FOR(out->size,
    for (int64_t r = 0; r < nrows; r++) {
        int64_t oc = 0, ox = 0, oy = 0, rest = r;
        for (int d = rank - 2; d >= 0; d--) {
            int64_t i = rest % shape[d];
            rest /= shape[d];
            oc += i * st[0][d], ox += i * st[1][d], oy += i * st[2][d];
        }
        const uint8_t *cs = (const uint8_t *)cond->data + oc; /* any nonzero byte is true */
        int64_t oo = r * len;
        switch (es) {
        case 1: SELECT_ROW(uint8_t); break;
        case 4: SELECT_ROW(uint32_t); break;
        default: SELECT_ROW(uint64_t); break;
        }
    });
    return out;
}

/* ---- tf.where(cond) ------------------------------------------------------------------- */

IgTensor *ig_where_indices(IgSite *site, const IgTensor *cond)
{
    (void)site;
    if (cond->dtype != IG_BOOL)
        ig_internal_error(__FILE__, __LINE__, "where: dtype %s is not supported",
                          ig_dtype_name(cond->dtype));
    const uint8_t *c = cond->data;
    int64_t count = 0;
    for (int64_t i = 0; i < cond->size; i++) count += c[i] != 0;
    IgTensor *out =
        ig_tensor_make(site, "where", IG_INT64, 2, (const int64_t[]){count, cond->rank});
    int64_t *o = out->data, idx[IG_MAX_RANK] = {0};
    /* An odometer over cond's coordinates, in row-major order. */
    for (int64_t i = 0; i < cond->size; i++) {
        if (c[i] != 0)
            for (int d = 0; d < cond->rank; d++) *o++ = idx[d];
        for (int d = cond->rank - 1; d >= 0; d--) {
            if (++idx[d] < cond->shape[d]) break;
            idx[d] = 0;
        }
    }
    return out;
}
