/* kernels.c — the random ops of a tf.random.Generator: uniform floats and ints,
 * normal (Box-Muller) and truncated normal, drawn from the Philox stream of the
 * generator's state variable, which each draw advances by the blocks it consumed.
 * Entry points: ig_random_state_from_seed, ig_random_uniform, ig_random_uniform_int,
 * ig_random_normal, ig_random_truncated_normal. Memory owner: results belong to the
 * caller; the state variable owns its (new) state tensor. */
#include <math.h>
#include <stdlib.h>

#include "internal.h"
#include "random/philox.h"

#define TWO_PI 6.283185307179586476925286766559

/* SplitMix64's finaliser (Steele, Lea, Flood 2014): nearby seeds get unrelated keys,
 * so the streams of seeds 1 and 2 share no blocks (a seed used as a counter would
 * make them the same stream shifted by one block). */
static uint64_t seed_mix(uint64_t z)
{
    z += 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void ig_random_state_from_seed(int64_t seed, int64_t state[3])
{
    state[0] = 0;
    state[1] = 0;
    state[2] = (int64_t)seed_mix((uint64_t)seed);
}

/* The generator's stream, after checking its state is an int64[3] (the compiler
 * proves it; a hand-written caller might not). */
static void state_open(IgSite *site, const IgVar *state, IgPhilox *p)
{
    IG_RT_ASSERT(state != NULL && state->value != NULL);
    const IgTensor *s = state->value;
    if (s->dtype != IG_INT64 || s->rank != 1 || s->shape[0] != 3)
        ig_fatal(
            site,
            "InvalidArgumentError: the state of random generator '%s' must be an int64 tensor of "
            "shape [3]",
            state->name);
    ig_philox_open(p, (const int64_t *)s->data);
}

/* The state after the draw, as a new tensor: whoever read the old one keeps it. */
static void state_close(IgVar *state, const IgPhilox *p)
{
    IgTensor *next = ig_tensor_new(IG_INT64, 1, (const int64_t[]){3});
    ig_philox_close(p, (int64_t *)next->data);
    ig_release(state->value);
    state->value = next;
}

static IgTensor *draw_new(IgSite *site, const char *op, IgDType dtype, int rank,
                          const int64_t *shape, bool want_float) {
    if (want_float ? !ig_dtype_is_float(dtype) : (dtype != IG_INT32 && dtype != IG_INT64))
        ig_fatal(site, "InvalidArgumentError: random op does not support dtype %s",
                 ig_dtype_name(dtype));
    for (int i = 0; i < rank; i++)
        if (shape[i] < 0)
            ig_fatal(site, "InvalidArgumentError: dimension %d of shape must be >= 0", i);
    return ig_tensor_make(site, op, dtype, rank, shape);
}

/* [0, 1) with every float of the form k * 2^-24 (float32) or k * 2^-53 (float64)
 * equally likely: exactly representable, so 1.0 can never come out. */
static double unit_f32(IgPhilox *p) { return (double)(ig_philox_next_u32(p) >> 8) * 0x1p-24; }
static double unit_f64(IgPhilox *p) { return (double)(ig_philox_next_u64(p) >> 11) * 0x1p-53; }
/* (0, 1]: the same grid moved up one step, so log() never sees 0. */
static double unit_open_f32(IgPhilox *p) {
    return (double)((ig_philox_next_u32(p) >> 8) + 1) * 0x1p-24;
}
static double unit_open_f64(IgPhilox *p) {
    return (double)((ig_philox_next_u64(p) >> 11) + 1) * 0x1p-53;
}

static void store_float(IgTensor *t, int64_t i, double x)
{
    if (t->dtype == IG_FLOAT32) ((float *)t->data)[i] = (float)x;
    else ((double *)t->data)[i] = x;
}

IgTensor *ig_random_uniform(IgSite *site, IgVar *state, IgDType dtype, int rank,
                            const int64_t *shape, double minval, double maxval) {
    IgTensor *out = draw_new(site, "random_uniform", dtype, rank, shape, true);
    IgPhilox p;
    state_open(site, state, &p);
    bool f32 = dtype == IG_FLOAT32;
    for (int64_t i = 0; i < out->size; i++) {
        double u = f32 ? unit_f32(&p) : unit_f64(&p);
        double x = minval + (maxval - minval) * u;
        /* Rounding (to float32 above all) may land on maxval; the range is half open. */
        if (f32) {
            float xf = (float)x;
            if (maxval > minval && xf >= (float)maxval)
                xf = nextafterf((float)maxval, (float)minval);
            ((float *)out->data)[i] = xf;
        } else {
            if (maxval > minval && x >= maxval) x = nextafter(maxval, minval);
            ((double *)out->data)[i] = x;
        }
    }
    state_close(state, &p);
    return out;
}

IgTensor *ig_random_uniform_int(IgSite *site, IgVar *state, IgDType dtype, int rank,
                                const int64_t *shape, int64_t minval, int64_t maxval) {
    if (minval >= maxval)
        ig_fatal(site, "InvalidArgumentError: Need minval < maxval, got %lld >= %lld",
                 (long long)minval, (long long)maxval);
    IgTensor *out = draw_new(site, "random_uniform_int", dtype, rank, shape, false);
    IgPhilox p;
    state_open(site, state, &p);
    /* 64 random bits per element, reduced modulo the range as TensorFlow does: the
     * bias is range / 2^64, nothing for int32 ranges. Unsigned arithmetic, so the
     * widest range (INT64_MIN..INT64_MAX) does not overflow. */
    uint64_t range = (uint64_t)maxval - (uint64_t)minval;
    for (int64_t i = 0; i < out->size; i++) {
        uint64_t x = (uint64_t)minval + ig_philox_next_u64(&p) % range;
        if (dtype == IG_INT32) ((int32_t *)out->data)[i] = (int32_t)(int64_t)x;
        else ((int64_t *)out->data)[i] = (int64_t)x;
    }
    state_close(state, &p);
    return out;
}

IgTensor *ig_random_permutation(IgSite *site, IgVar *state, const IgTensor *n_t,
                                const IgTensor *epochs_t, int64_t buffer_size)
{
    IG_RT_ASSERT(n_t->dtype == IG_INT64 && n_t->rank == 0 && buffer_size >= 1);
    IG_RT_ASSERT(epochs_t->dtype == IG_INT64 && epochs_t->rank == 0);
    int64_t n = *(const int64_t *)n_t->data, epochs = *(const int64_t *)epochs_t->data, total;
    if (n < 0 || epochs < 0 || __builtin_mul_overflow(n, epochs, &total))
        ig_fatal(site, "InvalidArgumentError: cannot shuffle %lld elements %lld times",
                 (long long)n, (long long)epochs);
    IgPhilox p;
    state_open(site, state, &p); /* may fail: before the buffer, which would leak */
    IgTensor *out = ig_tensor_make(site, "random_permutation", IG_INT64, 1, &total);
    int64_t cap = buffer_size < n ? buffer_size : n;
    int64_t *buffer = malloc(sizeof *buffer * (size_t)(cap > 0 ? cap : 1));
    if (buffer == NULL) ig_out_of_memory(site, "random_permutation", IG_INT64, 1, &cap,
                                         (double)cap * 8);
    for (int64_t pass = 0; pass < epochs; pass++) {
        int64_t *order = (int64_t *)out->data + pass * n;
        int64_t len = 0, next = 0;
        while (len < cap) buffer[len++] = next++;
        for (int64_t i = 0; i < n; i++) {
            int64_t j = (int64_t)(ig_philox_next_u64(&p) % (uint64_t)len);
            order[i] = buffer[j];
            if (next < n) buffer[j] = next++;
            else buffer[j] = buffer[--len];
        }
    }
    state_close(state, &p);
    free(buffer);
    return out;
}

/* Box-Muller: two uniforms give two independent standard normals,
 * r cos(2 pi u2) and r sin(2 pi u2) with r = sqrt(-2 ln u1). Computed in double for
 * both dtypes, so float32 results are correctly rounded from one formula. */
static void box_muller(IgPhilox *p, bool f32, double z[2])
{
    double u1 = f32 ? unit_open_f32(p) : unit_open_f64(p);
    double u2 = f32 ? unit_f32(p) : unit_f64(p);
    double r = sqrt(-2.0 * log(u1));
    double a = TWO_PI * u2;
    z[0] = r * cos(a);
    z[1] = r * sin(a);
}

IgTensor *ig_random_normal(IgSite *site, IgVar *state, IgDType dtype, int rank,
                           const int64_t *shape, double mean, double stddev) {
    IgTensor *out = draw_new(site, "random_normal", dtype, rank, shape, true);
    IgPhilox p;
    state_open(site, state, &p);
    bool f32 = dtype == IG_FLOAT32;
    for (int64_t i = 0; i < out->size; i += 2) {
        double z[2];
        box_muller(&p, f32, z);
        store_float(out, i, mean + stddev * z[0]);
        if (i + 1 < out->size) store_float(out, i + 1, mean + stddev * z[1]);
    }
    state_close(state, &p);
    return out;
}

/* TensorFlow's rule: a draw more than two standard deviations from the mean is
 * thrown away and drawn again. Normals are taken from the stream in order until
 * every element has one, so the blocks consumed vary but are fixed by the state. */
IgTensor *ig_random_truncated_normal(IgSite *site, IgVar *state, IgDType dtype, int rank,
                                     const int64_t *shape, double mean, double stddev)
{
    IgTensor *out = draw_new(site, "random_truncated_normal", dtype, rank, shape, true);
    IgPhilox p;
    state_open(site, state, &p);
    bool f32 = dtype == IG_FLOAT32;
    int64_t i = 0;
    while (i < out->size) {
        double z[2];
        box_muller(&p, f32, z);
        for (int k = 0; k < 2 && i < out->size; k++)
            if (fabs(z[k]) < 2.0) store_float(out, i++, mean + stddev * z[k]);
    }
    state_close(state, &p);
    return out;
}
