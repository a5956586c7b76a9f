/* matmul.c — rank-2 matrix product: float32 on a oneDNN matmul primitive cached in the
 * site (created on the first call, re-created only when the shapes change); float64
 * and integers, which oneDNN lacks, on a plain loop.
 * Entry point: ig_matmul. Memory owner: the site's cache owns the primitive. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct MatmulCache {
    IgCache base;
    int64_t m, k, n;
    dnnl_primitive_t prim;
    dnnl_memory_t a, b, c; /* no buffers: the tensors' are set per call */
} MatmulCache;

static void matmul_cache_destroy(IgCache *cache)
{
    MatmulCache *mc = (MatmulCache *)cache;
    dnnl_memory_destroy(mc->a);
    dnnl_memory_destroy(mc->b);
    dnnl_memory_destroy(mc->c);
    dnnl_primitive_destroy(mc->prim);
    free(mc);
}

static MatmulCache *matmul_cache_new(int64_t m, int64_t k, int64_t n)
{
    MatmulCache *mc = calloc(1, sizeof *mc);
    if (mc == NULL) ig_fatal(NULL, "out of memory");
    mc->base.destroy = matmul_cache_destroy;
    mc->m = m, mc->k = k, mc->n = n;
    int64_t sa[2] = {m, k}, sb[2] = {k, n}, sc[2] = {m, n};
    dnnl_memory_desc_t ma, mb, mcd;
    ig_dnnl_md_f32(&ma, 2, sa);
    ig_dnnl_md_f32(&mb, 2, sb);
    ig_dnnl_md_f32(&mcd, 2, sc);
    dnnl_matmul_desc_t desc;
    IG_DNNL_CHECK(dnnl_matmul_desc_init(&desc, &ma, &mb, NULL, &mcd));
    mc->prim = ig_prim_create(&desc);
    dnnl_engine_t eng = ig_dnnl_engine();
    IG_DNNL_CHECK(dnnl_memory_create(&mc->a, &ma, eng, DNNL_MEMORY_NONE));
    IG_DNNL_CHECK(dnnl_memory_create(&mc->b, &mb, eng, DNNL_MEMORY_NONE));
    IG_DNNL_CHECK(dnnl_memory_create(&mc->c, &mcd, eng, DNNL_MEMORY_NONE));
    return mc;
}

static void matmul_f32_dnnl(IgSite *site, const IgTensor *a, const IgTensor *b, IgTensor *c)
{
    int64_t m = a->shape[0], k = a->shape[1], n = b->shape[1];
    MatmulCache *mc;
    IgCache *cached = site != NULL ? site->cache : NULL;
    if (cached != NULL && cached->destroy == matmul_cache_destroy &&
        ((MatmulCache *)cached)->m == m && ((MatmulCache *)cached)->k == k &&
        ((MatmulCache *)cached)->n == n) {
        mc = (MatmulCache *)cached;
    } else {
        mc = matmul_cache_new(m, k, n);
        if (site != NULL) ig_site_cache_set(site, &mc->base);
    }
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(mc->a, a->data));
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(mc->b, b->data));
    IG_DNNL_CHECK(dnnl_memory_set_data_handle(mc->c, c->data));
    dnnl_exec_arg_t args[3] = {
        {DNNL_ARG_SRC, mc->a}, {DNNL_ARG_WEIGHTS, mc->b}, {DNNL_ARG_DST, mc->c}};
    IG_DNNL_CHECK(dnnl_primitive_execute(mc->prim, ig_dnnl_stream(), 3, args));
    IG_DNNL_CHECK(dnnl_stream_wait(ig_dnnl_stream()));
    if (site == NULL) mc->base.destroy(&mc->base); /* nowhere to keep it */
}

/* c = a x b by rows (i-k-j order keeps the inner loop contiguous); c starts zeroed.
 * ACC(s, x, y) adds x*y to s: integers go through unsigned arithmetic to wrap. */
#define MATMUL_LOOP(T, ACC)                                                            \
    do {                                                                               \
        const T *pa = a->data, *pb = b->data;                                          \
        T *pc = c->data;                                                               \
        for (int64_t i = 0; i < m; i++)                                                \
            for (int64_t p = 0; p < k; p++) {                                          \
                T x = pa[i * k + p];                                                   \
                for (int64_t j = 0; j < n; j++) ACC(pc[i * n + j], x, pb[p * n + j]);  \
            }                                                                          \
    } while (0)
#define ACC_FLOAT(s, x, y) ((s) += (x) * (y))
#define ACC_I32(s, x, y) ((s) = (int32_t)((uint32_t)(s) + (uint32_t)(x) * (uint32_t)(y)))
#define ACC_I64(s, x, y) ((s) = (int64_t)((uint64_t)(s) + (uint64_t)(x) * (uint64_t)(y)))

IgTensor *ig_matmul(IgSite *site, const IgTensor *a, const IgTensor *b, bool transpose_a,
                    bool transpose_b)
{
    if (transpose_a || transpose_b) ig_fatal(site, "not supported yet: matmul with transposes");
    IG_RT_ASSERT(a->dtype == b->dtype);
    if (a->rank != 2 || b->rank != 2) {
        char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
        ig_fatal(site, "matmul: both operands must have rank 2, got shapes %s and %s",
                 ig_shape_str(s1, a->rank, a->shape), ig_shape_str(s2, b->rank, b->shape));
    }
    int64_t m = a->shape[0], k = a->shape[1], n = b->shape[1];
    if (b->shape[0] != k) { /* worded as the compiler's build-time check words it */
        char s1[IG_SHAPE_STR_MAX], s2[IG_SHAPE_STR_MAX];
        ig_fatal(site, "matmul: shapes %s and %s are incompatible: inner dimensions differ "
                 "(%lld vs %lld)", ig_shape_str(s1, 2, a->shape), ig_shape_str(s2, 2, b->shape),
                 (long long)k, (long long)b->shape[0]);
    }
    int64_t shape[2] = {m, n};
    IgTensor *c = ig_tensor_new(a->dtype, 2, shape);
    if (c->size == 0) return c;
    if (a->dtype == IG_FLOAT32 && k > 0) {
        matmul_f32_dnnl(site, a, b, c);
        return c;
    }
    memset(c->data, 0, (size_t)c->size * ig_dtype_size(c->dtype));
    switch (a->dtype) {
    case IG_FLOAT32: break; /* k == 0: the zeros are the answer */
    case IG_FLOAT64: MATMUL_LOOP(double, ACC_FLOAT); break;
    case IG_INT32: MATMUL_LOOP(int32_t, ACC_I32); break;
    case IG_INT64: MATMUL_LOOP(int64_t, ACC_I64); break;
    default:
        ig_internal_error(__FILE__, __LINE__, "matmul: dtype %s is not supported",
                          ig_dtype_name(a->dtype));
    }
    return c;
}
