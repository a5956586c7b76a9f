/* nn_batchnorm.c — PLACEHOLDER: kernels being written; each fails loudly until then. */
#include "internal.h"

IgTensor *ig_batch_norm(IgSite *site, const IgTensor *x, const IgTensor *mean,
                               const IgTensor *variance, const IgTensor *offset,
                               const IgTensor *scale, double epsilon)
{
    (void)x;
    (void)mean;
    (void)variance;
    (void)offset;
    (void)scale;
    (void)epsilon;
    ig_fatal(site, "not supported yet: batch_norm");
}
