/* kernel_call.h — an instruction's kernel arguments, decoded from its attributes by its
 * op's KernelAbi (ops.def) for the two places that call kernels: the C emitter writes
 * them (emit_c.c), the eager executor passes them (eager.c). One decoder, so the two
 * cannot disagree on what an attribute means or what it defaults to.
 * Entry point: kernel_call_decode. Memory owner: none (the struct is the caller's). */
#ifndef INGOT_KERNEL_CALL_H
#define INGOT_KERNEL_CALL_H

#include "ir.h"

enum { SLICE_MASKS = 5 };

typedef struct KernelCall {
    KernelAbi abi;
    int axis;                      /* AXIS, LIST_AXIS */
    int nints;                     /* REDUCE, AXES: the axes; PERM: the permutation */
    int ints[IR_MAX_RANK];
    bool all_axes, keepdims;       /* REDUCE */
    bool transpose_a, transpose_b; /* MATMUL, MATMUL_BIAS */
    int activation;                /* MATMUL_BIAS, CONV_BIAS: after the bias, an index of
                                      activation_names (the runtime's IgActivation) */
    int masks[SLICE_MASKS];        /* SLICE, in slice_mask_names' order */
    int window[4];                 /* CONV: stride h, w, dilation h, w; POOL: kh, kw, stride h, w */
    bool same_padding;             /* CONV, POOL */
    double epsilon;                /* EPSILON */
    DType dtype;                   /* LOAD: the result's dtype, rank and dims (-1: any) */
    int rank;
    int64_t dims[IR_MAX_RANK];
    int skip_header;               /* LOAD: load_csv's */
    const char *delimiter;
    const char *name;              /* LOAD: restore_tensor's tensor name */
    const char *names;             /* SAVE, PROGRESS: the tensors' names, one a line */
    int verbose;                   /* PROGRESS: Keras's verbose, 1 or 2 */
    bool final;                    /* PROGRESS: the epoch's last line */
} KernelCall;

/* The attribute names of strided_slice's masks, in the kernel's parameter order. */
extern const char *const slice_mask_names[SLICE_MASKS];
/* The activations a fused product applies, as its "activation" attribute names them, in
 * the order of the runtime's IgActivation (IG_ACT_NONE, IG_ACT_RELU, ...). */
enum { ACTIVATIONS = 4 };
extern const char *const activation_names[ACTIVATIONS];

/* Decodes inst's attributes for its op's ABI. Absent attributes take TensorFlow's
 * defaults (gather's axis 0, matmul without transposes, a reduction over every axis);
 * the shape rules have checked the rest. */
void kernel_call_decode(const Inst *inst, KernelCall *kc);

/* kc->names (SAVE, PROGRESS) as n strings in a, the emitter's and the eager
   executor's one reading of the list. */
const char **kernel_call_names(const KernelCall *kc, Arena *a, int n);

#endif
