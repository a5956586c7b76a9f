/* liveness.h — when each value of a function dies: the analysis the C emitter needs
 * to release every op result right after its last use (params are borrowed and
 * results are handed to the caller, so neither is released).
 * Entry point: liveness_func. Memory owner: the Arena the caller passes. */
#ifndef INGOT_LIVENESS_H
#define INGOT_LIVENESS_H

#include "ir.h"

typedef struct ReleaseList {
    IrValue **vals; /* in definition order (ascending IrValue.id) */
    int n;
} ReleaseList;

typedef struct Liveness {
    /* after[k]: the values to release right after the k-th instruction of the function,
     * counting instructions in text order (an instruction, then its nested regions). */
    ReleaseList *after;
    int ninsts;
    /* uses[id]: how many instructions (counting nested ones once per use) and region
     * results use the value; indexed by IrValue.id. */
    int *uses;
} Liveness;

Liveness *liveness_func(Arena *a, const Module *m, const Func *f);

#endif
