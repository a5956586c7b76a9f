/* nn_conv.c — PLACEHOLDER: kernels being written; each fails loudly until then. */
#include "internal.h"

IgTensor *ig_conv2d(IgSite *site, const IgTensor *x, const IgTensor *filter, int stride_h,
                           int stride_w, int dilation_h, int dilation_w, bool same_padding)
{
    (void)x;
    (void)filter;
    (void)stride_h;
    (void)stride_w;
    (void)dilation_h;
    (void)dilation_w;
    (void)same_padding;
    ig_fatal(site, "not supported yet: conv2d");
}
