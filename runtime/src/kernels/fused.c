/* fused.c — what the fused kernels (ig_matmul_bias, ig_conv2d_bias: a product, its bias
 * and an optional activation as one op, made by the compiler's fusion pass) share: the
 * activation applied to a result in place, and the ops in turn where oneDNN cannot fuse.
 * Also the result of the elementwise loops the compiler writes into programs.
 * Entry points: ig_activation_apply, ig_bias_act_unfused, ig_elementwise_result.
 * Memory owner: results belong to the caller. */
#include "internal.h"

IG_VECTOR_CLONES static void relu_inplace_f32(float *p, int64_t n)
{
    /* As ig_relu computes it: v < 0 ? 0 : v keeps NaN and gives +0, never -0 (oneDNN's
     * relu post-op computes alpha * v, -0 for a negative v, which tf.print would show). */
#pragma omp simd
    for (int64_t i = 0; i < n; i++) p[i] = p[i] < 0 ? 0.0f : p[i];
}

IgTensor *ig_activation_apply(IgSite *site, IgTensor *y, IgActivation act)
{
    IgTensor *out;
    switch (act) {
    case IG_ACT_NONE: return y;
    case IG_ACT_RELU:
        if (y->dtype == IG_FLOAT32) {
            relu_inplace_f32(y->data, y->size);
            return y;
        }
        out = ig_relu(site, y);
        break;
    /* The op's own kernel, so the fused result is the unfused one to the bit; y dies
       here, so it may write over it. */
    case IG_ACT_SIGMOID: out = ig_sigmoid(site, ig_donate(y)); break;
    case IG_ACT_TANH: out = ig_tanh(site, ig_donate(y)); break;
    default: ig_internal_error(__FILE__, __LINE__, "unknown activation %d", (int)act);
    }
    ig_release(y);
    return out;
}

IgTensor *ig_bias_act_unfused(IgSite *site, IgTensor *y, const IgTensor *bias, IgActivation act)
{
    IgTensor *z = ig_add(site, ig_donate(y), bias);
    ig_release(y);
    return ig_activation_apply(site, z, act);
}

IgTensor *ig_elementwise_result(IgSite *site, IgDType dtype, int rank, const int64_t *shape,
                                IgTensor *donated)
{
    return ig_tensor_make_or_take(site, "elementwise", donated, NULL, dtype, rank, shape);
}
