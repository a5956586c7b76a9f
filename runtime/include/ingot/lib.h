/* ingot/lib.h — what the C of a library (`ingot build --lib`) calls besides the
 * kernels: the checks of a caller's input tensors against the exported function's
 * input_signature, the results handed back, the errors kept for NAME_last_error.
 * The library's own header (NAME.h, written by the compiler) is its users' API; this
 * one is the generated code's. Memory owner: an IgLibState owns the results it holds. */
#ifndef INGOT_LIB_H
#define INGOT_LIB_H

#include <stddef.h>

#include "rt.h"

#define IG_LIB_ERROR_MAX 1024

/* Per model: the results of its last call (their data is what the caller's output
 * tensors point at until the next call) and the text of its last error. */
typedef struct IgLibState {
    IgTensor **held;
    int nheld, cap;
    char error[IG_LIB_ERROR_MAX];
} IgLibState;

/* One parameter of an exported function, as its input_signature gives it. */
typedef struct IgLibParam {
    const char *name;     /* the Python parameter's name */
    IgDType dtype;
    int rank;
    const int64_t *dims;  /* rank entries; -1: any (a None dimension) */
    const char *spec;     /* "TensorSpec(shape=(None, 4), dtype=tf.float32, name=None)" */
} IgLibParam;

/* The ABI's NAME_dtype values, in the order NAME.h declares them. */
enum { IG_LIB_FLOAT32, IG_LIB_FLOAT64, IG_LIB_INT32, IG_LIB_INT64, IG_LIB_BOOL, IG_LIB_UINT8 };
#define IG_LIB_MAX_RANK 8 /* NAME_tensor.dims */

/* A call begins: the error is cleared. The previous call's results stay until this
 * call's are handed over (ig_lib_release first): a caller may pass one back in. */
IG_API void ig_lib_begin(IgLibState *st);
/* The caller's input as a tensor of its memory (not copied), or NULL with st->error
 * saying, in the script's words, how it differs from param (fn: the function). */
IG_API IgTensor *ig_lib_input(IgLibState *st, const char *fn, const IgLibParam *param,
                              int dtype, int rank, const int64_t *dims, void *data);
/* Hands result (one reference, taken over) to the caller's output fields. */
IG_API void ig_lib_output(IgLibState *st, IgTensor *result, int *dtype, int *rank,
                          int64_t *dims, void **data);
/* A fresh string scalar (a weights file's path). */
IG_API IgTensor *ig_lib_string(const char *utf8);
/* text into buf[0..len-1], cut and NUL-terminated (len 0: nothing written). */
IG_API void ig_lib_copy_text(char *buf, size_t len, const char *text);
/* Releases the results held: the previous call's, before a call hands over its own, and
 * at NAME_delete. */
IG_API void ig_lib_release(IgLibState *st);

#endif
