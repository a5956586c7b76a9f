/* test_array.c — the shape and layout kernels (reshape, expand_dims, squeeze, transpose,
 * concat, tile, broadcast_to): every dtype, size-0 and size-1 dims, each checked
 * element by element against index arithmetic written out here; the oneDNN paths
 * (large transposes and concats) against the same references, their per-site caches,
 * and the run-time errors in TensorFlow's words. */
#include "rt_test.h"

TestSuite(array, .fini = ig_runtime_shutdown);
TestSuite(transpose, .fini = ig_runtime_shutdown);
TestSuite(concat, .fini = ig_runtime_shutdown);

static const IgDType k_dtypes[] = {IG_BOOL, IG_INT32, IG_INT64, IG_FLOAT32, IG_FLOAT64};
#define NDTYPES ((int)(sizeof k_dtypes / sizeof k_dtypes[0]))

/* A tensor whose elements tell their positions apart (bools only partly can). */
static IgTensor *iota(IgDType dt, int rank, const int64_t *shape)
{
    IgTensor *t = ig_tensor_new(dt, rank, shape);
    for (int64_t i = 0; i < t->size; i++) {
        switch (dt) {
        case IG_BOOL: ((uint8_t *)t->data)[i] = (uint8_t)((i * 7 / 3) & 1); break;
        case IG_INT32: ((int32_t *)t->data)[i] = (int32_t)(3 * i + 1); break;
        case IG_INT64: ((int64_t *)t->data)[i] = i * 10000000000LL + 7; break;
        case IG_FLOAT32: ((float *)t->data)[i] = (float)i + 0.5f; break;
        case IG_FLOAT64: ((double *)t->data)[i] = (double)i - 0.25; break;
        default: break;
        }
    }
    return t;
}

static void unravel(int64_t flat, int rank, const int64_t *shape, int64_t *coord)
{
    for (int d = rank - 1; d >= 0; d--) {
        coord[d] = flat % shape[d];
        flat /= shape[d];
    }
}

static int64_t ravel(int rank, const int64_t *shape, const int64_t *coord)
{
    int64_t flat = 0;
    for (int d = 0; d < rank; d++) flat = flat * shape[d] + coord[d];
    return flat;
}

static bool same_elem(const IgTensor *a, int64_t i, const IgTensor *b, int64_t j)
{
    size_t e = ig_dtype_size(a->dtype);
    return memcmp((const char *)a->data + (size_t)i * e, (const char *)b->data + (size_t)j * e,
                  e) == 0;
}

static IgTensor *shape_vec(IgDType dt, int n, const int64_t *dims)
{
    int64_t len = n;
    IgTensor *t = ig_tensor_new(dt, 1, &len);
    for (int i = 0; i < n; i++) {
        if (dt == IG_INT32)
            ((int32_t *)t->data)[i] = (int32_t)dims[i];
        else
            ((int64_t *)t->data)[i] = dims[i];
    }
    return t;
}

static void expect_shape(const IgTensor *t, int rank, const int64_t *shape)
{
    char got[IG_SHAPE_STR_MAX], want[IG_SHAPE_STR_MAX];
    cr_assert(ig_shape_equal(t->rank, t->shape, rank, shape), "shape %s, expected %s",
              ig_shape_str(got, t->rank, t->shape), ig_shape_str(want, rank, shape));
}

/* ---- reshape, expand_dims, squeeze ------------------------------------------------ */
Test(array, reshape_keeps_the_elements_in_order_for_every_dtype)
{
    for (int k = 0; k < NDTYPES; k++) {
        IgTensor *x = iota(k_dtypes[k], 2, SHAPE(2, 6));
        IgTensor *s = shape_vec(k % 2 ? IG_INT32 : IG_INT64, 3, SHAPE(3, -1, 2));
        IgTensor *y = ig_reshape(NULL, x, s);
        expect_shape(y, 3, SHAPE(3, 2, 2));
        cr_assert_eq(y->dtype, x->dtype);
        cr_assert_neq(y->data, x->data, "a copy, not a view");
        cr_assert(memcmp(y->data, x->data, (size_t)x->size * ig_dtype_size(x->dtype)) == 0);
        ig_release(x), ig_release(s), ig_release(y);
    }
}

Test(array, reshape_to_and_from_scalars_and_empty_shapes)
{
    IgTensor *x = scalar_f32(4.5f), *to1 = shape_vec(IG_INT32, 2, SHAPE(1, 1));
    IgTensor *y = ig_reshape(NULL, x, to1);
    expect_shape(y, 2, SHAPE(1, 1));
    cr_assert_eq(AT(float, y, 0), 4.5f);
    IgTensor *none = shape_vec(IG_INT64, 0, NULL), *back = ig_reshape(NULL, y, none);
    cr_assert_eq(back->rank, 0);
    cr_assert_eq(AT(float, back, 0), 4.5f);
    /* TensorFlow leaves zero sizes out of the -1 inference: [0,6] -> [0,-1] is [0,6]. */
    IgTensor *e = ig_tensor_new(IG_INT32, 2, SHAPE(0, 6));
    IgTensor *s0 = shape_vec(IG_INT32, 2, SHAPE(0, -1)),
             *s1 = shape_vec(IG_INT32, 3, SHAPE(-1, 2, 3));
    IgTensor *e0 = ig_reshape(NULL, e, s0), *e1 = ig_reshape(NULL, e, s1);
    expect_shape(e0, 2, SHAPE(0, 6));
    expect_shape(e1, 3, SHAPE(0, 2, 3));
    IgTensor *all[] = {x, to1, y, none, back, e, s0, s1, e0, e1};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) ig_release(all[k]);
}

Test(array, reshape_count_mismatch, .exit_code = 1)
{
    static IgSite site = IG_SITE("r.py", 3);
    IgTensor *x = iota(IG_FLOAT32, 2, SHAPE(2, 3)), *s = shape_vec(IG_INT32, 2, SHAPE(2, 2));
    expect_fatal("r.py:3: error: Input to reshape is a tensor with 6 values, but the requested "
                 "shape has 4\n");
    ig_reshape(&site, x, s);
}

Test(array, reshape_inferred_size_not_a_divisor, .exit_code = 1)
{
    static IgSite site = IG_SITE("r.py", 4);
    IgTensor *x = iota(IG_FLOAT32, 2, SHAPE(2, 3)), *s = shape_vec(IG_INT64, 2, SHAPE(4, -1));
    expect_fatal("r.py:4: error: Input to reshape is a tensor with 6 values, but the requested "
                 "shape requires a multiple of 4\n");
    ig_reshape(&site, x, s);
}

Test(array, reshape_two_unknowns, .exit_code = 1)
{
    static IgSite site = IG_SITE("r.py", 5);
    IgTensor *x = iota(IG_INT32, 1, SHAPE(6)), *s = shape_vec(IG_INT32, 3, SHAPE(-1, 3, -1));
    expect_fatal("r.py:5: error: Only one input size may be -1, not both 0 and 2\n");
    ig_reshape(&site, x, s);
}

Test(array, reshape_negative_size, .exit_code = 1)
{
    static IgSite site = IG_SITE("r.py", 6);
    IgTensor *x = iota(IG_INT32, 1, SHAPE(6)), *s = shape_vec(IG_INT32, 2, SHAPE(3, -2));
    expect_fatal("r.py:6: error: Size 1 must be non-negative, not -2\n");
    ig_reshape(&site, x, s);
}

/* A shape computed at run time can ask for anything: no int64 overflow. */
Test(array, reshape_shape_too_large, .exit_code = 1)
{
    static IgSite site = IG_SITE("r.py", 7);
    IgTensor *x = iota(IG_INT32, 1, SHAPE(6));
    IgTensor *s = shape_vec(IG_INT64, 3, SHAPE(1LL << 40, -1, 1LL << 40));
    expect_fatal("r.py:7: error: reshape: the shape [1099511627776,1099511627776] has more "
                 "elements than fit in 64 bits\n");
    ig_reshape(&site, x, s);
}

Test(array, tile_too_large, .exit_code = 1)
{
    static IgSite site = IG_SITE("tl.py", 3);
    IgTensor *x = iota(IG_INT32, 2, SHAPE(2, 3)),
             *m = shape_vec(IG_INT64, 2, SHAPE(1LL << 40, 1LL << 40));
    expect_fatal("tl.py:3: error: tile: the shape [2199023255552,3298534883328] has more elements "
                 "than fit in 64 bits\n");
    ig_tile(&site, x, m);
}

Test(array, expand_dims_at_every_position)
{
    IgTensor *x = iota(IG_INT64, 2, SHAPE(2, 3));
    const int64_t want[3][3] = {{1, 2, 3}, {2, 1, 3}, {2, 3, 1}};
    for (int axis = 0; axis <= 2; axis++) {
        IgTensor *y = ig_expand_dims(NULL, x, axis);
        expect_shape(y, 3, want[axis]);
        cr_assert(memcmp(y->data, x->data, 6 * sizeof(int64_t)) == 0);
        ig_release(y);
    }
    IgTensor *s = scalar_i32(9), *v = ig_expand_dims(NULL, s, 0);
    expect_shape(v, 1, SHAPE(1));
    cr_assert_eq(AT(int32_t, v, 0), 9);
    ig_release(x), ig_release(s), ig_release(v);
}

Test(array, squeeze_listed_or_all_unit_dims)
{
    for (int k = 0; k < NDTYPES; k++) {
        IgTensor *x = iota(k_dtypes[k], 4, SHAPE(1, 3, 1, 2));
        IgTensor *all = ig_squeeze(NULL, x, 0, NULL);
        IgTensor *one = ig_squeeze(NULL, x, 1, (const int[]){2});
        IgTensor *both = ig_squeeze(NULL, x, 2, (const int[]){2, 0});
        expect_shape(all, 2, SHAPE(3, 2));
        expect_shape(one, 3, SHAPE(1, 3, 2));
        expect_shape(both, 2, SHAPE(3, 2));
        size_t n = 6 * ig_dtype_size(x->dtype);
        cr_assert(memcmp(all->data, x->data, n) == 0 && memcmp(one->data, x->data, n) == 0);
        ig_release(x), ig_release(all), ig_release(one), ig_release(both);
    }
    IgTensor *ones = iota(IG_FLOAT32, 2, SHAPE(1, 1)), *s = ig_squeeze(NULL, ones, 0, NULL);
    cr_assert_eq(s->rank, 0);
    IgTensor *empty = ig_tensor_new(IG_FLOAT32, 2, SHAPE(0, 1)),
             *se = ig_squeeze(NULL, empty, 0, NULL);
    expect_shape(se, 1, SHAPE(0));
    ig_release(ones), ig_release(s), ig_release(empty), ig_release(se);
}

Test(array, squeeze_a_dim_that_is_not_one, .exit_code = 1)
{
    static IgSite site = IG_SITE("sq.py", 2);
    IgTensor *x = iota(IG_FLOAT32, 3, SHAPE(1, 3, 1));
    expect_fatal("sq.py:2: error: Can not squeeze dim[1], expected a dimension of 1, got 3\n");
    ig_squeeze(&site, x, 2, (const int[]){0, 1});
}

/* ---- transpose ------------------------------------------------------------------------ */
/* out[c] == x[c permuted back], for every element. Returns the number of mismatches. */
static int64_t transpose_mismatches(const IgTensor *x, const int *perm, const IgTensor *out)
{
    int64_t bad = 0, coord[IG_MAX_RANK], src[IG_MAX_RANK];
    for (int64_t o = 0; o < out->size; o++) {
        unravel(o, out->rank, out->shape, coord);
        for (int i = 0; i < x->rank; i++) src[perm[i]] = coord[i];
        if (!same_elem(out, o, x, ravel(x->rank, x->shape, src))) bad++;
    }
    return bad;
}

static void check_transpose(IgSite *site, IgDType dt, int rank, const int64_t *shape,
                            const int *perm)
{
    IgTensor *x = iota(dt, rank, shape), *y = ig_transpose(site, x, perm);
    cr_assert_eq(y->rank, rank);
    for (int i = 0; i < rank; i++) cr_assert_eq(y->shape[i], shape[perm[i]]);
    char s[IG_SHAPE_STR_MAX];
    cr_assert_eq(transpose_mismatches(x, perm, y), 0, "%s %s", ig_dtype_name(dt),
                 ig_shape_str(s, rank, shape));
    ig_release(x), ig_release(y);
}

static void random_perm(int rank, int *perm)
{
    for (int i = 0; i < rank; i++) perm[i] = i;
    for (int i = rank - 1; i > 0; i--) {
        int j = rand() % (i + 1), t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
}

Test(transpose, random_permutations_of_small_shapes_every_dtype)
{
    srand(7);
    for (int k = 0; k < NDTYPES; k++) {
        check_transpose(NULL, k_dtypes[k], 0, NULL, NULL);
        check_transpose(NULL, k_dtypes[k], 2, SHAPE(2, 3), (const int[]){1, 0});
        check_transpose(NULL, k_dtypes[k], 2, SHAPE(0, 3), (const int[]){1, 0});
        check_transpose(NULL, k_dtypes[k], 3, SHAPE(1, 4, 1), (const int[]){2, 0, 1});
        for (int r = 0; r < 12; r++) {
            int rank = 1 + rand() % 5, perm[IG_MAX_RANK];
            int64_t shape[IG_MAX_RANK];
            for (int d = 0; d < rank; d++) shape[d] = 1 + rand() % 5;
            random_perm(rank, perm);
            check_transpose(NULL, k_dtypes[k], rank, shape, perm);
        }
    }
}

/* Above IG_DNNL_MIN_ELEMENTS the copy is a oneDNN reorder: same answers, every dtype
 * (8-byte elements move as s32 pairs), and the primitive stays in the site. */
Test(transpose, large_transposes_on_onednn_every_dtype)
{
    static IgSite site = IG_SITE("t.py", 1);
    for (int k = 0; k < NDTYPES; k++) {
        check_transpose(&site, k_dtypes[k], 2, SHAPE(300, 257), (const int[]){1, 0});
        check_transpose(&site, k_dtypes[k], 4, SHAPE(6, 7, 40, 50), (const int[]){2, 0, 3, 1});
    }
    check_transpose(NULL, IG_FLOAT32, 3, SHAPE(64, 33, 40), (const int[]){0, 2, 1});
}

Test(transpose, reorder_is_cached_per_site_and_shape)
{
    static IgSite site = IG_SITE("t.py", 2);
    IgTensor *x = iota(IG_FLOAT32, 2, SHAPE(512, 256)),
             *y = ig_transpose(&site, x, (const int[]){1, 0});
    void *cache = site.cache;
    cr_assert_not_null(cache);
    IgTensor *y2 = ig_transpose(&site, x, (const int[]){1, 0});
    cr_assert_eq(site.cache, cache, "same shape: the same reorder");
    cr_assert(memcmp(y->data, y2->data, (size_t)y->size * 4) == 0);
    IgTensor *x2 = iota(IG_FLOAT32, 2, SHAPE(256, 512)),
             *y3 = ig_transpose(&site, x2, (const int[]){1, 0});
    cr_assert_eq(transpose_mismatches(x2, (const int[]){1, 0}, y3), 0);
    ig_release(x), ig_release(y), ig_release(y2), ig_release(x2), ig_release(y3);
    ig_runtime_shutdown();
    cr_assert_null(site.cache);
}

/* A permutation that only moves size-1 dims moves no data: a plain copy. */
Test(transpose, unit_dims_only_is_a_copy)
{
    IgTensor *x = iota(IG_INT32, 3, SHAPE(5, 1, 7)),
             *y = ig_transpose(NULL, x, (const int[]){1, 0, 2});
    expect_shape(y, 3, SHAPE(1, 5, 7));
    cr_assert(memcmp(x->data, y->data, 35 * sizeof(int32_t)) == 0);
    ig_release(x), ig_release(y);
}

/* ---- concat ---------------------------------------------------------------------------- */
/* out along axis is the inputs one after another; everything else lines up. */
static int64_t concat_mismatches(int n, IgTensor *const *xs, int axis, const IgTensor *out)
{
    int64_t bad = 0, coord[IG_MAX_RANK];
    for (int64_t o = 0; o < out->size; o++) {
        unravel(o, out->rank, out->shape, coord);
        int i = 0;
        while (i < n - 1 && coord[axis] >= xs[i]->shape[axis]) coord[axis] -= xs[i++]->shape[axis];
        if (!same_elem(out, o, xs[i], ravel(xs[i]->rank, xs[i]->shape, coord))) bad++;
    }
    return bad;
}

static void check_concat(IgSite *site, IgDType dt, int n, int rank, const int64_t *base,
                         int axis, const int64_t *sizes)
{
    IgTensor *xs[8];
    int64_t shape[IG_MAX_RANK], total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(shape, base, (size_t)rank * sizeof *shape);
        shape[axis] = sizes[i];
        total += sizes[i];
        xs[i] = iota(dt, rank, shape);
    }
    IgTensor *y = ig_concat(site, n, (const IgTensor *const *)xs, axis);
    memcpy(shape, base, (size_t)rank * sizeof *shape);
    shape[axis] = total;
    expect_shape(y, rank, shape);
    cr_assert_eq(concat_mismatches(n, xs, axis, y), 0, "%s axis %d", ig_dtype_name(dt), axis);
    for (int i = 0; i < n; i++) ig_release(xs[i]);
    ig_release(y);
}

Test(concat, every_axis_every_dtype_small)
{
    for (int k = 0; k < NDTYPES; k++) {
        for (int axis = 0; axis < 3; axis++)
            check_concat(NULL, k_dtypes[k], 3, 3, SHAPE(2, 3, 4), axis, SHAPE(1, 2, 3));
        check_concat(NULL, k_dtypes[k], 1, 2, SHAPE(2, 3), 1, SHAPE(3));
        check_concat(NULL, k_dtypes[k], 2, 1, SHAPE(0), 0, SHAPE(2, 5));
    }
}

Test(concat, empty_inputs_and_empty_results)
{
    check_concat(NULL, IG_FLOAT32, 3, 2, SHAPE(2, 0), 1, SHAPE(0, 3, 0));
    check_concat(NULL, IG_INT64, 2, 2, SHAPE(2, 0), 1, SHAPE(0, 0));
    check_concat(NULL, IG_INT32, 2, 2, SHAPE(0, 3), 1, SHAPE(1, 2)); /* no rows at all */
}

Test(concat, large_concats_on_onednn_every_dtype)
{
    static IgSite site = IG_SITE("c.py", 1);
    for (int k = 0; k < NDTYPES; k++) {
        check_concat(&site, k_dtypes[k], 3, 2, SHAPE(300, 0), 1, SHAPE(100, 1, 200));
        check_concat(&site, k_dtypes[k], 2, 3, SHAPE(0, 50, 40), 0, SHAPE(20, 17));
        check_concat(&site, k_dtypes[k], 4, 3, SHAPE(30, 40, 0), 2, SHAPE(30, 0, 31, 29));
    }
    check_concat(NULL, IG_FLOAT32, 2, 2, SHAPE(256, 0), 1, SHAPE(128, 200));
}

Test(concat, primitive_cached_per_site_and_shapes)
{
    static IgSite site = IG_SITE("c.py", 2);
    IgTensor *a = iota(IG_FLOAT32, 2, SHAPE(256, 200)), *b = iota(IG_FLOAT32, 2, SHAPE(256, 100));
    const IgTensor *ab[] = {a, b}, *ba[] = {b, a};
    IgTensor *y1 = ig_concat(&site, 2, ab, 1);
    void *cache = site.cache;
    cr_assert_not_null(cache);
    IgTensor *y2 = ig_concat(&site, 2, ab, 1);
    cr_assert_eq(site.cache, cache);
    cr_assert(memcmp(y1->data, y2->data, (size_t)y1->size * 4) == 0);
    IgTensor *y3 = ig_concat(&site, 2, ba, 1); /* other sizes along the axis: re-created */
    cr_assert_eq(concat_mismatches(2, (IgTensor *const[]){b, a}, 1, y3), 0);
    ig_release(a), ig_release(b), ig_release(y1), ig_release(y2), ig_release(y3);
    ig_runtime_shutdown();
    cr_assert_null(site.cache);
}

Test(concat, mismatched_dimension, .exit_code = 1)
{
    static IgSite site = IG_SITE("c.py", 7);
    IgTensor *a = iota(IG_FLOAT32, 2, SHAPE(2, 3)), *b = iota(IG_FLOAT32, 2, SHAPE(2, 4));
    expect_fatal("c.py:7: error: ConcatOp : Dimension 1 in both shapes must be equal: shape[0] = "
                 "[2,3] vs. shape[1] = [2,4]\n");
    ig_concat(&site, 2, (const IgTensor *const[]){a, b}, 0);
}

Test(concat, mismatched_rank, .exit_code = 1)
{
    static IgSite site = IG_SITE("c.py", 8);
    IgTensor *a = iota(IG_INT32, 2, SHAPE(2, 3)), *b = iota(IG_INT32, 1, SHAPE(3));
    expect_fatal("c.py:8: error: ConcatOp : Ranks of all input tensors should match: shape[0] = "
                 "[2,3] vs. shape[2] = [3]\n");
    ig_concat(&site, 3, (const IgTensor *const[]){a, a, b}, 0);
}

/* ---- tile ------------------------------------------------------------------------------ */
static void check_tile(IgDType dt, int rank, const int64_t *shape, const int64_t *mult)
{
    IgTensor *x = iota(dt, rank, shape), *m = shape_vec(IG_INT32, rank, mult);
    IgTensor *y = ig_tile(NULL, x, m);
    int64_t want[IG_MAX_RANK], coord[IG_MAX_RANK], bad = 0;
    for (int d = 0; d < rank; d++) want[d] = shape[d] * mult[d];
    expect_shape(y, rank, want);
    for (int64_t o = 0; o < y->size; o++) {
        unravel(o, rank, y->shape, coord);
        for (int d = 0; d < rank; d++) coord[d] %= shape[d];
        if (!same_elem(y, o, x, ravel(rank, shape, coord))) bad++;
    }
    cr_assert_eq(bad, 0, "%s", ig_dtype_name(dt));
    ig_release(x), ig_release(m), ig_release(y);
}

Test(array, tile_every_dtype_with_zero_and_unit_multiples)
{
    for (int k = 0; k < NDTYPES; k++) {
        check_tile(k_dtypes[k], 2, SHAPE(2, 3), SHAPE(2, 3));
        check_tile(k_dtypes[k], 3, SHAPE(1, 3, 2), SHAPE(4, 1, 2));
        check_tile(k_dtypes[k], 2, SHAPE(2, 3), SHAPE(0, 2));
        check_tile(k_dtypes[k], 1, SHAPE(0), SHAPE(5));
        check_tile(k_dtypes[k], 0, NULL, NULL);
    }
    check_tile(IG_FLOAT32, 2, SHAPE(300, 7), SHAPE(3, 40)); /* large: the parallel loop */
}

Test(array, tile_multiples_of_the_wrong_length, .exit_code = 1)
{
    static IgSite site = IG_SITE("tl.py", 1);
    IgTensor *x = iota(IG_INT32, 2, SHAPE(2, 2)), *m = shape_vec(IG_INT64, 3, SHAPE(1, 2, 3));
    expect_fatal("tl.py:1: error: Expected multiples argument to be a vector of length 2 but got "
                 "length 3\n");
    ig_tile(&site, x, m);
}

Test(array, tile_negative_multiple, .exit_code = 1)
{
    static IgSite site = IG_SITE("tl.py", 2);
    IgTensor *x = iota(IG_INT32, 2, SHAPE(2, 2)), *m = shape_vec(IG_INT32, 2, SHAPE(1, -1));
    expect_fatal("tl.py:2: error: Expected multiples[1] >= 0, but got -1\n");
    ig_tile(&site, x, m);
}

/* ---- broadcast_to ---------------------------------------------------------------------- */
static void check_broadcast(IgDType dt, int rank, const int64_t *shape, int orank,
                            const int64_t *oshape)
{
    IgTensor *x = iota(dt, rank, shape), *s = shape_vec(IG_INT64, orank, oshape);
    IgTensor *y = ig_broadcast_to(NULL, x, s);
    expect_shape(y, orank, oshape);
    int64_t coord[IG_MAX_RANK], src[IG_MAX_RANK], bad = 0;
    for (int64_t o = 0; o < y->size; o++) {
        unravel(o, orank, oshape, coord);
        for (int d = 0; d < rank; d++) {
            int64_t c = coord[d + orank - rank];
            src[d] = shape[d] == 1 ? 0 : c;
        }
        if (!same_elem(y, o, x, ravel(rank, shape, src))) bad++;
    }
    cr_assert_eq(bad, 0, "%s", ig_dtype_name(dt));
    ig_release(x), ig_release(s), ig_release(y);
}

Test(array, broadcast_to_every_dtype)
{
    for (int k = 0; k < NDTYPES; k++) {
        check_broadcast(k_dtypes[k], 1, SHAPE(3), 2, SHAPE(2, 3));
        check_broadcast(k_dtypes[k], 2, SHAPE(3, 1), 3, SHAPE(2, 3, 4));
        check_broadcast(k_dtypes[k], 0, NULL, 2, SHAPE(2, 2));
        check_broadcast(k_dtypes[k], 2, SHAPE(2, 3), 2, SHAPE(2, 3));
        check_broadcast(k_dtypes[k], 2, SHAPE(1, 3), 2, SHAPE(0, 3));
        check_broadcast(k_dtypes[k], 1, SHAPE(1), 1, SHAPE(0));
    }
    check_broadcast(IG_FLOAT64, 3, SHAPE(1, 50, 1), 3, SHAPE(30, 50, 40)); /* parallel */
}

Test(array, broadcast_to_incompatible_shapes, .exit_code = 1)
{
    static IgSite site = IG_SITE("b.py", 1);
    IgTensor *x = iota(IG_FLOAT32, 1, SHAPE(3)), *s = shape_vec(IG_INT32, 2, SHAPE(2, 4));
    expect_fatal("b.py:1: error: Incompatible shapes: [3] vs. [2,4]\n");
    ig_broadcast_to(&site, x, s);
}

/* ---- sum_to and identity (gradients) ------------------------------------------------------ */
/* sum_to undoes broadcast_to: [2,3] of 0.5..5.5 summed to [3] is the column sums, to
   [2,1] the row sums, to [] everything; to its own shape it is the same values. */
Test(array, sum_to_sums_the_broadcast_dims)
{
    IgTensor *x = iota(IG_FLOAT32, 2, SHAPE(2, 3));
    struct { int rank; const int64_t *shape; float want[3]; } cases[] = {
        {1, SHAPE(3), {4, 6, 8}},
        {2, SHAPE(2, 1), {4.5f, 13.5f}},
        {0, NULL, {18}},
        {2, SHAPE(1, 3), {4, 6, 8}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        IgTensor *s = shape_vec(IG_INT32, cases[i].rank, cases[i].shape);
        IgTensor *y = ig_sum_to(NULL, x, s);
        expect_shape(y, cases[i].rank, cases[i].shape);
        for (int64_t k = 0; k < y->size; k++)
            cr_assert_float_eq(((const float *)y->data)[k], cases[i].want[k], 0, "case %zu", i);
        ig_release(s), ig_release(y);
    }
    IgTensor *same = shape_vec(IG_INT64, 2, SHAPE(2, 3));
    IgTensor *y = ig_sum_to(NULL, x, same);
    for (int64_t k = 0; k < 6; k++) cr_assert(same_elem(y, k, x, k));
    IgTensor *z = ig_identity(NULL, x);
    cr_assert_eq(z, x, "identity shares the immutable tensor");
    ig_release(same), ig_release(y), ig_release(z), ig_release(x);
}

/* gather_grad adds dy's rows back where gather took them: rows 2, 0, 2 of a [3,2]
   params, so row 2 gets two rows' worth and row 1 nothing. */
Test(array, gather_grad_adds_repeated_rows)
{
    IgTensor *dy = iota(IG_FLOAT32, 2, SHAPE(3, 2)); /* 0.5 .. 5.5 */
    IgTensor *idx = shape_vec(IG_INT32, 3, SHAPE(2, 0, 2));
    IgTensor *shape = shape_vec(IG_INT32, 2, SHAPE(3, 2));
    IgTensor *g = ig_gather_grad(NULL, dy, idx, shape, 0);
    expect_shape(g, 2, SHAPE(3, 2));
    const float want[6] = {2.5f, 3.5f, 0, 0, 0.5f + 4.5f, 1.5f + 5.5f};
    for (int k = 0; k < 6; k++) cr_assert_float_eq(((const float *)g->data)[k], want[k], 0);
    ig_release(dy), ig_release(idx), ig_release(shape), ig_release(g);
}

/* strided_slice_grad writes dy where the slice x[::2, 1:] of a [3,3] took it. */
Test(array, strided_slice_grad_writes_into_zeros)
{
    IgTensor *dy = iota(IG_FLOAT64, 2, SHAPE(2, 2)); /* -0.25, 0.75, 1.75, 2.75 */
    IgTensor *shape = shape_vec(IG_INT32, 2, SHAPE(3, 3));
    IgTensor *b = shape_vec(IG_INT32, 2, SHAPE(0, 1)), *e = shape_vec(IG_INT32, 2, SHAPE(3, 3));
    IgTensor *st = shape_vec(IG_INT32, 2, SHAPE(2, 1));
    IgTensor *g = ig_strided_slice_grad(NULL, shape, b, e, st, dy, 0, 0, 0, 0, 0);
    expect_shape(g, 2, SHAPE(3, 3));
    const double want[9] = {0, -0.25, 0.75, 0, 0, 0, 0, 1.75, 2.75};
    for (int k = 0; k < 9; k++) cr_assert_float_eq(((const double *)g->data)[k], want[k], 0);
    ig_release(dy), ig_release(shape), ig_release(b), ig_release(e), ig_release(st), ig_release(g);
}

Test(array, sum_to_an_incompatible_shape, .exit_code = 1)
{
    static IgSite site = IG_SITE("g.py", 4);
    IgTensor *x = iota(IG_FLOAT32, 2, SHAPE(2, 3)), *s = shape_vec(IG_INT32, 1, SHAPE(2));
    expect_fatal("g.py:4: error: Incompatible shapes: [2,3] cannot be summed to [2]\n");
    ig_sum_to(&site, x, s);
}

/* The shapes broadcast together, but to [2,3], not to the target [1,3]. */
Test(array, broadcast_to_a_smaller_shape, .exit_code = 1)
{
    static IgSite site = IG_SITE("b.py", 2);
    IgTensor *x = iota(IG_FLOAT32, 2, SHAPE(2, 1)), *s = shape_vec(IG_INT32, 2, SHAPE(1, 3));
    expect_fatal("b.py:2: error: Unable to broadcast tensor of shape [2,1] to tensor of shape "
                 "[1,3]\n");
    ig_broadcast_to(&site, x, s);
}

Test(array, broadcast_to_a_lower_rank, .exit_code = 1)
{
    static IgSite site = IG_SITE("b.py", 3);
    IgTensor *x = iota(IG_FLOAT32, 2, SHAPE(1, 3)), *s = shape_vec(IG_INT32, 1, SHAPE(3));
    expect_fatal("b.py:3: error: Rank of input (2) must be no greater than rank of output shape "
                 "(1).\n");
    ig_broadcast_to(&site, x, s);
}
