/* alloc.c — where every tensor's memory comes from: one aligned_alloc per tensor
 * holding the header followed by an IG_ALIGNMENT-aligned data buffer.
 * Entry points: ig_tensor_alloc, ig_tensor_free.
 * Memory owner: the tensor's refcount (tensor.c); immortals are freed by their site. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The header is padded to a whole number of alignment blocks so that the data right
 * after it is aligned too: one allocation, one free, no second pointer to track. */
#define HEADER_BYTES (((sizeof(IgTensor) + IG_ALIGNMENT - 1) / IG_ALIGNMENT) * IG_ALIGNMENT)

IgTensor *ig_tensor_alloc(IgDType dtype, int rank, const int64_t *shape, size_t nbytes)
{
    IG_RT_ASSERT(rank >= 0 && rank <= IG_MAX_RANK);
    IG_RT_ASSERT(rank == 0 || shape != NULL);
    /* aligned_alloc wants a multiple of the alignment; a size-zero tensor still gets
     * one block so that data is never NULL (oneDNN and memcpy prefer that). */
    size_t blocks = nbytes == 0 ? 1 : (nbytes + IG_ALIGNMENT - 1) / IG_ALIGNMENT;
    if (blocks > (SIZE_MAX - HEADER_BYTES) / IG_ALIGNMENT)
        ig_internal_error(__FILE__, __LINE__, "tensor of %zu bytes is too large", nbytes);
    char *mem = aligned_alloc(IG_ALIGNMENT, HEADER_BYTES + blocks * IG_ALIGNMENT);
    if (mem == NULL) {
        ig_fatal(NULL, "out of memory allocating a tensor of %zu bytes", nbytes);
    }
    IgTensor *t = (IgTensor *)mem;
    memset(t, 0, sizeof *t);
    t->dtype = dtype;
    t->rank = rank;
    t->size = 1;
    for (int i = 0; i < rank; i++) {
        IG_RT_ASSERT(shape[i] >= 0);
        t->shape[i] = shape[i];
        t->size *= shape[i];
    }
    t->data = mem + HEADER_BYTES;
    t->refcount = 1;
    return t;
}

void ig_tensor_free(IgTensor *t)
{
    free(t);
}
