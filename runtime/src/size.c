/* size.c — element counts and byte sizes that cannot overflow: the one place where a
 * shape becomes a number of elements or bytes, for the runtime's allocations and the
 * compiler's shape rules alike (a product that wraps would allocate a tiny block the
 * kernel then writes past).
 * Entry points: ig_size_mul, ig_size_count, ig_size_bytes, ig_size_count_approx.
 * Memory owner: none. */
#include "ingot/rt.h"

bool ig_size_mul(int64_t a, int64_t b, int64_t *out)
{
    int64_t r;
    if (a < 0 || b < 0 || __builtin_mul_overflow(a, b, &r)) return false;
    *out = r;
    return true;
}

bool ig_size_count(int rank, const int64_t *shape, int64_t *count)
{
    /* A zero dim makes the tensor empty whatever the others are: [0, 2^40, 2^40] has
     * no elements, though the product of the other two overflows. */
    for (int i = 0; i < rank; i++) {
        if (shape[i] < 0) return false;
        if (shape[i] == 0) {
            *count = 0;
            return true;
        }
    }
    int64_t n = 1;
    for (int i = 0; i < rank; i++)
        if (!ig_size_mul(n, shape[i], &n)) return false;
    *count = n;
    return true;
}

bool ig_size_bytes(IgDType dtype, int rank, const int64_t *shape, int64_t *bytes)
{
    int64_t n, b;
    if (!ig_size_count(rank, shape, &n) || !ig_size_mul(n, (int64_t)ig_dtype_size(dtype), &b) ||
        b > IG_MAX_TENSOR_BYTES)
        return false;
    *bytes = b;
    return true;
}

double ig_size_count_approx(int rank, const int64_t *shape)
{
    double n = 1;
    for (int i = 0; i < rank; i++) n *= (double)shape[i];
    return n;
}
