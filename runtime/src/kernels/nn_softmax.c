/* nn_softmax.c — PLACEHOLDER: kernels being written; each fails loudly until then. */
#include "internal.h"

IgTensor *ig_softmax(IgSite *site, const IgTensor *x, int axis)
{
    (void)x;
    (void)axis;
    ig_fatal(site, "not supported yet: softmax");
}

IgTensor *ig_log_softmax(IgSite *site, const IgTensor *x, int axis)
{
    (void)x;
    (void)axis;
    ig_fatal(site, "not supported yet: log_softmax");
}

IgTensor *ig_sparse_softmax_xent(IgSite *site, const IgTensor *logits,
                                        const IgTensor *labels)
{
    (void)logits;
    (void)labels;
    ig_fatal(site, "not supported yet: sparse_softmax_xent");
}
