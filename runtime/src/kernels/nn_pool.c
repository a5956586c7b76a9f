/* nn_pool.c — PLACEHOLDER: kernels being written; each fails loudly until then. */
#include "internal.h"

IgTensor *ig_max_pool2d(IgSite *site, const IgTensor *x, int kh, int kw, int stride_h,
                               int stride_w, bool same_padding)
{
    (void)x;
    (void)kh;
    (void)kw;
    (void)stride_h;
    (void)stride_w;
    (void)same_padding;
    ig_fatal(site, "not supported yet: max_pool2d");
}

IgTensor *ig_avg_pool2d(IgSite *site, const IgTensor *x, int kh, int kw, int stride_h,
                               int stride_w, bool same_padding)
{
    (void)x;
    (void)kh;
    (void)kw;
    (void)stride_h;
    (void)stride_w;
    (void)same_padding;
    ig_fatal(site, "not supported yet: avg_pool2d");
}
