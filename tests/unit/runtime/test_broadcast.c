/* test_broadcast.c — broadcast.c's stride helper and its two users, the binary ops
 * (ig_broadcast_run) and tf.where (ig_select): every result is checked against a
 * reference that maps each output coordinate to its inputs on its own, over shapes
 * that broadcast on the left, in the middle, from scalars and with zero-size dims. */
#include "rt_test.h"

TestSuite(broadcast, .fini = ig_runtime_shutdown);

typedef struct Shape {
    int rank;
    int64_t dims[IG_MAX_RANK];
} Shape;

#define SH(...) ((Shape){RANK(__VA_ARGS__), {__VA_ARGS__}})
#define SCALAR ((Shape){0, {0}})

static int64_t shape_size(Shape s)
{
    int64_t n = 1;
    for (int d = 0; d < s.rank; d++) n *= s.dims[d];
    return n;
}

/* Distinct int64 values base, base+1, ... so a wrong index shows. */
static IgTensor *iota_i64(Shape s, int64_t base)
{
    IgTensor *t = ig_tensor_new(IG_INT64, s.rank, s.dims);
    for (int64_t i = 0; i < t->size; i++) ((int64_t *)t->data)[i] = base + i;
    return t;
}

static IgTensor *pattern_bool(Shape s)
{
    IgTensor *t = ig_tensor_new(IG_BOOL, s.rank, s.dims);
    for (int64_t i = 0; i < t->size; i++) ((uint8_t *)t->data)[i] = (uint8_t)(i % 3 != 1);
    return t;
}

/* NumPy's result shape for the given inputs (which must broadcast). */
static Shape broadcast_of(int n, const Shape *in)
{
    Shape out = {0, {0}};
    for (int k = 0; k < n; k++)
        if (in[k].rank > out.rank) out.rank = in[k].rank;
    for (int i = 0; i < out.rank; i++) { /* i counts from the right */
        int64_t d = 1;
        for (int k = 0; k < n; k++) {
            int64_t dk = i < in[k].rank ? in[k].dims[in[k].rank - 1 - i] : 1;
            if (dk != 1) d = dk;
        }
        out.dims[out.rank - 1 - i] = d;
    }
    return out;
}

/* The element of an input of shape s that output element o (of shape out) reads. */
static int64_t source_index(Shape out, Shape s, int64_t o)
{
    int64_t idx = 0, scale = 1;
    for (int d = out.rank - 1; d >= 0; d--) {
        int64_t coord = o % out.dims[d];
        o /= out.dims[d];
        int sd = d - (out.rank - s.rank);
        if (sd < 0) continue;
        if (s.dims[sd] != 1) idx += coord * scale;
        scale *= s.dims[sd];
    }
    return idx;
}

static void assert_shape(const IgTensor *t, Shape s)
{
    cr_assert_eq(t->rank, s.rank);
    for (int d = 0; d < s.rank; d++) cr_assert_eq(t->shape[d], s.dims[d], "dim %d", d);
    cr_assert_eq(t->size, shape_size(s));
}

static void check_binary(Shape sa, Shape sb)
{
    IgTensor *a = iota_i64(sa, 1), *b = iota_i64(sb, 1000);
    Shape so = broadcast_of(2, (const Shape[]){sa, sb});
    IgTensor *sum = ig_add(NULL, a, b), *diff = ig_sub(NULL, b, a), *hi = ig_maximum(NULL, a, b);
    assert_shape(sum, so), assert_shape(diff, so), assert_shape(hi, so);
    for (int64_t o = 0; o < sum->size; o++) {
        int64_t x = AT(int64_t, a, source_index(so, sa, o));
        int64_t y = AT(int64_t, b, source_index(so, sb, o));
        cr_assert_eq(AT(int64_t, sum, o), x + y, "add at %lld", (long long)o);
        cr_assert_eq(AT(int64_t, diff, o), y - x, "sub at %lld", (long long)o);
        cr_assert_eq(AT(int64_t, hi, o), y, "maximum at %lld", (long long)o);
    }
    ig_release(a), ig_release(b), ig_release(sum), ig_release(diff), ig_release(hi);
}

static void check_select(Shape sc, Shape sx, Shape sy)
{
    IgTensor *c = pattern_bool(sc), *x = iota_i64(sx, 1), *y = iota_i64(sy, -1000);
    Shape so = broadcast_of(3, (const Shape[]){sc, sx, sy});
    IgTensor *s = ig_select(NULL, c, x, y);
    assert_shape(s, so);
    for (int64_t o = 0; o < s->size; o++) {
        bool take_x = AT(uint8_t, c, source_index(so, sc, o)) != 0;
        int64_t want = take_x ? AT(int64_t, x, source_index(so, sx, o))
                              : AT(int64_t, y, source_index(so, sy, o));
        cr_assert_eq(AT(int64_t, s, o), want, "at %lld", (long long)o);
    }
    ig_release(c), ig_release(x), ig_release(y), ig_release(s);
}

Test(broadcast, strides_are_zero_where_broadcast)
{
    IgTensor *t = iota_i64(SH(2, 1, 3), 0), *s = iota_i64(SCALAR, 0), *v = iota_i64(SH(4, 1), 0);
    int64_t st[4];
    ig_broadcast_strides(t, 4, st);
    cr_assert(st[0] == 0 && st[1] == 3 && st[2] == 0 && st[3] == 1);
    ig_broadcast_strides(t, 3, st);
    cr_assert(st[0] == 3 && st[1] == 0 && st[2] == 1);
    ig_broadcast_strides(s, 2, st);
    cr_assert(st[0] == 0 && st[1] == 0);
    ig_broadcast_strides(v, 3, st);
    cr_assert(st[0] == 0 && st[1] == 1 && st[2] == 0);
    ig_release(t), ig_release(s), ig_release(v);
}

Test(broadcast, binary_ops_match_the_reference)
{
    check_binary(SH(2, 1, 3), SH(4, 1));
    check_binary(SH(4, 1), SH(2, 1, 3));
    check_binary(SH(3, 1), SH(1, 4));
    check_binary(SH(2, 3, 4), SH(3, 1));
    check_binary(SH(2, 1, 4, 1), SH(3, 1, 5));
    check_binary(SH(5, 1, 1), SH(1));
    check_binary(SCALAR, SH(2, 3));
    check_binary(SH(2, 3), SCALAR);
    check_binary(SCALAR, SCALAR);
    check_binary(SH(1, 1), SH(1));
}

Test(broadcast, binary_ops_with_zero_size_dims)
{
    check_binary(SH(0, 3), SH(1, 3));
    check_binary(SH(2, 0, 1), SH(3));
    check_binary(SH(0), SCALAR);
    check_binary(SH(4, 1), SH(0, 1, 1));
}

Test(broadcast, select_matches_the_reference)
{
    check_select(SH(2, 1, 3), SH(4, 1), SCALAR);
    check_select(SH(4, 1), SH(2, 1, 3), SH(1, 3));
    check_select(SCALAR, SH(2, 2), SH(2, 1));
    check_select(SH(3), SH(2, 3), SH(2, 1));
    check_select(SH(2, 1, 4, 1), SH(3, 1, 5), SH(5));
    check_select(SCALAR, SCALAR, SCALAR);
}

Test(broadcast, select_with_zero_size_dims)
{
    check_select(SH(0, 1), SH(1, 3), SH(3));
    check_select(SH(2, 1, 3), SH(0, 1), SCALAR);
    check_select(SCALAR, SH(2, 0), SH(1));
}
