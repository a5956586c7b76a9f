/* test_index.c — the kernels control flow and indexing add: ig_truth, the logical
 * ops (with broadcasting), ig_gather (every dtype, index ranks, every axis, bounds
 * errors in TensorFlow's words) and ig_shape. */
#include "rt_test.h"

/* ---- ig_truth --------------------------------------------------------------------- */
Test(truth, reads_a_bool_scalar)
{
    IgTensor *t = BOOLS(0, NULL, 1), *f = BOOLS(0, NULL, 0);
    cr_assert(ig_truth(t, NULL));
    cr_assert_not(ig_truth(f, NULL));
    ig_release(t);
    ig_release(f);
}

/* TensorFlow reshapes a single-element tensor of any rank. */
Test(truth, accepts_any_single_element_bool_tensor)
{
    IgTensor *t = BOOLS(2, SHAPE(1, 1), 1), *byte = BOOLS(1, SHAPE(1), 2);
    cr_assert(ig_truth(t, NULL));
    cr_assert(ig_truth(byte, NULL));
    ig_release(t);
    ig_release(byte);
}

Test(truth, rejects_several_elements, .exit_code = 1)
{
    static IgSite site = IG_SITE("loop.py", 4);
    IgTensor *t = BOOLS(1, SHAPE(2), 1, 0);
    expect_fatal("loop.py:4: error: the condition must be a bool tensor with one element, got bool "
                 "of shape [2]\n");
    ig_truth(t, &site);
}

Test(truth, rejects_a_non_bool, .exit_code = 1)
{
    static IgSite site = IG_SITE("loop.py", 9);
    IgTensor *t = scalar_f32(1.0f);
    expect_fatal("loop.py:9: error: the condition must be a bool tensor with one element, got "
                 "float32 of shape []\n");
    ig_truth(t, &site);
}

/* ---- logical ops ------------------------------------------------------------------ */
Test(logical, and_or_not_truth_tables)
{
    IgTensor *a = BOOLS(1, SHAPE(4), 0, 0, 1, 1), *b = BOOLS(1, SHAPE(4), 0, 1, 0, 1);
    IgTensor *and_ = ig_logical_and(NULL, a, b), *or_ = ig_logical_or(NULL, a, b);
    IgTensor *not_ = ig_logical_not(NULL, a);
    const uint8_t want_and[] = {0, 0, 0, 1}, want_or[] = {0, 1, 1, 1}, want_not[] = {1, 1, 0, 0};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(AT(uint8_t, and_, i), want_and[i], "and at %d", i);
        cr_assert_eq(AT(uint8_t, or_, i), want_or[i], "or at %d", i);
        cr_assert_eq(AT(uint8_t, not_, i), want_not[i], "not at %d", i);
    }
    cr_assert_eq(and_->dtype, IG_BOOL);
    cr_assert_eq(not_->rank, 1);
    ig_release(a), ig_release(b), ig_release(and_), ig_release(or_), ig_release(not_);
}

/* Any nonzero byte is true; the results are canonical 0/1. */
Test(logical, nonzero_bytes_are_true)
{
    IgTensor *a = BOOLS(1, SHAPE(2), 2, 0), *b = BOOLS(1, SHAPE(2), 4, 0);
    IgTensor *and_ = ig_logical_and(NULL, a, b), *not_ = ig_logical_not(NULL, a);
    cr_assert_eq(AT(uint8_t, and_, 0), 1);
    cr_assert_eq(AT(uint8_t, not_, 0), 0);
    cr_assert_eq(AT(uint8_t, not_, 1), 1);
    ig_release(a), ig_release(b), ig_release(and_), ig_release(not_);
}

Test(logical, broadcasts)
{
    IgTensor *a = BOOLS(2, SHAPE(2, 1), 1, 0), *b = BOOLS(1, SHAPE(3), 1, 0, 1);
    IgTensor *or_ = ig_logical_or(NULL, a, b);
    cr_assert_eq(or_->rank, 2);
    cr_assert_eq(or_->shape[0], 2);
    cr_assert_eq(or_->shape[1], 3);
    const uint8_t want[] = {1, 1, 1, 1, 0, 1};
    for (int i = 0; i < 6; i++) cr_assert_eq(AT(uint8_t, or_, i), want[i], "at %d", i);
    ig_release(a), ig_release(b), ig_release(or_);
}

Test(logical, incompatible_shapes_are_an_error, .exit_code = 1)
{
    static IgSite site = IG_SITE("logic.py", 2);
    IgTensor *a = BOOLS(1, SHAPE(2), 1, 0), *b = BOOLS(1, SHAPE(3), 1, 0, 1);
    expect_fatal("logic.py:2: error: logical_and: shapes [2] and [3] cannot be broadcast\n");
    ig_logical_and(&site, a, b);
}

/* ---- gather ------------------------------------------------------------------------ */
/* Shutdown frees the blocks the allocator keeps for reuse, which LeakSanitizer would
 * otherwise report at exit. */
TestSuite(gather, .fini = ig_runtime_shutdown);

Test(gather, rows_of_a_matrix_by_a_vector_of_indices)
{
    IgTensor *x = F32(2, SHAPE(3, 2), 1, 2, 3, 4, 5, 6);
    IgTensor *idx = I32(1, SHAPE(4), 2, 0, 2, 1);
    IgTensor *g = ig_gather(NULL, x, idx, 0);
    cr_assert_eq(g->rank, 2);
    cr_assert_eq(g->shape[0], 4);
    cr_assert_eq(g->shape[1], 2);
    const float want[] = {5, 6, 1, 2, 5, 6, 3, 4};
    for (int i = 0; i < 8; i++) cr_assert_eq(AT(float, g, i), want[i], "at %d", i);
    ig_release(x), ig_release(idx), ig_release(g);
}

/* out.shape = indices.shape + x.shape[1:]: a scalar index drops the first dim, a
 * matrix of indices adds two. */
Test(gather, output_shape_follows_the_indices)
{
    IgTensor *x = I64(1, SHAPE(3), 10, 20, 30);
    IgTensor *scalar = scalar_i64(1), *mat = I64(2, SHAPE(2, 2), 0, 1, 2, 2);
    IgTensor *g0 = ig_gather(NULL, x, scalar, 0), *g2 = ig_gather(NULL, x, mat, 0);
    cr_assert_eq(g0->rank, 0);
    cr_assert_eq(AT(int64_t, g0, 0), 20);
    cr_assert_eq(g2->rank, 2);
    const int64_t want[] = {10, 20, 30, 30};
    for (int i = 0; i < 4; i++) cr_assert_eq(AT(int64_t, g2, i), want[i]);
    ig_release(x), ig_release(scalar), ig_release(mat), ig_release(g0), ig_release(g2);
}

Test(gather, every_fixed_size_dtype)
{
    IgTensor *idx = I32(1, SHAPE(2), 1, 0);
    IgTensor *xs[] = {BOOLS(1, SHAPE(2), 0, 1), I32(1, SHAPE(2), -1, 7), I64(1, SHAPE(2), -5, 9),
                      F32(1, SHAPE(2), 0.5f, 1.5f), F64(1, SHAPE(2), 0.25, -2.0)};
    for (size_t k = 0; k < sizeof xs / sizeof xs[0]; k++) {
        IgTensor *g = ig_gather(NULL, xs[k], idx, 0);
        size_t sz = ig_dtype_size(xs[k]->dtype);
        cr_assert_eq(g->dtype, xs[k]->dtype);
        cr_assert(memcmp(g->data, (char *)xs[k]->data + sz, sz) == 0, "%s",
                  ig_dtype_name(g->dtype));
        cr_assert(memcmp((char *)g->data + sz, xs[k]->data, sz) == 0, "%s",
                  ig_dtype_name(g->dtype));
        ig_release(g);
        ig_release(xs[k]);
    }
    ig_release(idx);
}

Test(gather, empty_indices_give_an_empty_result)
{
    IgTensor *x = F32(2, SHAPE(2, 3), 1, 2, 3, 4, 5, 6);
    IgTensor *idx = ig_tensor_new(IG_INT32, 1, SHAPE(0));
    IgTensor *g = ig_gather(NULL, x, idx, 0);
    cr_assert_eq(g->rank, 2);
    cr_assert_eq(g->shape[0], 0);
    cr_assert_eq(g->shape[1], 3);
    cr_assert_eq(g->size, 0);
    ig_release(x), ig_release(idx), ig_release(g);
}

Test(gather, index_out_of_range_in_tensorflow_words, .exit_code = 1)
{
    static IgSite site = IG_SITE("emb.py", 6);
    IgTensor *x = F32(1, SHAPE(3), 1, 2, 3), *idx = I32(1, SHAPE(2), 0, 5);
    expect_fatal("emb.py:6: error: indices[1] = 5 is not in [0, 3)\n");
    ig_gather(&site, x, idx, 0);
}

Test(gather, negative_index_names_its_position, .exit_code = 1)
{
    static IgSite site = IG_SITE("emb.py", 7);
    IgTensor *x = F32(1, SHAPE(3), 1, 2, 3), *idx = I64(2, SHAPE(2, 2), 0, 1, 2, -1);
    expect_fatal("emb.py:7: error: indices[1,1] = -1 is not in [0, 3)\n");
    ig_gather(&site, x, idx, 0);
}

Test(gather, scalar_index_out_of_range, .exit_code = 1)
{
    static IgSite site = IG_SITE("emb.py", 8);
    IgTensor *x = F32(1, SHAPE(3), 1, 2, 3), *idx = scalar_i32(3);
    expect_fatal("emb.py:8: error: indices = 3 is not in [0, 3)\n");
    ig_gather(&site, x, idx, 0);
}

/* out[a..., i..., b...] = x[a..., indices[i...], b...] for every axis, checked by
 * index arithmetic on x = iota, for both index dtypes and an index matrix. */
Test(gather, along_every_axis)
{
    const int64_t xs[3] = {3, 4, 5};
    IgTensor *x = ig_tensor_new(IG_INT64, 3, xs);
    for (int64_t i = 0; i < x->size; i++) ((int64_t *)x->data)[i] = i;
    IgTensor *i32 = I32(2, SHAPE(2, 2), 2, 0, 1, 2), *i64 = I64(1, SHAPE(3), 0, 2, 2);
    for (int axis = 0; axis < 3; axis++) {
        IgTensor *idxs[] = {i32, i64};
        for (int w = 0; w < 2; w++) {
            const IgTensor *idx = idxs[w];
            IgTensor *g = ig_gather(NULL, x, idx, axis);
            cr_assert_eq(g->rank, 2 + idx->rank);
            int64_t outer = 1, inner = 1;
            for (int d = 0; d < axis; d++) {
                outer *= xs[d];
                cr_assert_eq(g->shape[d], xs[d]);
            }
            for (int d = 0; d < idx->rank; d++) cr_assert_eq(g->shape[axis + d], idx->shape[d]);
            for (int d = axis + 1; d < 3; d++) inner *= xs[d];
            for (int64_t o = 0; o < outer; o++)
                for (int64_t j = 0; j < idx->size; j++)
                    for (int64_t n = 0; n < inner; n++) {
                        int64_t k =
                            idx->dtype == IG_INT32 ? AT(int32_t, idx, j) : AT(int64_t, idx, j);
                        int64_t want = (o * xs[axis] + k) * inner + n;
                        cr_assert_eq(AT(int64_t, g, (o * idx->size + j) * inner + n), want,
                                     "axis %d", axis);
                    }
            ig_release(g);
        }
    }
    ig_release(x), ig_release(i32), ig_release(i64);
}

Test(gather, inner_axis_every_dtype_and_large)
{
    IgTensor *idx = I32(1, SHAPE(3), 2, 2, 0);
    IgTensor *xs[] = {BOOLS(2, SHAPE(2, 3), 1, 0, 0, 0, 1, 1),
                      I32(2, SHAPE(2, 3), 1, 2, 3, 4, 5, 6), I64(2, SHAPE(2, 3), 1, 2, 3, 4, 5, 6),
                      F32(2, SHAPE(2, 3), 1, 2, 3, 4, 5, 6), F64(2, SHAPE(2, 3), 1, 2, 3, 4, 5, 6)};
    for (size_t k = 0; k < sizeof xs / sizeof xs[0]; k++) {
        IgTensor *g = ig_gather(NULL, xs[k], idx, 1);
        size_t sz = ig_dtype_size(xs[k]->dtype);
        const int src[6] = {2, 2, 0, 5, 5, 3};
        for (int i = 0; i < 6; i++)
            cr_assert(memcmp((char *)g->data + i * sz, (char *)xs[k]->data + src[i] * sz, sz) == 0,
                      "%s at %d", ig_dtype_name(g->dtype), i);
        ig_release(g), ig_release(xs[k]);
    }
    ig_release(idx);
    /* 200 x 1000 rows, every other column: the parallel loop */
    IgTensor *big = ig_tensor_new(IG_FLOAT32, 2, SHAPE(200, 1000));
    IgTensor *cols = ig_tensor_new(IG_INT64, 1, SHAPE(500));
    for (int64_t i = 0; i < big->size; i++) ((float *)big->data)[i] = (float)i;
    for (int64_t i = 0; i < 500; i++) ((int64_t *)cols->data)[i] = 999 - 2 * i;
    IgTensor *g = ig_gather(NULL, big, cols, 1);
    int64_t bad = 0;
    for (int64_t r = 0; r < 200; r++)
        for (int64_t c = 0; c < 500; c++)
            if (AT(float, g, r * 500 + c) != (float)(r * 1000 + 999 - 2 * c)) bad++;
    cr_assert_eq(bad, 0);
    ig_release(big), ig_release(cols), ig_release(g);
}

Test(gather, empty_axis_of_params, .exit_code = 1)
{
    static IgSite site = IG_SITE("emb.py", 9);
    IgTensor *x = ig_tensor_new(IG_FLOAT32, 2, SHAPE(2, 0)), *idx = I32(1, SHAPE(1), 0);
    expect_fatal("emb.py:9: error: indices[0] = 0 is not in [0, 0)\n");
    ig_gather(&site, x, idx, 1);
}

Test(gather, out_of_range_along_an_inner_axis, .exit_code = 1)
{
    static IgSite site = IG_SITE("emb.py", 10);
    IgTensor *x = F32(2, SHAPE(1, 3), 1, 2, 3), *idx = I64(2, SHAPE(1, 2), 2, 3);
    expect_fatal("emb.py:10: error: indices[0,1] = 3 is not in [0, 3)\n");
    ig_gather(&site, x, idx, 1);
}

/* ---- shape ------------------------------------------------------------------------- */
Test(shape_op, gives_the_run_time_dims_as_int32)
{
    IgTensor *x = ig_tensor_new(IG_FLOAT32, 3, SHAPE(2, 0, 5)), *s = scalar_f64(1.0);
    IgTensor *sx = ig_shape(NULL, x), *ss = ig_shape(NULL, s);
    cr_assert_eq(sx->dtype, IG_INT32);
    cr_assert_eq(sx->rank, 1);
    cr_assert_eq(sx->shape[0], 3);
    cr_assert_eq(AT(int32_t, sx, 0), 2);
    cr_assert_eq(AT(int32_t, sx, 1), 0);
    cr_assert_eq(AT(int32_t, sx, 2), 5);
    cr_assert_eq(ss->rank, 1);
    cr_assert_eq(ss->shape[0], 0);
    ig_release(x), ig_release(s), ig_release(sx), ig_release(ss);
}
