/* tensor.c — tensor creation, reference counting, dtype facts and shape helpers.
 * Entry points: ig_tensor_make, ig_tensor_new, ig_tensor_wrap, ig_tensor_copy, ig_retain,
 * ig_release, ig_dtype_size, ig_dtype_name.
 * Memory owner: a tensor is freed when its refcount drops to 0; refcount < 0 marks an
 * immortal tensor (a site's constant) that only its site's release frees. A wrapped
 * tensor's data stays its caller's. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* The bytes of a dtype tensor of shape, checked: the compiler proves dtype, rank and
 * signs; an element count past what the kernels' strides can count, or bytes past what
 * an allocation can hold, is a run-time error at site. */
static int64_t shape_bytes(const IgSite *site, const char *op, IgDType dtype, int rank,
                           const int64_t *shape)
{
    /* Strings are made by ig_string only: their buffer is the text, not elements. */
    IG_RT_ASSERT(dtype >= IG_BOOL && dtype < IG_STRING);
    IG_RT_ASSERT(rank >= 0 && rank <= IG_MAX_RANK && (rank == 0 || shape != NULL));
    for (int i = 0; i < rank; i++) IG_RT_ASSERT(shape[i] >= 0);
    int64_t nbytes;
    if (ig_size_empty_too_large(rank, shape)) ig_fatal_empty_too_large(site, op, rank, shape);
    if (!ig_size_bytes(dtype, rank, shape, &nbytes))
        ig_out_of_memory(site, op, dtype, rank, shape,
                         ig_size_count_approx(rank, shape) * (double)ig_dtype_size(dtype));
    return nbytes;
}

IgTensor *ig_tensor_make(const IgSite *site, const char *op, IgDType dtype, int rank,
                         const int64_t *shape)
{
    int64_t nbytes = shape_bytes(site, op, dtype, rank, shape);
    return ig_tensor_alloc(site, op, dtype, rank, shape, (size_t)nbytes);
}

IgTensor *ig_tensor_new(IgDType dtype, int rank, const int64_t *shape)
{
    return ig_tensor_make(NULL, NULL, dtype, rank, shape);
}

IgTensor *ig_tensor_wrap(IgDType dtype, int rank, const int64_t *shape, void *data)
{
    int64_t nbytes = shape_bytes(NULL, "wrap", dtype, rank, shape);
    IG_RT_ASSERT(data != NULL || nbytes == 0);
    return ig_tensor_alloc_wrapped(dtype, rank, shape, data);
}

IgTensor *ig_tensor_copy(const IgTensor *t)
{
    size_t nbytes =
        t->dtype == IG_STRING ? strlen(t->data) + 1 : (size_t)t->size * ig_dtype_size(t->dtype);
    IgTensor *copy = ig_tensor_alloc(NULL, NULL, t->dtype, t->rank, t->shape, nbytes);
    if (nbytes) memcpy(copy->data, t->data, nbytes);
    return copy;
}

void ig_retain(IgTensor *t)
{
    if (t == NULL || t->refcount < 0) return;
    t->refcount++;
    /* Under a trap the call now holds t: freed with the call's tensors if it fails. */
    if (ig_trap_top != NULL) ig_tensor_trap_hold(t);
}

void ig_release(IgTensor *t)
{
    if (t == NULL || t->refcount < 0) return;
    IG_RT_ASSERT(t->refcount > 0); /* a release too many */
    if (--t->refcount == 0) ig_tensor_free(t);
}

size_t ig_dtype_size(IgDType dtype)
{
    switch (dtype) {
    case IG_BOOL: return 1;
    case IG_INT32: return 4;
    case IG_INT64: return 8;
    case IG_FLOAT32: return 4;
    case IG_FLOAT64: return 8;
    case IG_STRING: return 1; /* a string tensor's buffer holds bytes of text */
    case IG_DTYPE_COUNT: break;
    }
    ig_internal_error(__FILE__, __LINE__, "bad dtype %d", (int)dtype);
}

const char *ig_dtype_name(IgDType dtype)
{
    switch (dtype) {
    case IG_BOOL: return "bool";
    case IG_INT32: return "int32";
    case IG_INT64: return "int64";
    case IG_FLOAT32: return "float32";
    case IG_FLOAT64: return "float64";
    case IG_STRING: return "string";
    case IG_DTYPE_COUNT: break;
    }
    return "invalid";
}

bool ig_dtype_is_float(IgDType dtype)
{
    return dtype == IG_FLOAT32 || dtype == IG_FLOAT64;
}

bool ig_dtype_is_int(IgDType dtype)
{
    return dtype == IG_INT32 || dtype == IG_INT64;
}

char *ig_shape_str(char *buf, int rank, const int64_t *shape)
{
    size_t n = 0;
    buf[n++] = '[';
    for (int i = 0; i < rank; i++) {
        n += (size_t)snprintf(buf + n, IG_SHAPE_STR_MAX - n, i ? ",%lld" : "%lld",
                              (long long)shape[i]);
    }
    buf[n++] = ']';
    buf[n] = '\0';
    return buf;
}

bool ig_shape_equal(int ra, const int64_t *a, int rb, const int64_t *b)
{
    if (ra != rb) return false;
    for (int i = 0; i < ra; i++)
        if (a[i] != b[i]) return false;
    return true;
}
