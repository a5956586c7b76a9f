/* test_slice.c — tf.strided_slice: the spec arithmetic alone (ig_slice_spec_compute)
 * against an exhaustive 1-D sweep checked with CPython's slice rules and hand-worked
 * ellipsis/newaxis/shrink cases from TensorFlow's documentation; then the kernel on
 * every dtype, negative strides, size-0 results and the errors in TensorFlow's words. */
#include "kernels/slice_spec.h"
#include "rt_test.h"

TestSuite(slice_spec);
TestSuite(strided_slice, .fini = ig_runtime_shutdown);

#define NONE INT64_MIN /* a masked begin or end in the sweep below */

/* CPython's PySlice_AdjustIndices, written out independently: the first index, and the
 * count, of x[start:stop:step] on a sequence of length len. */
static void python_slice(int64_t len, int64_t start, int64_t stop, int64_t step, int64_t *first,
                         int64_t *count)
{
    if (start == NONE) {
        start = step < 0 ? len - 1 : 0;
    } else if (start < 0) {
        start += len;
        if (start < 0) start = step < 0 ? -1 : 0;
    } else if (start >= len) {
        start = step < 0 ? len - 1 : len;
    }
    if (stop == NONE) {
        stop = step < 0 ? -1 : len;
    } else if (stop < 0) {
        stop += len;
        if (stop < 0) stop = step < 0 ? -1 : 0;
    } else if (stop >= len) {
        stop = step < 0 ? len - 1 : len;
    }
    *first = start;
    if (step < 0)
        *count = stop < start ? (start - stop - 1) / (-step) + 1 : 0;
    else
        *count = start < stop ? (stop - start - 1) / step + 1 : 0;
}

/* Every begin/end in [-len-2, len+2] or masked, every stride in [-4, 4] but 0, for
 * lengths 0..5: the elements read must be Python's. */
Test(slice_spec, one_dim_matches_python_slicing_exhaustively)
{
    IgSliceSpec spec;
    char err[256];
    long checked = 0;
    for (int64_t len = 0; len <= 5; len++)
        for (int64_t b = -len - 3; b <= len + 2; b++)
            for (int64_t e = -len - 3; e <= len + 2; e++)
                for (int64_t s = -4; s <= 4; s++) {
                    if (s == 0) continue;
                    int64_t bb = b == -len - 3 ? NONE : b, ee = e == -len - 3 ? NONE : e;
                    int bmask = bb == NONE, emask = ee == NONE;
                    int64_t first, count;
                    python_slice(len, bb, ee, s, &first, &count);
                    int64_t bv = bb == NONE ? 0 : bb, ev = ee == NONE ? 0 : ee;
                    cr_assert(ig_slice_spec_compute(1, &len, 1, &bv, &ev, &s, bmask, emask, 0, 0, 0,
                                                    &spec, err, sizeof err), "%s", err);
                    cr_assert_eq(spec.out_rank, 1);
                    cr_assert_eq(spec.size[0], count, "len %lld [%lld:%lld:%lld]: %lld vs %lld",
                                 (long long)len, (long long)bb, (long long)ee, (long long)s,
                                 (long long)spec.size[0], (long long)count);
                    cr_assert_eq(spec.out_shape[0], count);
                    if (count > 0) {
                        cr_assert_eq(spec.begin[0], first, "len %lld [%lld:%lld:%lld]",
                                     (long long)len, (long long)bb, (long long)ee, (long long)s);
                        cr_assert_eq(spec.stride[0], s);
                    }
                    checked++;
                }
    cr_assert_gt(checked, 3000);
}

/* The result shape of x[spec] for the given input shape, spec entries and masks. */
static IgSliceSpec slice_of(int rank, const int64_t *shape, int n, const int64_t *b,
                            const int64_t *e, const int64_t *s, int bm, int em, int ell, int na,
                            int sh)
{
    IgSliceSpec spec;
    char err[256] = "";
    bool ok = ig_slice_spec_compute(rank, shape, n, b, e, s, bm, em, ell, na, sh, &spec, err,
                                    sizeof err);
    cr_assert(ok, "unexpected error: %s", err);
    return spec;
}

static void expect_out(const IgSliceSpec *spec, int rank, const int64_t *shape)
{
    char got[IG_SHAPE_STR_MAX], want[IG_SHAPE_STR_MAX];
    cr_assert(ig_shape_equal(spec->out_rank, spec->out_shape, rank, shape), "%s, expected %s",
              ig_shape_str(got, spec->out_rank, spec->out_shape), ig_shape_str(want, rank, shape));
}

/* The examples of tf.strided_slice's documentation. */
Test(slice_spec, documented_examples)
{
    /* foo[5:,:,:3] on 7x8x9 is foo[5:7,0:8,0:3] */
    IgSliceSpec a = slice_of(3, SHAPE(7, 8, 9), 3, SHAPE(5, 0, 0), SHAPE(0, 0, 3), SHAPE(1, 1, 1),
                             0x6, 0x3, 0, 0, 0);
    expect_out(&a, 3, SHAPE(2, 8, 3));
    cr_assert_eq(a.begin[0], 5);
    /* foo[::-1] on [8] reverses */
    IgSliceSpec r = slice_of(1, SHAPE(8), 1, SHAPE(0), SHAPE(0), SHAPE(-1), 1, 1, 0, 0, 0);
    expect_out(&r, 1, SHAPE(8));
    cr_assert_eq(r.begin[0], 7);
    cr_assert_eq(r.stride[0], -1);
    /* foo[3:5,...,4:5] on 10x3x3x10 is foo[3:5,:,:,4:5] */
    IgSliceSpec el = slice_of(4, SHAPE(10, 3, 3, 10), 3, SHAPE(3, 0, 4), SHAPE(5, 0, 5),
                              SHAPE(1, 1, 1), 0, 0, 0x2, 0, 0);
    expect_out(&el, 4, SHAPE(2, 3, 3, 1));
    cr_assert_eq(el.begin[3], 4);
    /* foo[3:5,4] on 10x8 has shape [2]; foo[3:5,4:5] [2,1] */
    IgSliceSpec sh =
        slice_of(2, SHAPE(10, 8), 2, SHAPE(3, 4), SHAPE(5, 5), SHAPE(1, 1), 0, 0, 0, 0, 0x2);
    expect_out(&sh, 1, SHAPE(2));
    cr_assert_eq(sh.begin[1], 4);
    cr_assert_eq(sh.size[1], 1);
    IgSliceSpec nsh =
        slice_of(2, SHAPE(10, 8), 2, SHAPE(3, 4), SHAPE(5, 5), SHAPE(1, 1), 0, 0, 0, 0, 0);
    expect_out(&nsh, 2, SHAPE(2, 1));
}

Test(slice_spec, ellipsis_newaxis_and_shrink_combined)
{
    /* x[..., tf.newaxis] on [2,3] -> [2,3,1] */
    IgSliceSpec a =
        slice_of(2, SHAPE(2, 3), 2, SHAPE(0, 0), SHAPE(0, 0), SHAPE(1, 1), 0, 0, 0x1, 0x2, 0);
    expect_out(&a, 3, SHAPE(2, 3, 1));
    /* x[tf.newaxis, ..., 0] on [2,3,4] -> [1,2,3] */
    IgSliceSpec b = slice_of(3, SHAPE(2, 3, 4), 3, SHAPE(0, 0, 0), SHAPE(0, 0, 1), SHAPE(1, 1, 1),
                             0, 0, 0x2, 0x1, 0x4);
    expect_out(&b, 3, SHAPE(1, 2, 3));
    cr_assert_eq(b.begin[2], 0);
    /* x[..., tf.newaxis, -1] on [2,3,4]: the new axis after the ellipsis leaves it two
     * dims -> [2,3,1], reading element 3 of the last dim */
    IgSliceSpec c = slice_of(3, SHAPE(2, 3, 4), 3, SHAPE(0, 0, -1), SHAPE(0, 0, 0), SHAPE(1, 1, 1),
                             0, 0, 0x1, 0x2, 0x4);
    expect_out(&c, 3, SHAPE(2, 3, 1));
    cr_assert_eq(c.begin[2], 3);
    /* x[1, tf.newaxis, -1] on [2,3] -> [1] */
    IgSliceSpec d = slice_of(2, SHAPE(2, 3), 3, SHAPE(1, 0, -1), SHAPE(2, 0, 0), SHAPE(1, 1, 1), 0,
                             0, 0, 0x2, 0x5);
    expect_out(&d, 1, SHAPE(1));
    cr_assert_eq(d.begin[0], 1);
    cr_assert_eq(d.begin[1], 2);
    /* x[0] on [4,5] is x[0, :] (the implicit trailing ellipsis) -> [5] */
    IgSliceSpec e = slice_of(2, SHAPE(4, 5), 1, SHAPE(0), SHAPE(1), SHAPE(1), 0, 0, 0, 0, 0x1);
    expect_out(&e, 1, SHAPE(5));
    cr_assert_eq(e.size[1], 5);
    /* new axis wins over shrink on one entry; ellipsis wins over both */
    IgSliceSpec f =
        slice_of(1, SHAPE(3), 2, SHAPE(0, 0), SHAPE(0, 0), SHAPE(1, 1), 0, 0, 0x2, 0x3, 0x3);
    expect_out(&f, 2, SHAPE(1, 3));
    /* an empty spec on a scalar, and a scalar with a new axis */
    IgSliceSpec g = slice_of(0, NULL, 0, NULL, NULL, NULL, 0, 0, 0, 0, 0);
    expect_out(&g, 0, NULL);
    IgSliceSpec h = slice_of(0, NULL, 1, SHAPE(0), SHAPE(0), SHAPE(1), 0, 0, 0, 0x1, 0);
    expect_out(&h, 1, SHAPE(1));
}

Test(slice_spec, clamping_and_negative_strides)
{
    /* x[-100:100] on [5] is everything; x[7:2:-2] on [5] reads just 4, x[7:1:-2] 4 and 2 */
    IgSliceSpec a = slice_of(1, SHAPE(5), 1, SHAPE(-100), SHAPE(100), SHAPE(1), 0, 0, 0, 0, 0);
    cr_assert_eq(a.size[0], 5);
    cr_assert_eq(a.begin[0], 0);
    IgSliceSpec b = slice_of(1, SHAPE(5), 1, SHAPE(7), SHAPE(2), SHAPE(-2), 0, 0, 0, 0, 0);
    cr_assert_eq(b.size[0], 1);
    cr_assert_eq(b.begin[0], 4);
    IgSliceSpec c = slice_of(1, SHAPE(5), 1, SHAPE(7), SHAPE(1), SHAPE(-2), 0, 0, 0, 0, 0);
    cr_assert_eq(c.size[0], 2);
    /* the example of TensorFlow's slice tests: [2,2,6]:[0,0,2]:[-1,-1,-2] on [3,4,10] */
    IgSliceSpec d = slice_of(3, SHAPE(3, 4, 10), 3, SHAPE(2, 2, 6), SHAPE(0, 0, 2),
                             SHAPE(-1, -1, -2), 0, 0, 0, 0, 0);
    expect_out(&d, 3, SHAPE(2, 2, 2));
    /* huge strides and indices do not overflow */
    IgSliceSpec e = slice_of(1, SHAPE(5), 1, SHAPE(INT64_MIN), SHAPE(INT64_MAX), SHAPE(INT64_MAX),
                             0, 0, 0, 0, 0);
    cr_assert_eq(e.size[0], 1);
    IgSliceSpec f = slice_of(1, SHAPE(5), 1, SHAPE(INT64_MAX), SHAPE(INT64_MIN), SHAPE(INT64_MIN),
                             0, 0, 0, 0, 0);
    cr_assert_eq(f.size[0], 1);
    cr_assert_eq(f.begin[0], 4);
    /* an empty dim stays empty however it is sliced */
    IgSliceSpec g =
        slice_of(2, SHAPE(0, 3), 2, SHAPE(0, 1), SHAPE(0, 3), SHAPE(-1, 1), 1, 1, 0, 0, 0);
    expect_out(&g, 2, SHAPE(0, 2));
}

/* The message ig_slice_spec_compute gives for a spec that must fail. */
static void expect_spec_error(int rank, const int64_t *shape, int n, const int64_t *b,
                              const int64_t *e, const int64_t *s, int ell, int na, int sh,
                              const char *want)
{
    IgSliceSpec spec;
    char err[256] = "";
    cr_assert_not(ig_slice_spec_compute(rank, shape, n, b, e, s, 0, 0, ell, na, sh, &spec, err,
                                        sizeof err));
    cr_assert_str_eq(err, want);
}

Test(slice_spec, errors_in_tensorflow_words)
{
    expect_spec_error(1, SHAPE(3), 1, SHAPE(5), SHAPE(6), SHAPE(1), 0, 0, 1,
                      "slice index 5 of dimension 0 out of bounds.");
    /* the index reported is the one after adding the dim, as TensorFlow's */
    expect_spec_error(2, SHAPE(2, 3), 2, SHAPE(0, -5), SHAPE(1, -4), SHAPE(1, 1), 0, 0, 2,
                      "slice index -2 of dimension 1 out of bounds.");
    expect_spec_error(2, SHAPE(2, 3), 2, SHAPE(0, 0), SHAPE(1, 1), SHAPE(1, 0), 0, 0, 0,
                      "strides[1] must be non-zero");
    expect_spec_error(1, SHAPE(3), 1, SHAPE(1), SHAPE(2), SHAPE(-1), 0, 0, 1,
                      "only stride 1 allowed on non-range indexing.");
    expect_spec_error(2, SHAPE(2, 3), 3, SHAPE(0, 0, 0), SHAPE(1, 1, 1), SHAPE(1, 1, 1), 0, 0, 7,
                      "Index out of range using input dim 2; input has only 2 dims");
    expect_spec_error(2, SHAPE(2, 3), 2, SHAPE(0, 0), SHAPE(1, 1), SHAPE(1, 1), 3, 0, 0,
                      "Multiple ellipses in slice spec not allowed");
    expect_spec_error(8, SHAPE(1, 1, 1, 1, 1, 1, 1, 1), 2, SHAPE(0, 0), SHAPE(0, 0), SHAPE(1, 1), 1,
                      2, 0, "strided_slice: the result would have more than Ingot's limit of 8 "
                            "dimensions");
}

/* ---- the kernel -------------------------------------------------------------------------- */
static IgTensor *vec(IgDType dt, int n, const int64_t *v)
{
    int64_t len = n;
    IgTensor *t = ig_tensor_new(dt, 1, &len);
    for (int i = 0; i < n; i++) {
        if (dt == IG_INT32)
            ((int32_t *)t->data)[i] = (int32_t)v[i];
        else
            ((int64_t *)t->data)[i] = v[i];
    }
    return t;
}

static IgTensor *iota(IgDType dt, int rank, const int64_t *shape)
{
    IgTensor *t = ig_tensor_new(dt, rank, shape);
    for (int64_t i = 0; i < t->size; i++) {
        switch (dt) {
        case IG_BOOL: ((uint8_t *)t->data)[i] = (uint8_t)(i % 3 == 1); break;
        case IG_INT32: ((int32_t *)t->data)[i] = (int32_t)i; break;
        case IG_INT64: ((int64_t *)t->data)[i] = i << 33; break;
        case IG_FLOAT32: ((float *)t->data)[i] = (float)i * 0.5f; break;
        case IG_FLOAT64: ((double *)t->data)[i] = (double)i * -0.25; break;
        default: break;
        }
    }
    return t;
}

/* x[b:e:s] per dim (no masks), checked element by element against the spec's
 * index arithmetic applied by hand. */
static void check_slice(IgDType dt, IgDType it, int rank, const int64_t *shape, const int64_t *b,
                        const int64_t *e, const int64_t *s, int bm, int em)
{
    IgTensor *x = iota(dt, rank, shape);
    IgTensor *tb = vec(it, rank, b), *te = vec(it, rank, e), *ts = vec(it, rank, s);
    IgTensor *y = ig_strided_slice(NULL, x, tb, te, ts, bm, em, 0, 0, 0);
    IgSliceSpec spec = slice_of(rank, shape, rank, b, e, s, bm, em, 0, 0, 0);
    cr_assert(ig_shape_equal(y->rank, y->shape, spec.out_rank, spec.out_shape));
    size_t el = ig_dtype_size(dt);
    int64_t coord[IG_MAX_RANK], bad = 0;
    for (int64_t o = 0; o < y->size; o++) {
        int64_t rest = o, src = 0;
        for (int d = rank - 1; d >= 0; d--) {
            coord[d] = rest % y->shape[d];
            rest /= y->shape[d];
        }
        for (int d = 0; d < rank; d++)
            src = src * shape[d] + spec.begin[d] + coord[d] * spec.stride[d];
        if (memcmp((char *)y->data + o * (int64_t)el, (char *)x->data + src * (int64_t)el, el) != 0)
            bad++;
    }
    cr_assert_eq(bad, 0, "%s", ig_dtype_name(dt));
    ig_release(x), ig_release(tb), ig_release(te), ig_release(ts), ig_release(y);
}

Test(strided_slice, every_dtype_and_index_dtype_with_negative_strides)
{
    const IgDType dts[] = {IG_BOOL, IG_INT32, IG_INT64, IG_FLOAT32, IG_FLOAT64};
    for (size_t k = 0; k < sizeof dts / sizeof dts[0]; k++) {
        IgDType it = k % 2 ? IG_INT32 : IG_INT64;
        check_slice(dts[k], it, 2, SHAPE(4, 5), SHAPE(1, 0), SHAPE(3, 5), SHAPE(1, 2), 0, 0);
        check_slice(dts[k], it, 2, SHAPE(4, 5), SHAPE(-1, 4), SHAPE(-5, -6), SHAPE(-1, -2), 0, 0);
        check_slice(dts[k], it, 3, SHAPE(3, 4, 10), SHAPE(2, 2, 6), SHAPE(0, 0, 2),
                    SHAPE(-1, -1, -2), 0, 0);
        check_slice(dts[k], it, 3, SHAPE(2, 1, 3), SHAPE(0, 0, 0), SHAPE(0, 0, 0), SHAPE(1, 1, -1),
                    7, 7);
        check_slice(dts[k], it, 2, SHAPE(4, 5), SHAPE(3, 0), SHAPE(1, 5), SHAPE(1, 1), 0,
                    0); /* empty */
        check_slice(dts[k], it, 1, SHAPE(0), SHAPE(0), SHAPE(0), SHAPE(-1), 1, 1);
    }
    check_slice(IG_FLOAT32, IG_INT32, 2, SHAPE(700, 300), SHAPE(699, 1), SHAPE(0, 300),
                SHAPE(-1, 3), 0, 0); /* large: the parallel copy */
}

/* TensorFlow's test: strided_slice(i, [2,2,6], [0,0,2], [-1,-1,-2]) on its [3,4,10]. */
Test(strided_slice, tensorflow_reverse_example)
{
    const int32_t in[3][4][10] = {
        {{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
         {5, 3, 1, 7, 9, 2, 4, 6, 8, 0}, {4, 5, 2, 4, 3, 7, 6, 8, 9, 4}},
        {{5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, {4, 3, 4, 5, 7, 6, 5, 3, 4, 5},
         {8, 7, 6, 5, 4, 3, 2, 1, 8, 7}, {7, 1, 7, 1, 8, 1, 8, 1, 3, 1}},
        {{7, 5, 7, 5, 7, 5, 7, 5, 7, 5}, {1, 2, 1, 2, 1, 2, 1, 2, 1, 2},
         {9, 8, 7, 9, 8, 7, 9, 8, 7, 9}, {9, 9, 5, 5, 6, 6, 3, 3, 6, 6}}};
    IgTensor *x = tensor_of(IG_INT32, 3, SHAPE(3, 4, 10), in);
    IgTensor *b = vec(IG_INT32, 3, SHAPE(2, 2, 6)), *e = vec(IG_INT32, 3, SHAPE(0, 0, 2));
    IgTensor *s = vec(IG_INT32, 3, SHAPE(-1, -1, -2));
    IgTensor *y = ig_strided_slice(NULL, x, b, e, s, 0, 0, 0, 0, 0);
    const int32_t want[] = {9, 8, 1, 1, 2, 4, 5, 7};
    cr_assert_eq(y->size, 8);
    for (int i = 0; i < 8; i++) cr_assert_eq(AT(int32_t, y, i), want[i], "at %d", i);
    ig_release(x), ig_release(b), ig_release(e), ig_release(s), ig_release(y);
}

Test(strided_slice, shrink_newaxis_and_ellipsis_on_data)
{
    IgTensor *x = iota(IG_INT64, 3, SHAPE(2, 3, 4));
    /* x[tf.newaxis, ..., -1]: [1,2,3] holding x[i,j,3] */
    IgTensor *b = vec(IG_INT32, 3, SHAPE(0, 0, -1)), *e = vec(IG_INT32, 3, SHAPE(0, 0, 0));
    IgTensor *s = vec(IG_INT32, 3, SHAPE(1, 1, 1));
    IgTensor *y = ig_strided_slice(NULL, x, b, e, s, 0, 0, 0x2, 0x1, 0x4);
    cr_assert(ig_shape_equal(y->rank, y->shape, 3, SHAPE(1, 2, 3)));
    for (int i = 0; i < 6; i++) cr_assert_eq(AT(int64_t, y, i), (int64_t)(i * 4 + 3) << 33);
    /* x[1, 2, 3]: a scalar */
    IgTensor *b2 = vec(IG_INT64, 3, SHAPE(1, 2, 3)), *e2 = vec(IG_INT64, 3, SHAPE(2, 3, 4));
    IgTensor *s2 = vec(IG_INT64, 3, SHAPE(1, 1, 1));
    IgTensor *z = ig_strided_slice(NULL, x, b2, e2, s2, 0, 0, 0, 0, 0x7);
    cr_assert_eq(z->rank, 0);
    cr_assert_eq(AT(int64_t, z, 0), (int64_t)23 << 33);
    IgTensor *all[] = {x, b, e, s, y, b2, e2, s2, z};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

Test(strided_slice, shrink_index_out_of_bounds, .exit_code = 1)
{
    static IgSite site = IG_SITE("s.py", 5);
    IgTensor *x = iota(IG_FLOAT32, 1, SHAPE(3));
    IgTensor *b = vec(IG_INT32, 1, SHAPE(5)), *e = vec(IG_INT32, 1, SHAPE(6)),
             *s = vec(IG_INT32, 1, SHAPE(1));
    expect_fatal("s.py:5: error: slice index 5 of dimension 0 out of bounds.\n");
    ig_strided_slice(&site, x, b, e, s, 0, 0, 0, 0, 1);
}

Test(strided_slice, zero_stride, .exit_code = 1)
{
    static IgSite site = IG_SITE("s.py", 6);
    IgTensor *x = iota(IG_FLOAT32, 1, SHAPE(3));
    IgTensor *b = vec(IG_INT64, 1, SHAPE(0)), *e = vec(IG_INT64, 1, SHAPE(2)),
             *s = vec(IG_INT64, 1, SHAPE(0));
    expect_fatal("s.py:6: error: strides[0] must be non-zero\n");
    ig_strided_slice(&site, x, b, e, s, 0, 0, 0, 0, 0);
}

Test(strided_slice, spec_vectors_of_different_lengths, .exit_code = 1)
{
    static IgSite site = IG_SITE("s.py", 7);
    IgTensor *x = iota(IG_FLOAT32, 2, SHAPE(3, 3));
    IgTensor *b = vec(IG_INT32, 2, SHAPE(0, 0)), *e = vec(IG_INT32, 3, SHAPE(1, 1, 1));
    IgTensor *s = vec(IG_INT32, 2, SHAPE(1, 1));
    expect_fatal("s.py:7: error: Expected begin, end, and strides to be 1D equal size tensors, but "
                 "got shapes [2], [3], and [2] instead.\n");
    ig_strided_slice(&site, x, b, e, s, 0, 0, 0, 0, 0);
}
