/* strings.c — kernels on string scalars: `a + b` on string tensors (TensorFlow's Add
 * on strings concatenates), as a script builds a file name from a directory flag.
 * Entry points: ig_string_concat.
 * Memory owner: results are the caller's. */
#include <string.h>

#include "internal.h"

IgTensor *ig_string_concat(IgSite *site, const IgTensor *a, const IgTensor *b)
{
    IG_RT_ASSERT(a->dtype == IG_STRING && b->dtype == IG_STRING);
    size_t la = strlen(a->data), lb = strlen(b->data);
    IgTensor *t = ig_tensor_alloc(site, "add", IG_STRING, 0, NULL, la + lb + 1);
    memcpy(t->data, a->data, la);
    memcpy((char *)t->data + la, b->data, lb + 1);
    return t;
}
