/* broadcast.c — NumPy broadcasting for the elementwise kernels: the shape rule, and a
 * driver that walks the output calling a row function over its longest contiguous runs.
 * Entry points: ig_broadcast_shape, ig_broadcast_strides, ig_broadcast_run.
 * Memory owner: none; the caller owns every tensor. */
#include "internal.h"

void ig_broadcast_shape(const IgSite *site, const char *op, const IgTensor *a,
                        const IgTensor *b, int *rank, int64_t *shape)
{
    int r = a->rank > b->rank ? a->rank : b->rank;
    for (int i = 0; i < r; i++) { /* i counts from the right */
        int64_t da = i < a->rank ? a->shape[a->rank - 1 - i] : 1;
        int64_t db = i < b->rank ? b->shape[b->rank - 1 - i] : 1;
        int64_t d;
        if (da == db || db == 1)
            d = da;
        else if (da == 1)
            d = db;
        else {
            char sa[IG_SHAPE_STR_MAX], sb[IG_SHAPE_STR_MAX];
            ig_fatal(site, "%s: shapes %s and %s cannot be broadcast", op,
                     ig_shape_str(sa, a->rank, a->shape), ig_shape_str(sb, b->rank, b->shape));
        }
        shape[r - 1 - i] = d;
    }
    *rank = r;
}

void ig_broadcast_strides(const IgTensor *t, int r, int64_t *strides)
{
    int64_t stride = 1;
    for (int d = r - 1; d >= 0; d--) {
        int td = d - (r - t->rank); /* t's own dimension, or < 0 if t lacks it */
        if (td < 0 || t->shape[td] == 1) {
            strides[d] = 0;
        } else {
            strides[d] = stride;
            stride *= t->shape[td];
        }
    }
}

void ig_broadcast_run(const IgSite *site, const IgTensor *a, const IgTensor *b, IgTensor *out,
                      IgRowFn row)
{
    int64_t n = out->size;
    if (n == 0) return;
    size_t ea = ig_dtype_size(a->dtype), eb = ig_dtype_size(b->dtype);
    size_t eo = ig_dtype_size(out->dtype);
    /* The common cases need no index arithmetic at all. */
    if (a->size == n && b->size == n) {
        row(a->data, b->data, out->data, n, 1, 1, site);
        return;
    }
    if (a->size == 1 && b->size == n) {
        row(a->data, b->data, out->data, n, 0, 1, site);
        return;
    }
    if (a->size == n && b->size == 1) {
        row(a->data, b->data, out->data, n, 1, 0, site);
        return;
    }

    /* Coalesce: drop size-1 dims and merge a dim into the one inside it whenever both
     * inputs step through them contiguously (or both stay put), so rows get long.
     * After this the innermost stride of each input is 0 or 1. */
    int64_t st_a[IG_MAX_RANK], st_b[IG_MAX_RANK];
    ig_broadcast_strides(a, out->rank, st_a);
    ig_broadcast_strides(b, out->rank, st_b);
    int64_t dims[IG_MAX_RANK], sa[IG_MAX_RANK], sb[IG_MAX_RANK]; /* innermost first */
    int nd = 0;
    for (int d = out->rank - 1; d >= 0; d--) {
        if (out->shape[d] == 1) continue;
        if (nd > 0 && st_a[d] == sa[nd - 1] * dims[nd - 1] &&
            st_b[d] == sb[nd - 1] * dims[nd - 1]) {
            dims[nd - 1] *= out->shape[d];
            continue;
        }
        dims[nd] = out->shape[d];
        sa[nd] = st_a[d];
        sb[nd] = st_b[d];
        nd++;
    }
    IG_RT_ASSERT(nd >= 1 && sa[0] <= 1 && sb[0] <= 1);

    /* An odometer over the outer dims; each step runs one row of dims[0] elements. */
    int64_t idx[IG_MAX_RANK] = {0};
    int64_t oa = 0, ob = 0, oo = 0;
    for (;;) {
        row((const char *)a->data + (size_t)oa * ea, (const char *)b->data + (size_t)ob * eb,
            (char *)out->data + (size_t)oo * eo, dims[0], sa[0], sb[0], site);
        oo += dims[0];
        int d = 1;
        for (; d < nd; d++) {
            idx[d]++;
            oa += sa[d];
            ob += sb[d];
            if (idx[d] < dims[d]) break;
            oa -= sa[d] * dims[d];
            ob -= sb[d] * dims[d];
            idx[d] = 0;
        }
        if (d == nd) break;
    }
}
