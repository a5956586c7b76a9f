/* test_threads.c — the runtime's state is per thread: two threads allocate, free and
 * run oneDNN kernels at once, each on its own engine, stream, site caches and free-block
 * caches, as a library's models do (ingot build --lib), with correct results; and a
 * thread's state is released when it exits (under AddressSanitizer LeakSanitizer
 * proves nothing is left). */
#include <pthread.h>

#include "rt_test.h"

TestSuite(threads, .fini = ig_runtime_shutdown);

enum { ROUNDS = 40, N = 256 };

/* What a library's generated code declares: sites of its own for each thread. */
static _Thread_local IgSite t_matmul = IG_SITE("lib.py", 1);
static _Thread_local IgSite t_relu = IG_SITE("lib.py", 2);
static _Thread_local IgSite t_const = IG_SITE("lib.py", 3);
static _Thread_local IgSite t_mul = IG_SITE("lib.py", 4);

typedef struct Worker {
    float scale;     /* each thread computes with its own values */
    int failures;    /* wrong results seen */
    long primitives; /* primitives the thread made: its caches are its own */
} Worker;

static void *worker_main(void *arg)
{
    Worker *w = arg;
    ig_runtime_thread_attach();
    ig_runtime_thread_attach(); /* idempotent */
    for (int round = 0; round < ROUNDS; round++) {
        /* Small blocks through the caches, and a large one. */
        for (int i = 1; i <= 64; i++) {
            IgTensor *t = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(i * 16), w->scale);
            if (AT(float, t, i * 16 - 1) != w->scale) w->failures++;
            ig_release(t);
        }
        const float one = 1.0f;
        IgTensor *c = ig_constant(&t_const, IG_FLOAT32, 0, NULL, &one);
        IgTensor *a = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(N, N), w->scale);
        IgTensor *b = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(N, N), -1.0);
        IgTensor *m = ig_matmul(&t_matmul, a, b, false, false); /* every element -N*scale */
        IgTensor *neg = ig_mul(&t_mul, m, c);
        IgTensor *r = ig_relu(&t_relu, neg); /* oneDNN: N*N >= IG_DNNL_MIN_ELEMENTS */
        IgTensor *big = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(IG_DNNL_MIN_ELEMENTS), -w->scale);
        IgTensor *rb = ig_relu(&t_relu, big);
        if (AT(float, m, N * N - 1) != -(float)N * w->scale) w->failures++;
        if (AT(float, r, 7) != 0.0f || AT(float, rb, 99) != 0.0f) w->failures++;
        ig_release(a), ig_release(b), ig_release(m), ig_release(neg), ig_release(r);
        ig_release(big), ig_release(rb);
    }
    w->primitives = ig_prim_created_count();
    return NULL; /* the key's destructor releases the sites' caches and the rest */
}

Test(threads, two_threads_run_kernels_at_once)
{
    _Static_assert(N * N >= IG_DNNL_MIN_ELEMENTS, "relu must run on oneDNN");
    Worker w[2] = {{.scale = 2.0f}, {.scale = 3.0f}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++) cr_assert_eq(pthread_create(&th[i], NULL, worker_main, &w[i]), 0);
    for (int i = 0; i < 2; i++) cr_assert_eq(pthread_join(th[i], NULL), 0);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(w[i].failures, 0, "thread %d", i);
        /* Made once per thread and kept in its sites (matmul, mul, relu), never taken
         * from the other thread's. */
        cr_assert(w[i].primitives > 0 && w[i].primitives <= 3, "thread %d made %ld", i,
                  w[i].primitives);
    }
    assert_no_leaks();
}

/* A thread that never called ig_runtime_thread_attach still leaves nothing behind: the
 * runtime attaches it when it first keeps a block, a site or an engine for it. */
static void *unattached_main(void *arg)
{
    (void)arg;
    IgTensor *t = ig_fill(NULL, IG_FLOAT32, 2, SHAPE(N, N), 1.0);
    IgTensor *r = ig_relu(&t_relu, t);
    ig_release(t);
    ig_release(r);
    return NULL;
}

Test(threads, an_unattached_thread_is_released_at_exit)
{
    pthread_t th;
    cr_assert_eq(pthread_create(&th, NULL, unattached_main, NULL), 0);
    cr_assert_eq(pthread_join(th, NULL), 0);
    assert_no_leaks();
}

/* A block made on one thread may be freed on another: it is parked in that thread's
 * cache, and freed with it. */
static void *release_main(void *arg)
{
    ig_release(arg);
    return NULL;
}

Test(threads, a_tensor_may_die_on_another_thread)
{
    IgTensor *t = ig_fill(NULL, IG_FLOAT32, 1, SHAPE(8), 1.0);
    pthread_t th;
    cr_assert_eq(pthread_create(&th, NULL, release_main, t), 0);
    cr_assert_eq(pthread_join(th, NULL), 0);
    assert_no_leaks();
}
