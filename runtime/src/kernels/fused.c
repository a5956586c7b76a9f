/* fused.c — what the fused kernels (ig_matmul_bias, ig_conv2d_bias: a product, its bias
 * and an optional relu as one op, made by the compiler's fusion pass) share: the relu
 * applied in place to a result, and the three ops in turn where oneDNN cannot fuse.
 * Entry points: ig_relu_inplace_f32, ig_bias_act_unfused. Memory owner: results belong
 * to the caller. */
#include "internal.h"

void ig_relu_inplace_f32(float *p, int64_t n)
{
    /* As ig_relu computes it: v < 0 ? 0 : v keeps NaN and gives +0, never -0 (oneDNN's
     * relu post-op computes alpha * v, -0 for a negative v, which tf.print would show). */
#pragma omp simd
    for (int64_t i = 0; i < n; i++) p[i] = p[i] < 0 ? 0.0f : p[i];
}

IgTensor *ig_bias_act_unfused(IgSite *site, IgTensor *y, const IgTensor *bias, bool relu)
{
    IgTensor *z = ig_add(site, y, bias);
    ig_release(y);
    if (!relu) return z;
    IgTensor *r = ig_relu(site, z);
    ig_release(z);
    return r;
}
