/* library.c — the calls a library's generated C makes around its exported functions
 * (ingot/lib.h): a caller's input checked against the input_signature and wrapped
 * without a copy, results handed back and held until the next call, errors kept as
 * text. Entry points: ig_lib_begin, ig_lib_input, ig_lib_output, ig_lib_string,
 * ig_lib_copy_text, ig_lib_release. Memory owner: IgLibState owns the results held. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingot/lib.h"
#include "internal.h"

void ig_lib_copy_text(char *buf, size_t len, const char *text)
{
    if (buf == NULL || len == 0) return;
    snprintf(buf, len, "%s", text);
}

static void fail(IgLibState *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(IgLibState *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->error, sizeof st->error, fmt, ap);
    va_end(ap);
}

void ig_lib_release(IgLibState *st)
{
    for (int i = 0; i < st->nheld; i++) ig_release(st->held[i]);
    st->nheld = 0;
}

void ig_lib_begin(IgLibState *st)
{
    st->error[0] = '\0';
}

/* The ABI's dtype codes (NAME_dtype) and the runtime's. */
static const struct {
    int code;
    bool supported; /* uint8 is in the ABI, not among Ingot's dtypes yet */
    IgDType dtype;
    const char *name;
} dtypes[] = {
    {IG_LIB_FLOAT32, true, IG_FLOAT32, "float32"}, {IG_LIB_FLOAT64, true, IG_FLOAT64, "float64"},
    {IG_LIB_INT32, true, IG_INT32, "int32"},       {IG_LIB_INT64, true, IG_INT64, "int64"},
    {IG_LIB_BOOL, true, IG_BOOL, "bool"},          {IG_LIB_UINT8, false, IG_BOOL, "uint8"},
};
#define NDTYPES ((int)(sizeof dtypes / sizeof dtypes[0]))
_Static_assert(NDTYPES == IG_LIB_UINT8 + 1, "one row per NAME_dtype, in its order");

/* "(2, 4)" as Python prints a shape; buf holds IG_LIB_MAX_RANK dims of 20 digits. */
static const char *shape_text(char *buf, size_t len, int rank, const int64_t *dims)
{
    size_t n = (size_t)snprintf(buf, len, "(");
    for (int d = 0; d < rank && n < len; d++)
        n += (size_t)snprintf(buf + n, len - n, "%s%lld", d ? ", " : "", (long long)dims[d]);
    if (n < len) snprintf(buf + n, len - n, rank == 1 ? ",)" : ")");
    return buf;
}

IgTensor *ig_lib_input(IgLibState *st, const char *fn, const IgLibParam *param, int dtype,
                       int rank, const int64_t *dims, void *data)
{
    char have[IG_LIB_MAX_RANK * 24 + 8];
    const char *what = param->name;
    int k = 0;
    while (k < NDTYPES && dtypes[k].code != dtype) k++;
    if (k == NDTYPES) {
        fail(st, "%s: argument '%s' has dtype code %d, which is none of the header's "
                 "dtypes; expected %s", fn, what, dtype, param->spec);
        return NULL;
    }
    if (!dtypes[k].supported || dtypes[k].dtype != param->dtype) {
        fail(st, "%s: argument '%s' is a %s tensor, expected %s", fn, what, dtypes[k].name,
             param->spec);
        return NULL;
    }
    if (rank != param->rank) {
        fail(st, "%s: argument '%s' has rank %d, expected %s", fn, what, rank, param->spec);
        return NULL;
    }
    if (rank > 0 && dims == NULL) {
        fail(st, "%s: argument '%s' has no dims, expected %s", fn, what, param->spec);
        return NULL;
    }
    bool fits = true;
    for (int d = 0; d < rank; d++) {
        if (dims[d] < 0) {
            fail(st, "%s: argument '%s' has a negative dimension: shape %s", fn, what,
                 shape_text(have, sizeof have, rank, dims));
            return NULL;
        }
        fits &= param->dims[d] < 0 || param->dims[d] == dims[d];
    }
    if (!fits) {
        fail(st, "%s: argument '%s' has shape %s, expected %s", fn, what,
             shape_text(have, sizeof have, rank, dims), param->spec);
        return NULL;
    }
    int64_t bytes;
    if (!ig_size_bytes_of((int64_t)ig_dtype_size(param->dtype), rank, dims, &bytes)) {
        fail(st, "%s: argument '%s' of shape %s is too large", fn, what,
             shape_text(have, sizeof have, rank, dims));
        return NULL;
    }
    if (data == NULL && bytes > 0) {
        fail(st, "%s: argument '%s' has no data (NULL)", fn, what);
        return NULL;
    }
    return ig_tensor_wrap(param->dtype, rank, dims, data);
}

void ig_lib_output(IgLibState *st, IgTensor *result, int *dtype, int *rank, int64_t *dims,
                   void **data)
{
    if (st->nheld == st->cap) {
        int cap = st->cap ? 2 * st->cap : 4;
        IgTensor **grown = realloc(st->held, (size_t)cap * sizeof *grown);
        if (grown == NULL) ig_fatal(NULL, "out of memory");
        st->held = grown;
        st->cap = cap;
    }
    /* A site's constant belongs to the thread that made it, and an input returned as
     * it is (a wrapped tensor: no capacity of its own) is the caller's memory: the
     * caller gets a copy of either, owned by the model like any other result; so does
     * a tensor in a call's arena (the plan never returns one: a guard). */
    if (result->refcount < 0 || ig_tensor_is_wrapped(result) || ig_tensor_in_arena(result)) {
        IgTensor *copy = ig_tensor_make(NULL, "output", result->dtype, result->rank, result->shape);
        memcpy(copy->data, result->data, (size_t)result->size * ig_dtype_size(result->dtype));
        ig_release(result);
        result = copy;
    }
    st->held[st->nheld++] = result;
    int k = 0;
    while (!dtypes[k].supported || dtypes[k].dtype != result->dtype) k++;
    *dtype = dtypes[k].code;
    *rank = result->rank;
    for (int d = 0; d < IG_LIB_MAX_RANK; d++) dims[d] = d < result->rank ? result->shape[d] : 0;
    *data = result->data;
}

IgTensor *ig_lib_string(const char *utf8)
{
    size_t len = strlen(utf8);
    IgTensor *t = ig_tensor_alloc(NULL, "weights path", IG_STRING, 0, NULL, len + 1);
    memcpy(t->data, utf8, len + 1);
    return t;
}
