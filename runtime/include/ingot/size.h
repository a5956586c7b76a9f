/* ingot/size.h — the sizes the compiler and the runtime must agree on: the largest
 * rank, the largest tensor, and element counts and byte sizes that cannot overflow.
 * The one place where a shape becomes a number of elements or bytes, for the
 * runtime's allocations and the compiler's shape rules alike (a product that wraps
 * would allocate a tiny block the kernel then writes past), so the compiler refuses
 * exactly the shapes the runtime would. Pure arithmetic, inline: the compiler's
 * graph uses it without the runtime library (rt.h includes it for the rest). Also the
 * work thresholds at which the kernels change how they run, which the compiler's
 * passes mirror when they fuse ops and write loops.
 * Memory owner: none. */
#ifndef INGOT_SIZE_H
#define INGOT_SIZE_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#define IG_MAX_RANK 8
/* The most bytes one tensor may have: 256 TiB, all a 48-bit virtual address space (what
 * x86-64 and AArch64 give a process) can map. The compiler rejects a static shape above
 * it; at run time one is out of memory at once, whatever malloc would say. */
#define IG_MAX_TENSOR_BYTES ((int64_t)1 << 48)

/* *out = a * b for sizes a, b >= 0; false (leaving *out) when negative or over int64. */
static inline bool ig_size_mul(int64_t a, int64_t b, int64_t *out)
{
    int64_t r;
    if (a < 0 || b < 0 || __builtin_mul_overflow(a, b, &r)) return false;
    *out = r;
    return true;
}

/* *count = the number of elements of shape (1 for rank 0, 0 when any dim is 0); false
 * when a dim is negative or the product of the non-zero dims does not fit in an int64.
 * An empty shape too: the kernels compute strides from the other dims, and
 * [0, 2^40, 2^40]'s would overflow (ig_size_empty_too_large tells that case apart). */
static inline bool ig_size_count(int rank, const int64_t *shape, int64_t *count)
{
    int64_t n = 1;
    bool empty = false;
    for (int i = 0; i < rank; i++) {
        if (shape[i] < 0) return false;
        if (shape[i] == 0) empty = true;
        else if (!ig_size_mul(n, shape[i], &n)) return false;
    }
    *count = empty ? 0 : n;
    return true;
}

/* Whether shape is empty (a zero dim) yet refused by ig_size_count: Ingot's limit,
 * not an out-of-memory (TensorFlow allows such a shape). */
static inline bool ig_size_empty_too_large(int rank, const int64_t *shape)
{
    bool empty = false;
    for (int i = 0; i < rank; i++) empty = empty || shape[i] == 0;
    int64_t n;
    return empty && !ig_size_count(rank, shape, &n);
}

/* *bytes = the data bytes of a tensor of shape whose elements take element_bytes;
 * false when ig_size_count fails or they are more than IG_MAX_TENSOR_BYTES. */
static inline bool ig_size_bytes_of(int64_t element_bytes, int rank, const int64_t *shape,
                                    int64_t *bytes)
{
    int64_t n, b;
    if (!ig_size_count(rank, shape, &n) || !ig_size_mul(n, element_bytes, &b) ||
        b > IG_MAX_TENSOR_BYTES)
        return false;
    *bytes = b;
    return true;
}

/* The element count as a double, for messages about a shape too large to count; of an
 * empty shape, the count of its non-zero dims. */
static inline double ig_size_count_approx(int rank, const int64_t *shape)
{
    double n = 1;
    for (int i = 0; i < rank; i++)
        if (shape[i] != 0) n *= (double)shape[i];
    return n;
}

#define IG_ALIGNMENT 64 /* bytes; every tensor buffer the runtime allocates is aligned to this */
/* The bytes before a tensor's data in the block the runtime makes for it (alloc.c's
 * block header, the IgTensor first): two IG_ALIGNMENT blocks. The compiler lays out a
 * function's memory plan (emit_memplan.h) as such blocks, one per slot, so it must
 * count them as the runtime does; alloc.c checks the two agree. */
#define IG_TENSOR_HEADER_BYTES 128

/* The bytes of a memory plan's slot whose data holds up to capacity bytes: the header,
 * then the data rounded up to whole IG_ALIGNMENT blocks (so the next slot is aligned).
 * The one formula the compiler's plan and the runtime's arena share. */
static inline size_t ig_slot_bytes(size_t capacity)
{
    return IG_TENSOR_HEADER_BYTES + (capacity + IG_ALIGNMENT - 1) / IG_ALIGNMENT * IG_ALIGNMENT;
}

/* ---- Work thresholds ---------------------------------------------------------------
 * From IG_DNNL_MIN_ELEMENTS output elements on, an elementwise kernel runs on a oneDNN
 * primitive cached in its site; below it the plain loops win. A primitive execution has
 * a fixed cost (argument checks, an OpenMP fork/join) of tens of microseconds, which a
 * vectorised loop spends on ~64K floats; above that oneDNN's threads pay off (on the
 * 2-core dev box: 1M-element add 0.64 ms vs 1.7 ms plain; 16K: 24 us vs 17 us). The
 * compiler fuses sigmoid and tanh into a product only below it (a fused kernel's site
 * holds the product's primitive, which theirs would replace on every call).
 *
 * A kernel streaming fewer bytes (sources, weights, results) than IG_THREADS_MIN_BYTES,
 * and computing fewer floating-point operations than IG_THREADS_MIN_FLOPS, runs on one
 * thread: below that a fork/join costs more than the split saves (an MLP's 64x128 matmul
 * took 12x longer on two threads than on one; the digits CNN's 1-MFLOP convolutions
 * 1.3x, its 9-MFLOP ones too). About a millisecond of work on one core pays. A loop over
 * IG_PARALLEL_MIN_ELEMENTS elements or more (as many float32s) is split across threads,
 * the kernels' own and the compiler's fused loops alike. Each is overridable with -D for
 * benchmarks. */
#ifndef IG_DNNL_MIN_ELEMENTS
#define IG_DNNL_MIN_ELEMENTS 65536
#endif
#ifndef IG_THREADS_MIN_BYTES
#define IG_THREADS_MIN_BYTES (2048 * 1024)
#define IG_THREADS_MIN_FLOPS 32e6
#endif
#define IG_PARALLEL_MIN_ELEMENTS (IG_THREADS_MIN_BYTES / 4)

#endif
