/* ops.c — bench_ops: what single runtime kernels cost, called the way emitted C calls
 * them: the per-op overhead of a tiny ig_add, ig_matmul against oneDNN called directly,
 * a conv2d + bias + relu layer, and a Dense layer's clip as a oneDNN post-op against the
 * loop compiled programs run. Entry point: main (`bench_ops [NAME...]`).
 * Memory owner: each measure releases its tensors and shuts the runtime down itself.
 *
 * Output: one line per measure, `NAME key=value ...`, which bench/run parses and holds
 * to its targets; a measure that fails prints `NAME status=failed exit=N` after the
 * runtime's own message. Each measure runs in a child process: a run-time error
 * (ig_fatal exits) then costs only that line, and every measure starts from a fresh
 * allocator and oneDNN state. The parent never touches the runtime or OpenMP, so
 * forking is safe. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <oneapi/dnnl/dnnl.h>

#include "ingot/rt.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A float32 tensor of the given shape filled with a pattern in [-1, 1): fixed, so runs
 * are comparable, and not constant, so nothing special-cases it. */
static IgTensor *tensor_pattern(int rank, const int64_t *shape, unsigned seed)
{
    IgTensor *t = ig_tensor_new(IG_FLOAT32, rank, shape);
    float *p = t->data;
    uint32_t x = seed * 2654435761u + 1;
    for (int64_t i = 0; i < t->size; i++) {
        x = x * 1664525u + 1013904223u;
        p[i] = (float)(x >> 8) / (float)(1u << 23) - 1.0f;
    }
    return t;
}

/* ---- add16: the fixed cost of one small op --------------------------------------- */

#define ADD_ITERS 2000000
#define ADD_REPS 7

/* The loop a compiled `while` carrying x = x + one runs: a static site, the op, then
 * the release of the value it replaces. Best of ADD_REPS runs: on a shared machine the
 * fastest run is the one least disturbed, and the cost we want is the code's. */
static int bench_add16(void)
{
    static IgSite s3 = IG_SITE("bench_ops.py", 3);
    const int64_t shape[1] = {16};
    IgTensor *one = ig_fill(NULL, IG_FLOAT32, 1, shape, 1.0);
    double times[ADD_REPS];
    for (int rep = 0; rep < ADD_REPS; rep++) {
        IgTensor *t1 = ig_fill(NULL, IG_FLOAT32, 1, shape, 0.0);
        double t0 = now_seconds();
        for (long i = 0; i < ADD_ITERS; i++) {
            IgTensor *t3 = ig_add(&s3, t1, one);
            ig_release(t1);
            t1 = t3;
        }
        times[rep] = now_seconds() - t0;
        /* The work was done: every element counted every iteration (exact in float32
         * below 2^24). */
        for (int j = 0; j < 16; j++) {
            if (((const float *)t1->data)[j] != (float)ADD_ITERS) {
                fprintf(stderr, "add16: element %d is %g, expected %d\n", j,
                        ((const float *)t1->data)[j], ADD_ITERS);
                return 1;
            }
        }
        ig_release(t1);
    }
    ig_release(one);
    qsort(times, ADD_REPS, sizeof times[0], cmp_double);
    printf("add16 ns_per_op=%.1f median_ns_per_op=%.1f iterations=%d runs=%d\n",
           times[0] / ADD_ITERS * 1e9, times[ADD_REPS / 2] / ADD_ITERS * 1e9, ADD_ITERS,
           ADD_REPS);
    return 0;
}

/* ---- matmul: ig_matmul against a oneDNN matmul primitive used directly ------------ */

#define MM 1024
#define MM_ROUNDS 8
#define MM_PER_ROUND 2

#define DNNL_OK(call)                                                                  \
    do {                                                                               \
        dnnl_status_t st_ = (call);                                                    \
        if (st_ != dnnl_success) {                                                     \
            fprintf(stderr, "%s failed: status %d\n", #call, (int)st_);                \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

/* The reference: the same primitive kind (dnnl_matmul, plain row-major f32, no
 * transposes), created once on its own engine and stream, run on fixed buffers. */
typedef struct DirectMatmul {
    dnnl_engine_t engine;
    dnnl_stream_t stream;
    dnnl_primitive_t prim;
    dnnl_memory_t a, b, c;
} DirectMatmul;

static void direct_md(dnnl_memory_desc_t *md, int64_t rows, int64_t cols)
{
    dnnl_dims_t dims = {rows, cols}, strides = {cols, 1};
    DNNL_OK(dnnl_memory_desc_init_by_strides(md, 2, dims, dnnl_f32, strides));
}

static void direct_init(DirectMatmul *d, void *a, void *b, void *c)
{
    DNNL_OK(dnnl_engine_create(&d->engine, dnnl_cpu, 0));
    DNNL_OK(dnnl_stream_create(&d->stream, d->engine, dnnl_stream_default_flags));
    dnnl_memory_desc_t ma, mb, mc;
    direct_md(&ma, MM, MM);
    direct_md(&mb, MM, MM);
    direct_md(&mc, MM, MM);
    dnnl_matmul_desc_t desc;
    DNNL_OK(dnnl_matmul_desc_init(&desc, &ma, &mb, NULL, &mc));
    dnnl_primitive_desc_t pd;
    DNNL_OK(dnnl_primitive_desc_create(&pd, &desc, NULL, d->engine, NULL));
    DNNL_OK(dnnl_primitive_create(&d->prim, pd));
    DNNL_OK(dnnl_primitive_desc_destroy(pd));
    DNNL_OK(dnnl_memory_create(&d->a, &ma, d->engine, a));
    DNNL_OK(dnnl_memory_create(&d->b, &mb, d->engine, b));
    DNNL_OK(dnnl_memory_create(&d->c, &mc, d->engine, c));
}

static void direct_run(DirectMatmul *d)
{
    dnnl_exec_arg_t args[3] = {
        {DNNL_ARG_SRC, d->a}, {DNNL_ARG_WEIGHTS, d->b}, {DNNL_ARG_DST, d->c}};
    DNNL_OK(dnnl_primitive_execute(d->prim, d->stream, 3, args));
    DNNL_OK(dnnl_stream_wait(d->stream));
}

static void direct_fini(DirectMatmul *d)
{
    dnnl_memory_destroy(d->a);
    dnnl_memory_destroy(d->b);
    dnnl_memory_destroy(d->c);
    dnnl_primitive_destroy(d->prim);
    dnnl_stream_destroy(d->stream);
    dnnl_engine_destroy(d->engine);
}

/* The two sides alternate in rounds so that a burst of load from elsewhere on the
 * machine hits both; each side's figure is its best round. */
static int bench_matmul(void)
{
    static IgSite s5 = IG_SITE("bench_ops.py", 5);
    const int64_t shape[2] = {MM, MM};
    IgTensor *a = tensor_pattern(2, shape, 1), *b = tensor_pattern(2, shape, 2);
    IgTensor *ref = ig_tensor_new(IG_FLOAT32, 2, shape);
    DirectMatmul d;
    direct_init(&d, a->data, b->data, ref->data);

    /* Warm-up: primitive creation (ig_matmul's first call), page faults, thread pool. */
    direct_run(&d);
    ig_release(ig_matmul(&s5, a, b, false, false));

    double best_ig = INFINITY, best_direct = INFINITY;
    for (int round = 0; round < MM_ROUNDS; round++) {
        double t0 = now_seconds();
        for (int i = 0; i < MM_PER_ROUND; i++) {
            IgTensor *c = ig_matmul(&s5, a, b, false, false);
            ig_release(c);
        }
        double t1 = now_seconds();
        for (int i = 0; i < MM_PER_ROUND; i++) direct_run(&d);
        double t2 = now_seconds();
        if (t1 - t0 < best_ig) best_ig = t1 - t0;
        if (t2 - t1 < best_direct) best_direct = t2 - t1;
    }

    /* Both computed the same product (the same primitive: bitwise equal, but allow
     * for a different kernel choice). */
    IgTensor *c = ig_matmul(&s5, a, b, false, false);
    const float *pc = c->data, *pr = ref->data;
    for (int64_t i = 0; i < c->size; i++) {
        if (fabsf(pc[i] - pr[i]) > 1e-3f * (1.0f + fabsf(pr[i]))) {
            fprintf(stderr, "matmul: element %lld differs: %g vs %g\n", (long long)i, pc[i],
                    pr[i]);
            return 1;
        }
    }
    ig_release(c);
    direct_fini(&d);
    ig_release(a);
    ig_release(b);
    ig_release(ref);

    double flop = 2.0 * MM * MM * MM * MM_PER_ROUND;
    double g_ig = flop / best_ig * 1e-9, g_direct = flop / best_direct * 1e-9;
    printf("matmul ingot_gflops=%.1f dnnl_gflops=%.1f ratio=%.3f ms_per_op=%.2f size=%dx%dx%d "
           "runs=%d\n",
           g_ig, g_direct, g_ig / g_direct, best_ig / MM_PER_ROUND * 1e3, MM, MM, MM,
           MM_ROUNDS * MM_PER_ROUND);
    return 0;
}

/* ---- conv2d: one convolution layer as a compiled script runs it --------------------- */

#define CONV_N 32
#define CONV_HW 28
#define CONV_C 32
#define CONV_O 64
#define CONV_K 3
#define CONV_ITERS 10

/* y = relu(conv2d(x, w, SAME) + bias): three ops, each releasing what it no longer
 * needs right after, as the emitted C does. *conv_seconds gets the conv2d's share. */
static IgTensor *conv_layer(IgSite *sites, const IgTensor *x, const IgTensor *w,
                            const IgTensor *bias, double *conv_seconds)
{
    double t0 = now_seconds();
    IgTensor *t3 = ig_conv2d(&sites[0], x, w, 1, 1, 1, 1, true);
    *conv_seconds = now_seconds() - t0;
    IgTensor *t4 = ig_add(&sites[1], t3, bias);
    ig_release(t3);
    IgTensor *t5 = ig_relu(&sites[2], t4);
    ig_release(t4);
    return t5;
}

static int bench_conv2d(void)
{
    static IgSite sites[3] = {IG_SITE("bench_ops.py", 7), IG_SITE("bench_ops.py", 7),
                              IG_SITE("bench_ops.py", 7)};
    const int64_t xs[4] = {CONV_N, CONV_HW, CONV_HW, CONV_C};
    const int64_t ws[4] = {CONV_K, CONV_K, CONV_C, CONV_O};
    const int64_t bs[1] = {CONV_O};
    IgTensor *x = tensor_pattern(4, xs, 3), *w = tensor_pattern(4, ws, 4);
    IgTensor *bias = tensor_pattern(1, bs, 5);

    double conv_s;
    IgTensor *y = conv_layer(sites, x, w, bias, &conv_s); /* warm-up: primitive creation */
    if (y->rank != 4 || y->shape[0] != CONV_N || y->shape[1] != CONV_HW ||
        y->shape[2] != CONV_HW || y->shape[3] != CONV_O) {
        fprintf(stderr, "conv2d: unexpected output rank %d\n", y->rank);
        return 1;
    }
    /* One output element checked by hand (an interior one: no padding involved), so a
     * fast wrong kernel does not pass as a result. */
    {
        const int n = 1, oh = 5, ow = 7, o = 9;
        const float *px = x->data, *pw = w->data;
        double acc = ((const float *)bias->data)[o];
        for (int i = 0; i < CONV_K; i++)
            for (int j = 0; j < CONV_K; j++)
                for (int c = 0; c < CONV_C; c++)
                    acc +=
                        (double)
                            px[((n * CONV_HW + oh - 1 + i) * CONV_HW + ow - 1 + j) * CONV_C + c] *
                        pw[((i * CONV_K + j) * CONV_C + c) * CONV_O + o];
        double want = acc > 0 ? acc : 0;
        float got = ((const float *)y->data)[((n * CONV_HW + oh) * CONV_HW + ow) * CONV_O + o];
        if (fabs(got - want) > 1e-3 * (1 + fabs(want))) {
            fprintf(stderr, "conv2d: y[1,5,7,9] is %g, expected %g\n", got, want);
            return 1;
        }
    }
    ig_release(y);

    double times[CONV_ITERS], conv_times[CONV_ITERS];
    for (int i = 0; i < CONV_ITERS; i++) {
        double t0 = now_seconds();
        ig_release(conv_layer(sites, x, w, bias, &conv_times[i]));
        times[i] = now_seconds() - t0;
    }
    ig_release(x);
    ig_release(w);
    ig_release(bias);
    qsort(times, CONV_ITERS, sizeof times[0], cmp_double);
    qsort(conv_times, CONV_ITERS, sizeof conv_times[0], cmp_double);
    /* The convolution's multiply-adds; the bias and relu add 2 flops per output, noise
     * next to 2*kh*kw*c = 576, but their time counts (ms_per_iter is the layer's). */
    double flop = 2.0 * CONV_N * CONV_HW * CONV_HW * CONV_K * CONV_K * CONV_C * CONV_O;
    printf("conv2d gflops=%.1f ms_per_iter=%.2f median_ms_per_iter=%.2f conv_only_ms=%.2f "
           "shape=%dx%dx%dx%d*%dx%dx%dx%d runs=%d\n",
           flop / times[0] * 1e-9, times[0] * 1e3, times[CONV_ITERS / 2] * 1e3,
           conv_times[0] * 1e3, CONV_N, CONV_HW, CONV_HW, CONV_C, CONV_K, CONV_K, CONV_C,
           CONV_O, CONV_ITERS);
    return 0;
}

/* ---- dense_clip: clip after a Dense layer, oneDNN's clip post-op against a loop ------ */

#define DC_ROUNDS 11
#define DC_LO -1.0f
#define DC_HI 1.0f

/* Two layers: a Keras MLP's first (batch 64, 784 -> 128: the product's time dominates),
 * and one with a wide result and little work per element (4 MB out, 64 multiply-adds
 * each), where a pass over the result weighs most: the post-op's best case. */
static const struct DenseSize {
    int64_t m, k, n;
    int per_round;
} dense_sizes[] = {{64, 784, 128, 200}, {1024, 64, 1024, 20}};

/* tf.clip_by_value(matmul(a, b) + bias, lo, hi) two ways on one oneDNN matmul with its
 * bias: with a dnnl_eltwise_clip_v2 post-op (what fusing the clip into the product would
 * run), or without, then the loop a compiled program runs today (the elementwise pass's
 * maximum(minimum(x, hi), lo) over the product's result, in place). */
typedef struct DirectDense {
    dnnl_primitive_t prim;
    dnnl_memory_t a, b, bias, c;
} DirectDense;

static void dense_init(DirectDense *d, const struct DenseSize *z, dnnl_engine_t engine,
                       bool post_op, void *a, void *b, void *bias, void *c)
{
    dnnl_memory_desc_t ma, mb, mbias, mc;
    direct_md(&ma, z->m, z->k);
    direct_md(&mb, z->k, z->n);
    direct_md(&mbias, 1, z->n);
    direct_md(&mc, z->m, z->n);
    dnnl_matmul_desc_t desc;
    DNNL_OK(dnnl_matmul_desc_init(&desc, &ma, &mb, &mbias, &mc));
    dnnl_post_ops_t ops;
    dnnl_primitive_attr_t attr;
    DNNL_OK(dnnl_post_ops_create(&ops));
    if (post_op)
        DNNL_OK(dnnl_post_ops_append_eltwise(ops, 1.0f, dnnl_eltwise_clip_v2, DC_LO, DC_HI));
    DNNL_OK(dnnl_primitive_attr_create(&attr));
    DNNL_OK(dnnl_primitive_attr_set_post_ops(attr, ops));
    dnnl_primitive_desc_t pd;
    DNNL_OK(dnnl_primitive_desc_create(&pd, &desc, attr, engine, NULL));
    DNNL_OK(dnnl_primitive_create(&d->prim, pd));
    DNNL_OK(dnnl_primitive_desc_destroy(pd));
    DNNL_OK(dnnl_primitive_attr_destroy(attr));
    DNNL_OK(dnnl_post_ops_destroy(ops));
    DNNL_OK(dnnl_memory_create(&d->a, &ma, engine, a));
    DNNL_OK(dnnl_memory_create(&d->b, &mb, engine, b));
    DNNL_OK(dnnl_memory_create(&d->bias, &mbias, engine, bias));
    DNNL_OK(dnnl_memory_create(&d->c, &mc, engine, c));
}

static void dense_run(DirectDense *d, dnnl_stream_t stream)
{
    dnnl_exec_arg_t args[4] = {{DNNL_ARG_SRC, d->a}, {DNNL_ARG_WEIGHTS, d->b},
                               {DNNL_ARG_BIAS, d->bias}, {DNNL_ARG_DST, d->c}};
    DNNL_OK(dnnl_primitive_execute(d->prim, stream, 4, args));
    DNNL_OK(dnnl_stream_wait(stream));
}

static void dense_clip_loop(IgTensor *c)
{
    float *p = c->data;
    int64_t n = c->size; /* a local bound, as the emitted loop's constant one: vectorised */
    for (int64_t i = 0; i < n; i++) p[i] = ig_maximum_f32(ig_minimum_f32(p[i], DC_HI), DC_LO);
}

static void dense_fini(DirectDense *d)
{
    dnnl_memory_destroy(d->a);
    dnnl_memory_destroy(d->b);
    dnnl_memory_destroy(d->bias);
    dnnl_memory_destroy(d->c);
    dnnl_primitive_destroy(d->prim);
}

/* The two sides alternate within each round; each figure is the median round. The
 * results are compared bit for bit: a NaN in a (put there on purpose, as a NaN or an
 * inf - inf can come from data) must come out NaN, which the post-op does not do, and
 * that count is printed as nan_lost. */
static void dense_clip_size(const struct DenseSize *z, dnnl_engine_t engine,
                            dnnl_stream_t stream)
{
    const int64_t sa[2] = {z->m, z->k}, sb[2] = {z->k, z->n}, sbias[1] = {z->n};
    const int64_t sc[2] = {z->m, z->n};
    IgTensor *a = tensor_pattern(2, sa, 6), *b = tensor_pattern(2, sb, 7);
    IgTensor *bias = tensor_pattern(1, sbias, 8);
    IgTensor *loop_c = ig_tensor_new(IG_FLOAT32, 2, sc);
    IgTensor *post_c = ig_tensor_new(IG_FLOAT32, 2, sc);
    ((float *)a->data)[3 * z->k] = NAN; /* row 3 of the product is NaN */
    DirectDense loop, post;
    dense_init(&loop, z, engine, false, a->data, b->data, bias->data, loop_c->data);
    dense_init(&post, z, engine, true, a->data, b->data, bias->data, post_c->data);

    /* The product alone (no clip at all) too, so each side's clip shows as a difference. */
    double loop_t[DC_ROUNDS], post_t[DC_ROUNDS], product_t[DC_ROUNDS];
    for (int round = -1; round < DC_ROUNDS; round++) { /* round -1: the warm-up */
        double t0 = now_seconds();
        for (int i = 0; i < z->per_round; i++) {
            dense_run(&loop, stream);
            dense_clip_loop(loop_c);
        }
        double t1 = now_seconds();
        for (int i = 0; i < z->per_round; i++) dense_run(&post, stream);
        double t2 = now_seconds();
        for (int i = 0; i < z->per_round; i++) dense_run(&loop, stream);
        double t3 = now_seconds();
        if (round < 0) continue;
        loop_t[round] = t1 - t0, post_t[round] = t2 - t1, product_t[round] = t3 - t2;
    }
    dense_run(&loop, stream); /* the last run of the loop side left its result unclipped */
    dense_clip_loop(loop_c);
    int64_t differ = 0, nan_lost = 0;
    const float *pl = loop_c->data, *pp = post_c->data;
    for (int64_t i = 0; i < loop_c->size; i++) {
        differ += memcmp(&pl[i], &pp[i], sizeof(float)) != 0;
        nan_lost += isnan(pl[i]) && !isnan(pp[i]);
    }
    dense_fini(&loop);
    dense_fini(&post);
    ig_release(a);
    ig_release(b);
    ig_release(bias);
    ig_release(loop_c);
    ig_release(post_c);
    qsort(loop_t, DC_ROUNDS, sizeof loop_t[0], cmp_double);
    qsort(post_t, DC_ROUNDS, sizeof post_t[0], cmp_double);
    qsort(product_t, DC_ROUNDS, sizeof product_t[0], cmp_double);
    double us_loop = loop_t[DC_ROUNDS / 2] / z->per_round * 1e6;
    double us_post = post_t[DC_ROUNDS / 2] / z->per_round * 1e6;
    double us_product = product_t[DC_ROUNDS / 2] / z->per_round * 1e6;
    printf("dense_clip loop_us=%.2f post_op_us=%.2f product_us=%.2f ratio=%.3f differ=%lld "
           "nan_lost=%lld size=%lldx%lldx%lld runs=%d\n",
           us_loop, us_post, us_product, us_post / us_loop, (long long)differ,
           (long long)nan_lost, (long long)z->m, (long long)z->k, (long long)z->n,
           DC_ROUNDS * z->per_round);
}

static int bench_dense_clip(void)
{
    dnnl_engine_t engine;
    dnnl_stream_t stream;
    DNNL_OK(dnnl_engine_create(&engine, dnnl_cpu, 0));
    DNNL_OK(dnnl_stream_create(&stream, engine, dnnl_stream_default_flags));
    for (size_t i = 0; i < sizeof dense_sizes / sizeof dense_sizes[0]; i++)
        dense_clip_size(&dense_sizes[i], engine, stream);
    dnnl_stream_destroy(stream);
    dnnl_engine_destroy(engine);
    return 0;
}

/* ---- Driver ------------------------------------------------------------------------ */

static const struct {
    const char *name;
    int (*run)(void);
} measures[] = {
    {"add16", bench_add16},
    {"matmul", bench_matmul},
    {"conv2d", bench_conv2d},
    {"dense_clip", bench_dense_clip},
};
#define NMEASURES ((int)(sizeof measures / sizeof measures[0]))

static int run_in_child(int index)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        perror("bench_ops: fork");
        return 1;
    }
    if (pid == 0) {
        ig_runtime_init(0, NULL);
        int rc = measures[index].run();
        ig_runtime_shutdown();
        fflush(stdout);
        _exit(rc);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0) {
        perror("bench_ops: waitpid");
        return 1;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 0;
    if (WIFEXITED(status))
        printf("%s status=failed exit=%d\n", measures[index].name, WEXITSTATUS(status));
    else
        printf("%s status=failed signal=%d\n", measures[index].name, WTERMSIG(status));
    return 1;
}

int main(int argc, char **argv)
{
    bool chosen[NMEASURES] = {false};
    bool any = false;
    for (int i = 1; i < argc; i++) {
        int k = 0;
        while (k < NMEASURES && strcmp(argv[i], measures[k].name) != 0) k++;
        if (k == NMEASURES) {
            fprintf(stderr,
                    "usage: bench_ops [add16|matmul|conv2d|dense_clip ...] (unknown '%s')\n",
                    argv[i]);
            return 2;
        }
        chosen[k] = any = true;
    }
    int failed = 0;
    for (int k = 0; k < NMEASURES; k++)
        if (!any || chosen[k]) failed |= run_in_child(k);
    return failed;
}
