/* nn_window.c — the helpers the neural-network kernels share: TensorFlow's sliding
 * window sizes and padding, NHWC descriptors.
 * Entry points: ig_nn_window_dim, ig_nn_md_nhwc.
 * Memory owner: none. */
#include "nn_internal.h"

IgWindowDim ig_nn_window_dim(const IgSite *site, int64_t in, int64_t k, int64_t stride,
                             int64_t dilation, bool same_padding)
{
    IG_RT_ASSERT(stride >= 1 && dilation >= 1 && k >= 1);
    int64_t effective = (k - 1) * dilation + 1;
    IgWindowDim d = {0, 0, 0};
    if (same_padding) {
        d.out = (in + stride - 1) / stride;
        int64_t needed = (d.out - 1) * stride + effective - in;
        if (needed < 0) needed = 0;
        d.pad_before = needed / 2;
        d.pad_after = needed - d.pad_before;
    } else {
        d.out = (in - effective + stride) / stride; /* C truncates toward 0, as C++ */
    }
    if (d.out < 0)
        ig_fatal(site,
                 "Computed output size would be negative: %lld [input_size: %lld, "
                 "effective_filter_size: %lld, stride: %lld]",
                 (long long)d.out, (long long)in, (long long)effective, (long long)stride);
    return d;
}

void ig_nn_md_nhwc(dnnl_memory_desc_t *md, int64_t n, int64_t h, int64_t w, int64_t c)
{
    dnnl_dims_t dims = {n, c, h, w};
    IG_DNNL_CHECK(dnnl_memory_desc_init_by_tag(md, 4, dims, dnnl_f32, dnnl_nhwc));
}
