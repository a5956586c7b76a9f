/* nn_internal.h — what the neural-network kernels (nn_*.c) share: TensorFlow's window
 * arithmetic for conv/pool and NHWC memory descriptors (their primitive caches are
 * internal.h's IgDnnlCache). Entry points: ig_nn_window_dim, ig_nn_md_nhwc.
 * Memory owner: none; the kernels' site caches own their oneDNN objects. */
#ifndef INGOT_RT_NN_INTERNAL_H
#define INGOT_RT_NN_INTERNAL_H

#include "internal.h"

/* One spatial dim of a sliding window: the output size and the zero padding before
 * and after the input (SAME only; VALID pads nothing). */
typedef struct IgWindowDim {
    int64_t out, pad_before, pad_after;
} IgWindowDim;

/* TensorFlow's GetWindowedOutputSizeVerboseV2: SAME gives out = ceil(in / stride)
 * and pads (out-1)*stride + effective_k - in (at least 0), the odd cell after; VALID
 * gives (in - effective_k + stride) / stride truncated toward zero, so a window a bit
 * bigger than the input gives an empty output and a negative size is an error worded
 * as TensorFlow's ("Computed output size would be negative: -1 [input_size: 2,
 * effective_filter_size: 4, stride: 1]"). */
IG_INTERNAL IgWindowDim ig_nn_window_dim(const IgSite *site, int64_t in, int64_t k,
                                         int64_t stride, int64_t dilation, bool same_padding);

/* An f32 descriptor of logical dims {n, c, h, w} laid out NHWC (TensorFlow's order). */
IG_INTERNAL void ig_nn_md_nhwc(dnnl_memory_desc_t *md, int64_t n, int64_t h, int64_t w,
                               int64_t c);

#endif
