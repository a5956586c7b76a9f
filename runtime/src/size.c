/* size.c — the byte size of a dtype tensor (rt.h); the rest of the size arithmetic
 * is inline in ingot/size.h, which the compiler's shape rules share.
 * Entry point: ig_size_bytes. Memory owner: none. */
#include "ingot/rt.h"

bool ig_size_bytes(IgDType dtype, int rank, const int64_t *shape, int64_t *bytes)
{
    return ig_size_bytes_of((int64_t)ig_dtype_size(dtype), rank, shape, bytes);
}
