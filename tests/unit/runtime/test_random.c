/* test_random.c — Philox-4x32-10 against the Random123 known-answer vectors, the
 * stream and state layout, and the random kernels: ranges, statistics over 100k
 * draws, truncation, state advancing, reproducibility, and the run-time errors. */
#include <math.h>

#include "random/philox.h"
#include "rt_test.h"

/* ---- The block function: Random123's kat_vectors for philox4x32 with 10 rounds ---- */
static void check_kat(const uint32_t ctr[4], const uint32_t key[2], const uint32_t want[4])
{
    uint32_t out[4];
    ig_philox4x32_10(ctr, key, out);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(out[i], want[i], "word %d: got %08x, expected %08x", i, out[i], want[i]);
}

Test(philox, kat_zeros)
{
    check_kat((const uint32_t[]){0, 0, 0, 0}, (const uint32_t[]){0, 0},
              (const uint32_t[]){0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8});
}

Test(philox, kat_all_ones)
{
    check_kat((const uint32_t[]){0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
              (const uint32_t[]){0xffffffff, 0xffffffff},
              (const uint32_t[]){0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd});
}

Test(philox, kat_pi_digits)
{
    check_kat((const uint32_t[]){0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
              (const uint32_t[]){0xa4093822, 0x299f31d0},
              (const uint32_t[]){0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1});
}

/* ---- The stream over the state ------------------------------------------------------ */
Test(philox, stream_reads_blocks_in_counter_order)
{
    int64_t state[3] = {5, 0, 0x1234};
    IgPhilox p;
    ig_philox_open(&p, state);
    uint32_t want[8];
    ig_philox4x32_10((const uint32_t[]){5, 0, 0, 0}, (const uint32_t[]){0x1234, 0}, want);
    ig_philox4x32_10((const uint32_t[]){6, 0, 0, 0}, (const uint32_t[]){0x1234, 0}, want + 4);
    for (int i = 0; i < 6; i++) cr_assert_eq(ig_philox_next_u32(&p), want[i], "word %d", i);
    int64_t after[3];
    ig_philox_close(&p, after);
    /* Two blocks were touched: the counter moved by 2, the key stayed. */
    cr_assert_eq(after[0], 7);
    cr_assert_eq(after[1], 0);
    cr_assert_eq(after[2], 0x1234);
}

Test(philox, counter_carries_into_the_high_word)
{
    int64_t state[3] = {-1, 41, 9}; /* low 64 bits all ones */
    IgPhilox p;
    ig_philox_open(&p, state);
    (void)ig_philox_next_u64(&p);
    int64_t after[3];
    ig_philox_close(&p, after);
    cr_assert_eq(after[0], 0);
    cr_assert_eq(after[1], 42);
    cr_assert_eq(after[2], 9);
}

Test(philox, nothing_read_leaves_the_state)
{
    int64_t state[3] = {3, 4, 5}, after[3];
    IgPhilox p;
    ig_philox_open(&p, state);
    ig_philox_close(&p, after);
    cr_assert_arr_eq(after, state, sizeof state);
}

/* ---- Kernels ------------------------------------------------------------------------ */
static void gen_open(IgVar *g, int64_t seed)
{
    int64_t s[3];
    ig_random_state_from_seed(seed, s);
    IgTensor *t = I64(1, SHAPE(3), s[0], s[1], s[2]);
    g->name = "rng";
    g->value = NULL;
    ig_var_init(g, t);
    ig_release(t);
}

static int64_t gen_counter(const IgVar *g) { return AT(int64_t, g->value, 0); }

Test(random, seed_gives_counter_zero_and_distinct_keys)
{
    int64_t a[3], b[3], c[3];
    ig_random_state_from_seed(1, a);
    ig_random_state_from_seed(2, b);
    ig_random_state_from_seed(1, c);
    cr_assert_eq(a[0], 0);
    cr_assert_eq(a[1], 0);
    cr_assert_neq(a[2], b[2]);
    cr_assert_eq(a[2], c[2]);
}

static void moments(const IgTensor *t, double *mean, double *sd, double *lo, double *hi)
{
    double s = 0, s2 = 0;
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int64_t i = 0; i < t->size; i++) {
        double x = t->dtype == IG_FLOAT32   ? AT(float, t, i)
                   : t->dtype == IG_FLOAT64 ? AT(double, t, i)
                   : t->dtype == IG_INT32   ? AT(int32_t, t, i)
                                            : (double)AT(int64_t, t, i);
        s += x;
        s2 += x * x;
        if (x < *lo) *lo = x;
        if (x > *hi) *hi = x;
    }
    *mean = s / (double)t->size;
    *sd = sqrt(s2 / (double)t->size - *mean * *mean);
}

#define N 100000

Test(random, uniform_float32_statistics)
{
    IgVar g;
    gen_open(&g, 42);
    IgTensor *t = ig_random_uniform(NULL, &g, IG_FLOAT32, 1, SHAPE(N), 0.0, 1.0);
    double m, sd, lo, hi;
    moments(t, &m, &sd, &lo, &hi);
    /* U(0,1): mean 1/2, sd 1/sqrt(12) = 0.2887; standard error of the mean 0.0009. */
    cr_assert(fabs(m - 0.5) < 0.005, "mean %g", m);
    cr_assert(fabs(sd - 0.288675) < 0.005, "sd %g", sd);
    cr_assert(lo >= 0.0 && hi < 1.0, "range [%g, %g]", lo, hi);
    /* One float per word: N/4 blocks. */
    cr_assert_eq(gen_counter(&g), N / 4);
    ig_release(t);
    ig_var_release(&g);
}

Test(random, uniform_float64_in_a_range)
{
    IgVar g;
    gen_open(&g, 7);
    IgTensor *t = ig_random_uniform(NULL, &g, IG_FLOAT64, 2, SHAPE(100, N / 100), -3.0, 5.0);
    double m, sd, lo, hi;
    moments(t, &m, &sd, &lo, &hi);
    cr_assert(fabs(m - 1.0) < 0.04, "mean %g", m);
    cr_assert(fabs(sd - 8.0 / sqrt(12.0)) < 0.04, "sd %g", sd);
    cr_assert(lo >= -3.0 && hi < 5.0, "range [%g, %g]", lo, hi);
    cr_assert_eq(gen_counter(&g), N / 2); /* two words per float64 */
    ig_release(t);
    ig_var_release(&g);
}

Test(random, uniform_float32_never_reaches_maxval)
{
    /* A range so narrow that rounding to float32 would often give maxval. */
    IgVar g;
    gen_open(&g, 3);
    IgTensor *t = ig_random_uniform(NULL, &g, IG_FLOAT32, 1, SHAPE(1000), 1.0, 1.0000001);
    for (int64_t i = 0; i < t->size; i++)
        cr_assert(AT(float, t, i) < 1.0000001f && AT(float, t, i) >= 1.0f);
    ig_release(t);
    ig_var_release(&g);
}

Test(random, normal_statistics)
{
    IgDType dts[] = {IG_FLOAT32, IG_FLOAT64};
    for (int k = 0; k < 2; k++) {
        IgVar g;
        gen_open(&g, 1234);
        IgTensor *t = ig_random_normal(NULL, &g, dts[k], 1, SHAPE(N), 2.0, 3.0);
        double m, sd, lo, hi;
        moments(t, &m, &sd, &lo, &hi);
        /* se of the mean 3/sqrt(N) = 0.0095 */
        cr_assert(fabs(m - 2.0) < 0.05, "%s mean %g", ig_dtype_name(dts[k]), m);
        cr_assert(fabs(sd - 3.0) < 0.05, "%s sd %g", ig_dtype_name(dts[k]), sd);
        /* Share within one sd: 68.27% (se 0.15%). */
        int64_t within = 0;
        for (int64_t i = 0; i < t->size; i++) {
            double x = dts[k] == IG_FLOAT32 ? AT(float, t, i) : AT(double, t, i);
            within += fabs(x - 2.0) < 3.0;
        }
        double share = (double)within / N;
        cr_assert(fabs(share - 0.6827) < 0.01, "%s share within 1 sd %g", ig_dtype_name(dts[k]),
                  share);
        /* float32: a pair per two words; float64: a pair per block. */
        cr_assert_eq(gen_counter(&g), dts[k] == IG_FLOAT32 ? N / 4 : N / 2);
        ig_release(t);
        ig_var_release(&g);
    }
}

Test(random, normal_odd_count_uses_a_whole_block)
{
    IgVar g;
    gen_open(&g, 9);
    IgTensor *t = ig_random_normal(NULL, &g, IG_FLOAT32, 1, SHAPE(5), 0.0, 1.0);
    cr_assert_eq(gen_counter(&g), 2); /* 3 pairs = 6 words = 2 blocks */
    ig_release(t);
    ig_var_release(&g);
}

Test(random, truncated_normal_stays_within_two_stddev)
{
    IgVar g;
    gen_open(&g, 5);
    IgTensor *t = ig_random_truncated_normal(NULL, &g, IG_FLOAT32, 1, SHAPE(N), 1.0, 0.5);
    double m, sd, lo, hi;
    moments(t, &m, &sd, &lo, &hi);
    cr_assert(lo >= 0.0 && hi <= 2.0, "range [%g, %g]", lo, hi);
    cr_assert(fabs(m - 1.0) < 0.01, "mean %g", m);
    /* A normal truncated at +-2 sd has sd 0.8796 of the untruncated one. */
    cr_assert(fabs(sd - 0.5 * 0.8796) < 0.01, "sd %g", sd);
    /* About 4.55% of draws are rejected, so more blocks than N/4 but not many more. */
    int64_t used = gen_counter(&g);
    cr_assert(used > N / 4 && used < N / 4 * 11 / 10, "blocks %lld", (long long)used);
    ig_release(t);
    ig_var_release(&g);
}

Test(random, uniform_int_covers_the_range_and_no_more)
{
    IgVar g;
    gen_open(&g, 11);
    IgTensor *t = ig_random_uniform_int(NULL, &g, IG_INT32, 1, SHAPE(N), -3, 7);
    int64_t count[10] = {0};
    for (int64_t i = 0; i < t->size; i++) {
        int32_t x = AT(int32_t, t, i);
        cr_assert(x >= -3 && x < 7, "value %d", x);
        count[x + 3]++;
    }
    for (int v = 0; v < 10; v++)
        cr_assert(count[v] > N / 10 * 9 / 10, "value %d drawn %lld times", v - 3,
                  (long long)count[v]);
    ig_release(t);
    /* The widest int64 range does not overflow. */
    IgTensor *w = ig_random_uniform_int(NULL, &g, IG_INT64, 1, SHAPE(1000), INT64_MIN, INT64_MAX);
    bool neg = false, pos = false;
    for (int64_t i = 0; i < w->size; i++) neg |= AT(int64_t, w, i)<0, pos |= AT(int64_t, w, i)> 0;
    cr_assert(neg && pos);
    ig_release(w);
    ig_var_release(&g);
}

Test(random, successive_draws_differ_and_seeds_reproduce)
{
    IgVar a, b;
    gen_open(&a, 1234);
    gen_open(&b, 1234);
    IgTensor *a1 = ig_random_normal(NULL, &a, IG_FLOAT32, 1, SHAPE(4), 0.0, 1.0);
    IgTensor *a2 = ig_random_normal(NULL, &a, IG_FLOAT32, 1, SHAPE(4), 0.0, 1.0);
    IgTensor *b1 = ig_random_normal(NULL, &b, IG_FLOAT32, 1, SHAPE(4), 0.0, 1.0);
    cr_assert(memcmp(a1->data, b1->data, 4 * sizeof(float)) == 0, "same seed, same numbers");
    cr_assert(memcmp(a1->data, a2->data, 4 * sizeof(float)) != 0, "the second draw differs");
    cr_assert_eq(gen_counter(&a), 2);
    ig_release(a1);
    ig_release(a2);
    ig_release(b1);
    ig_var_release(&a);
    ig_var_release(&b);
}

Test(random, a_draw_keeps_an_earlier_read_of_the_state)
{
    IgVar g;
    gen_open(&g, 1);
    IgTensor *before = ig_var_read(NULL, &g);
    IgTensor *t = ig_random_uniform(NULL, &g, IG_FLOAT64, 0, NULL, 0.0, 1.0);
    cr_assert_neq(g.value, before);
    cr_assert_eq(AT(int64_t, before, 0), 0);
    cr_assert_eq(gen_counter(&g), 1);
    cr_assert_eq(AT(int64_t, g.value, 2), AT(int64_t, before, 2));
    ig_release(before);
    ig_release(t);
    ig_var_release(&g);
}

Test(random, empty_shape_draws_nothing)
{
    IgVar g;
    gen_open(&g, 1);
    IgTensor *t = ig_random_normal(NULL, &g, IG_FLOAT32, 2, SHAPE(0, 3), 0.0, 1.0);
    cr_assert_eq(t->size, 0);
    cr_assert_eq(gen_counter(&g), 0);
    ig_release(t);
    ig_var_release(&g);
}

Test(random, int_range_must_not_be_empty, .exit_code = 1)
{
    IgVar g;
    gen_open(&g, 1);
    IgSite site = IG_SITE("r.py", 4);
    expect_fatal("r.py:4: error: InvalidArgumentError: Need minval < maxval, got 5 >= 5\n");
    ig_random_uniform_int(&site, &g, IG_INT32, 1, SHAPE(2), 5, 5);
}

Test(random, state_must_be_int64_of_three, .exit_code = 1)
{
    IgVar g = IG_VAR("g");
    IgTensor *t = I64(1, SHAPE(2), 0, 0);
    ig_var_init(&g, t);
    IgSite site = IG_SITE("r.py", 6);
    expect_fatal(
        "r.py:6: error: InvalidArgumentError: the state of random generator 'g' must be an int64 "
        "tensor of shape [3]\n");
    ig_random_normal(&site, &g, IG_FLOAT32, 0, NULL, 0.0, 1.0);
}

Test(random, permutation_gives_each_index_once_per_pass)
{
    IgVar g;
    gen_open(&g, 5);
    IgTensor *n = scalar_i64(100), *passes = scalar_i64(3);
    IgTensor *t = ig_random_permutation(NULL, &g, n, passes, 1000);
    cr_assert_eq(t->size, 300);
    for (int pass = 0; pass < 3; pass++) {
        bool seen[100] = {false};
        int64_t in_place = 0;
        for (int i = 0; i < 100; i++) {
            int64_t v = AT(int64_t, t, pass * 100 + i);
            cr_assert(v >= 0 && v < 100 && !seen[v], "pass %d: %lld", pass, (long long)v);
            seen[v] = true;
            in_place += v == i;
        }
        cr_assert(in_place < 10, "pass %d looks unshuffled", pass);
    }
    /* The passes differ from each other. */
    bool differ = false;
    for (int i = 0; i < 100; i++) differ |= AT(int64_t, t, i) != AT(int64_t, t, 100 + i);
    cr_assert(differ);
    ig_release(t);
    ig_release(n);
    ig_release(passes);
    ig_var_release(&g);
}

Test(random, permutation_respects_its_buffer)
{
    IgVar g;
    gen_open(&g, 6);
    IgTensor *n = scalar_i64(50), *one = scalar_i64(1);
    /* A buffer of one element keeps the order; of b, element i comes out at the
       earliest at position i - b + 1 (it enters the buffer then). */
    IgTensor *same = ig_random_permutation(NULL, &g, n, one, 1);
    for (int i = 0; i < 50; i++) cr_assert_eq(AT(int64_t, same, i), i);
    IgTensor *t = ig_random_permutation(NULL, &g, n, one, 4);
    for (int i = 0; i < 50; i++) cr_assert(AT(int64_t, t, i) <= i + 3, "position %d", i);
    ig_release(same);
    ig_release(t);
    ig_release(n);
    ig_release(one);
    ig_var_release(&g);
}
